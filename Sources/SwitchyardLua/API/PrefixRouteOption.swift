import Switchyard

/// The `exact` option of `route` (SwiftUI Router's `Route(path:, exact: false)`): `exact = false` makes a
/// prefix route, which matches its pattern followed by anything more. It is the pattern with a splat
/// named `rest` at its end, so the remainder is `info.params.rest` (absent when nothing follows), and
/// it ranks as a splat does: any route that matches the whole path without one (an exact match) wins.
///
///     route("/home", {exact = false})   -- /home, /home/and/anything/deeper (rest = "and/anything/deeper")
enum PrefixRouteOption {
    /// The name the remainder is captured under.
    static let remainder = "rest"

    /// The pattern to declare for `pattern` with option `exact` given `value`.
    static func pattern(_ pattern: String, exact value: LuaValue) throws(LuaError) -> String {
        switch value {
        case .nil, .boolean(true): return pattern
        case .boolean(false): break
        default: throw LuaError("route \(pattern): option 'exact' must be true or false, got \(value.typeName)")
        }
        // A malformed pattern is declared as written, for the table to say what is wrong with it.
        guard let compiled = try? Pattern(pattern) else { return pattern }
        if case .splat? = compiled.segments.last {
            throw LuaError("route \(pattern): option 'exact = false' makes a prefix route, but the pattern already ends in a splat")
        }
        if compiled.parameterNames.contains(remainder) {
            throw LuaError("route \(pattern): option 'exact = false' captures the rest of the path as '\(remainder)', a name the pattern already has")
        }
        return (compiled.text == "/" ? "" : compiled.text) + "/*" + remainder
    }
}

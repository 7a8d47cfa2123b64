/// What a route declares about itself for the app to read (issue 33; Vue Router's `meta`, Angular's
/// `data`, React Router's `handle`): a value that saves as JSON, given to scripts as `info.meta`.
///
///     RouteMeta.record(["requires_auth": .boolean(true), "title": .string("Inbox")])
package indirect enum RouteMeta: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case list([RouteMeta])
    case record([String: RouteMeta])

    /// `outer` with `inner`'s keys laid over it (a group's meta under its route's, outer group first):
    /// records merge key by key, one level deep; anything else is replaced by the inner value.
    package static func merged(_ outer: RouteMeta?, _ inner: RouteMeta?) -> RouteMeta? {
        guard case .record(var merged)? = outer, case .record(let own)? = inner else { return inner ?? outer }
        for (key, value) in own { merged[key] = value }
        return .record(merged)
    }

    /// As JSON, keys sorted (the JSON listing and tests).
    package var json: String {
        switch self {
        case .string(let text): return JSONStringLiteral.quoted(text)
        case .integer(let number): return String(number)
        case .number(let number): return number.isFinite ? "\(number)" : "null"
        case .boolean(let flag): return flag ? "true" : "false"
        case .list(let items): return "[" + items.map(\.json).joined(separator: ",") + "]"
        case .record(let fields):
            return "{" + fields.sorted { $0.key < $1.key }.map { JSONStringLiteral.quoted($0.key) + ":" + $0.value.json }.joined(separator: ",") + "}"
        }
    }
}

/// A declaration's extras (issue 33): most routes have none, so they take one reference in the
/// declaration and nothing more.
final class DeclaredExtras: Sendable {
    let parameterTypes: ParameterTypes?
    let meta: RouteMeta?
    let querySchema: QuerySchema?
    /// The layouts the route is declared in, outermost first.
    let layouts: [RouteLayout]

    init(parameterTypes: ParameterTypes?, meta: RouteMeta?, querySchema: QuerySchema? = nil, layouts: [RouteLayout] = []) {
        self.parameterTypes = parameterTypes
        self.meta = meta
        self.querySchema = querySchema
        self.layouts = layouts
    }
}

extension Parameters {
    /// The meta of the route these parameters matched, nil when it has none.
    package var meta: RouteMeta? { origin.declaredMeta }
}

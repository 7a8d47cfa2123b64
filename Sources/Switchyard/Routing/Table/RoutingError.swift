/// Errors of declaring routes, reverse routing and parsing URLs. A host prints it (the message
/// names the pattern, the route or the URL, and the nearest names), or matches on its `code`.
///
///     do { try table.url(name: "albun", params: [:]) } catch { print(error) }
///     // no route is named "albun"; did you mean "album"?
public struct RoutingError: Error, CustomStringConvertible, Equatable {
    /// The failure in detail, for the tools (`package`: a host has `code`).
    package let reason: RoutingFailure

    package init(_ reason: RoutingFailure) { self.reason = reason }

    /// What went wrong, as a stable name: "invalid_pattern" (the message gives the column),
    /// "duplicate_pattern", "duplicate_name", "unknown_route_name", "missing_parameter",
    /// "invalid_url" or "invalid_parameter" (a typed parameter's value does not fit, or types
    /// name no parameter).
    ///
    ///     catch let error as RoutingError where error.code == "duplicate_pattern" { print(error) }
    public var code: String { reason.code }

    /// What was wrong and where, for a person.
    ///
    ///     catch let error as RoutingError { print(error) }   // "a route named "a" is already declared at app.lua:3"
    public var description: String { reason.description }
}

/// The kinds of routing failure, each with what its message names (`RoutingError.reason`).
package enum RoutingFailure: Equatable, CustomStringConvertible {
    case invalidPattern(PatternError)
    case duplicatePattern(pattern: String, firstPattern: String, firstSite: String?)
    case duplicateName(String, firstSite: String?)
    case unknownRouteName(String, suggestions: [String])
    case missingParameter(route: String, parameter: String)
    case invalidURL(String, reason: String)
    /// A typed parameter (issue 33) given a value that does not fit, or types naming no parameter.
    case invalidParameter(route: String, reason: String)

    package var description: String {
        switch self {
        case .invalidPattern(let error):
            return error.description
        case let .duplicatePattern(pattern, firstPattern, firstSite):
            return "pattern \"\(pattern)\" is equivalent to \"\(firstPattern)\" declared\(Self.place(firstSite));"
                + " give the earlier route a validator to make this one its fall-through"
        case let .duplicateName(name, firstSite):
            return "a route named \"\(name)\" is already declared\(Self.place(firstSite))"
        case let .unknownRouteName(name, suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
            return "no route is named \"\(name)\"\(hint)"
        case let .missingParameter(route, parameter):
            return "route \"\(route)\" needs a value for parameter \"\(parameter)\""
        case let .invalidURL(url, reason):
            return "invalid URL \"\(url)\": \(reason)"
        case let .invalidParameter(route, reason):
            return "route \"\(route)\": \(reason)"
        }
    }

    /// `RoutingError.code`: the case's name in the Lua API's spelling (`duplicateName` → "duplicate_name").
    package var code: String {
        switch self {
        case .invalidPattern: "invalid_pattern"
        case .duplicatePattern: "duplicate_pattern"
        case .duplicateName: "duplicate_name"
        case .unknownRouteName: "unknown_route_name"
        case .missingParameter: "missing_parameter"
        case .invalidURL: "invalid_u_r_l"
        case .invalidParameter: "invalid_parameter"
        }
    }

    private static func place(_ site: String?) -> String {
        site.map { " at \($0)" } ?? " earlier"
    }
}

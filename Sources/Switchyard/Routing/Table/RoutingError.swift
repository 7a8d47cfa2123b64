/// Errors of declaring routes, reverse routing and parsing URLs.
///
///     do { try table.url(name: "albun", params: [:]) } catch { print(error) }
///     // no route is named "albun"; did you mean "album"?
public enum RoutingError: Error, CustomStringConvertible, Equatable {
    case invalidPattern(PatternError)
    case duplicatePattern(pattern: String, firstPattern: String, firstSite: String?)
    case duplicateName(String, firstSite: String?)
    case unknownRouteName(String, suggestions: [String])
    case missingParameter(route: String, parameter: String)
    case invalidURL(String, reason: String)
    /// A typed parameter (issue 33) given a value that does not fit, or types naming no parameter.
    case invalidParameter(route: String, reason: String)

    public var description: String {
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

    private static func place(_ site: String?) -> String {
        site.map { " at \($0)" } ?? " earlier"
    }
}

import Logging
import RoutingKit
import Switchyard

/// Builds both routers over one route set; each route's payload is its index in `set.patterns`.
struct RouterPair {
    let switchyard: RouteTable<Int>
    let routingKit: TrieRouter<Int>

    /// `typed`: parameter types every Switchyard route gives the parameters it has (issue 33).
    init(_ set: RouteSet, typed: [String: ParameterType] = [:]) throws {
        switchyard = try SwitchyardDeclaration.table(set.patterns, typed: typed, caseInsensitive: set.caseInsensitive)
        try RoutingKitDeclaration.checkNames(set.patterns)
        routingKit = RoutingKitDeclaration.router(set.patterns, caseInsensitive: set.caseInsensitive)
    }
}

enum SwitchyardDeclaration {
    static func table(_ patterns: [String], typed: [String: ParameterType] = [:],
                      caseInsensitive: Bool = false) throws -> RouteTable<Int> {
        let table = RouteTable<Int>(caseInsensitive: caseInsensitive)
        for (index, pattern) in patterns.enumerated() {
            if typed.isEmpty {
                try table.add(pattern, payload: index)
            } else {
                // The pattern's parameter names, read from its text (`Pattern.parameterNames` is the
                // package's): ":id" and ":id?" name "id", "*rest" names "rest", a bare "*" is "*".
                let names = try Pattern(pattern).text.split(separator: "/").compactMap { segment -> String? in
                    switch segment.first {
                    case ":": String(segment.dropFirst().prefix { $0 != "?" })
                    case "*": segment.count == 1 ? "*" : String(segment.dropFirst())
                    default: nil
                    }
                }
                try table.add(pattern, parameterTypes: typed.filter { names.contains($0.key) }, payload: index)
            }
        }
        return table
    }
}

enum RoutingKitDeclaration {
    struct ConflictingNames: Error, CustomStringConvertible {
        let pattern: String
        let existing: String
        var description: String {
            "routing-kit cannot register \(pattern): a route sharing its prefix names that parameter \(existing)"
        }
    }

    /// routing-kit's precondition on parameter names, checked beforehand so a bad route set is an error,
    /// not a crash.
    static func checkNames(_ patterns: [String]) throws {
        var namesByPrefix: [String: String] = [:]
        for pattern in patterns {
            var prefix = ""
            for segment in pattern.split(separator: "/") {
                if segment.hasPrefix(":") {
                    let existing = namesByPrefix[prefix, default: String(segment)]
                    guard existing == segment else { throw ConflictingNames(pattern: pattern, existing: existing) }
                    namesByPrefix[prefix] = existing
                    prefix += "/:"
                } else {
                    prefix += "/" + segment
                }
            }
        }
    }

    /// routing-kit's own parsing (`String.pathComponents`), then `register`.
    static func router(_ patterns: [String], caseInsensitive: Bool = false) -> TrieRouter<Int> {
        let router = TrieRouter(Int.self, options: caseInsensitive ? [.caseInsensitive] : [])
        for (index, pattern) in patterns.enumerated() { router.register(index, at: pattern.pathComponents) }
        return router
    }
}

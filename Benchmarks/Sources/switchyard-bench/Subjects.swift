import Logging
import RoutingKit
import Switchyard

/// Builds both routers over one route set; each route's payload is its index in `set.patterns`.
struct RouterPair {
    let switchyard: RouteTable<Int>
    let routingKit: TrieRouter<Int>

    init(_ set: RouteSet) throws {
        switchyard = try SwitchyardDeclaration.table(set.patterns)
        try RoutingKitDeclaration.checkNames(set.patterns)
        routingKit = RoutingKitDeclaration.router(set.patterns)
    }
}

enum SwitchyardDeclaration {
    static func table(_ patterns: [String]) throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        for (index, pattern) in patterns.enumerated() { try table.add(pattern, payload: index) }
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
    static func router(_ patterns: [String]) -> TrieRouter<Int> {
        let router = TrieRouter(Int.self)
        for (index, pattern) in patterns.enumerated() { router.register(index, at: pattern.pathComponents) }
        return router
    }
}

/// routing-kit from the path string: `split(separator: "/")` into `[String]`, as Vapor does for each request, then
/// `route(path:parameters:)`, which fills and percent-decodes the parameters. A fresh `Parameters` per
/// lookup, as per request, but sharing one logger (creating a `Logger` would add to routing-kit's cost).
struct RoutingKitLookup: Workload {
    let label = "routing-kit TrieRouter"
    let router: TrieRouter<Int>
    let paths: [String]
    let logger = Logger(label: "bench")
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int {
        var parameters = Parameters(logger)
        let components = paths[input].split(separator: "/").map(String.init)
        return router.route(path: components, parameters: &parameters) ?? -1
    }
}

/// `RouteTable.match`: the path string to the route and its decoded parameters (plus query and fragment).
struct SwitchyardMatch: Workload {
    let label = "RouteTable.match"
    let table: RouteTable<Int>
    let paths: [String]
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int {
        guard let found = try? table.match(paths[input]) else { return -1 }
        return found.route.payload &+ found.info.params.count
    }
}

/// `RouteTable.firstMatch`: which route, without producing parameter values.
struct SwitchyardFirstMatch: Workload {
    let label = "RouteTable.firstMatch"
    let table: RouteTable<Int>
    let paths: [String]
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int {
        table.firstMatch(paths[input])?.rawValue ?? -1
    }
}

/// Both routers must agree on every query (same route, same parameter values) before any timing,
/// so the two sides do the same work.
enum Agreement {
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    static func check(_ set: RouteSet, _ routers: RouterPair) throws {
        let logger = Logger(label: "bench")
        for (query, expected) in zip(set.queries, set.expected) {
            var parameters = Parameters(logger)
            let kit = routers.routingKit.route(path: query.split(separator: "/").map(String.init), parameters: &parameters)
            let found = try routers.switchyard.match(query)
            let first = routers.switchyard.firstMatch(query)?.rawValue
            guard kit == expected, found?.route.payload == expected, first == expected else {
                throw Mismatch(description: "\(set.name): \(query) should reach \(set.patterns[expected]); "
                               + "routing-kit: \(kit.map { set.patterns[$0] } ?? "nil"), "
                               + "match: \(found?.route.pattern.text ?? "nil"), firstMatch: \(first.map { set.patterns[$0] } ?? "nil")")
            }
            let kitParameters = Dictionary(uniqueKeysWithValues: parameters.allNames.map { ($0, parameters.get($0)!) })
            guard kitParameters == found?.info.params else {
                throw Mismatch(description: "\(set.name): \(query): routing-kit parameters \(kitParameters), match \(found?.info.params ?? [:])")
            }
        }
    }
}

import Logging
import RoutingKit
import Switchyard

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

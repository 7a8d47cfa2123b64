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
            var parameters = RoutingKit.Parameters(logger)
            let kit = routers.routingKit.route(path: query.split(separator: "/").map(String.init), parameters: &parameters)
            let found = try routers.switchyard.match(query)
            let first = routers.switchyard.firstMatch(query)?.rawValue
            guard kit == expected, found?.route.payload == expected, first == expected else {
                throw Mismatch(description: "\(set.name): \(query) should reach \(set.patterns[expected]); "
                               + "routing-kit: \(kit.map { set.patterns[$0] } ?? "nil"), "
                               + "match: \(found?.route.pattern.text ?? "nil"), firstMatch: \(first.map { set.patterns[$0] } ?? "nil")")
            }
            let kitParameters = Dictionary(uniqueKeysWithValues: parameters.allNames.map { ($0, parameters.get($0)!) })
            guard kitParameters == found?.info.params.dictionary else {
                throw Mismatch(description: "\(set.name): \(query): routing-kit parameters \(kitParameters), match \(found?.info.params.dictionary ?? [:])")
            }
        }
    }

    /// Every query reaches its expected route (none for -1) by `match`, `firstMatch` and `withMatch`, and
    /// the lent match says what `match` says: parameters, path, query and fragment.
    static func checkAgainstMatch(_ set: RouteSet, _ table: RouteTable<Int>) throws {
        for (query, expected) in zip(set.queries, set.expected) {
            let wanted = expected < 0 ? nil : expected
            let found = try table.match(query)
            let first = table.firstMatch(query)?.rawValue
            let lent = try table.withMatch(query) { match in
                match.map { (route: $0.route, info: $0.info, count: $0.parameterCount) }
            }
            guard found?.route.payload == wanted, first == wanted, lent?.route == found?.route.id else {
                throw Mismatch(description: "\(set.name): \(query) should reach \(wanted.map { set.patterns[$0] } ?? "nothing"); "
                               + "match: \(found?.route.pattern.text ?? "nil"), firstMatch: \(first.map { set.patterns[$0] } ?? "nil"), "
                               + "withMatch: \(lent.map { "\($0.route)" } ?? "nil")")
            }
            guard let found, let lent else { continue }
            let matched = found.info
            // Every parameter and splat has a value, but an optional one may be absent.
            let pieces = set.patterns[expected].split(separator: "/")
            let declared = pieces.filter { $0.hasPrefix(":") || $0.hasPrefix("*") }.count
            let hasOptional = pieces.contains { $0.hasPrefix(":") && $0.hasSuffix("?") }
            guard lent.info.params.dictionary == matched.params.dictionary, lent.count == matched.params.count,
                  lent.info.path == matched.path, lent.info.query == matched.query, lent.info.fragment == matched.fragment,
                  hasOptional ? matched.params.count <= declared : matched.params.count == declared else {
                throw Mismatch(description: "\(set.name): \(query): withMatch \(lent.info.params) \(lent.info.query), "
                               + "match \(matched.params) \(matched.query)")
            }
        }
    }
}

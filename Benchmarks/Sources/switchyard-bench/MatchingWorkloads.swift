import Logging
import RoutingKit
import Switchyard

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
/// Concrete in its payload type, as a host's call site is: a workload generic over the payload would run
/// `match` unspecialised, paying generic metadata lookups no host pays.
struct SwitchyardMatch: Workload {
    let label = "RouteTable.match"
    let table: RouteTable<Int>
    let paths: [String]
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int { matchChecksum(table, paths[input]) }
}

/// `RouteTable.match` over the routes a `SwitchyardRuntime` declared (payload `RouteDefinition`).
struct RuntimeTableMatch: Workload {
    let label = "RouteTable.match"
    let table: RouteTable<RouteDefinition>
    let paths: [String]
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int { matchChecksum(table, paths[input]) }
}

/// Route and parameter count of a match, specialised into each caller.
@inline(__always)
func matchChecksum<Payload>(_ table: RouteTable<Payload>, _ path: String) -> Int {
    guard let found = try? table.match(path) else { return -1 }
    return found.route.id.rawValue &+ found.info.params.count
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

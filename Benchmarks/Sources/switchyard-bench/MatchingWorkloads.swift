import Logging
import RoutingKit
import Switchyard

/// routing-kit from the path string: `split(separator: "/")` into `[String]`, as Vapor does for each request, then
/// `route(path:parameters:)`, which fills and percent-decodes the parameters. A fresh `Parameters` per
/// lookup, as per request, but sharing one logger (creating a `Logger` would add to routing-kit's cost).
struct RoutingKitLookup: Workload {
    let label = "routing-kit TrieRouter"
    let router: TrieRouter<Int>
    let paths: PathRing
    let logger = Logger(label: "bench")
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int {
        var parameters = RoutingKit.Parameters(logger)
        let components = paths.withPath(input) { $0.split(separator: "/").map(String.init) }
        return router.route(path: components, parameters: &parameters) ?? -1
    }
}

/// `RouteTable.match`: the path string to the route and its parameters (plus query and fragment); the
/// parameters are slices of the path, decoded when read (see `SwitchyardMatchReadingValues`).
/// Concrete in its payload type, as a host's call site is: a workload generic over the payload would run
/// `match` unspecialised, paying generic metadata lookups no host pays.
struct SwitchyardMatch: Workload {
    let label = "RouteTable.match"
    let table: RouteTable<Int>
    let paths: PathRing
    var inputCount: Int { paths.count }

    // Inline in the batch loop, as `withMatch`'s body is left to be and as matchit's loop inlines its
    // lookup (`#[inline(always)]` in Peers/matchit/main.rs): left to itself the optimiser kept this
    // `run` a call of its own once `match` was inlined into it, about 25 instructions of frame a lookup
    // that were the loop's, not the lookup's.
    @inline(__always)
    func run(_ input: Int) -> Int { paths.withPath(input) { matchChecksum(table, $0) } }
}

/// `RouteTable.withMatch`: the same lookup lent to a closure (what matchit's lookup returns: the
/// route and borrowed parameters), reading the route and how many parameters it has.
struct SwitchyardWithMatch: Workload {
    let label = "RouteTable.withMatch"
    let table: RouteTable<Int>
    let paths: PathRing
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int {
        paths.withPath(input) { path in
            (try? table.withMatch(path) { match in
                match.map { $0.route.rawValue &+ $0.parameterCount } ?? -1
            }) ?? -1
        }
    }
}

/// `RouteTable.match`, then every parameter value read as a decoded `String`: like for like with
/// routing-kit, which decodes every value whether the caller reads it or not.
struct SwitchyardMatchReadingValues: Workload {
    let label = "RouteTable.match + every value read"
    let table: RouteTable<Int>
    let paths: PathRing
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int {
        guard let found = paths.withPath(input, { try? table.match($0) }) else { return -1 }
        var checksum = found.route.id.rawValue
        for (_, value) in found.info.params { checksum &+= value.utf8.count }
        return checksum
    }
}

/// `RouteTable.match` over the routes a `SwitchyardRuntime` declared (payload `RouteDefinition`).
struct RuntimeTableMatch: Workload {
    let label = "RouteTable.match"
    let table: RouteTable<RouteDefinition>
    let paths: PathRing
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int { paths.withPath(input) { matchChecksum(table, $0) } }
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
    let paths: PathRing
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int {
        paths.withPath(input) { table.firstMatch($0)?.rawValue ?? -1 }
    }
}

/// The lookup workloads' loop with nothing in its body but reading the path's length: the overhead the
/// instruction counts subtract (taking the next path from the ring, the checksum, the wrap-around).
struct PathLoopOverhead: Workload {
    let label = "the loop over the paths, empty body"
    let paths: PathRing
    var inputCount: Int { paths.count }

    func run(_ input: Int) -> Int { paths.withPath(input) { $0.utf8.count } }
}

/// Route sets and their routers, declared once per run and shared by the benchmarks.
final class Fixtures {
    static let sizes = [10, 1_000, 100_000]
    private var cache: [String: (RouteSet, RouterPair)] = [:]

    /// Checks that both routers agree on every query the first time a set is built.
    func routers(_ kind: String, _ count: Int) throws -> (set: RouteSet, routers: RouterPair) {
        let key = "\(kind)/\(count)"
        if let cached = cache[key] { return cached }
        let set: RouteSet = switch kind {
        case "static-heavy": .staticHeavy(count)
        case "parameter-heavy": .parameterHeavy(count)
        default: .gitHub
        }
        let routers = try RouterPair(set)
        try Agreement.check(set, routers)
        cache[key] = (set, routers)
        return (set, routers)
    }
}

/// Route sets and their routers, declared once per run and shared by the benchmarks.
final class Fixtures {
    static let sizes = [10, 1_000, 100_000]
    /// Every set `routers` builds, by name.
    static let setNames = ["github-rest", "static-heavy", "parameter-heavy", "query", "misses", "six-parameters", "typed-int",
                           "splat", "optional", "long-static", "twenty-four", "percent-encoded", "case-insensitive"]
    /// Sets (issue 37's shapes) checked against `match` rather than routing-kit.
    static let heldToMatch: Set = ["query", "misses", "six-parameters", "typed-int", "splat", "optional", "long-static",
                                    "twenty-four", "percent-encoded", "case-insensitive"]
    /// Of those, the sets routing-kit reads as Switchyard does (it decodes values, and folds case when
    /// told to), held to it as well: the same routes and the same decoded values.
    static let alsoHeldToRoutingKit: Set = ["twenty-four", "percent-encoded", "case-insensitive"]
    private var cache: [String: (RouteSet, RouterPair)] = [:]

    /// Checks that both routers agree on every query the first time a set is built.
    func routers(_ kind: String, _ count: Int) throws -> (set: RouteSet, routers: RouterPair) {
        let key = "\(kind)/\(count)"
        if let cached = cache[key] { return cached }
        let set: RouteSet = switch kind {
        case "static-heavy": .staticHeavy(count)
        case "parameter-heavy": .parameterHeavy(count)
        case "query": .withQuery(count)
        case "misses": .misses(count)
        case "six-parameters": .sixParameters(count)
        case "typed-int": .typedInt(count)
        case "splat": .splats(count)
        case "optional": .optionals(count)
        case "long-static": .longStatic(count)
        case "twenty-four": .twentyFour(count)
        case "percent-encoded": .percentEncoded(count)
        case "case-insensitive": .caseInsensitive(count)
        default: .gitHub
        }
        let routers = try RouterPair(set, typed: kind == "typed-int" ? ["p1": .int] : [:])
        // routing-kit reads neither a query string nor a miss as Switchyard does: those sets are held
        // to the expected routes and to `match` instead.
        if Fixtures.heldToMatch.contains(kind) {
            try Agreement.checkAgainstMatch(set, routers.switchyard)
        }
        if !Fixtures.heldToMatch.contains(kind) || Fixtures.alsoHeldToRoutingKit.contains(kind) {
            try Agreement.check(set, routers)
        }
        cache[key] = (set, routers)
        return (set, routers)
    }
}

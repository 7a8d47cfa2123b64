/// Route patterns (`:param` syntax, understood by both routers) and query paths drawn from them.
struct RouteSet {
    let name: String
    let patterns: [String]
    /// Paths to look up, shuffled across the routes; `expected[i]` is the route `queries[i]` must reach.
    let queries: [String]
    let expected: [Int]

    static let queryCount = 1_024

    /// Fills each queried pattern's parameters with `value(name)`; routes are drawn at random (fixed seed).
    init(name: String, patterns: [String], value: (String, inout SeededRandom) -> String) {
        self.name = name
        self.patterns = patterns
        var random = SeededRandom(seed: 0x5eed)
        var queries: [String] = []
        var expected: [Int] = []
        for _ in 0..<RouteSet.queryCount {
            let route = random.next(below: patterns.count)
            let segments = patterns[route].split(separator: "/").map { segment in
                segment.hasPrefix(":") ? value(String(segment.dropFirst()), &random) : String(segment)
            }
            queries.append("/" + segments.joined(separator: "/"))
            expected.append(route)
        }
        self.queries = queries
        self.expected = expected
    }

    /// Queries whose route has no parameter, and those whose route has at least one.
    var staticQueries: [String] { queries.indices.filter { !patterns[expected[$0]].contains(":") }.map { queries[$0] } }
    var parameterQueries: [String] { queries.indices.filter { patterns[expected[$0]].contains(":") }.map { queries[$0] } }
}

extension RouteSet {
    /// 90 % static routes three segments deep, 10 % with a trailing parameter, e.g.
    /// `/section3/group1/page4` and `/section3/group1/page9/:id`. The same depth at every size, so
    /// only the number of routes changes between sizes.
    static func staticHeavy(_ count: Int) -> RouteSet {
        RouteSet(name: "static-heavy", patterns: (0..<count).map { staticHeavyPattern($0, of: count) }, value: numericValue)
    }

    static func staticHeavyPattern(_ index: Int, of count: Int) -> String {
        let (a, b, c) = digits(index, count)
        let path = "/section\(a)/group\(b)/page\(c)"
        return index % 10 == 9 ? path + "/:id" : path
    }

    /// Every route has two or three parameters between static segments, e.g. `/api2/:p1/items0/:p2/act7`,
    /// `/api2/:p1/items0/act8/:p3`, `/api2/:p1/items0/:p2/act9/:p3`. Names depend only on the position,
    /// as routing-kit requires of routes sharing a prefix.
    static func parameterHeavy(_ count: Int) -> RouteSet {
        RouteSet(name: "parameter-heavy", patterns: (0..<count).map { parameterHeavyPattern($0, of: count) }, value: numericValue)
    }

    static func parameterHeavyPattern(_ index: Int, of count: Int) -> String {
        let (a, b, c) = digits(index, count)
        switch index % 3 {
        case 0: return "/api\(a)/:p1/items\(b)/:p2/act\(c)"
        case 1: return "/api\(a)/:p1/items\(b)/act\(c)/:p3"
        default: return "/api\(a)/:p1/items\(b)/:p2/act\(c)/:p3"
        }
    }

    /// The GitHub REST API's routes (see `GitHubAPI`), with values shaped like real ones.
    static let gitHub = RouteSet(name: "github-rest", patterns: GitHubAPI.routes, value: GitHubAPI.sampleValue)

    /// A route index written in base `fanOut` (the cube root of `count`, rounded up) as three digits, so
    /// each level of the tree has about the same number of children.
    private static func digits(_ index: Int, _ count: Int) -> (Int, Int, Int) {
        var fanOut = 1
        while fanOut * fanOut * fanOut < count { fanOut += 1 }
        return (index / (fanOut * fanOut), index / fanOut % fanOut, index % fanOut)
    }

    /// Five digits: never equal to a static sibling, and a small (inline) Swift string like most IDs.
    private static func numericValue(_ name: String, _ random: inout SeededRandom) -> String {
        String(10_000 + random.next(below: 90_000))
    }
}

/// A fixed-seed generator (SplitMix64), so every run benchmarks the same queries.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

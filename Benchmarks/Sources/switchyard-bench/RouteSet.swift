/// Route patterns (`:param` syntax, understood by both routers) and query paths drawn from them.
struct RouteSet {
    let name: String
    let patterns: [String]
    /// Paths to look up, shuffled across the routes; `expected[i]` is the route `queries[i]` must reach.
    let queries: [String]
    let expected: [Int]
    /// Whether the set is for a case-insensitive table (`RouteTable(caseInsensitive: true)`).
    var caseInsensitive = false

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

    /// A set from queries already made; `expected[i]` is -1 for a query that must match nothing.
    init(name: String, patterns: [String], queries: [String], expected: [Int]) {
        self.name = name
        self.patterns = patterns
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

    /// parameter-heavy's routes and queries, each query followed by a query string (issue 37's "with a
    /// `?query`"), e.g. `/api2/10437/items0/act8/55120?tab=info&page=17`.
    static func withQuery(_ count: Int) -> RouteSet {
        let plain = parameterHeavy(count)
        var random = SeededRandom(seed: 0x9e7)
        let queries = plain.queries.map { "\($0)?tab=info&page=\(1 + random.next(below: 99))" }
        return RouteSet(name: "query", patterns: plain.patterns, queries: queries, expected: plain.expected)
    }

    /// parameter-heavy's routes, every query a miss (issue 37's "404 misses"): one of its static
    /// segments, drawn at random, replaced by a word no route has, e.g. `/api2/10437/missing/55120/act8`.
    static func misses(_ count: Int) -> RouteSet {
        let plain = parameterHeavy(count)
        var random = SeededRandom(seed: 0x404)
        let queries = zip(plain.queries, plain.expected).map { query, route in
            var segments = query.split(separator: "/").map(String.init)
            let statics = plain.patterns[route].split(separator: "/").indices.filter {
                !plain.patterns[route].split(separator: "/")[$0].hasPrefix(":")
            }
            segments[statics[random.next(below: statics.count)]] = "missing"
            return "/" + segments.joined(separator: "/")
        }
        return RouteSet(name: "misses", patterns: plain.patterns, queries: queries,
                        expected: Array(repeating: -1, count: queries.count))
    }

    /// parameter-heavy's routes and queries with every `:p1` typed `int` (issue 33): what a typed
    /// parameter adds to a lookup is this set's count less parameter-heavy's.
    static func typedInt(_ count: Int) -> RouteSet {
        let plain = parameterHeavy(count)
        return RouteSet(name: "typed-int", patterns: plain.patterns, queries: plain.queries, expected: plain.expected)
    }

    /// 20 segments, 6 of them parameters (issue 37's "20 segments, 6 parameters"), e.g.
    /// `/v2/g0/s2/:p3/s4/s5/:p6/s7/s8/:p9/s10/s11/:p12/s13/s14/:p15/s16/:p17/s18/e7`.
    static func sixParameters(_ count: Int) -> RouteSet {
        RouteSet(name: "six-parameters", patterns: (0..<count).map { sixParameterPattern($0, of: count) }, value: numericValue)
    }

    static func sixParameterPattern(_ index: Int, of count: Int) -> String {
        let (a, b, c) = digits(index, count)
        let parameters: Set = [3, 6, 9, 12, 15, 17]
        let segments = (0..<20).map { position -> String in
            switch position {
            case 0: "v\(a)"
            case 1: "g\(b)"
            case 19: "e\(c)"
            case _ where parameters.contains(position): ":p\(position)"
            default: "s\(position)"
            }
        }
        return "/" + segments.joined(separator: "/")
    }

    /// Splat routes (issue 37's `/files/*path`, 1–6 tail segments), e.g. `/files2/d0/e7/*path` queried
    /// as `/files2/d0/e7/t41/t7/t93`.
    static func splats(_ count: Int) -> RouteSet {
        let prefixes = (0..<count).map { index -> String in
            let (a, b, c) = digits(index, count)
            return "/files\(a)/d\(b)/e\(c)"
        }
        var random = SeededRandom(seed: 0x5b1a7)
        var queries: [String] = []
        var expected: [Int] = []
        for _ in 0..<RouteSet.queryCount {
            let route = random.next(below: count)
            let tail = (0...random.next(below: 6)).map { _ in "t\(random.next(below: 100))" }
            queries.append(prefixes[route] + "/" + tail.joined(separator: "/"))
            expected.append(route)
        }
        return RouteSet(name: "splat", patterns: prefixes.map { $0 + "/*path" }, queries: queries, expected: expected)
    }

    /// Three optional segments (issue 37's shape), e.g. `/o2/p0/q7/:x?/:y?/:z?` queried with 0–3 of
    /// them, as `/o2/p0/q7/10437/55120`.
    static func optionals(_ count: Int) -> RouteSet {
        let prefixes = (0..<count).map { index -> String in
            let (a, b, c) = digits(index, count)
            return "/o\(a)/p\(b)/q\(c)"
        }
        var random = SeededRandom(seed: 0x0b7)
        var queries: [String] = []
        var expected: [Int] = []
        for _ in 0..<RouteSet.queryCount {
            let route = random.next(below: count)
            let values = (0..<random.next(below: 4)).map { _ in numericValue("", &random) }
            queries.append(([prefixes[route]] + values).joined(separator: "/"))
            expected.append(route)
        }
        return RouteSet(name: "optional", patterns: prefixes.map { $0 + "/:x?/:y?/:z?" }, queries: queries, expected: expected)
    }

    /// Static routes of six long segments (issue 37's "6 × 12–31 bytes"), e.g.
    /// `/organizations-2/repositories-collection-0/configuration-7/administrative-settings/notification-preferences/long-static-segment-number-7`.
    static func longStatic(_ count: Int) -> RouteSet {
        let patterns = (0..<count).map { index -> String in
            let (a, b, c) = digits(index, count)
            return "/organizations-\(a)/repositories-collection-\(b)/configuration-\(c)/administrative-settings"
                + "/notification-preferences/long-static-segment-number-\(c)"
        }
        return RouteSet(name: "long-static", patterns: patterns, value: numericValue)
    }

    /// The GitHub REST API's routes (see `GitHubAPI`), with values shaped like real ones.
    static let gitHub = RouteSet(name: "github-rest", patterns: GitHubAPI.routes, value: GitHubAPI.sampleValue)

    /// A route index written in base `fanOut` (the cube root of `count`, rounded up) as three digits, so
    /// each level of the tree has about the same number of children.
    static func digits(_ index: Int, _ count: Int) -> (Int, Int, Int) {
        var fanOut = 1
        while fanOut * fanOut * fanOut < count { fanOut += 1 }
        return (index / (fanOut * fanOut), index / fanOut % fanOut, index % fanOut)
    }

    /// Five digits: never equal to a static sibling, and a small (inline) Swift string like most IDs.
    static func numericValue(_ name: String, _ random: inout SeededRandom) -> String {
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

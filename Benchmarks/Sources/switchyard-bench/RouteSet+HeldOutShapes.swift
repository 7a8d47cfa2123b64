/// Issue 37's held-out shapes that `RouteSet.swift` did not generate yet: 20 segments with 4
/// parameters, percent-encoded values, a case-insensitive table queried in mixed case.
extension RouteSet {
    /// 20 segments, 4 of them parameters (issue 37's "20 segments, 4 parameters": at most four, so a
    /// hit stays within the inline spans), e.g.
    /// `/v2/g0/s2/s3/:p4/s5/s6/s7/s8/:p9/s10/s11/s12/:p13/s14/s15/s16/:p17/s18/e7`.
    static func twentyFour(_ count: Int) -> RouteSet {
        RouteSet(name: "twenty-four", patterns: (0..<count).map { twentyFourPattern($0, of: count) }, value: numericValue)
    }

    static func twentyFourPattern(_ index: Int, of count: Int) -> String {
        let (a, b, c) = digits(index, count)
        let parameters: Set = [4, 9, 13, 17]
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

    /// parameter-heavy's routes, every value percent-encoded as a browser sends it (issue 37's
    /// "percent-encoded values"): UTF-8 letters, a space, a `+` or a `%`, then five digits, e.g.
    /// `/api2/S%C3%A3o%20Paulo-10437/items0/act8/na%C3%AFve-55120`. A value holds a `%`, so it is never
    /// a static sibling's text.
    static func percentEncoded(_ count: Int) -> RouteSet {
        let words = ["caf%C3%A9", "na%C3%AFve", "S%C3%A3o%20Paulo", "a%2Bb", "100%25", "%E6%9D%B1%E4%BA%AC"]
        return RouteSet(name: "percent-encoded", patterns: (0..<count).map { parameterHeavyPattern($0, of: count) }) { name, random in
            words[random.next(below: words.count)] + "-" + numericValue(name, &random)
        }
    }

    /// parameter-heavy's routes in a case-insensitive table (`RouteTable(caseInsensitive: true)`),
    /// every static segment of a query written in lower case, capitalised or in capitals at random
    /// (issue 37's "case-insensitive"), e.g. `/API2/10437/Items0/55120/act8`.
    static func caseInsensitive(_ count: Int) -> RouteSet {
        let plain = parameterHeavy(count)
        var random = SeededRandom(seed: 0xca5e)
        let queries = zip(plain.queries, plain.expected).map { query, route in
            let pattern = plain.patterns[route].split(separator: "/")
            let segments = query.split(separator: "/").enumerated().map { position, segment -> String in
                guard !pattern[position].hasPrefix(":") else { return String(segment) }
                switch random.next(below: 3) {
                case 0: return segment.lowercased()
                case 1: return segment.prefix(1).uppercased() + segment.dropFirst()
                default: return segment.uppercased()
                }
            }
            return "/" + segments.joined(separator: "/")
        }
        var set = RouteSet(name: "case-insensitive", patterns: plain.patterns, queries: queries, expected: plain.expected)
        set.caseInsensitive = true
        return set
    }
}

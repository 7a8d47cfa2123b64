/// Routes in declaration order, matched most-specific-first with validator fall-through.
///
///     let table = RouteTable<String>()
///     try table.add("/album/new", payload: "new album")
///     try table.add("/album/:id", name: "album", payload: "album",
///                   validator: { info in Int(info.params["id"]!) })
///     try table.match("/album/12")?.info.value           // 12
///     try table.url(name: "album", params: ["id": "12"])  // "/album/12"
public final class RouteTable<Payload> {
    public let caseInsensitive: Bool
    private var storage: [Route<Payload>] = []
    private var validators: [RouteValidator?] = []
    private var specificity: [[UInt8]] = []
    private var names: [String: Int] = [:]
    private var trie: RouteTrie
    /// Rank per route and the flattened trie, rebuilt on the first lookup after a declaration.
    private var cachedRanks: [Int]?
    private var cachedOrder: [Int]?
    private var cachedTrie: FrozenTrie?

    public init(caseInsensitive: Bool = false) {
        self.caseInsensitive = caseInsensitive
        self.trie = RouteTrie(caseInsensitive: caseInsensitive)
    }

    /// Declares a route; a failed declaration leaves the table as it was.
    ///
    ///     try table.add("/album/:id", name: "album", site: "app.lua:3", payload: p)
    @discardableResult
    public func add(_ pattern: String, name: String? = nil, site: String? = nil,
                    validator: RouteValidator? = nil, payload: Payload) throws(RoutingError) -> RouteID {
        let compiled: Pattern
        do { compiled = try Pattern(pattern) } catch { throw .invalidPattern(error) }
        if let name, let existing = names[name] {
            throw .duplicateName(name, firstSite: storage[existing].site)
        }
        let equivalents = trie.routes(shapedLike: compiled)
        if let blocking = equivalents.first(where: { validators[$0] == nil }) {
            throw .duplicatePattern(pattern: compiled.text, firstPattern: storage[blocking].pattern.text,
                                    firstSite: storage[blocking].site)
        }
        let id = RouteID(rawValue: storage.count)
        storage.append(Route(id: id, pattern: compiled, name: name, site: site,
                             hasValidator: validator != nil, payload: payload))
        validators.append(validator)
        specificity.append(compiled.segments.map(\.specificity))
        if let name { names[name] = id.rawValue }
        trie.insert(compiled, route: id.rawValue)
        cachedRanks = nil
        cachedOrder = nil
        cachedTrie = nil
        return id
    }

    /// Declaration order.
    public var routes: [Route<Payload>] { storage }

    /// Rank order, most specific first.
    public var rankedRoutes: [Route<Payload>] { rankOrder.map { storage[$0] } }

    public var count: Int { storage.count }

    /// Reads a route; assigning one replaces only its payload.
    public subscript(id: RouteID) -> Route<Payload> {
        get { storage[id.rawValue] }
        set { storage[id.rawValue].payload = newValue.payload }
    }

    public func route(named name: String) -> Route<Payload>? {
        names[name].map { storage[$0] }
    }

    // MARK: Matching

    /// Best match after validators, or nil. `path` may carry "?query#fragment"; it is normalised first.
    /// Rethrows a validator's error.
    ///
    ///     try table.match("/album/12?tab=info")?.info.params["id"]   // "12"
    public func match(_ path: String) throws -> RouteMatch<Payload>? {
        let location = Location(parsing: path)
        for candidate in candidates(location.path, all: false) {
            if let accepted = try accept(candidate, at: location) { return accepted }
        }
        return nil
    }

    /// Every route whose pattern matches and whose validator (if any) accepts, in rank order.
    ///
    ///     try table.matchAll("/album/new").map(\.info.pattern)   // ["/album/new", "/album/:id"]
    public func matchAll(_ path: String) throws -> [RouteMatch<Payload>] {
        let location = Location(parsing: path)
        return try candidates(location.path, all: true).compactMap { try accept($0, at: location) }
    }

    /// The lookup without validators, query parsing or strings: the route whose pattern best matches the
    /// path (anything after `?` or `#` is ignored). Allocation-free for ordinary paths; for benchmarks
    /// and hot paths.
    ///
    ///     table.firstMatch("/album/12")   // RouteID(rawValue: 1)
    public func firstMatch(_ path: String) -> RouteID? {
        path.utf8.withContiguousStorageIfAvailable(firstMatch(bytes:)) ?? firstMatch(utf8: Array(path.utf8))
    }

    /// `firstMatch` over raw bytes, which need not be valid UTF-8 (static text is compared byte for byte).
    ///
    ///     table.firstMatch(utf8: Array("/album/12".utf8))
    public func firstMatch(utf8 bytes: [UInt8]) -> RouteID? {
        bytes.withUnsafeBufferPointer(firstMatch(bytes:))
    }

    private func firstMatch(bytes: UnsafeBufferPointer<UInt8>) -> RouteID? {
        let trie = frozenTrie
        let node = PathSegmenter.withSegments(bytes, end: PathSegmenter.pathEnd(bytes)) { segments in
            var best = BestCandidate(keepsCaptures: false)
            trie.search(bytes, segments, into: &best)
            return best.node
        }
        return node < 0 ? nil : RouteID(rawValue: Int(trie.routes(at: node).first!))
    }

    private struct Candidate {
        let route: Int
        let params: [String: String]
    }

    /// Routes whose pattern matches a normalised path, in rank order, with decoded parameters.
    /// Unless `all`, stops at the best one when it has no validator to fall through.
    private func candidates(_ path: String, all: Bool) -> [Candidate] {
        let trie = frozenTrie
        let ranks = self.ranks
        var path = path
        return path.withUTF8 { bytes in
            PathSegmenter.withSegments(bytes, end: bytes.count) { segments in
                if !all {
                    var best = BestCandidate(keepsCaptures: true)
                    trie.search(bytes, segments, into: &best)
                    guard best.node >= 0 else { return [] }
                    let first = Int(trie.routes(at: best.node).first!)
                    if validators[first] == nil {
                        return [Candidate(route: first, params: parameters(of: first, best.captures, bytes, segments))]
                    }
                }
                var every = AllCandidates()
                trie.search(bytes, segments, into: &every)
                var found: [Candidate] = []
                for (node, captures) in every.found {
                    for route in trie.routes(at: node) {
                        found.append(Candidate(route: Int(route), params: parameters(of: Int(route), captures, bytes, segments)))
                    }
                }
                return found.sorted { ranks[$0.route] < ranks[$1.route] }
            }
        }
    }

    private func parameters(of route: Int, _ captures: [FrozenTrie.Capture],
                            _ bytes: UnsafeBufferPointer<UInt8>,
                            _ segments: UnsafeBufferPointer<SegmentBounds>) -> [String: String] {
        var params: [String: String] = [:]
        for (index, segment) in storage[route].pattern.segments.enumerated() {
            guard let name = segment.parameterName, captures[index].first >= 0 else { continue }
            let text = (captures[index].first..<captures[index].end).map { position in
                String(decoding: UnsafeBufferPointer(rebasing: bytes[segments[position].start..<segments[position].end]),
                       as: UTF8.self)
            }.joined(separator: "/")
            params[name] = PercentCoding.decode(text)
        }
        return params
    }

    private func accept(_ candidate: Candidate, at location: Location) throws -> RouteMatch<Payload>? {
        let route = storage[candidate.route]
        var info = RouteInfo(path: location.path, pattern: route.pattern.text, params: candidate.params,
                             query: location.query, fragment: location.fragment)
        if let validator = validators[candidate.route] {
            guard let value = try validator(info) else { return nil }
            info.value = value
        }
        return RouteMatch(route: route, info: info)
    }

    // MARK: Ranking

    private var ranks: [Int] {
        if let cachedRanks { return cachedRanks }
        var ranks = [Int](repeating: 0, count: storage.count)
        for (rank, route) in rankOrder.enumerated() { ranks[route] = rank }
        cachedRanks = ranks
        return ranks
    }

    /// Route indices sorted segment by segment from the left (a pattern that has ended is the most
    /// specific), then by declaration order.
    private var rankOrder: [Int] {
        if let cachedOrder { return cachedOrder }
        let specificity = self.specificity
        let order = storage.indices.sorted { a, b in
            specificity[a] == specificity[b] ? a < b : specificity[a].lexicographicallyPrecedes(specificity[b])
        }
        cachedOrder = order
        return order
    }

    private var frozenTrie: FrozenTrie {
        if let cachedTrie { return cachedTrie }
        let frozen = FrozenTrie(trie, ranks: ranks)
        cachedTrie = frozen
        return frozen
    }

    // MARK: Teaching and suggestions

    /// For teaching: every route in rank order, whether its pattern matched and why it won or lost.
    /// Runs the validators of the candidates ranked above the winner, as `match` does.
    ///
    ///     print(table.explain("/album/new"))
    public func explain(_ path: String) -> Explanation {
        let location = Location(parsing: path)
        let matched = Dictionary(candidates(location.path, all: true).map { ($0.route, $0) }) { first, _ in first }
        let segments = PathSegmenter.strings(location.path)
        var outcomes: [Int: Explanation.Outcome] = [:]
        var winner: Int?
        var failed = false
        for route in rankOrder {
            guard let candidate = matched[route] else {
                let alignment = PatternAlignment(pattern: storage[route].pattern.segments, path: segments,
                                                 caseInsensitive: caseInsensitive)
                outcomes[route] = .noMatch(alignment.mismatch() ?? "the pattern does not match")
                continue
            }
            if failed {
                outcomes[route] = .notReached
            } else if let winner {
                outcomes[route] = .lost(to: RouteID(rawValue: winner), because: reason(route, lostTo: winner))
            } else {
                do {
                    if try accept(candidate, at: location) != nil {
                        winner = route
                        outcomes[route] = .won
                    } else {
                        outcomes[route] = .rejectedByValidator
                    }
                } catch {
                    failed = true
                    outcomes[route] = .validatorFailed("\(error)")
                }
            }
        }
        let entries = rankOrder.enumerated().map { rank, route in
            Explanation.Entry(route: RouteID(rawValue: route), pattern: storage[route].pattern.text,
                              rank: rank + 1, outcome: outcomes[route]!)
        }
        return Explanation(path: location.path, entries: entries)
    }

    /// Why `loser` ranks below `winner`, e.g. "static beats parameter at segment 2".
    private func reason(_ loser: Int, lostTo winner: Int) -> String {
        let mine = storage[loser].pattern.segments
        let theirs = storage[winner].pattern.segments
        for index in 0..<max(mine.count, theirs.count) {
            let their = index < theirs.count ? theirs[index] : nil
            let my = index < mine.count ? mine[index] : nil
            if their?.specificity == my?.specificity { continue }
            let segment = index + 1
            guard let my else { return "a longer pattern beats one that has ended at segment \(segment)" }
            guard let their else { return "a pattern that has ended beats \(my.kindName.hasPrefix("o") ? "an" : "a") \(my.kindName) at segment \(segment)" }
            return "\(their.kindName) beats \(my.kindName) at segment \(segment)"
        }
        return "equally specific, and declared earlier"
    }

    /// Nearest registered patterns for a path that matched nothing (for "did you mean" messages),
    /// by edit distance over segments (a typo in a segment costs less than a different word); ties go by rank.
    ///
    ///     table.suggestions(for: "/albun/12").map(\.pattern.text)   // ["/album/:id", ...]
    public func suggestions(for path: String, limit: Int = 3) -> [Route<Payload>] {
        let segments = PathSegmenter.strings(Location(parsing: path).path)
        let scored = rankOrder.map { route -> (distance: Int, route: Int) in
            let distance = EditDistance.between(
                storage[route].pattern.segments, segments,
                dropA: { segment in segment.specificity >= 2 ? 0 : 2 },
                dropB: { _ in 2 },
                substitute: substitutionCost)
            return (distance, route)
        }
        return scored.enumerated()
            .sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .prefix(max(0, limit))
            .map { storage[$0.element.route] }
    }

    /// 0 for a segment the pattern accepts, 1 for a typo of a static segment, 2 for a different word.
    private func substitutionCost(_ segment: PatternSegment, _ text: String) -> Int {
        guard case .literal(let literal) = segment else { return 0 }
        let expected = caseInsensitive ? literal.utf8.map(ASCIIFolding.fold) : Array(literal.utf8)
        let found = caseInsensitive ? text.utf8.map(ASCIIFolding.fold) : Array(text.utf8)
        if expected == found { return 0 }
        return EditDistance.between(expected, found) <= max(1, expected.count / 3) ? 1 : 2
    }

    // MARK: Reverse routing

    /// Builds a path from a route name; values are percent-encoded, an empty optional is left out.
    ///
    ///     try table.url(name: "album", params: ["id": "12"], query: [("tab", "info")])   // "/album/12?tab=info"
    public func url(name: String, params: [String: String],
                    query: [(String, String)] = []) throws(RoutingError) -> String {
        guard let index = names[name] else {
            throw .unknownRouteName(name, suggestions: nearestNames(to: name))
        }
        var parts: [String] = []
        for segment in storage[index].pattern.segments {
            switch segment {
            case .literal(let text):
                parts.append(text)
            case .parameter(let parameter):
                guard let value = params[parameter], !value.isEmpty else {
                    throw .missingParameter(route: name, parameter: parameter)
                }
                parts.append(PercentCoding.encode(value))
            case .optional(let parameter):
                if let value = params[parameter], !value.isEmpty { parts.append(PercentCoding.encode(value)) }
            case .splat(let parameter):
                let rest = params[parameter] ?? ""
                parts += rest.split(separator: "/").map { PercentCoding.encode(String($0)) }
            }
        }
        var url = "/" + parts.joined(separator: "/")
        if !query.isEmpty {
            url += "?" + query.map { PercentCoding.encode($0.0) + "=" + PercentCoding.encode($0.1) }.joined(separator: "&")
        }
        return url
    }

    private func nearestNames(to name: String) -> [String] {
        let target = Array(name)
        return names.keys
            .map { (distance: EditDistance.between(Array($0), target), name: $0) }
            .filter { $0.distance <= max(2, target.count / 3) }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
            .prefix(3)
            .map(\.name)
    }
}

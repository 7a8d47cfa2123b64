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
    // Read on every match; no access to these lasts beyond one statement (the table is not Sendable, and
    // validators run with no access open), so the per-access dynamic exclusivity check is dropped.
    @exclusivity(unchecked) @usableFromInline var storage: [Route<Payload>] = []
    /// By route index; most routes have none, so only those that do take room.
    private var validators: [Int: RouteValidator] = [:]
    private var names: [String: Int] = [:]
    /// Parameter names by list, so routes with the same ones share them.
    private var sharedParameterNames: [[String]: ParameterNames] = [:]
    /// The declaration trie, changed in place by each declaration. Handed to the lookup when it is
    /// frozen (so a large table does not hold both tries), and rebuilt from the patterns by the next
    /// declaration.
    private var declarationTrie: RouteTrie
    private var declarationTrieHandedOver = false
    /// Rank per route and the frozen lookup, rebuilt on the first lookup after a declaration.
    private var cachedRanks: [Int32]?
    @exclusivity(unchecked) private var cachedLookup: RouteLookup? {
        didSet { unretainedLookup = cachedLookup.map { Unmanaged.passUnretained($0) } }
    }
    /// `cachedLookup`, for `resolve` to use without retaining it (two atomic operations a match):
    /// `cachedLookup` keeps it alive, and nothing on a match's path replaces it before its last use
    /// there (validators, which could declare routes, run last and read `lookup` themselves).
    @exclusivity(unchecked) private var unretainedLookup: Unmanaged<RouteLookup>?

    public init(caseInsensitive: Bool = false) {
        self.caseInsensitive = caseInsensitive
        self.declarationTrie = RouteTrie(caseInsensitive: caseInsensitive)
    }

    /// Declares a route; a failed declaration leaves the table as it was.
    ///
    ///     try table.add("/album/:id", name: "album", site: "app.lua:3", payload: p)
    @discardableResult
    public func add(_ pattern: String, name: String? = nil, site: String? = nil,
                    validator: RouteValidator? = nil, payload: Payload) throws(RoutingError) -> RouteID {
        let compiled: Pattern
        let segments: [PatternSegment]
        do { (compiled, segments) = try Pattern.compiled(pattern) } catch { throw .invalidPattern(error) }
        if let name, let existing = names[name] {
            throw .duplicateName(name, firstSite: storage[existing].site)
        }
        if declarationTrieHandedOver { rebuildDeclarationTrie() }
        // Creates only nodes no route ends at yet, so a duplicate (which needs a route there) leaves the
        // trie as it was.
        let node = declarationTrie.node(shapedLike: segments)
        if let blocking = declarationTrie.routes(at: node).first(where: { validators[$0] == nil }) {
            throw .duplicatePattern(pattern: compiled.text, firstPattern: storage[blocking].pattern.text,
                                    firstSite: storage[blocking].site)
        }
        let id = RouteID(rawValue: storage.count)
        storage.append(Route(id: id, pattern: compiled, names: parameterNames(of: segments), name: name, site: site,
                             hasValidator: validator != nil, payload: payload))
        if let validator { validators[id.rawValue] = validator }
        if let name { names[name] = id.rawValue }
        declarationTrie.attach(route: id.rawValue, at: node)
        cachedRanks = nil
        cachedLookup = nil
        return id
    }

    /// The names of a pattern's parameters, shared with every route declared with the same ones.
    private func parameterNames(of segments: [PatternSegment]) -> ParameterNames {
        let list = segments.compactMap(\.parameterName)
        if list.isEmpty { return ParameterOrigin.noNames }
        if let shared = sharedParameterNames[list] { return shared }
        let names = ParameterNames(list)
        sharedParameterNames[list] = names
        return names
    }

    private func rebuildDeclarationTrie() {
        var trie = RouteTrie(caseInsensitive: caseInsensitive)
        for (index, route) in storage.enumerated() {
            trie.attach(route: index, at: trie.node(shapedLike: route.pattern.segments))
        }
        declarationTrie = trie
        declarationTrieHandedOver = false
    }

    /// The declaration trie for the lookup to freeze, the table keeping an empty one in its place.
    private func handOverDeclarationTrie() -> RouteTrie {
        if declarationTrieHandedOver { rebuildDeclarationTrie() }
        let trie = declarationTrie
        declarationTrie = RouteTrie(caseInsensitive: caseInsensitive)
        declarationTrieHandedOver = true
        return trie
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
    @inlinable
    public func match(_ path: String) throws -> RouteMatch<Payload>? {
        var route = -1
        let info = try resolve(path, route: &route)
        return route < 0 ? nil : RouteMatch(route: storage[route], info: info)
    }

    /// `match` without the route: only its info, for callers that never read the payload (the Lua
    /// `match`). Skips copying the route out of the table, and releasing the copy, at every call.
    ///
    ///     try table.matchInfo("/album/12")?.pattern   // "/album/:id"
    public func matchInfo(_ path: String) throws -> RouteInfo? {
        var route = -1
        let info = try resolve(path, route: &route)
        return route < 0 ? nil : info
    }

    /// `match` up to the winning route's index (written to `route`, left alone when nothing matches):
    /// all of it that does not depend on the payload type, so the part inlined and specialised in the
    /// caller is only the final pairing (no generic metadata lookups).
    ///
    /// Returns the winner's info, or an empty one when nothing matches: not an optional, and each
    /// outcome's info straight from the call that makes it, because either way the compiler copied the
    /// whole info (every reference in it retained, then released) once more on its way out.
    @usableFromInline
    func resolve(_ path: String, route: inout Int) throws -> RouteInfo {
        try withFrozenLookup { lookup in
            if let best = lookup.bestIfPlain(path) {
                return try info(best, plainPath: path, in: lookup, route: &route)
            }
            return try info(at: Location(parsing: path), in: lookup, route: &route)
        }
    }

    /// A plain path (the common case) is its own location: no query, no fragment, nothing to copy.
    private func info(_ best: RouteLookup.Best, plainPath path: String, in lookup: RouteLookup,
                      route: inout Int) throws -> RouteInfo {
        switch best {
        case .none:
            return RouteInfo.unmatched
        case .found(let winner, let declaration, let spans):
            route = winner
            return RouteInfo(path: path, route: declaration.takeUnretainedValue(), spans: spans)
        case .needsFullSearch:
            return try firstValidated(at: Location(path: path), route: &route) ?? RouteInfo.unmatched
        }
    }

    private func info(at location: Location, in lookup: RouteLookup, route: inout Int) throws -> RouteInfo {
        switch lookup.best(location.path) {
        case .none:
            return RouteInfo.unmatched
        case .found(let winner, let declaration, let spans):
            route = winner
            return RouteInfo(path: location.path, route: declaration.takeUnretainedValue(), spans: spans,
                             query: location.query, fragment: location.fragment)
        case .needsFullSearch:
            return try firstValidated(at: location, route: &route) ?? RouteInfo.unmatched
        }
    }

    // MARK: Matching for the navigator

    /// The lookup alone, for text that is a plain normalised path (no query, fragment or dot segment):
    /// nil for any other text, which `Location(parsing:)` must read first. No validator runs, so the
    /// caller can still decide not to land there; `resolve(_:plainPath:route:)` finishes the match. One
    /// pass over the text checks and splits it, where parsing a location and then matching its path
    /// read it twice.
    ///
    ///     if let best = table.bestIfPlain("/album/12") { info = try table.resolve(best, plainPath: "/album/12", route: &route) }
    func bestIfPlain(_ text: String) -> RouteLookup.Best? {
        withFrozenLookup { $0.bestIfPlain(text) }
    }

    /// The info of a `bestIfPlain` result for the same text, running validators if the winner has one;
    /// the winner's index goes to `route` (left alone when nothing matched). No declaration may come
    /// between the two calls: `best` holds the winner's declaration unretained.
    func resolve(_ best: RouteLookup.Best, plainPath text: String, route: inout Int) throws -> RouteInfo {
        try withFrozenLookup { lookup in
            try info(best, plainPath: text, in: lookup, route: &route)
        }
    }

    /// `resolve` for a location already parsed (its path normalised): a plain one is split once more
    /// for the lookup, and a query or fragment is kept as parsed instead of written out and read back.
    func resolve(_ location: Location, route: inout Int) throws -> RouteInfo {
        if location.query.isEmpty && location.fragment == nil { return try resolve(location.path, route: &route) }
        return try withFrozenLookup { lookup in try info(at: location, in: lookup, route: &route) }
    }

    /// `body` with the frozen lookup (frozen first if routes changed), borrowed without a retain: see
    /// `unretainedLookup` for why that is safe on a match's path.
    @inline(__always)
    private func withFrozenLookup<Result>(_ body: (RouteLookup) throws -> Result) rethrows -> Result {
        if unretainedLookup == nil { _ = freezeLookup() }
        return try unretainedLookup.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }

    /// The best candidate whose validator (if any) accepts: its info, and its index in `route`.
    private func firstValidated(at location: Location, route: inout Int) throws -> RouteInfo? {
        for candidate in lookup.all(location.path) {
            if let info = try validated(candidate, at: location) {
                route = candidate.route
                return info
            }
        }
        return nil
    }

    /// Every route whose pattern matches and whose validator (if any) accepts, in rank order.
    ///
    ///     try table.matchAll("/album/new").map(\.info.pattern)   // ["/album/new", "/album/:id"]
    public func matchAll(_ path: String) throws -> [RouteMatch<Payload>] {
        let location = Location(parsing: path)
        return try lookup.all(location.path).compactMap { try accept($0, at: location) }
    }

    /// What the route declared with `pattern` captures from `path` (a plain path, no query), without
    /// running validators; nil when no route has that pattern or it does not match the path. A
    /// restored screen is checked with it: its path must still fit the route it names.
    ///
    ///     table.parameters(ofPattern: "/album/:id", in: "/album/12")   // ["id": "12"]
    public func parameters(ofPattern pattern: String, in path: String) -> [String: String]? {
        lookup.all(path).first { storage[$0.route].pattern.text == pattern }?.params.dictionary
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
        lookup.firstMatch(bytes).map(RouteID.init(rawValue:))
    }

    private func accept(_ candidate: RouteLookup.Candidate, at location: Location) throws -> RouteMatch<Payload>? {
        try validated(candidate, at: location).map { RouteMatch(route: storage[candidate.route], info: $0) }
    }

    /// The candidate's info, with the validator's value; nil when the validator rejects it.
    private func validated(_ candidate: RouteLookup.Candidate, at location: Location) throws -> RouteInfo? {
        var info = lookup.info(candidate, at: location)
        if let validator = validators[candidate.route] {
            guard let value = try validator(info) else { return nil }
            info.value = value
        }
        return info
    }

    // MARK: Ranking

    /// Rank per route (lower is better); 32 bits each, as the frozen trie keeps them.
    private var ranks: [Int32] {
        if let cachedRanks { return cachedRanks }
        var ranks = [Int32](repeating: 0, count: storage.count)
        for (rank, route) in sortedBySpecificity().enumerated() { ranks[route] = Int32(rank) }
        cachedRanks = ranks
        return ranks
    }

    /// Route indices in rank order, inverted from `ranks` (the table keeps one of the two).
    private var rankOrder: [Int] {
        let ranks = self.ranks
        var order = [Int](repeating: 0, count: ranks.count)
        for (route, rank) in ranks.enumerated() { order[Int(rank)] = route }
        return order
    }

    /// Route indices sorted segment by segment from the left (a pattern that has ended is the most
    /// specific), then by declaration order. The specificities are read from the patterns into one
    /// transient pool (kept for good they would cost a large table a megabyte).
    private func sortedBySpecificity() -> [Int] {
        var pool: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(storage.count + 1)
        for route in storage {
            route.pattern.appendSpecificities(to: &pool)
            starts.append(pool.count)
        }
        var order = Array(storage.indices)
        pool.withUnsafeBufferPointer { pool in
            starts.withUnsafeBufferPointer { starts in
                order.sort { a, b in
                    let (first, second) = (pool[starts[a]..<starts[a + 1]], pool[starts[b]..<starts[b + 1]])
                    for (mine, theirs) in zip(first, second) where mine != theirs { return mine < theirs }
                    return first.count != second.count ? first.count < second.count : a < b
                }
            }
        }
        return order
    }

    private var lookup: RouteLookup {
        cachedLookup ?? freezeLookup()
    }

    /// Builds the lookup after declarations (out of line: `lookup` is read on every match).
    @inline(never)
    private func freezeLookup() -> RouteLookup {
        trimCapacity()
        let lookup = RouteLookup(handOverDeclarationTrie(), ranks: ranks, declarations: storage.map(\.declaration))
        cachedLookup = lookup
        if storage.count >= HeapTrim.routeThreshold { HeapTrim.returnFreedMemory() }
        return lookup
    }

    /// Declaring many routes leaves the route array with up to twice the room it uses; the first lookup
    /// after the declarations gives it back (a large buffer goes back to the system).
    private func trimCapacity() {
        if storage.capacity > storage.count + storage.count / 8 + 16 {
            storage = storage.withUnsafeBufferPointer { Array($0) }
        }
    }

    // MARK: Teaching and suggestions

    /// For teaching: every route in rank order, whether its pattern matched and why it won or lost.
    /// Runs the validators of the candidates ranked above the winner, as `match` does.
    ///
    ///     print(table.explain("/album/new"))
    public func explain(_ path: String) -> Explanation {
        let location = Location(parsing: path)
        let matched = Dictionary(lookup.all(location.path).map { ($0.route, $0) }) { first, _ in first }
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
                parts.append(PercentCoding.encodeSegment(value))
            case .optional(let parameter):
                if let value = params[parameter], !value.isEmpty { parts.append(PercentCoding.encodeSegment(value)) }
            case .splat(let parameter):
                let rest = params[parameter] ?? ""
                parts += rest.split(separator: "/").map { PercentCoding.encodeSegment(String($0)) }
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

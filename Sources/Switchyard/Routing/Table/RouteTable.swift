/// Routes in declaration order, matched most-specific-first with validator fall-through.
///
///     let table = RouteTable<String>()
///     try table.add("/album/new", payload: "new album")
///     try table.add("/album/:id", name: "album", payload: "album",
///                   validator: { info in Int(info.params["id"]!) })
///     try table.match("/album/12")?.info.value           // 12
///     try table.url(name: "album", params: ["id": "12"])  // "/album/12"
///
/// This file declares routes; matching is in `RouteTable+Matching` (the lookup itself in
/// `Lookup/RouteTable+Resolution`), ranking, explaining, suggestions and reverse routing each in a file
/// of its own.
public final class RouteTable<Payload> {
    package private(set) var caseInsensitive: Bool
    // Safety: exclusivity unchecked. Written only by declaring, removing and trimming routes, each an
    // instant access that runs no caller code, so no read can overlap a write. `match` reads a route's
    // payload from it on every hit, and the checked read cost that 76 instructions (6 % of a `match`;
    // the runtime's access set, through thread-local storage; issue 37, Benchmarks/README.md).
    @exclusivity(unchecked) @usableFromInline var storage: [Route<Payload>] = []
    /// By route index; most routes have none, so only those that do take room.
    var validators: [Int: RouteValidator] = [:]
    /// Hears each validator's answer while a navigator resolves a path for an operation (its chain:
    /// `ChainStep.validated`); nil the rest of the time. Only routes with a validator reach it.
    var validatorListener: ((_ route: RouteID, _ path: String, _ accepted: Bool, _ reason: String?) -> Void)?
    /// Hears each value a route's typed parameters refuse while a lookup resolves (coverage, issue 33).
    package var typeRefusalListener: ((RouteID) -> Void)?
    /// Whether any route has a validator: a navigator without any never listens. Read by every
    /// navigation, so stored (asking the dictionary cost more).
    private(set) var hasValidators = false
    var names: [String: Int] = [:]
    /// Routes `removeRoute` took out (issue 33, `remove_route` in Lua): tombstones. A route is known by
    /// its index everywhere (`RouteID`, screens, the timeline, coverage), so a removed one stays in
    /// `storage` and its index keeps meaning it; it is left out of the trie (no lookup finds it), the
    /// names, the rank order and every listing (`routes`, `rankedRoutes`).
    package private(set) var removed: Set<Int> = []
    /// Parameter names by list, so routes with the same ones share them.
    private var sharedParameterNames: [String: ParameterNames] = [:]
    /// The declaration trie, changed in place by each declaration. Handed to the lookup when it is
    /// frozen (so a large table does not hold both tries), and rebuilt from the patterns by the next
    /// declaration.
    private var declarationTrie: RouteTrie
    private var declarationTrieHandedOver = false
    /// Rank per route and the frozen lookup, rebuilt on the first lookup after a declaration.
    var cachedRanks: [Int32]?
    private var cachedLookup: RouteLookup? {
        didSet { unretainedLookup = cachedLookup.map { Unmanaged.passUnretained($0) } }
    }
    /// `cachedLookup`, for the resolution to use without retaining it (see `withFrozenLookup`).
    var unretainedLookup: Unmanaged<RouteLookup>?

    /// An empty table; `caseInsensitive` makes static segments match in any case.
    ///
    ///     let table = RouteTable<String>(caseInsensitive: true)
    public init(caseInsensitive: Bool = false) {
        self.caseInsensitive = caseInsensitive
        self.declarationTrie = RouteTrie(caseInsensitive: caseInsensitive)
    }

    /// Declares a route; a failed declaration leaves the table as it was. With `parameterTypes`
    /// (issue 33), a value that does not fit its type makes the route no match (the next candidate is
    /// tried, and `explain` says which value), and `url` refuses it. A name that is not a parameter of
    /// the pattern is an error.
    ///
    ///     try table.add("/album/:id", name: "album", site: "app.lua:3", payload: p)
    ///     try table.add("/album/:id", name: "album", parameterTypes: ["id": .int], payload: p)
    ///     try table.match("/album/abc")   // nil (or the next candidate)
    @discardableResult
    public func add(_ pattern: String, name: String? = nil, site: String? = nil, validator: RouteValidator? = nil,
                    parameterTypes: [String: ParameterType] = [:], payload: Payload) throws(RoutingError) -> RouteID {
        // Untyped (most routes): the pattern is compiled once, by the declaration itself.
        if parameterTypes.isEmpty {
            return try add(pattern, name: name, site: site, validator: validator, parameterTypes: nil, payload: payload)
        }
        let compiled = try Pattern(pattern)
        let sorted = parameterTypes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        guard let types = ParameterTypes(sorted, pattern: compiled) else {
            let unknown = sorted.map(\.0).first { !compiled.parameterNames.contains($0) } ?? ""
            throw RoutingError(.invalidParameter(route: compiled.text, reason: "\(unknown) is not a parameter of the pattern"))
        }
        return try add(pattern, name: name, site: site, validator: validator,
                       parameterTypes: sorted.isEmpty ? nil : types, payload: payload)
    }

    /// `add` with typed parameters (issue 33), made for the same pattern (`ParameterTypes(_:pattern:)`).
    /// A route with types is, like one with a validator, no obstacle to an equivalent pattern declared
    /// after it: that one is its fall-through.
    @discardableResult
    package func add(_ pattern: String, name: String? = nil, site: String? = nil, validator: RouteValidator? = nil,
                     parameterTypes: ParameterTypes?, meta: RouteMeta? = nil, querySchema: QuerySchema? = nil,
                     layouts: [RouteLayout] = [],
                     payload: Payload) throws(RoutingError) -> RouteID {
        let compiled: Pattern
        let segments: [PatternSegment]
        do { (compiled, segments) = try Pattern.compiled(pattern) } catch { throw RoutingError(.invalidPattern(error)) }
        if let name, let existing = names[name] {
            throw RoutingError(.duplicateName(name, firstSite: storage[existing].site))
        }
        if declarationTrieHandedOver { rebuildDeclarationTrie() }
        // Creates only nodes no route ends at yet, so a duplicate (which needs a route there) leaves the
        // trie as it was.
        let node = declarationTrie.node(shapedLike: segments)
        // A route that may refuse a path (a validator, types, a query schema that does not match on a
        // wrong value) leaves room for an equivalent one after it.
        if let blocking = declarationTrie.routes(at: node).first(where: { validators[$0] == nil && storage[$0].parameterTypes == nil
                                                                          && storage[$0].querySchema?.mismatch != .noMatch }) {
            throw RoutingError(.duplicatePattern(pattern: compiled.text, firstPattern: storage[blocking].pattern.text,
                                                 firstSite: storage[blocking].site))
        }
        let id = RouteID(rawValue: storage.count)
        storage.append(Route(id: id, pattern: compiled, names: parameterNames(of: segments), name: name, site: site,
                             hasValidator: validator != nil, parameterTypes: parameterTypes, meta: meta,
                             querySchema: querySchema, layouts: layouts, payload: payload))
        if let validator {
            validators[id.rawValue] = validator
            hasValidators = true
        }
        // A typed route's refusals are heard as a validator's are (a navigator's chain, coverage).
        if parameterTypes != nil || querySchema != nil { hasValidators = true }
        if let name { names[name] = id.rawValue }
        declarationTrie.attach(route: id.rawValue, at: node)
        cachedRanks = nil
        cachedLookup = nil
        return id
    }

    /// The names of a pattern's parameters, shared with every route declared with the same ones. Keyed
    /// by the names joined with "/" (no name holds one): a short key is a small string, built and hashed
    /// without allocating, where a list of names was an array to build and three strings to hash
    /// (2,500 instructions a declaration of the 1,000-route script).
    private func parameterNames(of segments: [PatternSegment]) -> ParameterNames {
        var length = -1
        for segment in segments { if let name = segment.parameterName { length += name.utf8.count + 1 } }
        if length < 0 { return ParameterOrigin.noNames }
        // Appended name by name (issue 32 re-measured the uninitialised buffer this was written into:
        // it saved under 5 % of a declaration, see Benchmarks/README.md).
        var key = ""
        key.reserveCapacity(length)
        for segment in segments {
            guard let name = segment.parameterName else { continue }
            if !key.isEmpty { key += "/" }
            key += name
        }
        if let shared = sharedParameterNames[key] { return shared }
        let names = ParameterNames(segments.compactMap(\.parameterName))
        sharedParameterNames[key] = names
        return names
    }

    /// Forgets every route declared after the first `count` (a failed script's, REPL `:load`): the
    /// table is as it was when it held `count` routes. Routes are only ever appended, so this undoes
    /// declarations exactly.
    ///
    ///     let before = table.count
    ///     try table.add("/draft", payload: p)
    ///     table.removeRoutes(after: before)   // "/draft" is gone
    func removeRoutes(after count: Int) {
        guard count < storage.count else { return }
        storage.removeSubrange(count...)
        validators = validators.filter { $0.key < count }
        names = names.filter { $0.value < count }
        removed = removed.filter { $0 < count }
        rebuildDeclarationTrie()
        cachedRanks = nil
        cachedLookup = nil
    }

    /// Puts back the routes removed since `removed` was `recorded` (a failed script's `remove_route`,
    /// REPL `:load`; a spec's, after its test). A route removed and then replaced (its pattern or
    /// name declared again since) stays removed: the two would otherwise be one pattern or one name.
    /// After `removeRoutes(after:)` nothing is replaced, and the table is as it was when recorded.
    package func restoreRemoved(_ recorded: Set<Int>) {
        var kept = recorded.filter { $0 < storage.count }
        for index in removed.subtracting(kept) {
            let route = storage[index]
            let replaced = storage[(index + 1)...].contains { later in
                !removed.contains(later.id.rawValue)
                    && (later.pattern.text == route.pattern.text || (route.name != nil && later.name == route.name))
            }
            if replaced { kept.insert(index) }
        }
        guard kept != removed else { return }
        removed = kept
        names = [:]
        for (index, route) in storage.enumerated() where !removed.contains(index) {
            if let name = route.name { names[name] = index }
        }
        rebuildDeclarationTrie()
        cachedLookup = nil
    }

    private func rebuildDeclarationTrie() {
        var trie = RouteTrie(caseInsensitive: caseInsensitive)
        for (index, route) in storage.enumerated() where !removed.contains(index) {
            trie.attach(route: index, at: trie.node(shapedLike: route.pattern.segments))
        }
        declarationTrie = trie
        declarationTrieHandedOver = false
    }

    /// Makes static segments match in any case (or in their own again), for the routes declared and
    /// those to come (`routes{case_insensitive = true}` from Lua). Refused, the table as it was, when
    /// two routes would then be one pattern (`/About` and `/about`), as `add` refuses a duplicate.
    package func setCaseInsensitive(_ folding: Bool) throws(RoutingError) {
        guard folding != caseInsensitive else { return }
        var trie = RouteTrie(caseInsensitive: folding)
        for (index, route) in storage.enumerated() where !removed.contains(index) {
            let node = trie.node(shapedLike: route.pattern.segments)
            if let blocking = trie.routes(at: node).first(where: { validators[$0] == nil && storage[$0].parameterTypes == nil }) {
                throw RoutingError(.duplicatePattern(pattern: route.pattern.text, firstPattern: storage[blocking].pattern.text,
                                                     firstSite: storage[blocking].site))
            }
            trie.attach(route: index, at: node)
        }
        caseInsensitive = folding
        declarationTrie = trie
        declarationTrieHandedOver = false
        cachedRanks = nil
        cachedLookup = nil
    }

    /// Takes a route out of the table (`remove_route`): no lookup, name, listing, suggestion or
    /// explanation sees it from now on, and its pattern and name may be declared again. Its index stays
    /// taken, so every `RouteID` already handed out still names what it named (the caller makes sure no
    /// screen still shows it). Removing a removed route does nothing.
    ///
    ///     table.removeRoute(table.route(named: "beta")!.id)
    ///     table.route(named: "beta")   // nil; table.match("/beta") finds another route or none
    package func removeRoute(_ id: RouteID) {
        guard id.rawValue < storage.count, removed.insert(id.rawValue).inserted else { return }
        if let name = storage[id.rawValue].name, names[name] == id.rawValue { names[name] = nil }
        rebuildDeclarationTrie()
        cachedLookup = nil
    }

    /// Whether `removeRoute` took the route out.
    package func isRemoved(_ id: RouteID) -> Bool { removed.contains(id.rawValue) }

    /// The declaration trie for the lookup to freeze, the table keeping an empty one in its place.
    private func handOverDeclarationTrie() -> RouteTrie {
        if declarationTrieHandedOver { rebuildDeclarationTrie() }
        let trie = declarationTrie
        declarationTrie = RouteTrie(caseInsensitive: caseInsensitive)
        declarationTrieHandedOver = true
        return trie
    }

    // MARK: Reading routes

    /// Declaration order; a removed route (`removeRoute`) is left out, so a route's place here is its
    /// `id.rawValue` only while none is removed.
    ///
    ///     table.routes.map(\.pattern.text)
    public var routes: [Route<Payload>] {
        removed.isEmpty ? storage : storage.filter { !removed.contains($0.id.rawValue) }
    }

    /// Rank order, most specific first.
    package var rankedRoutes: [Route<Payload>] { rankOrder.map { storage[$0] } }

    package var count: Int { storage.count }

    /// Reads a route; assigning one replaces only its payload.
    package subscript(id: RouteID) -> Route<Payload> {
        get { storage[id.rawValue] }
        set { storage[id.rawValue].payload = newValue.payload }
    }

    /// A route's payload, read where it sits: for a caller that only looks at it, no copy (and none of
    /// the reference counting a copy of a payload with closures in it costs).
    ///
    ///     table[payloadOf: found.route].title
    public subscript(payloadOf id: RouteID) -> Payload {
        _read { yield storage[id.rawValue].payload }
    }

    package func route(named name: String) -> Route<Payload>? {
        names[name].map { storage[$0] }
    }

    /// The first route declared with `pattern` (its text as compiled, e.g. "/album/:id").
    ///
    ///     table.route(withPattern: "/album/:id")?.id   // RouteID(rawValue: 1)
    package func route(withPattern pattern: String) -> Route<Payload>? {
        storage.first { $0.pattern.text == pattern && !removed.contains($0.id.rawValue) }
    }

    // MARK: Freezing

    /// The frozen lookup, frozen first when routes changed since.
    var lookup: RouteLookup {
        cachedLookup ?? freezeLookup()
    }

    /// Builds the lookup after declarations (out of line: `lookup` is read on every match).
    @inline(never)
    func freezeLookup() -> RouteLookup {
        trimCapacity()
        let declarations = storage.map { $0.declaration }
        let lookup = RouteLookup(handOverDeclarationTrie(), ranks: ranks(of: declarations), declarations: declarations)
        cachedLookup = lookup
        if storage.count >= HeapTrim.routeThreshold { HeapTrim.returnFreedMemory() }
        return lookup
    }

    /// Declaring many routes leaves the route array with up to twice the room it uses; the first lookup
    /// after the declarations gives it back (a large buffer goes back to the system).
    private func trimCapacity() {
        if storage.capacity > storage.count + storage.count / 8 + 16 {
            var trimmed: [Route<Payload>] = []
            trimmed.reserveCapacity(storage.count)
            trimmed.append(contentsOf: storage)
            storage = trimmed
        }
    }
}

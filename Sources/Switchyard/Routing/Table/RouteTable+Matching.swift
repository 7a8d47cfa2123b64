// Matching a path: the best route after validators (`match`), every route that accepts it (`matchAll`),
// and the bare lookup without validators or parameter values (`firstMatch`). All three go through the
// frozen lookup; `Lookup/RouteTable+Resolution` is where a match is resolved.
extension RouteTable {
    /// Best match after validators, or nil. `path` may carry "?query#fragment"; it is normalised first.
    /// Rethrows a validator's error.
    ///
    ///     try table.match("/album/12?tab=info")?.info.params["id"]   // "12"
    @inlinable @inline(__always)
    public func match(_ path: String) throws -> RouteMatch<Payload>? {
        // The lookup's answer as `withMatch` takes it: a plain path's hit is the match (the caller's text,
        // the spans, the route's declaration), a miss is nil, and anything else is resolved from the
        // answer (not looked up again). Inlined into the caller, with the resolving out of line: there,
        // the match is made where the caller reads and destroys it, not returned whole from a call
        // (issue 37, tenth session, branch owned5: 40 instructions a hit).
        // The answer is written into a local by the closure, not returned from it: returned, it came back
        // as a `RouteFind?` (text that is not contiguous gives nil), which was copied to a second place on
        // the stack and tested for nil before its case was (issue 37, twelfth session: with `storageIndex`,
        // 11 instructions a match). Text that is not contiguous is resolved in full, as the lookup's
        // `needsNormalising` is. A hit's spans are left in `spans` (`find(_:spans:)`).
        var spans = Parameters.InlineSpans.absent
        var found = RouteFind.needsNormalising
        _ = path.utf8.withContiguousStorageIfAvailable { bytes in found = find(bytes, spans: &spans) }
        // Every branch that matches gives the route's index and its info's image (trivial: no reference
        // counted), and the resolving branch the resolved info when the image is of it; the one info
        // returned is made of the image after the branches meet. Made in each branch, the caller's text
        // and the declaration each retained met the resolving branch's at a merge, and the caller's
        // releases of them were never paired with those retains (with `route`'s and `info`'s reads, 112
        // instructions a hit; issue 37, seventeenth session, Benchmarks/README.md).
        let index: Int
        let image: RouteInfo.Image
        let resolved: ResolvedRouteInfo?
        switch found {
        case .hit(let declaration):
            index = Self.storageIndex(of: declaration)
            image = RouteInfo.Image(text: path, route: declaration, lanes: Parameters.lanes(
                spans, pathEnd: -1, borrowed: RouteInfo.Borrowed.pathAndPattern.rawValue))
            resolved = nil
        case .hitBeforeQuery(let declaration):
            // The text is kept whole: its `?query` or `#fragment` is parsed only when the info's is read,
            // and where the path ends is found then too (`RouteInfo.pathEndAfterValues`): found here, it
            // cost a match with a query 130 instructions, 71 read from the values' end a word at a time.
            index = Self.storageIndex(of: declaration)
            image = RouteInfo.Image(text: path, route: declaration, lanes: Parameters.lanes(
                spans, pathEnd: RouteInfo.pathEndAfterValues, borrowed: RouteInfo.Borrowed.pathPatternAndWritten.rawValue))
            resolved = nil
        case .unsettled(.miss):
            return nil
        default:
            guard let match = try match(path, resolving: found) else { return nil }
            (index, image, resolved) = match
        }
        // Safety: the image is of the caller's text and a declaration `storage` holds (alive until this
        // returns: the table is), or of the resolved info `resolved` holds; `info` retains what it names.
        // The payload is read from `storage` at the route's index; its declaration is the info's.
        return RouteMatch(info: image.info, resolved: resolved, payload: storage[index].payload)
    }

    /// Where a lookup's hit's route sits in `storage`: its declaration's index, which for a route's
    /// declaration is never negative, read as the unsigned number it then is, so that the subscript asks
    /// only whether it is below the count (as a signed one, whether it was negative too).
    @inlinable @inline(__always)
    static func storageIndex(of declaration: Unmanaged<RouteDeclaration>) -> Int {
        Int(UInt32(bitPattern: declaration.takeUnretainedValue().routeIndex))
    }

    /// `match` for a lookup's answer that is neither a hit nor a miss: the match `resolve` makes of it.
    /// Out of line, so that the callers of `match` carry none of it; inlinable, so that it is specialised
    /// for the caller's payload (unspecialised, it returned the match through its value witnesses).
    /// The match comes back as `match` makes it: the route's index in `storage`, the image of the info
    /// (of `path`'s parameters of the route when the resolved info is nothing more, else of the resolved
    /// info itself), and the resolved info in the second case, which the match then holds.
    @inlinable @inline(never)
    func match(_ path: String, resolving found: RouteFind)
        throws -> (index: Int, image: RouteInfo.Image, resolved: ResolvedRouteInfo?)? {
        let resolution = try resolve(found, of: path)
        guard let route = resolution.route else { return nil }
        let declaration = storage[route.rawValue].declaration
        if resolution.info.isParameters(of: declaration, in: path) {
            // Safety: `storage` holds the declaration until `match` returns, the caller `path`.
            let image = RouteInfo.Image(text: path, route: Unmanaged.passUnretained(declaration),
                                        lanes: resolution.info.storedParams.lanes)
            return (route.rawValue, image, nil)
        }
        // Safety: `storage` holds the declaration until `match` returns (the empty text is static); the
        // info is the match's `resolvedInfo`.
        let image = RouteInfo.Image(text: "", route: Unmanaged.passUnretained(declaration),
                                    lanes: RouteInfo.declarationAlone(declaration).storedParams.lanes)
        return (route.rawValue, image, ResolvedRouteInfo(resolution.info.naming(declaration)))
    }

    /// Every route whose pattern matches and whose validator (if any) accepts, in rank order.
    ///
    ///     try table.matchAll("/album/new").map(\.info.pattern)   // ["/album/new", "/album/:id"]
    package func matchAll(_ path: String) throws -> [RouteMatch<Payload>] {
        let location = Location(parsing: path)
        return try lookup.all(location.path).compactMap { try accept($0, at: location) }
    }

    /// What `route` captures from `path` (a plain path, no query), without running validators; nil when
    /// its pattern does not match the path. A restored screen is checked with it: its path must still
    /// fit the route it names.
    ///
    ///     table.parameters(of: albumID, in: "/album/12")   // ["id": "12"]
    package func parameters(of route: RouteID, in path: String) -> [String: String]? {
        lookup.all(path).first { $0.route == route.rawValue }?.params.dictionary
    }

    /// Why the typed routes whose patterns match `path` refuse it, best-ranked first, e.g.
    /// `id "abc" is not an int (/album/:id)` or, for a route with a query schema, `query page "x" is not
    /// an int (/albums)`; nil when no such route's pattern matches it. For `check`, which says why a link
    /// is dead.
    package func typeRefusal(_ path: String) -> String? {
        let location = Location(parsing: path)
        for candidate in lookup.all(location.path) {
            let route = storage[candidate.route]
            if let types = route.parameterTypes, let refusal = (try? types.refusal(in: candidate.params)) ?? nil {
                return "\(refusal) (\(route.pattern.text))"
            }
            if let schema = route.querySchema, let refusal = (try? schema.refusal(in: location.query)) ?? nil {
                return "\(refusal) (\(route.pattern.text))"
            }
        }
        return nil
    }

    /// `parameters(of:in:)` as the match makes them (their origin the route), for a restored screen.
    func matchedParameters(of route: RouteID, in path: String) -> Parameters? {
        lookup.all(path).first { $0.route == route.rawValue }?.params
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
    package func firstMatch(utf8 bytes: [UInt8]) -> RouteID? {
        bytes.withUnsafeBufferPointer(firstMatch(bytes:))
    }

    private func firstMatch(bytes: UnsafeBufferPointer<UInt8>) -> RouteID? {
        lookup.firstMatch(bytes).map(RouteID.init(rawValue:))
    }

    /// The candidate as a match, or nil when its validator rejects it.
    func accept(_ candidate: RouteLookup.Candidate, at location: Location) throws -> RouteMatch<Payload>? {
        try validated(candidate, at: location).map { RouteMatch(route: storage[candidate.route], info: $0) }
    }

    /// The candidate's info, with the validator's value; nil when the validator rejects it.
    func validated(_ candidate: RouteLookup.Candidate, at location: Location) throws -> RouteInfo? {
        var info = lookup.info(candidate, at: location)
        if let types = storage[candidate.route].parameterTypes, let refusal = try types.refusal(in: info.params) {
            validatorListener?(RouteID(rawValue: candidate.route), info.path, false, refusal)
            typeRefusalListener?(RouteID(rawValue: candidate.route))
            return nil
        }
        if let schema = storage[candidate.route].querySchema, let refusal = try schema.refusal(in: info.query) {
            if schema.mismatch == .error {
                throw QuerySchemaError.refused(route: storage[candidate.route].name ?? storage[candidate.route].pattern.text, refusal)
            }
            validatorListener?(RouteID(rawValue: candidate.route), info.path, false, refusal)
            return nil
        }
        if let validator = validators[candidate.route] {
            let value: Any?
            do { value = try validator(info) } catch let mismatch as RouteMismatch {
                validatorListener?(RouteID(rawValue: candidate.route), info.path, false, mismatch.reason)
                return nil
            }
            validatorListener?(RouteID(rawValue: candidate.route), info.path, value != nil, nil)
            guard let value else { return nil }
            info.value = value
        }
        return info
    }
}

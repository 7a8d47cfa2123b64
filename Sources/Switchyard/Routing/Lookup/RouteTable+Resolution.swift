/// What one lookup found: the winning route (after validators) and what matching the path produced.
///
/// The info's parameters are still spans of the path they came from (nothing is decoded until read),
/// and their origin is the route's declaration, which gives the info its pattern and the resolution its
/// route. (A resolution is the info alone: a separate route field made the compiler copy the whole
/// resolution out of `resolve` once more, 53 instructions of a `match`'s 1,597.)
@usableFromInline
struct RouteResolution {
    /// The winner's info; an empty one when nothing matched.
    @usableFromInline var info: RouteInfo

    init(_ info: __owned RouteInfo) { self.info = info }

    /// nil when no route matched (or every candidate's validator rejected the path).
    @inlinable var route: RouteID? { info.matchedRoute }

    static var unmatched: RouteResolution { RouteResolution(RouteInfo.unmatched) }
}

// The one place a path is resolved to a route: the frozen lookup's best candidate, then, when that
// candidate has a validator (or more parameters than a match keeps inline), every candidate in rank
// order until a validator accepts. `match`, the Lua `match` and every navigator landing come here.
extension RouteTable {
    /// Resolves text that may carry "?query#fragment" or dot segments (normalised first).
    ///
    ///     try table.resolve("/album/12?tab=info").route   // RouteID(rawValue: 1)
    @usableFromInline
    func resolve(_ text: String) throws -> RouteResolution {
        try withFrozenLookup { lookup in
            if let best = lookup.bestIfPlain(text) { return try resolution(best, plainPath: text) }
            if let resolved = try resolution(beforeQuery: text, in: lookup) { return resolved }
            return try resolution(at: Location(parsing: text), in: lookup)
        }
    }

    /// `resolve` for text that is already a plain normalised path (no query, fragment or dot segment; the
    /// common case for a navigator), or nil for any other text, which `Location(parsing:)` must read first.
    /// One pass over the text checks it and splits it for the lookup, where parsing a location and
    /// matching its path would read it twice.
    ///
    ///     try table.resolve(plainPath: "/album/12")?.route   // RouteID(rawValue: 1)
    ///     try table.resolve(plainPath: "/album/12?tab=info") // nil: not plain
    func resolve(plainPath text: String) throws -> RouteResolution? {
        try withFrozenLookup { lookup in
            guard let best = lookup.bestIfPlain(text) else { return nil }
            return try resolution(best, plainPath: text)
        }
    }

    /// `resolve` for a location already parsed (its path normalised): a plain one is split once more
    /// for the lookup, and a query or fragment is kept as parsed instead of written out and read back.
    func resolve(_ location: Location) throws -> RouteResolution {
        if location.query.isEmpty && location.fragment == nil { return try resolve(location.path) }
        return try withFrozenLookup { lookup in try resolution(at: location, in: lookup) }
    }

    /// A plain path (the common case) is its own location: no query, no fragment, nothing to copy.
    private func resolution(_ best: RouteLookup.Best, plainPath path: String) throws -> RouteResolution {
        switch best {
        case .none:
            return .unmatched
        case .found(let declaration, let spans):
            if let types = declaration.takeUnretainedValue().parameterTypes, try !fits(types, path, spans) {
                return try firstValidated(at: Location(path: path))
            }
            return RouteResolution(RouteInfo(path: path, route: declaration.takeUnretainedValue(), spans: spans))
        case .needsFullSearch:
            return try firstValidated(at: Location(path: path))
        }
    }

    /// `resolve` for a plain path followed by a `?query` or `#fragment`, which is kept as written and
    /// parsed only when the info's query or fragment is read (issue 37: decoding it at once cost a lookup
    /// about 20,000 instructions). Nil for any other text.
    private func resolution(beforeQuery text: String, in lookup: RouteLookup) throws -> RouteResolution? {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> (RouteLookup.Best, Int)? in
            lookup.best(beforeQuery: bytes).map { ($0, PathSegmenter.pathEnd(bytes)) }
        }
        guard case let (best, end)?? = found else { return nil }
        switch best {
        case .none:
            return .unmatched
        case .found(let declaration, let spans):
            // The path ends at a `?` or `#`, an ASCII byte: a boundary of the text's scalars.
            if let types = declaration.takeUnretainedValue().parameterTypes, try !fits(types, text, spans) {
                return try firstValidated(at: Location(parsing: text))
            }
            let pathEnd = text.utf8.index(text.utf8.startIndex, offsetBy: end)
            return RouteResolution(RouteInfo(path: String(text[..<pathEnd]), route: declaration.takeUnretainedValue(),
                                             spans: spans, written: text[pathEnd...]))
        case .needsFullSearch:
            return try firstValidated(at: Location(parsing: text))
        }
    }

    private func resolution(at location: Location, in lookup: RouteLookup) throws -> RouteResolution {
        switch lookup.best(location.path) {
        case .none:
            return .unmatched
        case .found(let declaration, let spans):
            if let types = declaration.takeUnretainedValue().parameterTypes, try !fits(types, location.path, spans) {
                return try firstValidated(at: location)
            }
            return RouteResolution(RouteInfo(path: location.path, route: declaration.takeUnretainedValue(),
                                             spans: spans, query: location.query, fragment: location.fragment))
        case .needsFullSearch:
            return try firstValidated(at: location)
        }
    }

    /// Whether a typed winner's values fit (issue 33), read from the spans of its match in `text`
    /// before any info is made; one that does not fit sends the path to the full search, where the next
    /// candidate is found. Only typed routes come here: an untyped winner pays one comparison.
    @inline(never)
    private func fits(_ types: ParameterTypes, _ text: String, _ spans: Parameters.InlineSpans) throws -> Bool {
        if let fits = try text.utf8.withContiguousStorageIfAvailable({ bytes in try types.fit(bytes, spans) }) { return fits }
        var text = text
        return try text.withUTF8 { bytes in try types.fit(bytes, spans) }
    }

    /// The best candidate whose validator (if any) accepts.
    private func firstValidated(at location: Location) throws -> RouteResolution {
        for candidate in lookup.all(location.path) {
            if let info = try validated(candidate, at: location) {
                return RouteResolution(info)
            }
        }
        return .unmatched
    }

    /// `body` with the frozen lookup (frozen first if routes changed), borrowed without a retain.
    ///
    /// Retaining it costs two atomic operations a match: 63 instructions of a `match`'s 1,597 and 48 of a
    /// `nav.push` + `nav.pop` pair's 4,987 (callgrind, `switchyard-bench --loop match|lua-push-pop
    /// parameter-heavy 1000 10000`, Benchmarks/README.md). It is safe on a match's path:
    /// `cachedLookup` keeps the lookup alive, and nothing on that path replaces it before its last use
    /// there (validators, which could declare routes, run last and read `lookup` themselves).
    @inline(__always)
    func withFrozenLookup<Result>(_ body: (RouteLookup) throws -> Result) rethrows -> Result {
        if unretainedLookup == nil { _ = freezeLookup() }
        return try unretainedLookup.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }
}

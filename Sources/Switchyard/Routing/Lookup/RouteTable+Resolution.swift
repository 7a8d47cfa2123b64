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

    /// What the lookup's miss of `text` lands at where a plain path is resolved in one pass
    /// (`RouteTable.resolve(plainPath:)`, and `nav.push`'s handed-over path, which takes the lookup's
    /// answers alike): `unmatched` for a plain path; nil for text that is not plain (the path before a
    /// query; a path with an empty segment, which the lookup calls a miss without normalising it), which
    /// then lands at its normalised path. Asked in the miss's own case, not of every answer in the
    /// lookup's closure, where every hit paid for the test (4 instructions a `nav.push`).
    static func miss(of text: String) -> RouteResolution? {
        text.utf8.withContiguousStorageIfAvailable(PathSegmenter.isPlain) ?? false ? .unmatched : nil
    }
}

// The one place a path is resolved to a route: the frozen lookup's answer (`RouteLookup.find`), then,
// when it leaves the decision to the candidates (a validator, or more parameters than a match keeps
// inline), every candidate in rank order until a validator accepts. Every navigator landing comes here;
// `match` and `withMatch` (and so the Lua `match`) take the same `find`'s hit or miss as it is and come
// here for the rest; `firstMatch` is `find` without validators.
extension RouteTable {
    /// Resolves text that may carry "?query#fragment" or dot segments (normalised first).
    ///
    ///     try table.resolve("/album/12?tab=info").route   // RouteID(rawValue: 1)
    @usableFromInline
    func resolve(_ text: String) throws -> RouteResolution {
        try withFrozenLookup { lookup in
            // A plain path's hit or miss (the common answers) here; the rest out of line: through the
            // one `resolution`, a `match` miss cost 46 instructions more (1,783 against 1,737; callgrind,
            // `--counted-loop match misses 1000`).
            var spans = Parameters.InlineSpans()
            switch text.utf8.withContiguousStorageIfAvailable({ lookup.find($0, spans: &spans) }) {
            case .hit(let declaration)?:
                return RouteResolution(RouteInfo(path: text, route: declaration.takeUnretainedValue(), spans: spans))
            case .unsettled(.miss)?:
                return .unmatched
            case let found:
                return try resolution(found ?? .needsNormalising, spans, of: text, in: lookup)
            }
        }
    }

    /// `resolve` for `text` given what `find` answered for its bytes (nil: the text is not contiguous),
    /// an answer that is not a hit (whose spans are the caller's): `match` comes here with the answer it
    /// did not take itself instead of looking the text up again.
    @usableFromInline
    func resolve(_ found: RouteFind?, of text: String) throws -> RouteResolution {
        try withFrozenLookup { lookup in
            // (A hit's spans are not here: `match` takes every hit itself.)
            assert(found.map { if case .unsettled = $0 { true } else { false } } ?? true, "a hit is taken with its spans")
            return try resolution(found ?? .needsNormalising, Parameters.InlineSpans(), of: text, in: lookup)
        }
    }

    /// `resolve` for text that is already a plain normalised path (no query, fragment or dot segment; the
    /// common case for a navigator), or nil for any other text, which `Location(parsing:)` must read first.
    /// One pass over the text checks it and finds its route, where parsing a location and matching its
    /// path would read it twice.
    ///
    ///     try table.resolve(plainPath: "/album/12")?.route   // RouteID(rawValue: 1)
    ///     try table.resolve(plainPath: "/album/12?tab=info") // nil: not plain
    /// (`Navigator.landElsewhere(handingOver:from:)` takes the lookup's answers as this does, for
    /// `nav.push`'s path: a change here is made there too; `NavPushHandedOverPathTests` holds them alike.)
    func resolve(plainPath text: String) throws -> RouteResolution? {
        try withFrozenLookup { lookup in
            var spans = Parameters.InlineSpans()
            switch text.utf8.withContiguousStorageIfAvailable({ lookup.find($0, spans: &spans) }) {
            case nil, .unsettled(.needsNormalising)?, .hitBeforeQuery?: return nil
            case .hit(let declaration)?:
                return RouteResolution(RouteInfo(path: text, route: declaration.takeUnretainedValue(), spans: spans))
            case .unsettled(.miss)?: return .miss(of: text)
            case let found?: return try resolution(found, spans, of: text, in: lookup)
            }
        }
    }

    /// `resolve` for a location already parsed (its path normalised): a plain one is found as text, and a
    /// query or fragment is kept as parsed instead of written out and read back.
    func resolve(_ location: Location) throws -> RouteResolution {
        if location.query.isEmpty && location.fragment == nil { return try resolve(location.path) }
        return try withFrozenLookup { lookup in try resolution(at: location, in: lookup) }
    }

    /// `resolve` for a plain normalised path that `find` left to the candidates (`needsCandidates`):
    /// `withMatch` comes here with the answer it already has instead of looking the path up again.
    @usableFromInline
    func resolve(candidatesOf path: String) throws -> RouteResolution {
        try firstValidated(at: Location(path: path))
    }

    /// What `found`, the lookup's answer for `text` (a hit's spans `spans`), resolves to. A plain path
    /// (the common case) is its own location: no query, no fragment, nothing to copy. A path followed
    /// by a `?query` or `#fragment` keeps the rest as written, parsed only when the info's query or
    /// fragment is read (issue 37: decoding it at once cost a lookup about 20,000 instructions).
    @inline(never)
    private func resolution(_ found: RouteFind, _ spans: Parameters.InlineSpans, of text: String,
                            in lookup: RouteLookup) throws -> RouteResolution {
        switch found {
        case .unsettled(.miss):
            return .unmatched
        case .hit(let declaration):
            return RouteResolution(RouteInfo(path: text, route: declaration.takeUnretainedValue(), spans: spans))
        case .hitBeforeQuery(let declaration):
            // The info keeps the text whole (no copy, no allocation): its path ends at the first `?` or
            // `#`, and what follows is parsed only when the query or fragment is read.
            let end = text.utf8.withContiguousStorageIfAvailable(PathSegmenter.pathEnd) ?? 0
            return RouteResolution(RouteInfo(text: text, pathEnd: Int32(end), route: declaration.takeUnretainedValue(),
                                             spans: spans))
        case .unsettled(.needsCandidates):
            // (The text is a plain path: its own location.)
            return try firstValidated(at: Location(path: text))
        case .unsettled(.needsNormalising):
            return try resolution(at: Location(parsing: text), in: lookup)
        }
    }

    private func resolution(at location: Location, in lookup: RouteLookup) throws -> RouteResolution {
        var spans = Parameters.InlineSpans()
        switch lookup.find(normalised: location.path, spans: &spans) {
        case .unsettled(.miss), .unsettled(.needsNormalising), .hitBeforeQuery:
            // (`find(normalised:)` answers neither of the last two.)
            return .unmatched
        case .hit(let declaration):
            return RouteResolution(RouteInfo(path: location.path, route: declaration.takeUnretainedValue(),
                                             spans: spans, query: location.query, fragment: location.fragment))
        case .unsettled(.needsCandidates):
            return try firstValidated(at: location)
        }
    }

    /// The best candidate whose validator (if any) accepts: the one search's winner when it has no
    /// validator, else every candidate in rank order.
    private func firstValidated(at location: Location) throws -> RouteResolution {
        switch lookup.settledCandidate(location.path) {
        case .miss: return .unmatched
        case .winner(let candidate): return RouteResolution(lookup.info(candidate, at: location))
        case .needsEvery: break
        }
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
    // Safety: as above; `cachedLookup` is the owner. 63 of 1,597 instructions (3.9 %) is under issue
    // 32's 5 % bar, but taking it out would move `match` past the 2 % its counts may move: kept, and
    // the one unretained reference to the lookup.
    @inline(__always)
    func withFrozenLookup<Result>(_ body: (RouteLookup) throws -> Result) rethrows -> Result {
        if unretainedLookup == nil { _ = freezeLookup() }
        return try unretainedLookup.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }
}

// Lending a match: `withMatch` hands the closure a view of the winner without building an owned
// result. Both it and `match` (through `resolve`) start from the same lookup, `RouteLookup.find`. A path
// (perhaps followed by a `?query` or `#fragment`) whose winner the lookup settles is lent as spans of the
// caller's own bytes; anything else is resolved (`resolve`) and lent from the resolution.
extension RouteTable {
    /// The best match after validators, lent to `body` (nil when nothing matched); returns what `body`
    /// returns. `path` may carry "?query#fragment"; it is normalised first. Rethrows a validator's error
    /// and `body`'s. For hot paths: nothing is allocated or retained unless `body` asks for it.
    ///
    ///     let id = try table.withMatch("/album/12") { match in match?[parameter: "id"] }   // "12"
    @inlinable
    public func withMatch<Result>(_ path: String, _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        // (`withContiguousStorageIfAvailable` gives nil only for text that is not contiguous.)
        if let lent = try path.utf8.withContiguousStorageIfAvailable({ bytes in
            try withSpans { spans in try lend(find(bytes, into: spans), spans.pointee, of: bytes, orResolve: path, body) }
        }) {
            return lent
        }
        return try withResolved(path, body)
    }

    /// `withMatch` over a path's UTF-8 bytes, for bridges whose strings are bytes already (the Lua
    /// `match`): the same match as `withMatch(String(decoding: bytes, as: UTF8.self))`, without making that
    /// `String` when the path is plain ASCII. The view's spans then point into `bytes`.
    ///
    ///     try Array("/album/12".utf8).withUnsafeBufferPointer { path in
    ///         try table.withMatch(utf8: path) { $0?[parameter: "id"] }   // "12"
    ///     }
    package func withMatch<Result>(utf8 bytes: UnsafeBufferPointer<UInt8>,
                                  _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        // Bytes that are not ASCII might not be UTF-8, which `String(decoding:)` would repair first: only
        // a `String` can say what the match of such a path is.
        if Self.isASCII(bytes) {
            var spans = Parameters.InlineSpans()
            return try lend(find(bytes, spans: &spans), spans, of: bytes, orResolve: String(decoding: bytes, as: UTF8.self), body)
        }
        return try withResolved(String(decoding: bytes, as: UTF8.self), body)
    }

    /// Whether every byte is below 0x80, eight at a time (a path of 30 bytes: 4 words, not 30 compares).
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
        let words = bytes.count / 8
        var high: UInt64 = 0
        for index in 0..<words { high |= base.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
        for index in (words * 8)..<bytes.count { high |= UInt64(bytes[index]) }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The lookup of a path's bytes (`RouteLookup.find`), a hit's spans left in `spans`: memory for one
    /// `InlineSpans` in the caller's frame, initialised here (all absent, as the lookup takes them),
    /// which the caller reads after. The answer is the declaration and its kind alone, one word,
    /// returned in a register (issue 37, eighteenth session: with the spans, its 48 bytes went through
    /// memory, written here and read back by the caller, and a hit's spans were copied from the
    /// lookup's frame into it and from it into the view or the match).
    // Safety: `spans` points to memory for one `InlineSpans`, initialised or not (it is trivial), that
    // the caller holds for the call (`withSpans`, or a variable's address).
    @usableFromInline
    func find(_ bytes: UnsafeBufferPointer<UInt8>, into spans: UnsafeMutablePointer<Parameters.InlineSpans>) -> RouteFind {
        spans.initialize(to: Parameters.InlineSpans())
        return withFrozenLookup { lookup in lookup.find(bytes, spans: &spans.pointee) }
    }

    /// `find(_:into:)` for spans a caller holds in a variable it initialised all absent
    /// (`Parameters.InlineSpans()`, `.absent`). `match` comes here: its match made inside `withSpans`'
    /// closure was retained as it left it (a parameter-heavy `match` 571.0 against 417.0), and through
    /// `find(_:into:)` its spans were initialised twice (every `match` row 4 more). So do the Lua
    /// `match`'s ways in, generic and not inlinable, which did not inline `withSpans`' closure (a
    /// `lua-match` miss 1,586.4 against 1,068.3).
    @usableFromInline
    func find(_ bytes: UnsafeBufferPointer<UInt8>, spans: inout Parameters.InlineSpans) -> RouteFind {
        withFrozenLookup { lookup in lookup.find(bytes, spans: &spans) }
    }

    /// `body` given memory for one lookup's spans (`find(_:into:)`) on the caller's stack, left for
    /// `find` to initialise: a variable initialised by `withMatch` instead counted misses 298.0 against
    /// 295.0 and a static hit 159.3 against 156.3 (its loop stored the 40 bytes and spilled two more
    /// registers). (`match` keeps a variable: `find(_:spans:)`.)
    @inlinable @inline(__always)
    func withSpans<Result>(_ body: (UnsafeMutablePointer<Parameters.InlineSpans>) throws -> Result) throws -> Result {
        // Safety: one trivial `InlineSpans`, alive while `body` runs, which hands it to `find` and reads
        // it after; a temporary allocation of one value has a base address.
        try withUnsafeTemporaryAllocation(of: Parameters.InlineSpans.self, capacity: 1) { spans in
            try body(spans.baseAddress.unsafelyUnwrapped)
        }
    }

    /// `body` given what `find` decided for `bytes`, a hit's spans `spans`: the view of a hit, nil
    /// for a miss, and for anything else the match `resolve` makes of `text` (the same text).
    @inlinable
    func lend<Result>(_ found: RouteFind, _ spans: Parameters.InlineSpans,
                      of bytes: UnsafeBufferPointer<UInt8>, orResolve text: @autoclosure () -> String,
                      _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        switch found {
        case .unsettled(.miss): return try body(nil)
        case .hit(let declaration):
            return try body(RouteMatchView(route: RouteID(rawValue: Int(declaration.takeUnretainedValue().routeIndex)),
                                           source: .spans(bytes, declaration, spans)))
        case .hitBeforeQuery(let declaration):
            return try body(RouteMatchView(route: RouteID(rawValue: Int(declaration.takeUnretainedValue().routeIndex)),
                                           source: .spansBeforeQuery(bytes, declaration, spans)))
        case .unsettled(.needsCandidates):
            // A plain path: resolved from its candidates at once, not looked up a second time.
            return try withResolved(candidatesOf: text(), body)
        case .unsettled(.needsNormalising):
            return try withResolved(text(), body)
        }
    }

    // `lend`'s two resolving branches call out of line: inlined (with `lend`, into every caller of
    // `withMatch`), each destroyed its resolution there, field by field, and the caller's `withMatch`
    // and its closure were no longer inlined into its loop: `withMatch` +67 instructions a lookup on
    // every shape (issue 37, ninth session, Benchmarks/README.md).

    /// `withMatch` for a plain path the lookup left to the candidates, resolved from them.
    @usableFromInline @inline(never)
    func withResolved<Result>(candidatesOf path: String, _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        try withResolved(resolve(candidatesOf: path), body)
    }

    /// `withMatch` through a full resolution (validators, queries, normalising), lent from the stack.
    @usableFromInline @inline(never)
    func withResolved<Result>(_ path: String, _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        try withResolved(resolve(path), body)
    }

    /// `body` given a resolution, lent from the stack.
    @usableFromInline
    func withResolved<Result>(_ resolution: RouteResolution, _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        var found = resolution
        guard let route = found.route else { return try body(nil) }
        return try withUnsafePointer(to: &found.info) { info in
            try body(RouteMatchView(route: route, source: .info(info)))
        }
    }
}

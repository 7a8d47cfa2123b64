// Lending a match: `withMatch` hands the closure a view of the winner without building an owned
// result. Both it and `match` (through `resolve`) start from the same lookup, `best(plain:)`. A plain path whose winner has no validator (the common case) is
// settled by the one-pass walk and lent as spans of the caller's own bytes; anything else is resolved
// as before (`resolve`) and lent from the resolution.
extension RouteTable {
    /// What `lend` found in a path's bytes.
    @usableFromInline enum Lent {
        case unmatched
        case matched(RouteMatchView)
        /// Not a plain path, or the winner has a validator: `resolve` decides.
        case needsResolution
    }

    /// The best match after validators, lent to `body` (nil when nothing matched); returns what `body`
    /// returns. `path` may carry "?query#fragment"; it is normalised first. Rethrows a validator's error
    /// and `body`'s. For hot paths: nothing is allocated or retained unless `body` asks for it.
    ///
    ///     let id = try table.withMatch("/album/12") { match in match?[parameter: "id"] }   // "12"
    @inlinable
    public func withMatch<Result>(_ path: String, _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        let lent: Result?? = try path.utf8.withContiguousStorageIfAvailable { bytes -> Result? in
            switch lend(bytes) {
            case .unmatched: return try body(nil)
            case .matched(let view): return try body(view)
            case .needsResolution: return nil
            }
        }
        if case .some(.some(let result)) = lent { return result }
        return try withResolved(path, body)
    }

    /// `withMatch` over a path's UTF-8 bytes, for bridges whose strings are bytes already (the Lua
    /// `match`): the same match as `withMatch(String(decoding: bytes, as: UTF8.self))`, without making that
    /// `String` when the path is plain ASCII. The view's spans then point into `bytes`.
    ///
    ///     try Array("/album/12".utf8).withUnsafeBufferPointer { path in
    ///         try table.withMatch(utf8: path) { $0?[parameter: "id"] }   // "12"
    ///     }
    public func withMatch<Result>(utf8 bytes: UnsafeBufferPointer<UInt8>,
                                  _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        // Bytes that are not ASCII might not be UTF-8, which `String(decoding:)` would repair first: only
        // a `String` can say what the match of such a path is.
        if Self.isASCII(bytes) {
            switch lend(bytes) {
            case .unmatched: return try body(nil)
            case .matched(let view): return try body(view)
            case .needsResolution: break
            }
        }
        return try withResolved(String(decoding: bytes, as: UTF8.self), body)
    }

    /// Whether every byte is below 0x80, eight at a time (a path of 30 bytes: 4 words, not 30 compares).
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
        let words = bytes.count / 8
        var high: UInt64 = 0
        for index in 0..<words { high |= base.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
        for index in (words * 8)..<bytes.count { high |= UInt64(bytes[index]) }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The one-pass lookup of a path's bytes, valid while they are.
    @usableFromInline
    func lend(_ bytes: UnsafeBufferPointer<UInt8>) -> Lent {
        withFrozenLookup { lookup in
            switch lookup.best(plain: bytes) {
            case .none?:
                return .unmatched
            case .found(let declaration, let spans)?:
                // A typed route's values are read in place; one that does not fit goes to `resolve`, where
                // validators run and the next candidate is found.
                if let types = declaration.takeUnretainedValue().parameterTypes,
                   (try? types.fit(bytes, spans)) != true { return .needsResolution }
                let route = RouteID(rawValue: Int(declaration.takeUnretainedValue().routeIndex))
                return .matched(RouteMatchView(route: route, source: .spans(bytes, declaration, spans)))
            case .needsFullSearch?:
                return .needsResolution
            case nil:
                return lent(beforeQuery: bytes, lookup)
            }
        }
    }

    /// `lend` for text that is not a plain path: the path before a `?query` or `#fragment`, when that is
    /// plain, is lent the same way, its query parsed only if `info` is read (issue 37: a lookup with a
    /// query went through `resolve`, which decodes it into a dictionary at once, about 20,000
    /// instructions).
    @inline(never)
    private func lent(beforeQuery bytes: UnsafeBufferPointer<UInt8>, _ lookup: RouteLookup) -> Lent {
        switch lookup.best(beforeQuery: bytes) {
        case .none?:
            return .unmatched
        case .found(let declaration, let spans)?:
            if let types = declaration.takeUnretainedValue().parameterTypes,
               (try? types.fit(UnsafeBufferPointer(rebasing: bytes[..<PathSegmenter.pathEnd(bytes)]), spans)) != true {
                return .needsResolution
            }
            let route = RouteID(rawValue: Int(declaration.takeUnretainedValue().routeIndex))
            return .matched(RouteMatchView(route: route, source: .spansBeforeQuery(bytes, declaration, spans)))
        case .needsFullSearch?, nil:
            return .needsResolution
        }
    }

    /// `withMatch` through a full resolution (validators, queries, normalising), lent from the stack.
    @usableFromInline
    func withResolved<Result>(_ path: String, _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        var found = try resolve(path)
        guard let route = found.route else { return try body(nil) }
        return try withUnsafePointer(to: &found.info) { info in
            try body(RouteMatchView(route: route, source: .info(info)))
        }
    }
}

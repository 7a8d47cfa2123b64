// Lending a match of text whose caller already knows where its path ends (Lua's `match`, which scans
// for the `?` or `#` itself to read the query and fragment from the same bytes).
extension RouteTable {
    /// `withMatch(utf8:)` for text whose path ends at `pathEnd`, a `?` or `#` there: the path
    /// before it is looked up alone, as `RouteLookup`'s own lookup of the path before a query does, and a
    /// hit is lent as spans of the path within `bytes` (the rest read from `bytes` when asked). Anything
    /// the lookup of the path alone does not settle (a validator, which must see the parsed query; text
    /// to normalise; more parameters than a hit holds) is matched from the whole text, as
    /// `withMatch(utf8:)` matches it. The same match as `withMatch(utf8: bytes)`, without the walk
    /// tracing the text to its `?` and back (issue 37: Lua's `match()` with a query, 10,219 instructions
    /// against 6,600 for a plain hit).
    ///
    ///     try Array("/album/12?tab=info".utf8).withUnsafeBufferPointer { text in
    ///         try table.withMatch(utf8: text, pathEnd: 9) { $0?.info.query["tab"] }   // "info"
    ///     }
    package func withMatch<Result>(utf8 bytes: UnsafeBufferPointer<UInt8>, pathEnd: Int,
                                  _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        precondition(pathEnd >= 0 && pathEnd < bytes.count, "withMatch(utf8:pathEnd:): the path must end before the text")
        // Text that is not ASCII is matched as a `String` (`withMatch(utf8:)`), which repairs any byte
        // that is not UTF-8 in the query too.
        guard Self.isASCII(bytes) else { return try withMatch(utf8: bytes, body) }
        var spans = Parameters.InlineSpans()
        switch find(UnsafeBufferPointer(rebasing: bytes[..<pathEnd]), spans: &spans) {
        case .hit(let declaration):
            return try body(RouteMatchView(route: RouteID(rawValue: Int(declaration.takeUnretainedValue().routeIndex)),
                                           source: .spansBeforeQuery(bytes, declaration, spans)))
        case .unsettled(.miss):
            // No route has this path (the lookup's miss asks no validator): none has it with a query.
            return try body(nil)
        case .hitBeforeQuery, .unsettled(.needsCandidates), .unsettled(.needsNormalising):
            return try withMatch(utf8: bytes, body)
        }
    }
}

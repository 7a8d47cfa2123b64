/// A match lent to the closure of `RouteTable.withMatch`: the route, and its parameters as spans of
/// the path the caller passed. Nothing is copied, retained or decoded until it is read, so a lookup
/// that only needs the route or a value or two makes no object at all. Valid only inside the closure
/// (it points into the caller's string); `info` makes an owned copy to keep.
///
///     let id = try table.withMatch("/album/12?tab=info") { match in match?[parameter: "id"] }   // "12"
///     let route = try table.withMatch("/album/12") { $0?.route }                              // RouteID 1
public struct RouteMatchView {
    /// The route that won (after validators).
    ///
    ///     try table.withMatch("/album/12") { $0?.route }
    public let route: RouteID
    @usableFromInline let source: Source

    /// Where the match's parts are: spans of the caller's path bytes (a plain path whose winner has no
    /// validator: the common case), spans of the plain path that starts the caller's text, the rest
    /// being a `?query` or `#fragment` (read only by `info`), or a resolution's info on the lender's
    /// stack (anything else).
    // Safety: the buffer is the caller's path, pinned by `withMatch(utf8:)` or `withMatch(_:)` for the
    // whole closure this view is lent to, and the declaration is held by the route table, which no
    // code on that path changes; the view cannot escape the closure (documented, and `info` copies).
    // Lending spans of the caller's bytes rather than a `RouteInfo` is what makes `withMatch` half a
    // `match`: 637 against 1,228 instructions a GitHub API lookup (`switchyard-bench --counted-loop
    // withMatch|match github-rest 453` under callgrind, Benchmarks/README.md, case 11).
    @usableFromInline enum Source {
        case spans(UnsafeBufferPointer<UInt8>, Unmanaged<RouteDeclaration>, Parameters.InlineSpans)
        case spansBeforeQuery(UnsafeBufferPointer<UInt8>, Unmanaged<RouteDeclaration>, Parameters.InlineSpans)
        case info(UnsafePointer<RouteInfo>)
    }

    @usableFromInline init(route: RouteID, source: Source) {
        self.route = route
        self.source = source
    }

    /// The route's pattern text.
    package var pattern: String {
        switch source {
        case .spans(_, let declaration, _), .spansBeforeQuery(_, let declaration, _):
            declaration.takeUnretainedValue().patternText
        case .info(let info): info.pointee.pattern
        }
    }

    /// Whether the route has typed parameters or meta (issue 33): a bridge that hands values out coerced,
    /// and the meta beside them, reads them from `info` then.
    package var hasDeclaredExtras: Bool {
        switch source {
        case .spans(_, let declaration, _), .spansBeforeQuery(_, let declaration, _):
            declaration.takeUnretainedValue().extras != nil
        case .info(let info):
            info.pointee.params.types != nil || info.pointee.params.meta != nil || info.pointee.params.querySchema != nil
        }
    }

    /// How many parameters have a value (an absent optional one has none).
    ///
    ///     try table.withMatch("/album/12") { $0?.parameterCount }   // 1
    /// Inlinable: left to the cross-module optimisation, it was a call (7 instructions a `withMatch`,
    /// and the caller's closure kept out of line around it; issue 37, ninth session).
    @inlinable public var parameterCount: Int {
        switch source {
        case .spans(_, _, let spans), .spansBeforeQuery(_, _, let spans): Int(spans.present)
        case .info(let info): info.pointee.params.count
        }
    }

    /// A parameter's decoded value; nil when the pattern has no such parameter or an optional one is
    /// absent.
    ///
    ///     try table.withMatch("/artist/Charles%20Mingus") { $0?[parameter: "name"] }   // "Charles Mingus"
    package subscript(parameter name: String) -> String? {
        switch source {
        case .spans(let bytes, let declaration, let spans), .spansBeforeQuery(let bytes, let declaration, let spans):
            let names = declaration.takeUnretainedValue().names.names
            guard let index = names.firstIndex(of: name), index < Int(spans.count) else { return nil }
            let span = spans[index]
            guard span.start >= 0 else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
            return PercentCoding.decode(text)
        case .info(let info):
            return info.pointee.params[name]
        }
    }

    /// For bridges that build from the caller's bytes themselves (Lua's `match`): how many parameters
    /// the pattern has when the match is lent spans of the path (nil for a resolved match, and for text
    /// with a query or fragment, whose info is not the text alone). With
    /// `lentSpan`, no buffer, name or pattern is touched: SwitchyardLua's `withUTF8Parts` costs 750
    /// instructions a match.
    package var lentSpanCount: Int? {
        guard case .spans(_, _, let spans) = source else { return nil }
        return Int(spans.count)
    }

    /// The span of the path holding parameter `index` (in pattern order) as written, not decoded; nil
    /// when it is absent. Only for a lent match (`lentSpanCount` not nil), `index` below that count.
    package func lentSpan(_ index: Int) -> Range<Int>? {
        guard case .spans(_, _, let spans) = source else { return nil }
        let span = spans[index]
        return span.start >= 0 ? span.start..<span.end : nil
    }

    /// The pattern's UTF-8 and the parameters as bytes of the caller's path, valid inside `body`: the
    /// hook of a bridge that copies a match out with no `String` made (SwitchyardLua's `withUTF8Parts`).
    /// False, and `body` not called, for a resolved match (not a plain path, or a validator ran): read
    /// `info` instead. Not generic, so a call from another module looks up no metadata.
    package func withBytes(_ body: (_ pattern: UnsafeBufferPointer<UInt8>, _ parameters: ParameterBytes) -> Void) -> Bool {
        guard case .spans(let bytes, let declaration, let spans) = source else { return false }
        Self.lend(bytes, declaration, spans, to: body)
        return true
    }

    /// The pattern's UTF-8 and the parameters at `spans` of `bytes` lent to `body` (`withBytes`, and
    /// `withBytesBeforeQuery` for the path before a query).
    @inline(__always)
    static func lend(_ bytes: UnsafeBufferPointer<UInt8>, _ declaration: Unmanaged<RouteDeclaration>,
                     _ spans: Parameters.InlineSpans,
                     to body: (_ pattern: UnsafeBufferPointer<UInt8>, _ parameters: ParameterBytes) -> Void) {
        let route = declaration.takeUnretainedValue()
        let names = route.names
        var pattern = route.pattern.text
        pattern.withUTF8 { pattern in
            names.pool.withUnsafeBufferPointer { pool in
                names.offsets.withUnsafeBufferPointer { offsets in
                    body(pattern, ParameterBytes(text: bytes, names: (pool, offsets), inline: spans,
                                                 overflow: UnsafeBufferPointer(start: nil, count: 0), escaped: true))
                }
            }
        }
    }

    /// The whole match as an owned value, to keep after the closure returns.
    ///
    ///     try table.withMatch("/album/12") { $0?.info.params["id"] }
    public var info: RouteInfo {
        switch source {
        case .spans(let bytes, let declaration, let spans):
            // Lent spans are of a plain path, which is its own normalised path.
            RouteInfo(path: String(decoding: bytes, as: UTF8.self), route: declaration.takeUnretainedValue(), spans: spans)
        case .spansBeforeQuery(let bytes, let declaration, let spans):
            // The path is plain up to its first `?` or `#`; the rest is parsed when it is read.
            RouteInfo(text: String(decoding: bytes, as: UTF8.self), pathEnd: Int32(PathSegmenter.pathEnd(bytes)),
                      route: declaration.takeUnretainedValue(), spans: spans)
        case .info(let info):
            info.pointee
        }
    }
}

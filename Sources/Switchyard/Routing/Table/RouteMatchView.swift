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
        case .info(let info): info.pointee.params.types != nil || info.pointee.params.meta != nil
        }
    }

    /// How many parameters have a value (an absent optional one has none).
    ///
    ///     try table.withMatch("/album/12") { $0?.parameterCount }   // 1
    public var parameterCount: Int {
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
    /// `lentSpan`, no buffer, name or pattern is touched: `withUTF8Parts` costs 750 instructions a match.
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

    /// One parameter of a lent match, as `withUTF8Parts` gives it.
    package struct UTF8Parameter {
        package let name: UnsafeBufferPointer<UInt8>
        /// Nil for an optional parameter that is absent.
        package let value: UnsafeBufferPointer<UInt8>?
    }

    /// For bridges that copy a match out (the Lua info table), with no `String` made: the UTF-8 of the
    /// pattern and of every parameter of the pattern, in pattern order, absent ones included (a bridge
    /// may keep what it made of a route's names by position), valid inside `body`. A value without '%'
    /// is its span of the caller's bytes as it is; one with '%' is decoded (by `PercentCoding.decode`,
    /// into a buffer made for the call). `body` returns a C status. Nil for a resolved match (not a plain
    /// path, or a validator ran): read `info` instead. Not generic, so a call from another module looks
    /// up no metadata.
    package func withUTF8Parts(_ body: (_ pattern: UnsafeBufferPointer<UInt8>,
                                        _ parameters: UnsafeBufferPointer<UTF8Parameter>) -> Int32) -> Int32? {
        guard case .spans(let bytes, let declaration, let spans) = source else { return nil }
        // The route table holds the declaration for the whole lookup: borrowed, not retained.
        return declaration._withUnsafeGuaranteedRef { route in
            Self.withUTF8Parts(of: route, bytes, spans, body)
        }
    }

    private static func withUTF8Parts(of route: RouteDeclaration, _ bytes: UnsafeBufferPointer<UInt8>,
                                      _ spans: Parameters.InlineSpans,
                                      _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UTF8Parameter>) -> Int32) -> Int32 {
        let names = route.names
        var pattern = route.pattern.text
        return pattern.withUTF8 { pattern in
            names.pool.withUnsafeBufferPointer { pool in
                withUnsafeTemporaryAllocation(of: UTF8Parameter.self, capacity: Int(spans.count)) { parameters in
                    var escaped = false
                    for index in 0..<Int(spans.count) {
                        let span = spans[index]
                        let name = UnsafeBufferPointer(rebasing: pool[names.offsets[index]..<names.offsets[index + 1]])
                        var value: UnsafeBufferPointer<UInt8>?
                        if span.start >= 0 {
                            value = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
                            escaped = escaped || value!.contains(UInt8(ascii: "%"))
                        }
                        parameters.initializeElement(at: index, to: UTF8Parameter(name: name, value: value))
                    }
                    if escaped { return Self.decoding(parameters) { body(pattern, $0) } }
                    return body(pattern, UnsafeBufferPointer(parameters))
                }
            }
        }
    }

    /// `body` with the parameters whose values hold '%' pointing at their decoded bytes instead.
    private static func decoding(_ parameters: UnsafeMutableBufferPointer<UTF8Parameter>,
                                 _ body: (UnsafeBufferPointer<UTF8Parameter>) -> Int32) -> Int32 {
        var decoded: [UInt8] = []
        var ranges: [(index: Int, range: Range<Int>)] = []
        for (index, parameter) in parameters.enumerated() {
            guard let value = parameter.value, value.contains(UInt8(ascii: "%")) else { continue }
            let start = decoded.count
            decoded += PercentCoding.decode(String(decoding: value, as: UTF8.self)).utf8
            ranges.append((index, start..<decoded.count))
        }
        return decoded.withUnsafeBufferPointer { decoded in
            for (index, range) in ranges {
                parameters[index] = UTF8Parameter(name: parameters[index].name,
                                                  value: UnsafeBufferPointer(rebasing: decoded[range]))
            }
            return body(UnsafeBufferPointer(parameters))
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
            RouteInfo(path: String(decoding: UnsafeBufferPointer(rebasing: bytes[..<PathSegmenter.pathEnd(bytes)]), as: UTF8.self),
                      route: declaration.takeUnretainedValue(), spans: spans,
                      written: Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[PathSegmenter.pathEnd(bytes)...]),
                                                as: UTF8.self)))
        case .info(let info):
            info.pointee
        }
    }
}

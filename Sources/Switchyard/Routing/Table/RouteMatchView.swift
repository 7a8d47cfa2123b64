/// A match lent to the closure of `RouteTable.withMatch`: the route, and its parameters as spans of
/// the path the caller passed. Nothing is copied, retained or decoded until it is read, so a lookup
/// that only needs the route or a value or two makes no object at all. Valid only inside the closure
/// (it points into the caller's string); `info` makes an owned copy to keep.
///
///     let id = try table.withMatch("/album/12?tab=info") { match in match?[parameter: "id"] }   // "12"
///     let route = try table.withMatch("/album/12") { $0?.route }                              // RouteID 1
public struct RouteMatchView {
    /// The route that won (after validators).
    public let route: RouteID
    @usableFromInline let source: Source

    /// Where the match's parts are: spans of the caller's path bytes (a plain path whose winner has no
    /// validator: the common case), or a resolution's info on the lender's stack (anything else).
    @usableFromInline enum Source {
        case spans(UnsafeBufferPointer<UInt8>, Unmanaged<RouteDeclaration>, Parameters.InlineSpans)
        case info(UnsafePointer<RouteInfo>)
    }

    @usableFromInline init(route: RouteID, source: Source) {
        self.route = route
        self.source = source
    }

    /// The route's pattern text.
    public var pattern: String {
        switch source {
        case .spans(_, let declaration, _): declaration.takeUnretainedValue().patternText
        case .info(let info): info.pointee.pattern
        }
    }

    /// How many parameters have a value (an absent optional one has none).
    public var parameterCount: Int {
        switch source {
        case .spans(_, _, let spans): Int(spans.present)
        case .info(let info): info.pointee.params.count
        }
    }

    /// A parameter's decoded value; nil when the pattern has no such parameter or an optional one is
    /// absent.
    ///
    ///     try table.withMatch("/artist/Charles%20Mingus") { $0?[parameter: "name"] }   // "Charles Mingus"
    public subscript(parameter name: String) -> String? {
        switch source {
        case .spans(let bytes, let declaration, let spans):
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

    /// The whole match as an owned value, to keep after the closure returns.
    public var info: RouteInfo {
        switch source {
        case .spans(let bytes, let declaration, let spans):
            // Lent spans are of a plain path, which is its own normalised path.
            RouteInfo(path: String(decoding: bytes, as: UTF8.self), route: declaration.takeUnretainedValue(), spans: spans)
        case .info(let info):
            info.pointee
        }
    }
}

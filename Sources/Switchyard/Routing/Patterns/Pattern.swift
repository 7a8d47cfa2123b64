/// A compiled pattern: "/album/:id", "/user/:id?", "/news/*", "/files/*path".
///
///     let pattern = try Pattern("album//:id/")
///     pattern.text            // "/album/:id"
///     pattern.parameterNames  // ["id"]
public struct Pattern: Hashable, Sendable, CustomStringConvertible {
    /// Normalised text, e.g. "/album/:id".
    ///
    ///     try Pattern("/album/:id").text   // "/album/:id"
    public let text: String

    /// Compiles and validates `text`; a malformed pattern throws a `RoutingError` ("invalid_pattern")
    /// whose message points at the column.
    ///
    ///     let pattern = try Pattern("/album/:id")
    public init(_ text: String) throws(RoutingError) {
        do { self = try Pattern.compiled(text).pattern } catch { throw RoutingError(.invalidPattern(error)) }
    }

    private init(normalised text: String) { self.text = text }

    /// The pattern of no route: what parameters built by hand report (`RouteDeclaration(names:)`).
    static let none = Pattern(normalised: "")

    /// The pattern and its segments from one compilation (declaring a route needs both).
    static func compiled(_ text: String) throws(PatternError) -> (pattern: Pattern, segments: [PatternSegment]) {
        let compilation = try PatternCompiler.compilation(of: text)
        return (Pattern(normalised: compilation.text), compilation.segments)
    }

    /// The segments, read back from the normalised text: a table keeps only the text of each pattern
    /// (100,000 routes must fit in a few tens of megabytes), and every segment's text says its kind.
    ///
    ///     try Pattern("/album/:id").segments   // [.literal("album"), .parameter("id")]
    package var segments: [PatternSegment] {
        // Split on the "/" bytes. The compiler splits at every "/" scalar, one followed by a combining
        // mark included, so non-ASCII text splits on scalars too (never on Characters).
        let bytes = Array(text.utf8)
        guard !bytes.contains(where: { $0 >= 0x80 }) else {
            return text.unicodeScalars.split(separator: "/").map { PatternSegment(normalised: Substring($0)) }
        }
        var segments: [PatternSegment] = []
        segments.reserveCapacity(bytes.count { $0 == UInt8(ascii: "/") })
        var start = 1
        for offset in bytes.indices.dropFirst() where bytes[offset] == UInt8(ascii: "/") {
            if start < offset { segments.append(PatternSegment(normalisedASCII: bytes[start..<offset])) }
            start = offset + 1
        }
        if start < bytes.count { segments.append(PatternSegment(normalisedASCII: bytes[start...])) }
        return segments
    }

    /// Each segment's `PatternSegment.specificity`, appended to `pool`: ranking reads them for every route.
    func appendSpecificities(to pool: inout [UInt8]) {
        forEachSpecificity { _, specificity in pool.append(specificity) }
    }

    /// Each segment's index and `PatternSegment.specificity`, in order, read from the text's bytes (no
    /// segment strings: building `segments` to read them cost the first lookup of a 1,000-route script
    /// 2M instructions). A compiled literal never starts with ":" or "*", and "/" bytes are exactly the
    /// "/" scalars the compiler splits on.
    func forEachSpecificity(_ body: (_ index: Int, _ specificity: UInt8) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            for offset in 0...bytes.count where offset == bytes.count || bytes[offset] == UInt8(ascii: "/") {
                defer { start = offset + 1 }
                guard start < offset else { continue }
                switch bytes[start] {
                case UInt8(ascii: ":"): body(index, bytes[offset - 1] == UInt8(ascii: "?") ? 2 : 1)
                case UInt8(ascii: "*"): body(index, 3)
                default: body(index, 0)
                }
                index += 1
            }
        }
    }

    /// Parameter names in order; a splat's name is "*" or its given name.
    package var parameterNames: [String] { segments.compactMap(\.parameterName) }

    public var description: String { text }
}

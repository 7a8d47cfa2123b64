/// A compiled pattern: "/album/:id", "/user/:id?", "/news/*", "/files/*path".
///
///     let pattern = try Pattern("album//:id/")
///     pattern.text            // "/album/:id"
///     pattern.parameterNames  // ["id"]
public struct Pattern: Hashable, Sendable, CustomStringConvertible {
    /// Normalised text, e.g. "/album/:id".
    public let text: String

    /// Compiles and validates `text`; a malformed pattern throws a `PatternError` pointing at the column.
    public init(_ text: String) throws(PatternError) {
        let segments = try PatternCompiler.compile(text)
        self.text = "/" + segments.map(\.text).joined(separator: "/")
    }

    /// The segments, read back from the normalised text: a table keeps only the text of each pattern
    /// (100,000 routes must fit in a few tens of megabytes), and every segment's text says its kind.
    public var segments: [PatternSegment] {
        var text = text
        return text.withUTF8 { bytes in
            // Split on the "/" bytes. The compiler splits at every "/" scalar, one followed by a combining
            // mark included, so non-ASCII text splits on scalars too (never on Characters).
            guard !bytes.contains(where: { $0 >= 0x80 }) else {
                return String(decoding: bytes, as: UTF8.self).unicodeScalars.split(separator: "/")
                    .map { PatternSegment(normalised: Substring($0)) }
            }
            return bytes.split(separator: UInt8(ascii: "/")).map { PatternSegment(normalisedASCII: UnsafeBufferPointer(rebasing: $0)) }
        }
    }

    /// Parameter names in order; a splat's name is "*" or its given name.
    public var parameterNames: [String] { segments.compactMap(\.parameterName) }

    public var description: String { text }
}

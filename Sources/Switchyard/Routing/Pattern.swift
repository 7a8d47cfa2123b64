/// A compiled pattern: "/album/:id", "/user/:id?", "/news/*", "/files/*path".
///
///     let pattern = try Pattern("album//:id/")
///     pattern.text            // "/album/:id"
///     pattern.parameterNames  // ["id"]
public struct Pattern: Hashable, Sendable, CustomStringConvertible {
    /// Normalised text, e.g. "/album/:id".
    public let text: String
    public let segments: [PatternSegment]

    /// Compiles and validates `text`; a malformed pattern throws a `PatternError` pointing at the column.
    public init(_ text: String) throws(PatternError) {
        self.segments = try PatternCompiler.compile(text)
        self.text = "/" + segments.map(\.text).joined(separator: "/")
    }

    /// Parameter names in order; a splat's name is "*" or its given name.
    public var parameterNames: [String] { segments.compactMap(\.parameterName) }

    public var description: String { text }
}

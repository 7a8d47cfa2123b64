/// One `/`-separated piece of a compiled pattern.
///
///     try Pattern("/files/:id?/*rest").segments
///     // [.literal("files"), .optional("id"), .splat("rest")]
package enum PatternSegment: Hashable, Sendable {
    case literal(String)
    case parameter(String)
    case optional(String)
    case splat(String)

    /// A segment as `text` writes it, from a compiled pattern (a literal never starts with `:` or `*`).
    init(normalised text: Substring) {
        switch text.first {
        case ":" where text.last == "?": self = .optional(String(text.dropFirst().dropLast()))
        case ":": self = .parameter(String(text.dropFirst()))
        case "*": self = .splat(text.count == 1 ? "*" : String(text.dropFirst()))
        default: self = .literal(String(text))
        }
    }

    /// `init(normalised:)` for ASCII text, byte by byte.
    init(normalisedASCII bytes: ArraySlice<UInt8>) {
        let (first, end) = (bytes.startIndex, bytes.endIndex)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        switch bytes.first {
        case UInt8(ascii: ":") where bytes.last == UInt8(ascii: "?"): self = .optional(text(first + 1..<end - 1))
        case UInt8(ascii: ":"): self = .parameter(text(first + 1..<end))
        case UInt8(ascii: "*"): self = .splat(bytes.count == 1 ? "*" : text(first + 1..<end))
        default: self = .literal(text(first..<end))
        }
    }

    /// The captured name, or nil for static text.
    package var parameterName: String? {
        switch self {
        case .literal: nil
        case .parameter(let name), .optional(let name), .splat(let name): name
        }
    }

    /// The segment as written in a pattern: `news`, `:id`, `:id?`, `*`, `*rest`.
    package var text: String {
        switch self {
        case .literal(let text): text
        case .parameter(let name): ":" + name
        case .optional(let name): ":" + name + "?"
        case .splat(let name): name == "*" ? "*" : "*" + name
        }
    }

    /// Specificity used for ranking: lower is more specific (static > parameter > optional > splat).
    var specificity: UInt8 {
        switch self {
        case .literal: 0
        case .parameter: 1
        case .optional: 2
        case .splat: 3
        }
    }

    var kindName: String {
        switch self {
        case .literal: "static"
        case .parameter: "parameter"
        case .optional: "optional parameter"
        case .splat: "splat"
        }
    }
}

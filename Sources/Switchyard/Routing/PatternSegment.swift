/// One `/`-separated piece of a compiled pattern.
///
///     try Pattern("/files/:id?/*rest").segments
///     // [.literal("files"), .optional("id"), .splat("rest")]
public enum PatternSegment: Hashable, Sendable {
    case literal(String)
    case parameter(String)
    case optional(String)
    case splat(String)

    /// The captured name, or nil for static text.
    public var parameterName: String? {
        switch self {
        case .literal: nil
        case .parameter(let name), .optional(let name), .splat(let name): name
        }
    }

    /// The segment as written in a pattern: `news`, `:id`, `:id?`, `*`, `*rest`.
    public var text: String {
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

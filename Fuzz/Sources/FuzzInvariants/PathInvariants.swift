import Switchyard

/// What every normalised path must satisfy (docs/patterns.md), checked against an independent reference that splits
/// on "/" bytes and folds "." and ".." with a stack.
///
///     PathInvariants.checkNormalisation(of: "//a/./b/../c/")
public enum PathInvariants {
    /// The normalised segments of `path` computed without the product's code.
    public static func referenceSegments(_ path: String) -> [String] {
        var stack: [String] = []
        for piece in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            let segment = String(decoding: piece, as: UTF8.self)
            switch segment {
            case ".": continue
            case "..": _ = stack.popLast()
            default: stack.append(segment)
            }
        }
        return stack
    }

    /// Shape rules: a leading "/", no "//", no trailing "/" except the root, no "." or ".." segment.
    /// Checked on bytes: "/" followed by a combining mark is one Character but still a slash in a path.
    public static func checkShape(_ path: String, context: @autoclosure () -> String) {
        let bytes = Array(path.utf8)
        let slash = UInt8(ascii: "/")
        invariant(bytes.first == slash, "\(context()): \(debug(path)) lacks the leading /")
        invariant(!zip(bytes, bytes.dropFirst()).contains { $0 == slash && $1 == slash }, "\(context()): \(debug(path)) contains //")
        invariant(bytes == [slash] || bytes.last != slash, "\(context()): \(debug(path)) ends with /")
        let segments = bytes.split(separator: slash).map { String(decoding: $0, as: UTF8.self) }
        invariant(!segments.contains(".") && !segments.contains(".."), "\(context()): \(debug(path)) keeps . or ..")
    }

    /// Whether the text starts with a "/" byte (an absolute path), whatever follows it.
    public static func isAbsolute(_ text: String) -> Bool {
        text.utf8.first == UInt8(ascii: "/")
    }

    /// `normalize` has the right shape, is idempotent and agrees with the reference.
    @discardableResult
    public static func checkNormalisation(of input: String) -> String {
        let normalised = PathResolver.normalize(input)
        checkShape(normalised, context: "normalize(\(debug(input)))")
        invariant(PathResolver.normalize(normalised) == normalised,
                  "normalize is not idempotent on \(debug(input)): \(debug(normalised)) → \(debug(PathResolver.normalize(normalised)))")
        let expected = "/" + referenceSegments(input).joined(separator: "/")
        invariant(normalised == expected, "normalize(\(debug(input))) = \(debug(normalised)), reference \(debug(expected))")
        return normalised
    }

    /// Quoted with escapes, so control characters and odd scalars are visible in a crash report.
    public static func debug(_ text: String) -> String {
        text.count > 300 ? String(text.prefix(300)).debugDescription + "… (\(text.utf8.count) bytes)" : text.debugDescription
    }
}

import Switchyard

/// An independent, deliberately naive matcher: backtracking over one pattern at a time, optional segments
/// consumed before skipped, on the bytes of the normalised path segments. The harness compares the trie
/// matcher against it.
struct ReferenceMatcher {
    let caseInsensitive: Bool

    /// Captures for the first alignment (raw bytes; splats joined by "/"), or nil when the pattern cannot match.
    func align(_ pattern: [PatternSegment], _ segments: [[UInt8]]) -> [String: [UInt8]]? {
        var captures: [String: [UInt8]] = [:]
        return align(pattern[...], segments[...], &captures) ? captures : nil
    }

    private func align(_ pattern: ArraySlice<PatternSegment>, _ segments: ArraySlice<[UInt8]>,
                       _ captures: inout [String: [UInt8]]) -> Bool {
        guard let segment = pattern.first else { return segments.isEmpty }
        let restOfPattern = pattern.dropFirst()
        switch segment {
        case .literal(let text):
            guard let first = segments.first, same(Array(text.utf8), first) else { return false }
            return align(restOfPattern, segments.dropFirst(), &captures)
        case .parameter(let name):
            guard let first = segments.first else { return false }
            captures[name] = first
            if align(restOfPattern, segments.dropFirst(), &captures) { return true }
            captures[name] = nil
            return false
        case .optional(let name):
            if let first = segments.first {
                captures[name] = first
                if align(restOfPattern, segments.dropFirst(), &captures) { return true }
                captures[name] = nil
            }
            return align(restOfPattern, segments, &captures)
        case .splat(let name):
            captures[name] = Array(segments.joined(separator: [UInt8(ascii: "/")]))
            return restOfPattern.isEmpty
        }
    }

    private func same(_ literal: [UInt8], _ segment: [UInt8]) -> Bool {
        guard caseInsensitive else { return literal == segment }
        return literal.map(fold) == segment.map(fold)
    }

    private func fold(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// The path bytes before `?`/`#`, split on "/" with "." and ".." folded (as path normalisation does).
    static func segments(of bytes: [UInt8]) -> [[UInt8]] {
        let end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        var stack: [[UInt8]] = []
        for piece in bytes[..<end].split(separator: UInt8(ascii: "/")) {
            if piece.elementsEqual([UInt8(ascii: ".")]) { continue }
            if piece.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { _ = stack.popLast(); continue }
            stack.append(Array(piece))
        }
        return stack
    }
}

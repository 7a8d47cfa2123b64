/// Matches one pattern against path segments on its own, to explain a mismatch in words.
/// A table of reachable (pattern segment, path segment) states, filled iteratively, so it is bounded by
/// their product and never recurses.
struct PatternAlignment {
    let pattern: [PatternSegment]
    let path: [String]
    let caseInsensitive: Bool

    /// nil when the pattern matches; otherwise why not, e.g. `segment 2: expected "album", found "user"`.
    func mismatch() -> String? {
        let width = path.count + 1
        var reachable = [Bool](repeating: false, count: (pattern.count + 1) * width)
        reachable[0] = true
        var furthest = (patternIndex: 0, pathIndex: 0)
        for p in 0...pattern.count {
            for s in 0...path.count where reachable[p * width + s] {
                if s > furthest.pathIndex || (s == furthest.pathIndex && p > furthest.patternIndex) {
                    furthest = (p, s)
                }
                guard p < pattern.count else { continue }
                let next = (p + 1) * width
                switch pattern[p] {
                case .literal(let text):
                    if s < path.count && same(text, path[s]) { reachable[next + s + 1] = true }
                case .parameter:
                    if s < path.count { reachable[next + s + 1] = true }
                case .optional:
                    reachable[next + s] = true
                    if s < path.count { reachable[next + s + 1] = true }
                case .splat:
                    reachable[next + path.count] = true
                }
            }
        }
        if reachable[pattern.count * width + path.count] { return nil }
        let (p, s) = furthest
        if p == pattern.count {
            return "the pattern ends after segment \(p), but the path continues with \"\(path[s])\""
        }
        if s == path.count {
            return "the path ends before segment \(s + 1) (\(pattern[p].text))"
        }
        return "segment \(s + 1): expected \"\(pattern[p].text)\", found \"\(path[s])\""
    }

    private func same(_ literal: String, _ segment: String) -> Bool {
        guard caseInsensitive else { return literal == segment }
        return literal.utf8.map(ASCIIFolding.fold) == segment.utf8.map(ASCIIFolding.fold)
    }
}

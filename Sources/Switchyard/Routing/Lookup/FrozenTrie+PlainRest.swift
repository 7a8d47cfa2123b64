// The rest of the text where the walk's loop stopped at a dead end on the only way through the trie
// (`Node.isOnlyWay`: the stop is a miss unless something in the rest changes the path before it), read
// as `pathEnd(fromStop:)` reads it but asking less of each word: only whether it holds a `.`, `?` or
// `#`. A word with none of them (the common one) is passed in one test; a word with a `.` is read
// exactly (`segmentStarts`: a dot segment, or `/.well-known`, sends the text the general way, a `.`
// inside a segment does not), and the first `?` or `#` ends the path as `pathEnd(fromStop:)` ends it.
//
// What is not asked is an empty segment (`//`) in a word with no `.`: normalising drops it, and the
// path still dead-ends at the same segment (only a `..` could take that segment back), so the lookup's
// answer is a miss either way (`pathEnd(fromStop:)` sent such a text to be normalised first, which then
// found no route). (A caller that lands the text, `RouteTable.resolve(plainPath:)`, asks a miss whether
// the text is plain before taking it as the not-found screen's path.) Where a `?` or `#` follows, the same holds for the path before it; in the stop's own
// segment (the mark before any `/`), there is no `//` before the mark. Issue 37, eighth session: three
// marks a word instead of the five `/`-and-`.` marks and segment starts, misses `withMatch` 572.2 → 533.5.
extension FrozenTrie {
    /// `pathEnd(fromStop:end:text:)` for a dead end on the only way, from `start` (the `/` before the
    /// segment no child takes): where the path ends (its first `?` or `#`, else `end`) and, when a mark
    /// ends it, whether a `/` after `start` comes first; nil when a segment from `start` on starts with
    /// `.` (before the first mark) or a `/` comes right before the mark. An empty segment (`//`) is not
    /// asked in a word with no `.`. When no mark ends the path, `segmentEndsFirst` is not asked (false);
    /// a trailing `/` is not asked either (normalising drops it: the miss stands).
    @inline(__always)
    static func pathEnd(afterOnlyWayStop start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                        text: UnsafePointer<UInt8>) -> (end: UnsafePointer<UInt8>, segmentEndsFirst: Bool)? {
        let first = start + 1
        var cursor = first
        while end - cursor >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self))
            let queries = queryMarks(in: word)
            if _slowPath(queries | marks(of: PathSegmenter.dot, in: word) != 0) {
                // (A segment starts at the word's first byte when the byte before it is a `/`.)
                let carried: UInt64 = cursor[-1] == PathSegmenter.slash ? 0x80 : 0
                if queries != 0 { return pathEnd(before: queries, in: word, at: cursor, carried: carried, from: first) }
                if segmentStarts(in: word, carried: carried).hazards != 0 { return nil }
            }
            cursor += 8
        }
        guard cursor < end else { return (end, false) }
        // The last bytes, as `pathEnd(fromStop:)` reads them.
        let (at, word) = lastWord(from: cursor, first: first, end: end, text: text)
        let queries = queryMarks(in: word)
        if queries | marks(of: PathSegmenter.dot, in: word) != 0 {
            let carried: UInt64 = at[-1] == PathSegmenter.slash ? 0x80 : 0
            if queries != 0 { return pathEnd(before: queries, in: word, at: at, carried: carried, from: first) }
            if segmentStarts(in: word, carried: carried).hazards != 0 { return nil }
        }
        return (end, false)
    }
}

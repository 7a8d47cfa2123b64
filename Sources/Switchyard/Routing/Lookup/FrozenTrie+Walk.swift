// The walk that settles most lookups in one pass over the path: no split first. It reads the path a
// word (8 bytes) at a time; the word that finds where a segment ends is also the segment's packed
// literal, so a static child costs one load, a multiply and a compare, and a parameter costs nothing
// but its span. What the walk cannot settle (optional and splat shapes, dead ends, validators, more
// than four parameters, text that is not a plain normalised path) goes to the split and the full
// search, which decide as before.
//
// Splitting first and walking the segments took 312 + 426 of a GitHub API lookup's 1,641
// instructions (callgrind, `switchyard-bench --loop match github-rest 453 10000`, Benchmarks/README.md).
extension FrozenTrie {
    /// What `walk` returns besides a node: the text is not a plain normalised path.
    static let notPlain: Int32 = -2
    /// What `walk` returns besides a node: the full search decides.
    static let undecided: Int32 = -1

    /// The node of the first shape the depth-first search would report (at each segment the static
    /// child, else the parameter child) when it ends on a route: that shape is settled, since every
    /// other one ranks below it at the first segment where they differ. Its parameters' spans go to
    /// `spans`, in pattern order. `notPlain` for text that needs normalising first or carries a
    /// `?query` or `#fragment` (only a parameter's bytes are checked for those: a literal holds
    /// neither, so a segment holding one matches none); `undecided` otherwise. A dead end is
    /// `undecided` even when the text further on is not plain: the caller checks.
    func walk(_ bytes: UnsafeBufferPointer<UInt8>, spans: inout Parameters.InlineSpans) -> Int32 {
        let count = bytes.count
        guard count > 0, bytes[0] == PathSegmenter.slash else { return FrozenTrie.notPlain }
        let base = bytes.baseAddress!
        var node = UnsafePointer(nodes.baseAddress!)
        var start = 1
        var ended = count == 1
        while !ended {
            let remaining = count &- start
            let word = FrozenTrie.word(base, at: start, count: count)
            let slashes = PathSegmenter.byteMarks(word, PathSegmenter.slash)
            var length = slashes != 0 ? slashes.trailingZeroBitCount >> 3 : min(remaining, 8)
            if slashes == 0 && remaining > 8 { length = FrozenTrie.segmentLength(base, from: start, count: count) }
            let stop = start &+ length
            if stop == count {
                ended = true
            } else if stop &+ 1 == count {
                return FrozenTrie.notPlain   // a trailing slash
            }
            // Empty, `.` and `..` segments mean the text is not normalised.
            if length == 0 { return FrozenTrie.notPlain }
            if base[start] == PathSegmenter.dot && (length == 1 || (length == 2 && base[start &+ 1] == PathSegmenter.dot)) {
                return FrozenTrie.notPlain
            }
            var next: Int32 = -1
            if node.pointee.staticCount > 0 {
                // `word` holds the segment's first bytes and, for a short one, what follows it: masked.
                var packed = length >= 8 ? word : word & FrozenTrie.lowBytes(length)
                if caseInsensitive { packed = StaticChildHash.foldedWord(packed) }
                next = staticChild(of: node, word: packed, segment: UnsafeBufferPointer(start: base + start, count: length))
            }
            if next < 0 {
                next = node.pointee.parameter
                if next < 0 { return FrozenTrie.undecided }
                if FrozenTrie.holdsQueryMark(word, length: length)
                    || (length > 8 && FrozenTrie.holdsQueryMark(base, from: start &+ 8, to: stop, count: count)) {
                    return FrozenTrie.notPlain
                }
                if spans.count == Parameters.InlineSpans.capacity { return FrozenTrie.undecided }
                spans.append(Parameters.Span(start: start, end: stop))
            }
            node = UnsafePointer(nodes.baseAddress!) + Int(next)
            start = stop &+ 1
        }
        return node.pointee.firstRoute >= 0 ? Int32(node - UnsafePointer(nodes.baseAddress!)) : FrozenTrie.undecided
    }

    /// Whether the first `length` bytes of `word` (all 8 when longer) hold a `?` or `#`.
    @inline(__always)
    private static func holdsQueryMark(_ word: UInt64, length: Int) -> Bool {
        let marks = PathSegmenter.byteMarks(word, UInt8(ascii: "?")) | PathSegmenter.byteMarks(word, UInt8(ascii: "#"))
        return (length >= 8 ? marks : marks & FrozenTrie.lowBytes(length)) != 0
    }

    /// Whether `base[start..<stop]` holds a `?` or `#`, a word at a time (a parameter past 8 bytes).
    private static func holdsQueryMark(_ base: UnsafePointer<UInt8>, from start: Int, to stop: Int, count: Int) -> Bool {
        var index = start
        while index < stop {
            if holdsQueryMark(word(base, at: index, count: count), length: stop &- index) { return true }
            index &+= 8
        }
        return false
    }

    /// A mask of the low `length` bytes of a word (`length` < 8).
    @inline(__always)
    static func lowBytes(_ length: Int) -> UInt64 {
        (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1
    }

    /// The 8 bytes from `start`, little-endian; past the end of the text, zeros (never a separator).
    @inline(__always)
    private static func word(_ base: UnsafePointer<UInt8>, at start: Int, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(base)
        if start &+ 8 <= count {
            return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
        }
        let remaining = count &- start
        if count >= 8 {
            // The last 8 bytes of the text, shifted so that `start` is the lowest byte.
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            return last &>> UInt64(truncatingIfNeeded: (8 &- remaining) &* 8)
        }
        var word: UInt64 = 0
        for offset in 0..<remaining { word |= UInt64(base[start &+ offset]) &<< UInt64(truncatingIfNeeded: offset &* 8) }
        return word
    }

    /// The length of a segment longer than 8 bytes starting at `start`: up to the next `/` or the end
    /// of the text.
    private static func segmentLength(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start &+ 8
        while index < count {
            let slashes = PathSegmenter.byteMarks(word(base, at: index, count: count), PathSegmenter.slash)
            if slashes != 0 { return min(index &+ (slashes.trailingZeroBitCount >> 3), count) &- start }
            index &+= 8
        }
        return count &- start
    }
}

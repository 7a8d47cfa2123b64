// Whether text the walk did not settle is a plain normalised path up to its first `?` or `#`, a word
// at a time: what `RouteLookup.find` asks before it retraces a dead end or searches. Issue 37: asked
// byte by byte (`PathSegmenter.isPlain`, then `pathEnd` for a query), it was about 550 of a miss's
// 1,237 instructions (callgrind, `switchyard-bench --counted-loop withMatch misses 1000`).
extension FrozenTrie {
    /// Where the path part of `bytes` ends (its first `?` or `#`, else `bytes.count`) when that part is
    /// plain and normalised (`PathSegmenter.isNormalized`); nil when it is not.
    static func plainPathEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress, base[0] == PathSegmenter.slash else { return nil }
        return plainPathEnd(base, count: count, text: base)
    }

    /// Where the walk stopped in a segment, read from the `/` before it (`start`) to the text's `end`
    /// in one pass: where the path ends (its first `?` or `#`, else `end`), and whether the segment
    /// ends before that (a `/` after `start` comes first), when the path from `start` is plain, with
    /// no segment that starts with a `.`; nil otherwise, and the caller finds out what the text is
    /// (`plainPathEnd`). The text before `start` is the walk's, which checked it, and starts at `text`:
    /// a last word shorter than 8 bytes is read in one load ending at `end`.
    ///
    /// Lighter than `plainPathEnd`, whose exact marks of every byte and dotted segments it does not
    /// need: `/` and `.` are marked exactly, together (`segmentStarts`), and `?` and `#` by `marks`,
    /// exact up to the first of them, which is all that is asked of them. Issue 37: the whole text checked
    /// (`plainPathEnd`), then the path before a query walked again, was 355 + 235 of a miss's 1,107
    /// instructions; `plainPathEnd` from `start` instead, 324.
    @inline(__always)
    static func pathEnd(fromStop start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                        text: UnsafePointer<UInt8>) -> (end: UnsafePointer<UInt8>, segmentEndsFirst: Bool)? {
        // Read from the byte after `start`'s `/`, whose segment starts there (`carried`): the slashes
        // the words mark are then all segment ends, gathered in `seen` with one `or` a word. Whole
        // words are read in a loop with no call in it (the last, shorter word once, after it), so
        // that the loop keeps its constants and cursor in registers. Issue 37: a word a time with the
        // last word's call inside the loop, and every word masked to the text, took about 65
        // instructions a word (splat `withMatch` 900, `stoppedInSegment` 222 of it); `/` and `.`
        // marked apart, with a test for the marks and another for the segment starts, about 37.
        var cursor = start + 1
        // The top byte's slash of the word before, moved to this word's first byte (a segment starts there).
        var carried: UInt64 = 0x80
        var seen: UInt64 = 0
        while end - cursor >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self))
            let queries = queryMarks(in: word)
            let (slashes, hazards) = segmentStarts(in: word, carried: carried)
            // One test for both: a word with either is sorted out after it.
            if _slowPath(queries | hazards != 0) {
                if queries == 0 { return nil }
                return pathEnd(before: queries, in: word, at: cursor, carried: carried, from: start + 1)
            }
            seen |= slashes
            carried = slashes &>> 56
            cursor += 8
        }
        if cursor < end {
            // The last bytes, zeros after them (never a mark: every mark here is of a byte below 0x80,
            // and a zero byte after a true one is not marked falsely): the text's last 8 bytes shifted
            // down to them, inline (`word`'s call here cost a splat about 20 instructions), or byte by
            // byte (`word`) in a text shorter than 8.
            // After a whole word, the rest's last 8 bytes as they are, the bytes before `cursor` read
            // again (their answers do not change; what comes before a mark there had none), with the
            // segment start carried from the byte before them: no shift, no test of the text's length
            // (issue 37, eighth session: splat `withMatch` 603.6 → 603.2, optional 722.0 → 719.6).
            let (at, word) = lastWord(from: cursor, first: start + 1, end: end, text: text)
            if cursor > start + 1 { carried = at[-1] == PathSegmenter.slash ? 0x80 : 0 }
            let queries = queryMarks(in: word)
            let (slashes, hazards) = segmentStarts(in: word, carried: carried)
            if queries | hazards != 0 {
                if queries == 0 { return nil }
                return pathEnd(before: queries, in: word, at: at, carried: carried, from: start + 1)
            }
            seen |= slashes
        }
        // A trailing slash (`start` itself, when nothing follows it).
        return end[-1] == PathSegmenter.slash ? nil : (end, seen != 0)
    }

    /// The last bytes of a rest read a word at a time from `first`, now at `cursor` (`cursor < end`), as
    /// one word and where it starts: after a whole word, the text's last 8 bytes as they are (from `end -
    /// 8`: the bytes before `cursor` read again); else the bytes from `cursor` with zeros after them (never
    /// a mark), the text's last 8 bytes shifted down to them, or byte by byte in a text shorter than 8.
    /// Safety: loads the 8 bytes before `end` only after a whole word from `first`, or when the text, from
    /// `text`, has 8.
    @inline(__always)
    static func lastWord(from cursor: UnsafePointer<UInt8>, first: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                         text: UnsafePointer<UInt8>) -> (at: UnsafePointer<UInt8>, word: UInt64) {
        if cursor > first {
            return (end - 8, UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self)))
        }
        return (cursor, end - text >= 8
            ? UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
                &>> UInt64(truncatingIfNeeded: (8 &- (end - cursor)) &* 8)
            : FrozenTrie.word(at: cursor, end: end, text: text))
    }

    /// Whether the whole words from `start` to `stop` (a multiple of 8 bytes, read before) hold a `/`:
    /// what `seen` held when the loop met the first `?` or `#`, asked again there rather than carried
    /// into that branch (carried, splat `withMatch` 686.0 → 695.0, misses 645.7 → 655.5).
    @inline(__always)
    private static func holdsSlash(from start: UnsafePointer<UInt8>, to stop: UnsafePointer<UInt8>) -> Bool {
        var cursor = start
        while cursor < stop {
            if marks(of: PathSegmenter.slash, in: UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self))) != 0 {
                return true
            }
            cursor += 8
        }
        return false
    }

    /// The high bit of every `/` in `word` (`slashes`), and of every byte that starts a segment (one
    /// after a `/`, or the first when `carried` is 0x80) and is a `/` or a `.` (`hazards`: an empty
    /// segment, or one that starts with `.`). Both exact: `/` (0x2f) and `.` (0x2e) differ only in the
    /// low bit, so with every byte's low bit set both read as 0x2f, marked at once, and no byte then
    /// reads as 0x2f ^ 1, the one value whose borrow makes `marks` mark the byte above a true one; the
    /// slashes among them are the marked bytes whose low bit is set (moved up to the mark's bit).
    @inline(__always)
    static func segmentStarts(in word: UInt64, carried: UInt64) -> (slashes: UInt64, hazards: UInt64) {
        let slashesAndDots = marks(of: PathSegmenter.slash, in: word | 0x0101_0101_0101_0101)
        let slashes = slashesAndDots & (word &<< 7)
        return (slashes, (slashes &<< 8 | carried) & slashesAndDots)
    }

    /// `pathEnd`'s word at `cursor` that holds its first `?` or `#` (the lowest of `queries`): the
    /// bytes before it checked as the loop checks a word, and the path's end there. The whole words
    /// from `first` to `cursor` were read before it. (Internal for `pathEnd(afterOnlyWayStop:)`.)
    @inline(__always)
    static func pathEnd(before queries: UInt64, in word: UInt64, at cursor: UnsafePointer<UInt8>,
                                carried: UInt64, from first: UnsafePointer<UInt8>) -> (end: UnsafePointer<UInt8>, segmentEndsFirst: Bool)? {
        // Only the bytes before the first mark: the lowest marked bit is a true one.
        let before = (queries & (0 &- queries)) &- 1
        let (slashes, hazards) = segmentStarts(in: word, carried: carried)
        if hazards & before != 0 { return nil }
        let mark = cursor + (queries.trailingZeroBitCount &>> 3)
        // A trailing slash before the mark (`start` itself, when the mark follows it).
        if mark[-1] == PathSegmenter.slash { return nil }
        return (mark, slashes & before != 0 || holdsSlash(from: first, to: cursor))
    }

    /// `plainPathEnd` of the `count` bytes from `base` (a `/`), read a word at a time. The text starts
    /// at `text` (at or before `base`), so a last word shorter than 8 bytes is read in one load ending
    /// at the end when the text has 8.
    @inline(__always)
    private static func plainPathEnd(_ base: UnsafePointer<UInt8>, count: Int, text: UnsafePointer<UInt8>) -> Int? {
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        var end = count
        // The top byte's slash of the word before, moved to this word's first byte (a segment starts there).
        var carried: UInt64 = 0
        // A segment starts with `.`: `.` and `..` are not normalised, `.well-known` is; the bytes decide.
        var dotStart = false
        while offset < count {
            let word = plainPathWord(base, at: offset, count: count, text: text)
            var within = count - offset >= 8 ? highs : highs & lowBytes(count - offset)
            let queries = (exactMarks(of: UInt8(ascii: "?"), in: word) | exactMarks(of: UInt8(ascii: "#"), in: word)) & within
            if queries != 0 {
                let position = queries.trailingZeroBitCount &>> 3
                end = offset + position
                within &= lowBytes(position)
            }
            let slashes = exactMarks(of: PathSegmenter.slash, in: word) & within
            let starts = ((slashes &<< 8) | carried) & within
            // An empty segment: `//`.
            if starts & slashes != 0 { return nil }
            if starts & exactMarks(of: PathSegmenter.dot, in: word) != 0 { dotStart = true }
            if queries != 0 { break }
            carried = (slashes &>> 56) & 0x80
            offset += 8
        }
        // A trailing slash (`/` alone is the root).
        if end > 1 && base[end - 1] == PathSegmenter.slash { return nil }
        if dotStart && !PathSegmenter.isNormalized(UnsafeBufferPointer(start: base, count: end)) { return nil }
        return end
    }

    /// The high bit of exactly the bytes of `word` equal to `byte` (`marks` may mark a byte past the
    /// first; this asks about every byte).
    @inline(__always)
    private static func exactMarks(of byte: UInt8, in word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7f7f_7f7f_7f7f_7f7f
        let zeroed = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((zeroed & lows) &+ lows) | zeroed | lows)
    }

    /// The 8 bytes from `offset`, little-endian, zeros past `count`.
    // Safety: loads 8 bytes only when they are within the text (from `text` to `base + count`); a
    // shorter text is read byte by byte.
    @inline(__always)
    private static func plainPathWord(_ base: UnsafePointer<UInt8>, at offset: Int, count: Int, text: UnsafePointer<UInt8>) -> UInt64 {
        if offset + 8 <= count { return UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) }
        let end = base + count
        if end - text >= 8 {
            let last = UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
            return last &>> UInt64(truncatingIfNeeded: (offset &+ 8 &- count) &* 8)
        }
        var word: UInt64 = 0
        for index in offset..<count { word |= UInt64(base[index]) &<< UInt64(truncatingIfNeeded: (index &- offset) &* 8) }
        return word
    }
}

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

    /// Whether the text from `start` (a `/`) to `end` is plain and normalised up to its first `?` or
    /// `#` (a trailing slash before the mark too is not): the rest of a path from where the walk
    /// dead-ends, the text before `start` being the walk's, which checked it. Issue 37: the whole
    /// text checked (`plainPathEnd`) was 355 of a miss's 1,107 instructions. `text` is where the text
    /// starts, at or before `start`: a tail shorter than a word is read in one load ending at `end`.
    static func isPlainTail(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, text: UnsafePointer<UInt8>) -> Bool {
        // "/" alone before a mark is a trailing slash (`plainPathEnd` takes it for the root).
        guard let pathEnd = plainPathEnd(start, count: end - start, text: text) else { return false }
        return pathEnd > 1
    }

    /// `plainPathEnd` of the `count` bytes from `base` (a `/`), read a word at a time; the text starts at
    /// `text` (at or before `base`), so a last word shorter than 8 bytes is read in one load ending at
    /// the end when the text has 8 (byte by byte, the last word of a miss took ~60 instructions).
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

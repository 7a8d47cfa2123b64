#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

// The rest of the text where the walk's loop stopped in a segment, read 16 bytes at a time (issue 37,
// ninth session): each chunk compared at once with `?`, `#`, `/` and `.` (SSE2's `pcmpeqb`), and each
// comparison made a 16-bit mask, a bit a byte (`pmovmskb`). What the word-at-a-time readings
// (`pathEnd(fromStop:)`, `pathEnd(afterOnlyWayStop:)`) find with carries and borrows in a word of
// 0x80 marks is then a shift and an `and` of masks: a segment starts one bit above each slash, an
// empty segment or one starting with `.` is a start that is a slash or a dot, the path ends at the
// lowest `?` or `#`, and a trailing slash is a segment start at the path's end. About 37 instructions
// a word of 8 and 40 the last word before; a chunk of 16 is about 25.
//
// Swift's own `SIMD16<UInt8>` does not get there: its `.==` compiles lane by lane (a byte compared, a
// lane stored, sixteen times), and its lane arithmetic, though it compiles to SSE2, has no way to a
// mask of bits. So the SSE2 intrinsics (the compiler's own `_Builtin_intrinsics` module; SSE2 is part
// of every x86-64). Other architectures read a word at a time as before (FrozenTrie+PlainPath.swift,
// FrozenTrie+PlainRest.swift).
extension FrozenTrie {
    /// Where the walk stopped in a segment, read from the `/` before it (`start`) to the text's `end`:
    /// what `pathEnd(fromStop:end:text:)` answers when `asksEmptySegments`, else what
    /// `pathEnd(afterOnlyWayStop:end:text:)` answers for a dead end on the only way (which does not ask
    /// about empty segments, `//`, before the path's end: they leave it a miss); whether a segment ends
    /// first is asked only where a `?` or `#` ends the path. The text starts at
    /// `text`. On x86-64, 16 bytes at a time (`pathEnd(inChunksFrom:)`,
    /// `pathEnd(inChunksAfterOnlyWayStop:)`); elsewhere, a word at a time.
    @inline(__always)
    static func pathEnd(afterStop start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, text: UnsafePointer<UInt8>,
                        asksEmptySegments: Bool) -> (end: UnsafePointer<UInt8>, segmentEndsFirst: Bool)? {
        #if arch(x86_64)
        // (Each reading inlined apart: one reading with a flag for empty segments, a variable, cost
        // misses `withMatch` 14 instructions, the only way's miss no longer settled at once.)
        return asksEmptySegments ? pathEnd(inChunksFrom: start, end: end, text: text)
            : pathEnd(inChunksAfterOnlyWayStop: start, end: end, text: text)
        #else
        return asksEmptySegments ? pathEnd(fromStop: start, end: end, text: text)
            : pathEnd(afterOnlyWayStop: start, end: end, text: text)
        #endif
    }
}

#if arch(x86_64)
extension FrozenTrie {
    /// `pathEnd(fromStop:end:text:)` 16 bytes at a time: where the path ends (its first `?` or `#` after
    /// `start`, else `end`) and, when a mark ends it, whether a `/` after `start` comes before it (when
    /// none does, not asked: false); nil when, before that end, a segment after `start` starts with `.`
    /// or is empty, or the path ends in a `/` (`start` itself, when nothing or a mark follows it).
    ///
    /// Bit `i` of a chunk's masks is the byte at `chunk + i`. Whole chunks are read in a loop with no
    /// call in it; the last 1 to 16 bytes once, after it: the text's last 16 bytes with the bits of the
    /// bytes before `chunk` shifted out (read again, or before `start`, where the walk read), or in a
    /// text shorter than 16, its bytes as two words with zeros after them (a zero is never a mark).
    /// Internal for the tests, which hold it to a byte-by-byte reading.
    @inline(__always)
    static func pathEnd(inChunksFrom start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                        text: UnsafePointer<UInt8>) -> (end: UnsafePointer<UInt8>, segmentEndsFirst: Bool)? {
        var chunk = start + 1
        // A segment starts at the chunk's first byte (after `start`'s `/`, then after the chunk before's
        // last byte when it is a `/`).
        var carried: UInt32 = 1
        var seen: UInt32 = 0
        while end - chunk >= 16 {
            let (queries, slashes, dots) = restMarks(UnsafeRawPointer(chunk).loadUnaligned(as: __m128i.self))
            let starts = slashes &<< 1 | carried
            let hazards = starts & (slashes | dots)
            if _slowPath(queries | hazards != 0) {
                return pathEnd(atFirstOf: queries, slashes: slashes, starts: starts, hazards: hazards, chunk: chunk,
                               seen: seen)
            }
            seen |= slashes
            carried = slashes &>> 15
            chunk += 16
        }
        // The last bytes, from `chunk` to `end` (0 to 15 of them), in the text's last 16 bytes: bit `i`
        // for the byte at `last + i`, the bits below `chunk` (`skipped`, at least 1) shifted out. The
        // byte before `chunk` (a `/` at `start`, or the chunk before's last byte) is then within them:
        // the segment start it makes needs no carry.
        let (last, bytes) = lastChunk(end: end, text: text)
        let own = UInt32.max &<< UInt32(truncatingIfNeeded: chunk - last)
        let (queries, slashes, dots) = restMarks(bytes)
        let starts = slashes &<< 1 & own
        // The text's end as one more mark, past its last byte (bit 16 in the text's last 16 bytes; in a
        // shorter text, at its end, above which every bit is 0).
        let ended = 1 &<< UInt32(truncatingIfNeeded: end - last)
        let hazards = starts & (slashes | dots)
        // No mark (the common case): the path is the text, refused by a hazard or a trailing slash.
        if queries & own == 0 { return hazards | starts & ended == 0 ? (end, false) : nil }
        return pathEnd(atFirstOf: queries & own | ended, slashes: slashes & own, starts: starts, hazards: hazards,
                       chunk: last, seen: seen)
    }

    /// `pathEnd(inChunksFrom:end:text:)` for a dead end on the only way, asking no
    /// empty segment and no trailing `/` (as `pathEnd(afterOnlyWayStop:)`): a chunk is asked first only
    /// whether it holds a `?`, `#` or `.` (one mask), and its slashes are found only when it does. When
    /// no mark ends the path, `segmentEndsFirst` is not asked (false).
    @inline(__always)
    static func pathEnd(inChunksAfterOnlyWayStop start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                        text: UnsafePointer<UInt8>) -> (end: UnsafePointer<UInt8>, segmentEndsFirst: Bool)? {
        var chunk = start + 1
        while end - chunk >= 16 {
            let bytes = UnsafeRawPointer(chunk).loadUnaligned(as: __m128i.self)
            if _slowPath(queryOrDotMarks(bytes) != 0) {
                // (A segment starts at the chunk's first byte when the byte before it is a `/`.)
                let (queries, dots) = queryAndDotMarks(bytes)
                let slashes = slashMarks(bytes)
                let starts = slashes &<< 1 | (chunk[-1] == PathSegmenter.slash ? 1 : 0)
                let hazards = starts & dots
                if queries | hazards != 0 {
                    return pathEnd(atFirstOf: queries, slashes: slashes, starts: starts, hazards: hazards, chunk: chunk,
                                   seen: holdsSlash(from: start + 1, to: chunk))
                }
            }
            chunk += 16
        }
        let (last, bytes) = lastChunk(end: end, text: text)
        let own = UInt32.max &<< UInt32(truncatingIfNeeded: chunk - last)
        if queryOrDotMarks(bytes) & own == 0 { return (end, false) }
        let (queries, dots) = queryAndDotMarks(bytes)
        let slashes = slashMarks(bytes)
        let starts = slashes &<< 1 & own
        return pathEnd(atFirstOf: queries & own | 1 &<< UInt32(truncatingIfNeeded: end - last), slashes: slashes & own,
                       starts: starts, hazards: starts & dots, chunk: last, seen: holdsSlash(from: start + 1, to: chunk))
    }

    /// `isPlainSplatRest(from:end:text:)` on x86-64: a rest of up to 16 bytes in the text's last 16
    /// bytes, with the bits of the walk's bytes before `start` shifted out; one of 17 to 32 in two
    /// chunks, the first from `start` and the text's last 16, which overlap within the rest (a byte
    /// asked twice is answered the same: nothing is carried between chunks), with no shift and no
    /// loop (in the loop, a splat lookup of 17 to 32 bytes of rest paid about 15 instructions more);
    /// a longer one in whole chunks from `start` in a loop, then the last 16 bytes with the bits of
    /// the bytes read in the loop shifted out. A byte refuses the rest
    /// when it is a `?` or `#`, or a `/` or `.` after a `/` (an empty segment, or one starting with
    /// `.`), the byte before each read from a second load one byte lower (so no segment start is
    /// carried from chunk to chunk: the `/` before `start` is the first). No segment start is asked at
    /// the text's end: the text does not end in `/` (`splatTakesRest` asks first). False where the text ends
    /// before `start`.
    // Safety: loads a chunk, and the 16 bytes one lower, only within the text: whole chunks where 16
    // bytes are left before `end`, the byte before `start` being the text's; the last 17 bytes in a
    // text of 17 or more (the caller's condition).
    @inline(__always)
    static func isPlainSplatRest(inChunksFrom start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Bool {
        let last = end - 16
        let rest = end - start
        // 1 to 16 bytes in one unsigned compare, which leaves out no rest at all (the text ended before
        // `start`: false, below), so the caller need not ask first.
        // (The bits of the bytes before `start` left out by a mask of the chunk's last `rest` bits, read
        // from `lastBitsMasks`: the table's address and a `test` with it, where a shift by 16 less the
        // rest took four.)
        // Safety: `rest - 1` is 0 to 15 here, within the table's sixteen.
        if UInt(bitPattern: rest &- 1) < 16 {
            return lastBitsMasks.withUnsafeBufferPointer { refusedBySplat(last) & $0.baseAddress.unsafelyUnwrapped[rest &- 1] == 0 }
        }
        // 17 to 32 bytes in one unsigned compare too, the next most common (a third of the splat set's
        // rests); then no rest at all, and the longer ones.
        if UInt(bitPattern: rest &- 17) < 16 { return refusedBySplat(start) | refusedBySplat(last) == 0 }
        if rest <= 0 { return false }
        return !anyMarked(inChunksFrom: start, end: end, marks: refusedBySplat)
    }

    /// The mask of a chunk's last `n + 1` bits (bit 15 down), for `n` from 0 to 15: the bytes of a rest
    /// of `n + 1` in the text's last 16. Constants the compiler lays out at build time.
    private static let lastBitsMasks: [UInt32] = [
        0x8000, 0xc000, 0xe000, 0xf000, 0xf800, 0xfc00, 0xfe00, 0xff00,
        0xff80, 0xffc0, 0xffe0, 0xfff0, 0xfff8, 0xfffc, 0xfffe, 0xffff,
    ]

    /// Whether `marks` finds a byte from `start` to `end`, in a text of 16 bytes or more: whole chunks from
    /// `start`, then the text's last 16 bytes, the bits of the bytes before the chunk (read already, or
    /// before `start`) shifted out. `marks` reads the chunk at a pointer (bit `i` for its byte `i`).
    // Safety: `marks` is given a chunk with 16 bytes before `end`: whole chunks where 16 are left, then
    // the text's last 16 (the callers' condition: the text has 16 or more).
    @inline(__always)
    private static func anyMarked(inChunksFrom start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                                  marks: (UnsafePointer<UInt8>) -> UInt32) -> Bool {
        var chunk = start
        while end - chunk > 16 {
            if marks(chunk) != 0 { return true }
            chunk += 16
        }
        let last = end - 16
        return marks(last) &>> UInt32(truncatingIfNeeded: chunk - last) != 0
    }

    /// The mask of the bytes of the chunk at `chunk` that a splat's rest may not hold: a `?` or `#`, or a
    /// `/` or `.` right after a `/` (`chunk[-1]` read too). One mask made of the compares joined.
    @inline(__always)
    private static func refusedBySplat(_ chunk: UnsafePointer<UInt8>) -> UInt32 {
        let bytes = UnsafeRawPointer(chunk).loadUnaligned(as: __m128i.self)
        let before = UnsafeRawPointer(chunk - 1).loadUnaligned(as: __m128i.self)
        // `/` (0x2f) and `.` (0x2e) in one compare, their low bit cleared.
        let slashOrDot = _mm_cmpeq_epi8(_mm_and_si128(bytes, _mm_set1_epi8(-2)), _mm_set1_epi8(0x2e))
        let afterSlash = _mm_cmpeq_epi8(before, _mm_set1_epi8(0x2f))
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_or_si128(queryBytes(bytes), _mm_and_si128(afterSlash, slashOrDot))))
    }

    /// The text's last 16 bytes and where they start, or in a text shorter than 16, its bytes as two
    /// words with zeros after them (a zero is never a mark), from `text`.
    @inline(__always)
    private static func lastChunk(end: UnsafePointer<UInt8>, text: UnsafePointer<UInt8>) -> (UnsafePointer<UInt8>, __m128i) {
        if end - text >= 16 { return (end - 16, UnsafeRawPointer(end - 16).loadUnaligned(as: __m128i.self)) }
        // Safety: loads 8 bytes from `text` only when the text has 8, and the 8 before `end` only when it
        // has more (shifted down past the ones the first word holds).
        let count = end - text
        let low = count >= 8 ? UInt64(littleEndian: UnsafeRawPointer(text).loadUnaligned(as: UInt64.self))
            : FrozenTrie.word(at: text, end: end, text: text)
        let high = count > 8 ? UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
            &>> UInt64(truncatingIfNeeded: (16 &- count) &* 8) : 0
        return (text, _mm_set_epi64x(Int64(bitPattern: high), Int64(bitPattern: low)))
    }

    /// The slashes of the whole chunks from `first` to `stop` (read before), as `seen` gathers them:
    /// asked again where a mark ends the path, not gathered chunk by chunk.
    @inline(__always)
    private static func holdsSlash(from first: UnsafePointer<UInt8>, to stop: UnsafePointer<UInt8>) -> UInt32 {
        var chunk = first
        var seen: UInt32 = 0
        while chunk < stop {
            seen |= slashMarks(UnsafeRawPointer(chunk).loadUnaligned(as: __m128i.self))
            chunk += 16
        }
        return seen
    }

    /// The path's end in the chunk at `chunk`, at the lowest of `stops` (its `?` and `#`, and when the
    /// text ends in it, one more past its end), `starts` its segment starts, `hazards` those that
    /// refuse the text; `seen` the slashes of the chunks before it. (A chunk of the loop holding no
    /// mark holds a hazard: its lowest stop, 0, leaves every bit before it.)
    @inline(__always)
    private static func pathEnd(atFirstOf stops: UInt32, slashes: UInt32, starts: UInt32, hazards: UInt32,
                                chunk: UnsafePointer<UInt8>, seen: UInt32) -> (end: UnsafePointer<UInt8>, segmentEndsFirst: Bool)? {
        let first = stops & (0 &- stops)
        let before = first &- 1
        // A refused segment before the end, or a `/` right before it (a trailing slash).
        if (hazards & before) | (starts & first) != 0 { return nil }
        return (chunk + first.trailingZeroBitCount, (seen | slashes & before) != 0)
    }

    /// Whether the text from `start` to `end` holds a `?` or `#`, whole chunks from `start` and then the
    /// last 1 to 16 bytes (`lastChunk`: the bits of the bytes before the chunk shifted out, or zeros past
    /// the end of a text shorter than 16): an optional chain's rest (`chainTakingRest`).
    // Safety: loads a whole chunk only where 16 bytes are left before `end`; `lastChunk` reads within
    // the text.
    @inline(__always)
    static func holdsQueryMark(inChunksFrom start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                               text: UnsafePointer<UInt8>) -> Bool {
        var chunk = start
        while end - chunk > 16 {
            if queryMarks(UnsafeRawPointer(chunk).loadUnaligned(as: __m128i.self)) != 0 { return true }
            chunk += 16
        }
        let (last, bytes) = lastChunk(end: end, text: text)
        return queryMarks(bytes) &>> UInt32(truncatingIfNeeded: chunk - last) != 0
    }

    /// Whether the text from `start` to `end` holds a `.`, in a text of 16 bytes or more: whole chunks
    /// from `start` and then the text's last 16 bytes, the bits of the bytes before the chunk shifted
    /// out (read again, or before `start`). The rest after the only way's dead segment
    /// (`deadEnd(onOnlyWay:)`): one compare a chunk, and no call (`lastChunk` reads a shorter text's
    /// bytes through `tailWord`'s call, which put a frame on every such dead end).
    // Safety: loads a whole chunk only where 16 bytes are left before `end`, and the last 16 bytes of a
    // text that has 16 (the caller's test).
    @inline(__always)
    static func holdsDot(inChunksFrom start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Bool {
        anyMarked(inChunksFrom: start, end: end) { dotMarks(UnsafeRawPointer($0).loadUnaligned(as: __m128i.self)) }
    }

    /// Whether the only way's dead segment from `start` to `stop`, and the rest of the text after it to
    /// `end`, leave the path a miss (`FrozenTrie.isMissOnOnlyWay`), asked on x86-64 of a rest of 1 to 48
    /// bytes from `start` in a text of 16 bytes or more: no `?` or `#` in the segment (one would end the
    /// path inside it, before what no child takes) and no `.` after it (a `..` segment could take the
    /// segment back out). A `?` or `#` after the segment's `/` ends the path after the segment, which
    /// dead-ends all the same, and a `.` inside the segment changes nothing, so only the chunk that holds
    /// the segment is asked for all three (the segment 16 bytes or fewer), the rest's later chunks for a
    /// `.` alone, one compare each (issue 37, eighteenth session: every chunk asked for all three took
    /// three, and a rest past 32 bytes, a tenth of the misses set's, was read by `deadEnd(onOnlyWay:)`'s
    /// call, about 75 instructions). A rest of up to 16 bytes is the text's last 16 with the bits before
    /// `start` left out (`lastBitsMasks`); one of 33 to 48 adds the 16 before the last 16 (from `start`
    /// plus 16, its address was kept from the loop's previous segment and spilled at every segment:
    /// parameter-heavy `withMatch` +10).
    // Safety: loads the 16 bytes before `end` only in a text of 16 or more (asked where the rest is 16
    // bytes or fewer; a longer rest has more before `end`), the 16 from `start` only where more than 16
    // are left before `end`, and the 16 before the last 16 only where more than 32 are.
    @inline(__always)
    static func isMissOnOnlyWay(inChunksFrom start: UnsafePointer<UInt8>, segmentEnd stop: UnsafePointer<UInt8>,
                                end: UnsafePointer<UInt8>, text base: UnsafePointer<UInt8>) -> Bool {
        // (The rest's bounds asked of addresses: its length is taken only where a mask is read by it.)
        let last = end - 16
        if start < last {
            guard stop <= start + 16 else { return false }
            let first = UnsafeRawPointer(start).loadUnaligned(as: __m128i.self)
            let dots = _mm_set1_epi8(0x2e)
            var marked = _mm_or_si128(_mm_or_si128(queryBytes(first), _mm_cmpeq_epi8(first, dots)),
                                      _mm_cmpeq_epi8(UnsafeRawPointer(last).loadUnaligned(as: __m128i.self), dots))
            // (The middle chunk of a rest past 32 bytes read back from the end: from `start`, its
            // address was kept from the loop's previous segment, spilled at every segment.)
            let middle = last - 16
            if start < middle {
                guard start >= middle - 16 else { return false }
                marked = _mm_or_si128(marked, _mm_cmpeq_epi8(UnsafeRawPointer(middle).loadUnaligned(as: __m128i.self), dots))
            }
            return _mm_movemask_epi8(marked) == 0
        }
        guard UInt(bitPattern: last) >= UInt(bitPattern: base) else { return false }
        // Safety: the rest is 1 to 16 bytes here (a byte is left at `start`), so the index is within the table.
        return lastBitsMasks.withUnsafeBufferPointer {
            queryOrDotMarks(UnsafeRawPointer(last).loadUnaligned(as: __m128i.self)) & $0.baseAddress.unsafelyUnwrapped[end - start &- 1] == 0
        }
    }

    /// How many bytes of `word` come before its first `?` or `#`; 8 when it holds none. One compare of
    /// each in a register (`marks(of:in:)` of each is four operations and a constant).
    @inline(__always)
    static func bytesBeforeQueryMark(inChunkOf word: UInt64) -> Int {
        (queryMarks(_mm_set_epi64x(0, Int64(bitPattern: word))) | 1 &<< 8).trailingZeroBitCount
    }

    /// Whether `word` (zeros after a short segment) holds a `?` or `#`: one compare of each in a register,
    /// where `queryMarks(in:)` of the word, for the walk's parameter segments, took 15 instructions (its
    /// constants made in registers each time).
    @inline(__always)
    static func holdsQueryMark(inChunkOf word: UInt64) -> Bool {
        queryMarks(_mm_set_epi64x(0, Int64(bitPattern: word))) != 0
    }

    /// The `/` bytes of `word`, a bit a byte (bit `i` for byte `i`; the upper 24 bits 0): the walk's loop
    /// finds where a segment ends from it with one compare in a register, where `marks(of:in:)` made its
    /// three constants in registers at every segment (issue 37, sixteenth session).
    @inline(__always)
    static func slashBits(in word: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_set_epi64x(0, Int64(bitPattern: word)),
                                                                    _mm_set1_epi8(0x2f))))
    }

    /// The index of the first `/` of a word, from its `slashBits` (not 0).
    @inline(__always)
    static func firstSlash(in slashes: UInt32) -> Int {
        slashes.trailingZeroBitCount
    }

    /// The bytes of `word` before its first `/`, zeros from it on, from its `slashBits` (not 0): the
    /// word and'ed with the mask of its first `firstSlash` bytes, read from `lowByteMasks`: the table's
    /// address and an `and` that takes the load as its operand, 2 instructions a segment where the mask
    /// made as `lowBytes` makes it (the length times 8, all ones shifted by it, negated) took 6 (issue
    /// 37, seventeenth session: every walking row cheaper, `withMatch` splat 330.7 -> 318.7).
    // Safety: `slashBits` of a word has bits 0 to 7 only (the upper 8 bytes of the compare are 0s, no
    // `/`), so `firstSlash` of it is 0 to 7, within the table's eight.
    @inline(__always)
    static func bytes(of word: UInt64, before slashes: UInt32) -> UInt64 {
        lowByteMasks.withUnsafeBufferPointer { word & $0.baseAddress.unsafelyUnwrapped[firstSlash(in: slashes)] }
    }

    /// `lowBytes(n)` for `n` from 0 to 7, as a table: an array of constants, which the compiler lays
    /// out at build time (no initialiser run, no copy: its address is a constant).
    private static let lowByteMasks: [UInt64] = [
        0, 0xff, 0xffff, 0xff_ffff, 0xffff_ffff, 0xff_ffff_ffff, 0xffff_ffff_ffff, 0xff_ffff_ffff_ffff,
    ]

    /// The mask of a chunk's `.` bytes.
    @inline(__always)
    private static func dotMarks(_ bytes: __m128i) -> UInt32 {
        UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x2e))))
    }

    /// The most bytes `chainRestMarks` reads: two chunks.
    static let chainRestLimit = 32

    /// An optional chain's rest, from `start` (a segment's first byte, after a `/`) to `end` (the text
    /// does not end in `/`: the walk's dead end refuses that first), 1 to `chainRestLimit` bytes, read in
    /// one or two chunks (`chainTakingRest`): `ends`, bit `i` for a `/` at `start + i` and one more bit
    /// at `end` (each segment's end, in order), and whether the rest is refused: it holds a `?` or `#`,
    /// or a later segment is empty or starts with `.` (as `pathEnd(inChunksFrom:)` refuses a rest: the
    /// loop refuses only `.` and `..`, but a segment such as `.x` is rare, and the settling decides it
    /// as before; the first segment is asked too where the rest is within one chunk), asked of every
    /// segment at once, as a hit takes every segment to the end. The text's
    /// last 16 bytes as `lastChunk` reads them, its bits below `start` shifted out; a rest past 16 bytes
    /// adds the 16 from `start`, the two chunks' masks joined where they overlap.
    // Safety: loads 16 bytes from `start` only when more than 16 are left before `end`; `lastChunk`
    // reads within the text.
    @inline(__always)
    static func chainRestMarks(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                               text: UnsafePointer<UInt8>) -> (ends: UInt64, refused: Bool) {
        let length = end - start
        let (last, bytes) = chainLastChunk(from: start, end: end, text: text)
        let (lastQueries, lastSlashes, lastSlashesOrDots) = chainMarks(bytes)
        let ended = UInt64(1) &<< UInt64(truncatingIfNeeded: length)
        if length <= 16 {
            // (A segment starts a bit above each slash: refused where a slash or a dot is there. The
            // bits below `start` shifted out after, the first segment is asked too.)
            let skipped = UInt64(truncatingIfNeeded: start - last)
            let refused = UInt64(lastQueries | lastSlashes &<< 1 & lastSlashesOrDots) &>> skipped
            return (UInt64(lastSlashes) &>> skipped | ended, refused != 0)
        }
        // (The last chunk starts 1 to 16 bytes after `start`.)
        let offset = UInt64(truncatingIfNeeded: last - start)
        let (firstQueries, firstSlashes, firstSlashesOrDots) = chainMarks(UnsafeRawPointer(start).loadUnaligned(as: __m128i.self))
        let slashes = UInt64(firstSlashes) | UInt64(lastSlashes) &<< offset
        let slashesOrDots = UInt64(firstSlashesOrDots) | UInt64(lastSlashesOrDots) &<< offset
        let queries = UInt64(firstQueries) | UInt64(lastQueries) &<< offset
        return (slashes | ended, queries | slashes &<< 1 & slashesOrDots != 0)
    }

    /// `lastChunk` for an optional chain's rest from `start`: where the text is shorter than 16 bytes
    /// and the rest is within its last 8, those 8 with zeros after them (one load, not `lastChunk`'s
    /// two words joined: the optional row's short texts, `/o2/p0/q7/10437`).
    // Safety: loads the 16 bytes before `end` only when the text has 16, the 8 before it only when it
    // has 8.
    @inline(__always)
    private static func chainLastChunk(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                                       text: UnsafePointer<UInt8>) -> (UnsafePointer<UInt8>, __m128i) {
        if end - text >= 16 { return (end - 16, UnsafeRawPointer(end - 16).loadUnaligned(as: __m128i.self)) }
        if _fastPath(end - start <= 8) && end - text >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
            return (end - 8, _mm_set_epi64x(0, Int64(bitPattern: word)))
        }
        return lastChunk(end: end, text: text)
    }

    /// The masks of a chunk's `?` and `#` bytes, its `/` bytes, and its `/` and `.` bytes.
    @inline(__always)
    private static func chainMarks(_ bytes: __m128i) -> (queries: UInt32, slashes: UInt32, slashesOrDots: UInt32) {
        let slashes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x2f))
        let slashesOrDots = _mm_or_si128(slashes, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x2e)))
        return (queryMarks(bytes), UInt32(truncatingIfNeeded: _mm_movemask_epi8(slashes)),
                UInt32(truncatingIfNeeded: _mm_movemask_epi8(slashesOrDots)))
    }

    /// A chunk's `?` and `#` bytes, each 0xff, every other 0: the compares every mark below starts from.
    @inline(__always)
    private static func queryBytes(_ bytes: __m128i) -> __m128i {
        _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x3f)), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x23)))
    }

    /// The mask of a chunk's `?` and `#` bytes.
    @inline(__always)
    private static func queryMarks(_ bytes: __m128i) -> UInt32 {
        let queries = queryBytes(bytes)
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(queries))
    }

    /// The mask of a chunk's `?`, `#` and `.` bytes, in one (the compares joined before the mask).
    @inline(__always)
    private static func queryOrDotMarks(_ bytes: __m128i) -> UInt32 {
        let queries = queryBytes(bytes)
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_or_si128(queries, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x2e)))))
    }

    /// The mask of a chunk's `?` and `#` bytes, and of its `.` bytes.
    @inline(__always)
    private static func queryAndDotMarks(_ bytes: __m128i) -> (queries: UInt32, dots: UInt32) {
        let queries = queryBytes(bytes)
        return (UInt32(truncatingIfNeeded: _mm_movemask_epi8(queries)),
                UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x2e)))))
    }

    /// The mask of a chunk's `/` bytes.
    @inline(__always)
    private static func slashMarks(_ bytes: __m128i) -> UInt32 {
        UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x2f))))
    }

    /// The masks of a chunk's `?` and `#` bytes, its `/` bytes and its `.` bytes, a bit a byte.
    @inline(__always)
    private static func restMarks(_ bytes: __m128i) -> (queries: UInt32, slashes: UInt32, dots: UInt32) {
        let queries = queryBytes(bytes)
        let slashes = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x2f))
        let dots = _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x2e))
        return (UInt32(truncatingIfNeeded: _mm_movemask_epi8(queries)), UInt32(truncatingIfNeeded: _mm_movemask_epi8(slashes)),
                UInt32(truncatingIfNeeded: _mm_movemask_epi8(dots)))
    }
}
#endif

extension FrozenTrie {
    /// Whether the rest of a text from `start` (after a `/`) to `end` is what a splat
    /// takes: a plain normalised path with no `?` or `#`, as `pathEnd(afterStop: start - 1, ...,
    /// asksEmptySegments: true)` reads it when it answers `end`; for a text of 17 bytes or more, from
    /// `text`, that does not end in `/` (the walk's own guard). What `splatTakesRest(from:text:span:end:)`
    /// asks below a slot marked `StaticEdge.splatOnlyMark`: no segment of the rest empty or starting
    /// with `.`, no `?` or `#` in it. False where the text ends before `start` (at the `/`'s place: the
    /// segment before ran to the end). On x86-64, 16 bytes at a time
    /// (`isPlainSplatRest(inChunksFrom:end:)`: one chunk for a rest of up to 16 bytes); elsewhere, as
    /// `pathEnd(fromStop:)` reads it.
    @inline(__always)
    static func isPlainSplatRest(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                                 text: UnsafePointer<UInt8>) -> Bool {
        #if arch(x86_64)
        return isPlainSplatRest(inChunksFrom: start, end: end)
        #else
        return start < end && pathEnd(fromStop: start - 1, end: end, text: text)?.end == end
        #endif
    }

    /// Whether the text from `start` (in a text from `text`) to `end` holds a `?` or `#`: 16 bytes at a
    /// time on x86-64 (`holdsQueryMark(inChunksFrom:)`), else a word at a time.
    @inline(__always)
    static func holdsQueryMark(restFrom start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                               text: UnsafePointer<UInt8>) -> Bool {
        #if arch(x86_64)
        return holdsQueryMark(inChunksFrom: start, end: end, text: text)
        #else
        return holdsQueryMark(from: start, to: end, end: end)
        #endif
    }

    /// Whether the text from `start` to `end`, none or more bytes in a text of 16 bytes or more, holds a
    /// `.`: 16 bytes at a time on x86-64 (`holdsDot(inChunksFrom:)`: none read is the last 16 shifted
    /// out whole), else a word at a time.
    @inline(__always)
    static func holdsDot(restFrom start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Bool {
        #if arch(x86_64)
        return holdsDot(inChunksFrom: start, end: end)
        #else
        return anyWordMarked(from: start, end: end) { FrozenTrie.marks(of: PathSegmenter.dot, in: $0) }
        #endif
    }

    /// Whether `marks` sets a bit in any word of the text from `start` to `end`, read a word at a time
    /// (the bytes past `end` read as zeros, which no reader marks): what `holdsDot(restFrom:end:)` and
    /// `FrozenTrie.isMissOnOnlyWay` do where there are no 16-byte chunks.
    @inline(__always)
    static func anyWordMarked(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                              _ marks: (UInt64) -> UInt64) -> Bool {
        var cursor = start
        while cursor < end {
            if marks(FrozenTrie.word(at: cursor, end: end, text: start)) != 0 { return true }
            cursor += 8
        }
        return false
    }

    /// How many bytes of `word` come before its first `?` or `#`; 8 when it holds none.
    @inline(__always)
    static func bytesBeforeQueryMark(in word: UInt64) -> Int {
        #if arch(x86_64)
        return bytesBeforeQueryMark(inChunkOf: word)
        #else
        let marks = queryMarks(in: word)
        return marks == 0 ? 8 : marks.trailingZeroBitCount &>> 3
        #endif
    }

    /// The slashes of the text's last 16 bytes, bit `i` for a `/` at `end - 16 + i`, and bit 16 for the
    /// text's end: where an optional chain finds each of its segments' ends (`optionalChain`: a bit
    /// away, not a word read and marked, about 30 instructions a segment). 0 when the text, from
    /// `text`, has fewer than 16 bytes, and on other architectures.
    @inline(__always)
    static func lastSlashes(end: UnsafePointer<UInt8>, text: UnsafePointer<UInt8>) -> UInt32 {
        #if arch(x86_64)
        guard end - text >= 16 else { return 0 }
        let bytes = UnsafeRawPointer(end - 16).loadUnaligned(as: __m128i.self)
        return UInt32(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x2f)))) | 1 &<< 16
        #else
        return 0
        #endif
    }
}

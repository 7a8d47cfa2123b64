// The rest of the text where the walk's loop stopped at a dead end, asked the one question a splat, an
// optional chain and a miss on the only way need when the rest is as common paths are: does it hold
// no `.`, `?` or `#` at all and no empty segment (`//`)? Then it is plain to its end, with no query,
// and nothing in it can change what the path means (no dot segment, no `..` to take the stop's segment
// back), so `settleStop` settles the stop at once. Anything else (a `.` anywhere, even inside a
// segment such as `file.txt`, a query, `//`) is asked again exactly (`pathEnd(fromStop:)`), as before.
//
// Cheaper a word than `pathEnd(fromStop:)`, which marks `/` and `.` exactly and finds where each
// segment starts in every word: here the three bytes that must not appear are marked together (their
// marks or-ed: each is exact up to its first, so no mark at all means none of the three is there),
// and the slashes are marked alone, exact in a word with no `.` (a false mark needs a 0x2e byte above
// a `/`), to find `//` across the word and from the word before.
extension FrozenTrie {
    /// Whether the text from `segment` (a segment's first byte, after a `/`) to `end` holds no `.`,
    /// `?` or `#` and, when `askingEmptySegments` (a constant at each call), no `//` (a `/` at
    /// `segment`, an empty segment, counts as one). The text starts at `text`, at or before
    /// `segment - 1`: a last word shorter than 8 bytes is read in one load ending at `end` when the
    /// text has 8. A trailing `/` is not asked: the walk's loop has refused it.
    @inline(__always)
    static func restIsPlain(from segment: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                            text: UnsafePointer<UInt8>, askingEmptySegments: Bool) -> Bool {
        // The slash before `segment`, moved to the top byte's place below the word's first byte.
        var carried: UInt64 = 0x80
        // Offsets from `segment`, one induction variable (a pointer and its address as a `UInt` were
        // kept as two).
        let count = end - segment
        var offset = 0
        while count &- offset >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(segment + offset).loadUnaligned(as: UInt64.self))
            if _slowPath(!isPlainWord(word, carried: &carried, askingEmptySegments: askingEmptySegments)) { return false }
            offset &+= 8
        }
        guard offset < count else { return true }
        // The last bytes, zeros after them (never marked): the text's last 8 bytes shifted down to
        // them, or byte by byte in a text shorter than 8.
        // Safety: loads the 8 bytes before `end` only when the text, from `text`, has 8.
        let word = end - text >= 8
            ? UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
                &>> UInt64(truncatingIfNeeded: (8 &- (count &- offset)) &* 8)
            : FrozenTrie.word(at: segment + offset, end: end, text: text)
        return isPlainWord(word, carried: &carried, askingEmptySegments: askingEmptySegments)
    }

    /// Whether `word` holds no `.`, `?` or `#`, and, when `askingEmptySegments`, no `/` right after
    /// another (`carried`: 0x80 when the byte before the word is a `/`, updated for the next word).
    @inline(__always)
    private static func isPlainWord(_ word: UInt64, carried: inout UInt64, askingEmptySegments: Bool) -> Bool {
        let forbidden = marks(of: UInt8(ascii: "."), in: word) | marks(of: UInt8(ascii: "?"), in: word)
            | marks(of: UInt8(ascii: "#"), in: word)
        guard askingEmptySegments else { return forbidden == 0 }
        let slashes = marks(of: PathSegmenter.slash, in: word)
        let emptySegments = slashes & (slashes &<< 8 | carried)
        carried = slashes &>> 56
        return forbidden | emptySegments == 0
    }
}

/// How a node's static children are found: up to `FrozenTrie.hashThreshold` of them by a scan of their
/// edges, more by an open-addressing table keyed by this hash; either way an edge is compared by its
/// literal's key (its packed bytes, or `longKey` of a literal past 8 bytes) and length (see
/// `FrozenTrie.StaticEdge`).
enum StaticChildHash {
    /// Open-addressing table size for a node's static children: a power of two, at most half full.
    /// (A quarter full took a GitHub API lookup from 2.5 slots compared a probe to 1.1, 32 instructions
    /// a lookup, but 100,000 parameter routes from 53.6 to 56.9 MB resident: their nodes have 16 and 31
    /// children.)
    @inline(__always)
    static func tableSize(for count: Int32) -> Int {
        max(16, 1 << (Int.bitWidth - (Int(count) * 2 - 1).leadingZeroBitCount))
    }

    /// A literal's slot in a table of 2^(64 - `shift`) slots, from its key (`key(of:)`: its 8 bytes or fewer
    /// packed into a word, or `longKey` of a longer one) and its length. The lookup loads a segment's
    /// first word in the same read that finds where the segment ends, so hashing a short one costs a
    /// multiply; a longer one's key takes one more load (its last word), and siblings that still share
    /// a key and length share a slot and are told apart by comparing bytes. Literals are stored folded;
    /// path words are folded before hashing.
    ///
    /// The slot is the top bits of the word's product with an odd constant: the only bits that depend
    /// on every byte. Sibling literals differ mostly in their last bytes (`page12`, `page13`), the
    /// word's high bits, which the low bits of a product never see. (Folding the halves of the full
    /// 128-bit product into the low bits compared 2.5 slots a probe on GitHub's API, this 1.x.) The
    /// length is mixed in because a packed word does not say it.
    @inline(__always)
    static func slot(word: UInt64, length: Int, shift: Int) -> Int {
        let product = (word ^ UInt64(truncatingIfNeeded: length)) &* 0x9e37_79b9_7f4a_7c15
        return Int(truncatingIfNeeded: product &>> UInt64(truncatingIfNeeded: shift))
    }

    /// The shift (`slot`) for a table of `size` slots, a power of two: 64 - k for 2^k slots, the
    /// leading zeros of its mask.
    static func shift(forTableSize size: Int) -> Int {
        (size - 1).leadingZeroBitCount
    }

    /// The mask of a table's slot numbers (its size less one) for its `shift`.
    @inline(__always)
    static func mask(forShift shift: Int) -> Int {
        Int(bitPattern: UInt.max &>> UInt(truncatingIfNeeded: shift))
    }

    /// The key of a literal longer than 8 bytes: its first word mixed with its last (the 8 bytes that
    /// end it, overlapping the first in a literal of up to 16). Siblings such as `organizations-0` …
    /// `organizations-9` share their first word and length and differ in their last bytes: keyed on the
    /// first word alone they shared one slot, and every probe compared whole literals one after another
    /// (issue 37's long static segments: 1,957 instructions a `withMatch` against matchit's 383). The
    /// lookup has the last word in one load once it knows where the segment ends. A key is not the
    /// literal: a hit of key and length is confirmed by comparing the bytes (`literalEquals`).
    @inline(__always)
    static func longKey(first: UInt64, last: UInt64) -> UInt64 {
        // Rotated so that a literal whose halves repeat (`abcdefghabcdefgh`) does not key to 0 with
        // every other such literal.
        first ^ (last &<< 32 | last &>> 32)
    }

    /// The key an edge holds for a literal, as the lookup computes it for a segment: the packed bytes of
    /// one of up to 8, `longKey` of a longer one.
    static func key(of literal: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let first = packed(UnsafeBufferPointer(rebasing: literal.prefix(8)), fold: false)
        guard literal.count > 8 else { return first }
        return longKey(first: first, last: packed(UnsafeBufferPointer(rebasing: literal.suffix(8)), fold: false))
    }

    /// Up to 8 bytes as one little-endian word (folded for a case-insensitive table).
    @inline(__always)
    static func packed(_ bytes: UnsafeBufferPointer<UInt8>, fold: Bool) -> UInt64 {
        var word: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            word |= UInt64(fold ? ASCIIFolding.fold(byte) : byte) << (UInt64(offset) &* 8)
        }
        return word
    }

    /// `ASCIIFolding.fold` of each byte of a word at once: `A`…`Z` gain 0x20, nothing else changes.
    @inline(__always)
    static func foldedWord(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & (0x7f &* ones)
        let atLeastA = low &+ ((0x80 &- 0x41) &* ones)
        let pastZ = low &+ ((0x80 &- 0x5b) &* ones)
        let upper = atLeastA & ~pastZ & ~word & (0x80 &* ones)
        return word | (upper >> 2)
    }
}

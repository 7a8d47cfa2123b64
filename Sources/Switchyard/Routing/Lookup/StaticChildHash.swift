/// How a node's static children are found: up to `FrozenTrie.hashThreshold` of them by a scan of their
/// edges, more by an open-addressing table keyed by this hash; either way an edge is compared by its
/// literal's packed first word and length (see `FrozenTrie.StaticEdge`).
enum StaticChildHash {
    /// Open-addressing table size for a node's static children: a power of two, at most half full.
    /// (A quarter full took a GitHub API lookup from 2.5 slots compared a probe to 1.1, 32 instructions
    /// a lookup, but 100,000 parameter routes from 53.6 to 56.9 MB resident: their nodes have 16 and 31
    /// children.)
    @inline(__always)
    static func tableSize(for count: Int32) -> Int {
        max(16, 1 << (Int.bitWidth - (Int(count) * 2 - 1).leadingZeroBitCount))
    }

    /// A literal's slot in a table of `mask + 1` slots, from its first 8 bytes packed into a word
    /// (all of a shorter one) and its length. The lookup loads a segment's first word in the same read
    /// that finds where the segment ends, so hashing costs a multiply whatever the length; siblings
    /// that share their first 8 bytes and length share a slot and are told apart by comparing bytes.
    /// Literals are stored folded; path words are folded before hashing.
    ///
    /// The slot is the top bits of the word's product with an odd constant: the only bits that depend
    /// on every byte. Sibling literals differ mostly in their last bytes (`page12`, `page13`), the
    /// word's high bits, which the low bits of a product never see. (Folding the halves of the full
    /// 128-bit product into the low bits compared 2.5 slots a probe on GitHub's API, this 1.x.) The
    /// length is mixed in because a packed word does not say it.
    @inline(__always)
    static func slot(word: UInt64, length: Int, mask: Int) -> Int {
        let product = (word ^ UInt64(truncatingIfNeeded: length)) &* 0x9e37_79b9_7f4a_7c15
        // `mask` is 2^k - 1: its leading zeros are 64 - k, the shift that leaves the top k bits (one
        // `bsr`; counting its set bits is 20 instructions on baseline x86-64, which has no `popcnt`).
        return Int(truncatingIfNeeded: product &>> UInt64(truncatingIfNeeded: mask.leadingZeroBitCount))
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

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

    /// A literal's hash, from its first 8 bytes packed into a word (all of a shorter one) and its
    /// length. The lookup loads a segment's first word in the same read that finds where the segment
    /// ends, so hashing costs a multiply whatever the length (FNV-1a over a long literal's every byte
    /// was 48 instructions of a GitHub API lookup's 1,641); siblings that share their first 8 bytes and
    /// length share a hash and are told apart by comparing bytes. Literals are stored folded; path
    /// words are folded before hashing.
    ///
    /// The hash is the two halves of its full 128-bit product with an odd constant, folded.
    /// The table takes its slot from the low bits, and they must depend on every byte: sibling literals
    /// differ mostly in their last bytes (`page12`, `page13`), the word's high bits, which the low half of
    /// a product never sees. (Taking bits 32–63 of the low half did not, and 47 siblings shared a slot.)
    /// The length is mixed in because a packed word does not say it.
    @inline(__always)
    static func hash(word: UInt64, length: Int) -> UInt32 {
        let product = (word ^ UInt64(truncatingIfNeeded: length)).multipliedFullWidth(by: 0x9e37_79b9_7f4a_7c15)
        return UInt32(truncatingIfNeeded: product.high ^ product.low)
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

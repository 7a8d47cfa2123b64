/// How a node's static children are found: up to `FrozenTrie.hashThreshold` of them by a scan of their
/// edges, more by a table keyed by this hash, whose multiplier the freeze chose per node so that each child
/// has a slot of its own (one slot read, one edge compared); either way an edge is compared by its
/// literal's key (its packed bytes, or `longKey` of a literal past 8 bytes) and length (see
/// `FrozenTrie.StaticEdge`).
enum StaticChildHash {
    /// The smallest table for a node's static children: a power of two, at least twice their count, so
    /// that a multiplier putting each child in a slot of its own is found in a few tries (`table(for:)`).
    /// (A table a quarter full took a GitHub API lookup from 2.5 slots compared a probe to 1.1 when
    /// collisions were probed on, but 100,000 parameter routes from 53.6 to 56.9 MB resident: their
    /// nodes have 16 and 31 children.)
    @inline(__always)
    static func tableSize(for count: Int32) -> Int {
        max(16, 1 << (Int.bitWidth - (Int(count) * 2 - 1).leadingZeroBitCount))
    }

    /// A literal's slot in a node's table, from its key (`key(of:)`: its 8 bytes or fewer packed into a
    /// word, or `longKey` of a longer one) and the node's multiplier (`Node.hashMultiplier`:
    /// its `staticCount` and `hashShift` fields as one word). The freeze chose the multiplier so that
    /// every child of the node has a slot of its own (`table(for:)`): a lookup computes one slot and
    /// compares one edge, and no probe goes on (issue 37: with one multiplier for every node, siblings
    /// such as `section0` … `section9` shared slots, and a static-heavy lookup compared 2.5 slots on 0.6
    /// of its 3.1 probes).
    ///
    /// The slot is the product's top k bits, for a table of 2^k slots: the only bits that depend on
    /// every byte (sibling literals differ mostly in their last bytes, the word's high bits, which the
    /// low bits of a product never see). The shift that leaves them, 64 - k, is the multiplier's bits
    /// 32 to 37 (`hashShift`'s low 6 bits), read as the machine reads a shift count (`&>>`), with no
    /// mask. The freeze's choice must reach the multiplier's low bits, kept in `staticCount` (a hashed
    /// node's count is never read): words that differ in their top byte alone land `d × multiplier mod
    /// 256` apart in the product's top byte, whatever its higher bits. (A seed mixed into the word's top
    /// half instead, a constant multiplier kept, only moved short literals' slots all together: 100,000
    /// parameter routes needed tables twice the size, 8 MB more.) The length is not mixed in: siblings'
    /// keys differ as words but where a literal holds a 0 byte or a long literal's key equals another's
    /// (`table(for:)` then probes on), and the slot's compare asks the length. (Mixed in, it cost every
    /// hashed segment an instruction.)
    @inline(__always)
    static func slot(word: UInt64, multiplier: UInt64) -> Int {
        Int(truncatingIfNeeded: (word &* multiplier) &>> (multiplier &>> 32))
    }

    /// A node's multiplier (`slot`) from its `staticCount` and `hashShift` fields: `Node.hashMultiplier`.
    @inline(__always)
    static func multiplier(low: Int32, high: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: low)) | UInt64(UInt32(bitPattern: high)) &<< 32
    }

    /// `hashShift`'s bit saying that the node's children could not each have a slot of their own within
    /// `largestTable(for:)` (a thousand siblings or so and more): they are placed by linear probing, and
    /// a lookup whose slot holds another literal probes on, out of line.
    static let probesOn = 64

    /// What the freeze chose for a node's table: its size, and the two halves of its multiplier
    /// (`slot`), kept in the node's `staticCount` and `hashShift`.
    struct Table {
        /// The multiplier's low half: odd and positive (so a hashed node's `staticCount` stays above 0,
        /// which is all the walk asks of it).
        var low: Int32
        /// The multiplier's high half: the shift (64 - k for 2^k slots) in its low 6 bits, `probesOn`
        /// in bit 6, the choice above.
        var high: Int32
        var size: Int

        /// The `choice`th multiplier tried for a table of `size` slots: both halves from a mix of the
        /// choice (SplitMix64's), so that neighbouring choices differ in every bit, the low ones first.
        init(size: Int, choice: Int, probesOn: Bool = false) {
            var mixed = UInt64(truncatingIfNeeded: choice &+ 1) &* 0x9e37_79b9_7f4a_7c15
            mixed = (mixed ^ (mixed &>> 30)) &* 0xbf58_476d_1ce4_e5b9
            mixed = (mixed ^ (mixed &>> 27)) &* 0x94d0_49bb_1331_11eb
            mixed ^= mixed &>> 31
            low = Int32(truncatingIfNeeded: mixed & 0x7fff_ffff | 1)
            high = Int32(truncatingIfNeeded: (size - 1).leadingZeroBitCount | (probesOn ? StaticChildHash.probesOn : 0)
                | Int((mixed &>> 40) & 0xff_ffff) << 7)
            self.size = size
        }

        var multiplier: UInt64 { StaticChildHash.multiplier(low: low, high: high) }
    }

    /// The mask of a table's slot numbers (its size less one) for its `hashShift`.
    @inline(__always)
    static func mask(forShift high: Int) -> Int {
        Int(bitPattern: UInt.max &>> UInt(truncatingIfNeeded: high & 63))
    }

    /// Multipliers tried at one table size before the table is doubled. With 31 children in 64 slots
    /// (the 100,000 parameter routes of Benchmarks case 6) about one in 1,400 fits (the chance that 31
    /// keys take distinct slots of 64 at random, e^(-31·30/128)); 16 in 32, one in 40; 47 in 128
    /// (static-heavy's 100,000), one in 4,500.
    static let choicesPerSize = 8_192

    /// The largest table a node's children get a slot each in: 8 times `tableSize(for:)`. A perfect
    /// multiplicative hash of n keys needs about n²/18 slots to be found in `choicesPerSize` tries, so
    /// past some hundreds of siblings the table would grow with their square; such a node probes on
    /// instead (`probesOn`).
    static func largestTable(for count: Int) -> Int {
        tableSize(for: Int32(count)) * 8
    }

    /// The table that gives each of `keys` (a node's static children's keys and lengths) a slot of its
    /// own, the smallest first (doubled only when no multiplier fits at its size). Nil when two children
    /// share their key and length (two literals past 8 bytes whose `longKey`s are equal), which no hash
    /// tells apart: the node's children are then scanned. Past `largestTable(for:)`, or where two
    /// children share their key alone (which `slot` hashes, not the length: a literal with a 0 byte
    /// after its last, or a long literal keyed as a short one's bytes), the smallest table with the
    /// first multiplier, `probesOn`.
    static func table(for keys: [(word: UInt64, length: Int32)]) -> Table? {
        struct Keyed: Hashable { var word: UInt64; var length: Int32 }
        guard Set(keys.map { Keyed(word: $0.word, length: $0.length) }).count == keys.count else { return nil }
        let words = keys.map(\.word)
        let smallest = tableSize(for: Int32(keys.count))
        // No multiplier puts two equal words in two slots.
        guard Set(words).count == words.count else { return Table(size: smallest, choice: 0, probesOn: true) }
        var size = smallest
        while size <= largestTable(for: keys.count) {
            // A size where `choicesPerSize` random tries would find no multiplier but by a chance under
            // one in a thousand (e^-16 each: hundreds of siblings) is not tried.
            let collisions = Double(keys.count) * Double(keys.count - 1) / Double(2 * size)
            if collisions > 16 {
                size *= 2
                continue
            }
            if let table = firstFitting(words, size: size) { return table }
            size *= 2
        }
        return Table(size: smallest, choice: 0, probesOn: true)
    }

    /// The first of `choicesPerSize` multipliers that gives each of `words` (the keys, as `slot` hashes
    /// them) a slot of its own in a table of `size`, or nil. The slots taken are bits of one word for a
    /// table of up to 64 (most nodes), of an array past that.
    private static func firstFitting(_ words: [UInt64], size: Int) -> Table? {
        var taken = [UInt64](repeating: 0, count: size > 64 ? size / 64 : 0)
        for choice in 0..<choicesPerSize {
            let table = Table(size: size, choice: choice)
            let multiplier = table.multiplier
            let shift = multiplier &>> 32
            var fits = true
            if size <= 64 {
                var bits: UInt64 = 0
                for key in words {
                    let bit: UInt64 = 1 &<< ((key &* multiplier) &>> shift)
                    if bits & bit != 0 {
                        fits = false
                        break
                    }
                    bits |= bit
                }
            } else {
                for index in taken.indices { taken[index] = 0 }
                for key in words {
                    let slot = Int(truncatingIfNeeded: (key &* multiplier) &>> shift)
                    let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: slot & 63)
                    if taken[slot &>> 6] & bit != 0 {
                        fits = false
                        break
                    }
                    taken[slot &>> 6] |= bit
                }
            }
            if fits { return table }
        }
        return nil
    }

    /// The key of a literal longer than 8 bytes: its first word mixed with its last (the 8 bytes that
    /// end it, overlapping the first in a literal of up to 16). Siblings such as `organizations-0` …
    /// `organizations-9` share their first word and length and differ in their last bytes: keyed on the
    /// first word alone they shared one slot, and every probe compared whole literals one after another
    /// (issue 37's long static segments: 1,957 instructions a `withMatch` against matchit's 383). The
    /// lookup has the last word in one load once it knows where the segment ends. A key is not the
    /// literal: a hit of key and length is confirmed by comparing the bytes (`FrozenTrie.longStaticChild`).
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

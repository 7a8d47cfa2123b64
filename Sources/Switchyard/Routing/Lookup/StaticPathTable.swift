#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Issue 37's table of whole static paths: a path whose every segment the walk takes as a static child,
/// ending on a node where a route ends, found by its whole bytes at once (hashed a word at a time, one
/// probe, its bytes compared) instead of a segment at a time (about 61 instructions a static segment in
/// the walk, and long segments far more).
///
/// Equivalence by construction: the freeze builds each candidate key from the trie's literals (every
/// path through static children to a node with a route) and keeps it only when the walk itself, run on
/// those bytes, answers `.node(n)` with no spans; the key then answers that `n`. The walk is a pure
/// function of the bytes, so a text byte-equal to a key is one the walk settles the same way, and
/// `RouteLookup.find` makes its hit from `n` as it does from the walk's node. Any other text goes to the
/// walk as before. A case-insensitive table has none (its texts are folded a word at a time by the walk;
/// a key would be one spelling of many).
///
/// What a text that is not a key pays is the gate: one bit of a small bitset, picked by the text's
/// length and its last word (`gateHash`), so most texts that are not keys are turned away after one
/// load, one multiply and a bit test; a table with no key costs a nil test. Past the gate, the words in
/// between are hashed on and one slot is probed; a key whose length and check agree is compared byte for
/// byte (its first and last words, then the bytes between: 16 at a time on x86-64).
struct StaticPathTable {
    /// A slot: where its key's bytes start among the keys (the key's length and the walk's node, 4 bytes
    /// each, just before), the key's length, and 16 bits of its hash that tell most other keys of that
    /// length apart without reading theirs. An empty slot has length 0 (every key has at least its `/`).
    struct Slot {
        var offset: UInt32
        /// The key's length in the low 16 bits, its check in the high 16: compared as one word.
        var tag: UInt32

        init(offset: UInt32, length: Int, check: UInt16) {
            self.offset = offset
            tag = StaticPathTable.tag(length: length, check: check)
        }

        var length: Int { Int(tag & 0xffff) }

        static let empty = Slot(offset: 0, length: 0, check: 0)
    }

    /// A slot's `tag`.
    @inline(__always)
    static func tag(length: Int, check: UInt16) -> UInt32 {
        UInt32(truncatingIfNeeded: length) & 0xffff | UInt32(check) &<< 16
    }

    /// One bit per `gateHash`'s top bits, set for every key: nil when the table has no key.
    let gate: UnsafeMutablePointer<UInt64>?
    /// 64 less the gate's bit count's log2: `gateHash >> gateShift` is a bit's index.
    let gateShift: UInt64
    /// One allocation: a header (`slotShift`, the slot mask, the key count, where the keys start),
    /// then 2^k slots (`Slot`), at most half full, keys placed by linear probing from
    /// `fullHash >> slotShift` (64 - k), then each key's length and node (4 bytes each, little-endian)
    /// and bytes, one after another, each key's bytes from 8 past a multiple of 16 (`keyStart`; the allocation and the
    /// keys' start are aligned to 16), so that the bytes past its first word are read 16 at a time with
    /// aligned loads (`middleEquals`). Three words in all, so that a lookup holds the table in registers: with its
    /// buffers as fields of its own (eight words), `find` copied them all to the stack first (9
    /// instructions on every lookup, parameter-heavy's too).
    let storage: UnsafeMutableRawPointer

    private static let headerSize = 32
    private static let slotShiftOffset = 0
    private static let maskOffset = 8
    private static let countOffset = 16
    private static let keysOffset = 24

    /// How many keys the table holds.
    var count: Int { storage.load(fromByteOffset: StaticPathTable.countOffset, as: Int.self) }

    /// Gate bits a key: with one hash, about one text in 16 that is not a key passes the gate.
    static let gateBitsPerKey = 16

    /// No key: every lookup goes to the walk after a nil test.
    static var empty: StaticPathTable {
        StaticPathTable(keys: [], ends: [], nodes: [])
    }

    /// The table of `frozen`'s static paths, `trie` the declaration trie it was frozen from (same node
    /// indices): each path through static children to a node with a route, kept when `frozen`'s walk
    /// answers it with that node's `.node` and no spans. Empty for a case-insensitive trie.
    init(_ trie: RouteTrie, frozen: FrozenTrie) {
        guard !trie.caseInsensitive, !trie.nodes.isEmpty else {
            self = .empty
            return
        }
        // The keys kept, one after another (one buffer, not an array a key: a table of 100,000 static
        // routes made 90,000 arrays at its freeze), where each ends, and the walk's node for each.
        var accepted: [UInt8] = []
        var acceptedEnds: [Int] = []
        var acceptedNodes: [Int32] = []
        var path: [UInt8] = []
        // Depth-first through static children only, with an explicit stack (a path may be deep): each
        // entry a node and the length of the path before its literal.
        var stack: [(node: Int32, prefix: Int)] = [(0, 0)]
        let source = trie.nodes
        while let (node, prefix) = stack.popLast() {
            path.removeSubrange(prefix...)
            let entry = source[Int(node)]
            path.append(PathSegmenter.slash)
            if node != 0 {
                path.append(contentsOf: trie.literalBytes[Int(entry.literalStart)..<Int(entry.literalEnd)])
            }
            if entry.firstRoute >= 0 && path.count <= Int(UInt16.max) {
                var spans = Parameters.InlineSpans()
                let walked = path.withUnsafeBufferPointer { frozen.walk($0, spans: &spans) }
                if case .node(let found) = walked, spans.count == 0 {
                    accepted.append(contentsOf: path)
                    acceptedEnds.append(accepted.count)
                    acceptedNodes.append(found)
                }
            }
            // The root's `/` is also its children's: their paths start there.
            let childPrefix = node == 0 ? 0 : path.count
            var child = entry.firstStatic
            while child >= 0 {
                stack.append((child, childPrefix))
                child = source[Int(child)].nextSibling
            }
        }
        self.init(keys: accepted, ends: acceptedEnds, nodes: acceptedNodes)
    }

    /// The table of the keys in `pool`, the ith ending at `ends[i]` where the one before ends (distinct
    /// or not: a repeated key is the same text, which the walk answers the same way, and is placed once),
    /// `nodes[i]` the answer for the ith.
    init(keys pool: [UInt8], ends keyEnds: [Int], nodes: [Int32]) {
        let keyCount = keyEnds.count
        let gateBits = keyCount == 0 ? 64 : StaticPathTable.powerOfTwo(atLeast: max(64, keyCount * StaticPathTable.gateBitsPerKey))
        let slotCount = keyCount == 0 ? 1 : StaticPathTable.powerOfTwo(atLeast: max(2, keyCount * 2))
        // Each key's length and node and up to 15 bytes of padding before its bytes.
        let keyBytes = pool.count + 24 * keyCount
        let keysStart = (StaticPathTable.headerSize + slotCount * MemoryLayout<Slot>.stride + 15) & ~15
        let storage = UnsafeMutableRawPointer.allocate(byteCount: keysStart + keyBytes, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: keysStart + keyBytes)
        let slotShift = UInt64(64 - slotCount.trailingZeroBitCount)
        storage.storeBytes(of: slotShift, toByteOffset: StaticPathTable.slotShiftOffset, as: UInt64.self)
        storage.storeBytes(of: slotCount &- 1, toByteOffset: StaticPathTable.maskOffset, as: Int.self)
        storage.storeBytes(of: keysStart, toByteOffset: StaticPathTable.keysOffset, as: Int.self)
        let slots = (storage + StaticPathTable.headerSize).bindMemory(to: Slot.self, capacity: slotCount)
        let keys = (storage + keysStart).assumingMemoryBound(to: UInt8.self)
        let gateShift = UInt64(64 - gateBits.trailingZeroBitCount)
        let gate = keyCount == 0 ? nil : UnsafeMutablePointer<UInt64>.allocate(capacity: gateBits / 64)
        gate?.initialize(repeating: 0, count: gateBits / 64)
        var keyEnd = 0
        var placed = 0
        var start = 0
        for (end, node) in zip(keyEnds, nodes) {
            defer { start = end }
            pool.withUnsafeBufferPointer { pool in
                let text = UnsafeBufferPointer(rebasing: pool[start..<end])
                let base = text.baseAddress.unsafelyUnwrapped
                let ends = StaticPathTable.ends(base, count: text.count)
                let bit = StaticPathTable.gateHash(last: ends.last, count: text.count) &>> gateShift
                gate.unsafelyUnwrapped[Int(bit &>> 6)] |= 1 &<< (bit & 63)
                let hash = StaticPathTable.fullHash(ends, base, count: text.count)
                var slot = Int(truncatingIfNeeded: hash &>> slotShift)
                while slots[slot].length != 0 {
                    let held = slots[slot]
                    if held.length == text.count
                        && StaticPathTable.equals(keys + Int(held.offset), base, count: text.count, ends) {
                        return
                    }
                    slot = (slot &+ 1) & (slotCount &- 1)
                }
                keyEnd = StaticPathTable.keyStart(after: keyEnd)
                slots[slot] = Slot(offset: UInt32(keyEnd), length: text.count, check: StaticPathTable.check(hash))
                keyEnd -= 8
                // The key's length, then its node (`keyLength`, `probe`).
                for field in [UInt32(text.count), UInt32(bitPattern: node)] {
                    withUnsafeBytes(of: field.littleEndian) { field in
                        for byte in field {
                            keys[keyEnd] = byte
                            keyEnd += 1
                        }
                    }
                }
                for byte in text {
                    keys[keyEnd] = byte
                    keyEnd += 1
                }
                placed += 1
            }
        }
        storage.storeBytes(of: placed, toByteOffset: StaticPathTable.countOffset, as: Int.self)
        self.gate = gate
        self.gateShift = gateShift
        self.storage = storage
    }

    /// Where a key's bytes start when the one before ends at `end` (both from the keys' start): the first
    /// offset 8 past a multiple of 16 with room for the key's length and node (4 bytes each) after `end`.
    static func keyStart(after end: Int) -> Int {
        (end &+ 15) & ~15 | 8
    }

    /// The length of the key whose bytes start at `key` (4 bytes, 8 before them).
    @inline(__always)
    static func keyLength(_ key: UnsafePointer<UInt8>) -> Int {
        Int(UInt32(littleEndian: UnsafeRawPointer(key - 8).load(as: UInt32.self)))
    }

    /// Where the first key placed starts (for the tests, which compare texts with it).
    var firstKey: UnsafePointer<UInt8> {
        let keys = storage + storage.load(fromByteOffset: StaticPathTable.keysOffset, as: Int.self)
        return UnsafePointer((keys + StaticPathTable.keyStart(after: 0)).assumingMemoryBound(to: UInt8.self))
    }

    /// Frees the buffers (the lookup that holds the table calls it once, in its deinit).
    func deallocate() {
        gate?.deallocate()
        storage.deallocate()
    }

    /// The node the walk answers for `bytes` when they are one of the table's keys, else -1 (the walk
    /// decides). Inline for a text of 8 bytes or more, the probe past the gate too (out of line, its
    /// call cost static-heavy 17 instructions a lookup and long-static 21); out of line for a shorter
    /// text.
    @inline(__always)
    func node(of bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard let gate else { return -1 }
        let count = bytes.count
        guard _fastPath(count >= 8) else { return shortNode(of: bytes) }
        let base = bytes.baseAddress.unsafelyUnwrapped
        let bit = StaticPathTable.gateHash(last: StaticPathTable.word(base, count &- 8), count: count) &>> gateShift
        guard gate[Int(truncatingIfNeeded: bit &>> 6)] & (1 &<< (bit & 63)) != 0 else { return -1 }
        return StaticPathTable.longProbe(storage, base, count: count)
    }

    /// `node(of:)` for a text of fewer than 8 bytes.
    @inline(never)
    func shortNode(of bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard let gate, bytes.count > 0, let base = bytes.baseAddress else { return -1 }
        let ends = StaticPathTable.shortEnds(base, count: bytes.count)
        let bit = StaticPathTable.gateHash(last: ends.last, count: bytes.count) &>> gateShift
        guard gate[Int(truncatingIfNeeded: bit &>> 6)] & (1 &<< (bit & 63)) != 0 else { return -1 }
        return StaticPathTable.probe(storage, base, count: bytes.count, ends: ends) { key in
            StaticPathTable.shortEnds(key, count: bytes.count) == ends
        }
    }

    /// `node(of:)` past the gate for a text of 8 bytes or more: its ends and each key's read in place,
    /// with no call (a call for a shorter key's, in the one probe for both, made every probe spill five
    /// registers). Inline in `find`: only texts that pass the gate run it.
    @inline(__always)
    static func longProbe(_ storage: UnsafeMutableRawPointer, _ base: UnsafePointer<UInt8>, count: Int) -> Int32 {
        let ends = (first: word(base, 0), last: word(base, count &- 8))
        return probe(storage, base, count: count, ends: ends) { key in longKeyEquals(key, base, count: count, ends: ends) }
    }

    /// Whether the `count` (8 or more) bytes of the key at `key` are the text's at `text`, `ends` the
    /// text's first and last words: those first, then the bytes between (`middleEquals`).
    @inline(__always)
    static func longKeyEquals(_ key: UnsafePointer<UInt8>, _ text: UnsafePointer<UInt8>, count: Int,
                              ends: (first: UInt64, last: UInt64)) -> Bool {
        word(key, 0) == ends.first && word(key, count &- 8) == ends.last && middleEquals(key, text, count: count)
    }

    /// Whether the bytes between the first word and the last of `count` (8 or more) at `key` (a key's, from
    /// 8 past a multiple of 16) are those at `text`: none in a text of up to 16 bytes, a word or two up
    /// to 32, then 16 at a time on x86-64 (`chunksEqual`) and two words at a time elsewhere.
    @inline(__always)
    static func middleEquals(_ key: UnsafePointer<UInt8>, _ text: UnsafePointer<UInt8>, count: Int) -> Bool {
        if count <= 24 { return count <= 16 || word(key, 8) == word(text, 8) }
        if count <= 32 { return word(key, 8) == word(text, 8) && word(key, 16) == word(text, 16) }
        #if arch(x86_64)
        // The key's own length, which is `count`: read from before the key's bytes, what the compare
        // works out from it is not worked out before the probe's loop (from `count`, or the slot's
        // length, which the compiler knows is `count`'s low 16 bits, it was, and the loop spilled
        // registers to hold it: static-heavy +10 to +14 instructions a lookup).
        return chunksEqual(UnsafeRawPointer(key), UnsafeRawPointer(text), count: keyLength(key))
        #else
        // Two words a turn (long static paths are 10 to 20 words).
        var offset = 8
        while offset &+ 16 < count {
            if (word(key, offset) ^ word(text, offset)) | (word(key, offset &+ 8) ^ word(text, offset &+ 8)) != 0 {
                return false
            }
            offset &+= 16
        }
        return offset &+ 8 >= count || word(key, offset) == word(text, offset)
        #endif
    }

    #if arch(x86_64)
    /// `middleEquals` for a text of more than 32 bytes: 16 bytes at a time (SSE2), from 8 up (the key's
    /// read aligned: `keyStart`), the last 16 before the last word read where they are; every chunk's
    /// differences gathered and tested once (the slot's length and check have all but settled the
    /// answer). Up to 16 chunks from 8 up (a text of up to 288 bytes) by a jump into a run of fixed
    /// reads, three instructions a chunk; the highest of a longer text's in a loop first.
    @inline(__always)
    static func chunksEqual(_ key: UnsafeRawPointer, _ text: UnsafeRawPointer, count: Int) -> Bool {
        // Safety: every read lies in the `count` bytes at `key` and at `text` (the last at `count - 24`,
        // and 8 + 16 × chunks < count - 8); `key + 8` is aligned to 16 (`keyStart`), so each chunk of the
        // key read from 8 + 16 × i is.
        var differ = _mm_xor_si128(key.loadUnaligned(fromByteOffset: count &- 24, as: __m128i.self),
                                   text.loadUnaligned(fromByteOffset: count &- 24, as: __m128i.self))
        // Whole chunks from 8 up before the last 24 bytes' first 16: at least 1.
        var chunks = (count &- 17) &>> 4
        while chunks > 16 {
            chunks &-= 1
            differ = _mm_or_si128(differ, differences(key, text, 8 &+ 16 &* chunks))
        }
        switch chunks {
        case 16: differ = _mm_or_si128(differ, differences(key, text, 248)); fallthrough
        case 15: differ = _mm_or_si128(differ, differences(key, text, 232)); fallthrough
        case 14: differ = _mm_or_si128(differ, differences(key, text, 216)); fallthrough
        case 13: differ = _mm_or_si128(differ, differences(key, text, 200)); fallthrough
        case 12: differ = _mm_or_si128(differ, differences(key, text, 184)); fallthrough
        case 11: differ = _mm_or_si128(differ, differences(key, text, 168)); fallthrough
        case 10: differ = _mm_or_si128(differ, differences(key, text, 152)); fallthrough
        case 9: differ = _mm_or_si128(differ, differences(key, text, 136)); fallthrough
        case 8: differ = _mm_or_si128(differ, differences(key, text, 120)); fallthrough
        case 7: differ = _mm_or_si128(differ, differences(key, text, 104)); fallthrough
        case 6: differ = _mm_or_si128(differ, differences(key, text, 88)); fallthrough
        case 5: differ = _mm_or_si128(differ, differences(key, text, 72)); fallthrough
        case 4: differ = _mm_or_si128(differ, differences(key, text, 56)); fallthrough
        case 3: differ = _mm_or_si128(differ, differences(key, text, 40)); fallthrough
        case 2: differ = _mm_or_si128(differ, differences(key, text, 24)); fallthrough
        default: differ = _mm_or_si128(differ, differences(key, text, 8))
        }
        return _mm_movemask_epi8(_mm_cmpeq_epi8(differ, _mm_setzero_si128())) == 0xffff
    }

    /// The bits that differ between the 16 bytes at `key + offset` (aligned to 16) and at `text + offset`.
    @inline(__always)
    static func differences(_ key: UnsafeRawPointer, _ text: UnsafeRawPointer, _ offset: Int) -> __m128i {
        _mm_xor_si128(key.load(fromByteOffset: offset, as: __m128i.self), text.loadUnaligned(fromByteOffset: offset, as: __m128i.self))
    }
    #endif


    /// The text hashed whole, then the slots from the hash's own on, until an empty one; a slot whose
    /// length and check agree has its key compared (`matches`, given the key's bytes).
    @inline(__always)
    static func probe(_ storage: UnsafeMutableRawPointer, _ base: UnsafePointer<UInt8>, count: Int,
                      ends: (first: UInt64, last: UInt64), matches: (UnsafePointer<UInt8>) -> Bool) -> Int32 {
        let hash = fullHash(ends, base, count: count)
        let expected = tag(length: count, check: check(hash))
        let mask = storage.load(fromByteOffset: maskOffset, as: Int.self)
        let slots = UnsafeRawPointer(storage + headerSize).assumingMemoryBound(to: Slot.self)
        let keys = UnsafeRawPointer(storage + storage.load(fromByteOffset: keysOffset, as: Int.self))
            .assumingMemoryBound(to: UInt8.self)
        var slot = Int(truncatingIfNeeded: hash &>> storage.load(fromByteOffset: slotShiftOffset, as: UInt64.self))
        while true {
            let held = slots[slot]
            if held.tag == expected {
                let key = keys + Int(held.offset)
                if matches(key) { return Int32(littleEndian: UnsafeRawPointer(key - 4).load(as: Int32.self)) }
            } else if held.tag == 0 {
                return -1
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Whether the `count` bytes at `key` are the text's, `ends` the text's (`ends(_:count:)`): its
    /// first and last words, then the ones between.
    @inline(__always)
    static func equals(_ key: UnsafePointer<UInt8>, _ text: UnsafePointer<UInt8>, count: Int,
                       _ ends: (first: UInt64, last: UInt64)) -> Bool {
        let keyEnds = StaticPathTable.ends(key, count: count)
        guard keyEnds.first == ends.first, keyEnds.last == ends.last else { return false }
        var offset = 8
        while offset &+ 8 < count {
            if word(key, offset) != word(text, offset) { return false }
            offset &+= 8
        }
        return true
    }

    /// The first and last words of `count` (> 0) bytes at `base`: 8 bytes from each end (overlapping in a
    /// text of up to 16, so the two cover it); 4 from each end of a text of 4 to 7; the bytes packed, twice,
    /// of a shorter one. With the length, they are the whole text of up to 16 bytes.
    @inline(__always)
    static func ends(_ base: UnsafePointer<UInt8>, count: Int) -> (first: UInt64, last: UInt64) {
        if _fastPath(count >= 8) { return (word(base, 0), word(base, count &- 8)) }
        return shortEnds(base, count: count)
    }

    /// `ends` of a text of fewer than 8 bytes (out of line: few paths are that short).
    @inline(never)
    static func shortEnds(_ base: UnsafePointer<UInt8>, count: Int) -> (first: UInt64, last: UInt64) {
        if count >= 4 {
            return (UInt64(UInt32(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt32.self))),
                    UInt64(UInt32(littleEndian: UnsafeRawPointer(base + count - 4).loadUnaligned(as: UInt32.self))))
        }
        var packed: UInt64 = 0
        for offset in 0..<count { packed |= UInt64(base[offset]) &<< UInt64(offset &* 8) }
        return (packed, packed)
    }

    /// The 8 bytes at `offset`, little-endian.
    @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The gate's hash: the length and the last word (all of a text of up to 8 bytes), by one multiply
    /// (the gate's bit is the product's top bits, which depend on every bit below them). The last word,
    /// not the first: texts that differ at all differ mostly there (a parameter's value, a page's
    /// number), and one word is two instructions fewer on every lookup than two.
    @inline(__always)
    static func gateHash(last: UInt64, count: Int) -> UInt64 {
        (last ^ UInt64(truncatingIfNeeded: count)) &* 0x9e37_79b9_7f4a_7c15
    }

    /// The whole text's hash, for its slot: the gate's, with the first word and then each word between
    /// the first and the last mixed in (`ends` covers a text of up to 16 bytes). The words between are
    /// read back from the last (each 8 bytes before the one after it, the lowest overlapping the first
    /// word) and mixed in from the lowest up: up to 32 of them (a text of up to 272 bytes) by a jump
    /// into a run of fixed reads, two instructions a word (a loop of two words a turn spent nine on
    /// two); the lowest of a longer text's in a loop first.
    @inline(__always)
    static func fullHash(_ ends: (first: UInt64, last: UInt64), _ base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var hash = (gateHash(last: ends.last, count: count) ^ ends.first) &* 0xbf58_476d_1ce4_e5b9
        guard count > 16 else { return hash }
        let last = base + (count &- 8)
        guard count > 24 else { return mixed(hash, word(last, -8)) }
        // How many words lie between: at least 2 in a text of more than 24 bytes.
        var words = (count &- 9) &>> 3
        while words > 32 {
            hash = mixed(hash, word(last, -8 &* words))
            words &-= 1
        }
        switch words {
        case 32: hash = mixed(hash, word(last, -256)); fallthrough
        case 31: hash = mixed(hash, word(last, -248)); fallthrough
        case 30: hash = mixed(hash, word(last, -240)); fallthrough
        case 29: hash = mixed(hash, word(last, -232)); fallthrough
        case 28: hash = mixed(hash, word(last, -224)); fallthrough
        case 27: hash = mixed(hash, word(last, -216)); fallthrough
        case 26: hash = mixed(hash, word(last, -208)); fallthrough
        case 25: hash = mixed(hash, word(last, -200)); fallthrough
        case 24: hash = mixed(hash, word(last, -192)); fallthrough
        case 23: hash = mixed(hash, word(last, -184)); fallthrough
        case 22: hash = mixed(hash, word(last, -176)); fallthrough
        case 21: hash = mixed(hash, word(last, -168)); fallthrough
        case 20: hash = mixed(hash, word(last, -160)); fallthrough
        case 19: hash = mixed(hash, word(last, -152)); fallthrough
        case 18: hash = mixed(hash, word(last, -144)); fallthrough
        case 17: hash = mixed(hash, word(last, -136)); fallthrough
        case 16: hash = mixed(hash, word(last, -128)); fallthrough
        case 15: hash = mixed(hash, word(last, -120)); fallthrough
        case 14: hash = mixed(hash, word(last, -112)); fallthrough
        case 13: hash = mixed(hash, word(last, -104)); fallthrough
        case 12: hash = mixed(hash, word(last, -96)); fallthrough
        case 11: hash = mixed(hash, word(last, -88)); fallthrough
        case 10: hash = mixed(hash, word(last, -80)); fallthrough
        case 9: hash = mixed(hash, word(last, -72)); fallthrough
        case 8: hash = mixed(hash, word(last, -64)); fallthrough
        case 7: hash = mixed(hash, word(last, -56)); fallthrough
        case 6: hash = mixed(hash, word(last, -48)); fallthrough
        case 5: hash = mixed(hash, word(last, -40)); fallthrough
        case 4: hash = mixed(hash, word(last, -32)); fallthrough
        case 3: hash = mixed(hash, word(last, -24)); fallthrough
        default:
            hash = mixed(hash, word(last, -16))
            hash = mixed(hash, word(last, -8))
        }
        return hash
    }

    /// `hash` with `word` mixed in.
    @inline(__always)
    static func mixed(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        (hash ^ word) &* 0x94d0_49bb_1331_11eb
    }

    /// A slot's check: 16 bits of the hash below the slot's own (a table of up to 2^32 slots).
    @inline(__always)
    static func check(_ hash: UInt64) -> UInt16 {
        UInt16(truncatingIfNeeded: hash &>> 16)
    }

    /// The smallest power of two at least `count`.
    static func powerOfTwo(atLeast count: Int) -> Int {
        count <= 1 ? 1 : 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }
}

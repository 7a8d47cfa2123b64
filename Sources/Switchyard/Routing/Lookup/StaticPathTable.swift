/// Issue 37's table of whole static paths: a path whose every segment the walk takes as a static child,
/// ending on a node where a route ends, found by its whole bytes at once (hashed a word at a time, one
/// probe, its words compared) instead of a segment at a time (about 61 instructions a static segment in
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
/// load, one multiply and a bit test; a table with no key costs a nil test. Past the gate, the words in between are hashed on and one slot is probed.
struct StaticPathTable {
    /// A slot: where its key sits among the keys (the walk's node, 4 bytes, then the key's bytes), the key's
    /// length, and 16 bits of its hash that tell most other keys of that length apart without reading
    /// theirs. An empty slot has length 0 (every key has at least its `/`).
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
    /// `fullHash >> slotShift` (64 - k), then each key's node (4 bytes, little-endian) and bytes, one
    /// after another. Three words in all, so that a lookup holds the table in registers: with its
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
        let keyBytes = pool.count + 4 * keyCount
        let keysStart = StaticPathTable.headerSize + slotCount * MemoryLayout<Slot>.stride
        let storage = UnsafeMutableRawPointer.allocate(byteCount: keysStart + keyBytes, alignment: 8)
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
                        && StaticPathTable.equals(keys + Int(held.offset) + 4, base, count: text.count, ends) {
                        return
                    }
                    slot = (slot &+ 1) & (slotCount &- 1)
                }
                slots[slot] = Slot(offset: UInt32(keyEnd), length: text.count, check: StaticPathTable.check(hash))
                withUnsafeBytes(of: node.littleEndian) { node in
                    for byte in node {
                        keys[keyEnd] = byte
                        keyEnd += 1
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
        return probe(storage, base, count: count, ends: ends) { key in
            guard word(key, 0) == ends.first, word(key, count &- 8) == ends.last else { return false }
            // Two words a turn (long static paths are 10 to 20 words).
            var offset = 8
            while offset &+ 16 < count {
                if (word(key, offset) ^ word(base, offset)) | (word(key, offset &+ 8) ^ word(base, offset &+ 8)) != 0 {
                    return false
                }
                offset &+= 16
            }
            return offset &+ 8 >= count || word(key, offset) == word(base, offset)
        }
    }

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
                if matches(key + 4) { return Int32(littleEndian: UnsafeRawPointer(key).loadUnaligned(as: Int32.self)) }
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
    /// the first and the last mixed in (`ends` covers a text of up to 16 bytes).
    @inline(__always)
    static func fullHash(_ ends: (first: UInt64, last: UInt64), _ base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var hash = (gateHash(last: ends.last, count: count) ^ ends.first) &* 0xbf58_476d_1ce4_e5b9
        // Two words a turn, then the odd one: the same sequence of steps as one a turn.
        var offset = 8
        while offset &+ 16 < count {
            hash = (hash ^ word(base, offset)) &* 0x94d0_49bb_1331_11eb
            hash = (hash ^ word(base, offset &+ 8)) &* 0x94d0_49bb_1331_11eb
            offset &+= 16
        }
        if offset &+ 8 < count { hash = (hash ^ word(base, offset)) &* 0x94d0_49bb_1331_11eb }
        return hash
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

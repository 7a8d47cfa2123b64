// What the walk's loop (`FrozenTrie.walk`) asks of a node before its static children: one word, the
// node's `staticCount` and `hashShift` read together (`FrozenTrie.hashMultiplier(of:)`), instead of
// three tests of the two fields a segment (issue 37's seventh session).
extension FrozenTrie {
    /// What a node's `staticCount` and `hashShift`, read as one word, say about its static children:
    /// none when the word is 0 (a node with no static child has both fields 0), a chain's head when it
    /// is negative (`hashShift < 0`), a table when its high half is above 0 (the word is then the
    /// table's multiplier, `StaticChildHash.slot`), else `staticCount` edges to scan. The freeze and
    /// `markChains` set the fields so; `WalkStepLayoutTests` holds every kind of node to it.
    struct StaticChildren {
        var word: UInt64

        @inline(__always)
        init(of node: UnsafePointer<Node>) { word = FrozenTrie.hashMultiplier(of: node) }

        @inline(__always) var isEmpty: Bool { word == 0 }
        @inline(__always) var isChainHead: Bool { Int64(bitPattern: word) < 0 }
        /// A table: the high half above 0 (0 for edges, negative at a chain's head), asked of the high
        /// half the probe shifts by anyway (`StaticChildHash.slot`).
        @inline(__always) var isHashed: Bool { Int32(truncatingIfNeeded: word &>> 32) > 0 }
        /// A table's children were placed by linear probing (`StaticChildHash.probesOn`).
        @inline(__always) var probesOn: Bool { Int(truncatingIfNeeded: word &>> 32) & StaticChildHash.probesOn != 0 }
        /// The edges to scan, for a node that has some and no table.
        @inline(__always) var scannedCount: Int { Int(UInt32(truncatingIfNeeded: word)) }
    }
}

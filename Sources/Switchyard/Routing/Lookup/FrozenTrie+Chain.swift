// Chains: a run of static nodes that each have one static child and nothing else (no parameter,
// optional or splat child, no route ending there) is one edge to the walk, its literals compared with
// the path at once and the cursor moved past them all (issue 37 item 1, the radix layout matchit uses).
// The nodes stay as they are, so the retraces and the full search, which take a segment at a time, see
// the same trie; only the walk takes the shortcut.
//
// Issue 37's long static segments (six of 12 to 31 bytes, the last three a run): every segment of the
// run found its end a word at a time (past 16 bytes out of line), hashed or scanned, and compared its
// literal: 1,957 instructions a `withMatch` against matchit's 383.
extension FrozenTrie {
    /// Whether the walk may take `node`'s static child, and the run below it, as one chain: `node` has
    /// one static child and no other child, no route ends at it, and the child's literal is one the walk
    /// takes as a plain segment (not one of the one- or two-byte segments, `.` and `..` among them, that
    /// its test for dot segments leaves to the full resolution).
    static func passesThrough(_ node: RouteTrie.Node, in trie: RouteTrie) -> Bool {
        guard node.staticCount == 1, node.parameter < 0, node.optional < 0, node.splat < 0, node.firstRoute < 0 else {
            return false
        }
        let child = trie.nodes[Int(node.firstStatic)]
        let length = Int(child.literalEnd - child.literalStart)
        guard length > 0 else { return false }
        guard length <= 2 else { return true }
        var packed: UInt64 = 0
        for offset in 0..<length {
            packed |= UInt64(trie.literalBytes[Int(child.literalStart) + offset]) << UInt64(offset * 8)
        }
        return packed | 0x2e2e != 0x2e2e
    }

    /// The frozen trie's literal bytes, and where each node's literal starts in them. A run of nodes
    /// that pass through (`passesThrough`) is laid out as the path spells it, `head/child/grandchild`,
    /// so the bytes of the chain below any node of the run follow that node's literal: `/child/...`.
    /// (A root or parameter head has no literal: its chain starts at its offset.) Every other literal is
    /// copied as it is; a slash a node that passes through is all the layout adds.
    static func layLiterals(of trie: RouteTrie) -> (UnsafeMutableBufferPointer<UInt8>, [Int32]) {
        let source = trie.nodes
        var slashes = 0
        for node in source where passesThrough(node, in: trie) { slashes += 1 }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(trie.literalBytes.count + slashes, 1))
        var offsets = [Int32](repeating: -1, count: source.count)
        var end = 0
        trie.literalBytes.withUnsafeBufferPointer { literals in
            func place(_ index: Int) {
                offsets[index] = Int32(end)
                for offset in Int(source[index].literalStart)..<Int(source[index].literalEnd) {
                    bytes[end] = literals[offset]
                    end += 1
                }
            }
            // A node's children come after it: a run is laid out from its head, and its other nodes are
            // placed by then.
            for index in source.indices where offsets[index] < 0 {
                place(index)
                var current = index
                while passesThrough(source[current], in: trie) {
                    bytes[end] = PathSegmenter.slash
                    end += 1
                    current = Int(source[current].firstStatic)
                    place(current)
                }
            }
        }
        return (bytes, offsets)
    }

    /// Marks the chains' heads in the frozen nodes (literals laid out by `layLiterals`): each node that
    /// passes through gets `hashShift = ~end`, where `end` is the first node below it that does not.
    /// A chain under 8 bytes is left unmarked: the walk compares a chain a word at a time, and a short
    /// one is as cheap a segment at a time.
    static func markChains(_ nodes: UnsafeMutableBufferPointer<Node>, _ trie: RouteTrie) {
        let source = trie.nodes
        // Children come after their parents: from the last node up, a node's chain ends where its
        // child's does.
        for index in source.indices.reversed() where passesThrough(source[index], in: trie) {
            let child = Int(source[index].firstStatic)
            nodes[index].hashShift = ~(nodes[child].hashShift < 0 ? ~nodes[child].hashShift : Int32(child))
        }
        for index in source.indices where nodes[index].hashShift < 0 && chainLength(nodes.baseAddress! + index, in: nodes) < 8 {
            nodes[index].hashShift = 0
        }
    }

    /// The length of the chain at a marked head: from the end of its literal to the end of the literal
    /// of the node it ends at (laid out as the path spells them, a slash before each literal).
    @inline(__always)
    static func chainLength(_ node: UnsafePointer<Node>, in nodes: UnsafeMutableBufferPointer<Node>) -> Int {
        let end = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(~node.pointee.hashShift)
        return Int(end.pointee.literalOffset) &+ Int(end.pointee.literalLength)
            &- (Int(node.pointee.literalOffset) &+ Int(node.pointee.literalLength))
    }

    /// Where the chain at `node` (a marked head) ends in the text: past its bytes when the text from the
    /// `/` before `cursor` holds them and goes on with a `/` or ends there; nil otherwise. `folding` is
    /// the trie's `caseInsensitive`, a constant in each of the walk's loops: each calls its own
    /// function, out of line (only a chain's lookup pays for it), and the exact one neither asks about
    /// folding nor saves the registers the folded compare takes (issue 37, seventh session: 8
    /// instructions a chain).
    ///
    /// The walk then has a dead end: every node of the run has one static child and no parameter, so
    /// wherever the text leaves the chain, no child takes that segment (or the text ends at a node where
    /// no route ends, which `RouteLookup.settle` decides as for a dead end).
    @inline(__always)
    func chainStop(_ node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>,
                   end: UnsafePointer<UInt8>, folding: Bool) -> UnsafePointer<UInt8>? {
        folding ? foldedChainStop(node, at: cursor, end: end) : exactChainStop(node, at: cursor, end: end)
    }

    @inline(never)
    private func exactChainStop(_ node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>,
                                end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        chainStop(node, at: cursor, end: end, comparingFolded: false)
    }

    @inline(never)
    private func foldedChainStop(_ node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>,
                                 end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        chainStop(node, at: cursor, end: end, comparingFolded: true)
    }

    /// `chainStop`'s compare, `fold` a constant in each caller.
    @inline(__always)
    private func chainStop(_ node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>,
                           end: UnsafePointer<UInt8>, comparingFolded fold: Bool) -> UnsafePointer<UInt8>? {
        let length = FrozenTrie.chainLength(node, in: nodes)
        let start = cursor - 1
        guard end - start >= length else { return nil }
        let stop = start + length
        if stop < end && stop.pointee != PathSegmenter.slash { return nil }
        let chain = UnsafeRawPointer(literalBytes.baseAddress.unsafelyUnwrapped + Int(node.pointee.literalOffset)
            + Int(node.pointee.literalLength))
        let text = UnsafeRawPointer(start)
        // A word at a time, the last overlapping the one before it (a chain has 8 bytes or more); a
        // loop for each case, so neither asks about folding a word.
        let last = length &- 8
        var offset = 0
        @inline(__always) func word(_ pointer: UnsafeRawPointer, _ offset: Int) -> UInt64 {
            UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        if fold {
            while offset < last {
                if StaticChildHash.foldedWord(word(text, offset)) != word(chain, offset) { return nil }
                offset &+= 8
            }
            return StaticChildHash.foldedWord(word(text, last)) == word(chain, last) ? stop : nil
        }
        while offset < last {
            if word(text, offset) != word(chain, offset) { return nil }
            offset &+= 8
        }
        return word(text, last) == word(chain, last) ? stop : nil
    }
}

// Searching: finding a node's static child (shared with the one-pass walk, `FrozenTrie+Walk`), and the
// depth-first search over every route shape for what the walk cannot settle. Reads the buffers without bounds checks or reference counting.
extension FrozenTrie {
    /// `packed` for a segment of at most 8 bytes, read as one unaligned word from the path around it
    /// (the bytes after the segment, or else before it) and masked: no loop over the bytes.
    @inline(__always)
    private func packedSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ bounds: SegmentBounds, length: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let word: UInt64
        if bounds.start &+ 8 <= bytes.count {
            let loaded = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bounds.start, as: UInt64.self))
            word = length == 8 ? loaded : loaded & ((1 &<< UInt64(length &* 8)) &- 1)
        } else if bounds.end >= 8 {
            let loaded = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bounds.end &- 8, as: UInt64.self))
            word = loaded >> UInt64((8 &- length) &* 8)
        } else {
            return StaticChildHash.packed(UnsafeBufferPointer(rebasing: bytes[bounds.start..<bounds.end]), fold: caseInsensitive)
        }
        return caseInsensitive ? StaticChildHash.foldedWord(word) : word
    }

    /// The static child of `node` whose literal is the segment at `bounds`, or -1.
    @inline(__always)
    private func staticChild(of node: UnsafePointer<Node>, _ bytes: UnsafeBufferPointer<UInt8>,
                             _ bounds: SegmentBounds) -> Int32 {
        let length = bounds.end &- bounds.start
        let segment = UnsafeBufferPointer(rebasing: bytes[bounds.start..<bounds.end])
        var word: UInt64
        if length <= 8 {
            word = packedSegment(bytes, bounds, length: length)
        } else {
            word = UnsafeRawPointer(segment.baseAddress!).loadUnaligned(as: UInt64.self)
            if caseInsensitive { word = StaticChildHash.foldedWord(word) }
        }
        return staticChild(of: node, word: word, segment: segment)
    }

    /// The static child of `node` whose literal is `segment`, or -1. `word` is the segment's first 8
    /// bytes (all of a shorter one) packed and folded as literals are stored. Each edge holds its
    /// literal's key (`StaticChildHash.key(of:)`), so a scan compares words without touching the
    /// children. Past `hashThreshold` children, the table's one slot for the key (`StaticChildHash.slot`
    /// with the node's multiplier, which gives each child a slot of its own) holds the child or another
    /// literal, or is empty: its length, 0, is never a segment's here. (A chain's head,
    /// `hashShift < 0`, has one child, scanned here: the walk alone takes the chain.)
    @inline(__always)
    func staticChild(of node: UnsafePointer<Node>, word: UInt64, segment: UnsafeBufferPointer<UInt8>) -> Int32 {
        // A segment past 8 bytes is keyed on its first and last words and confirmed byte for byte, out
        // of line. Asked first, so that a short one's probe and scan compare a word and a length and
        // ask nothing of its length after.
        if segment.count > 8 { return longStaticChild(of: node, first: word, segment: segment) }
        let high = Int(node.pointee.hashShift)
        if high > 0 {
            let slot = firstSlot(of: node)
                + StaticChildHash.slot(word: word, multiplier: FrozenTrie.hashMultiplier(of: node))
            // An empty slot's child is -1: asked first, the caller's own test of the child found.
            if slot.pointee.child < 0 { return -1 }
            if slot.pointee.word == word && Int(slot.pointee.literalLength) == segment.count {
                return FrozenTrie.node(atSlotChild: slot.pointee.child)
            }
            // Hundreds of siblings and more: placed by probing (`StaticChildHash.probesOn`).
            if _slowPath(high & StaticChildHash.probesOn != 0) { return hashedStaticChild(of: node, word: word, segment: segment) }
            return -1
        }
        // Inlined where it is called (the walk's loop has its own scan): most nodes have a child or two.
        var edge = staticEdges.baseAddress.unsafelyUnwrapped + Int(node.pointee.staticStart)
        let end = edge + Int(node.pointee.staticCount)
        while edge < end {
            if edge.pointee.word == word && Int(edge.pointee.length) == segment.count { return edge.pointee.child }
            edge += 1
        }
        return -1
    }

    /// `staticChild` for a segment past 8 bytes: its key (`StaticChildHash.longKey`) from `first`, its
    /// first word, and its last, which ends it (one load, the segment's end being known), then a probe
    /// or scan whose hit is confirmed byte for byte. Keyed on the first word alone, siblings such as
    /// `organizations-0` … `organizations-9` shared one slot, and a probe compared them one after another.
    @inline(never)
    private func longStaticChild(of node: UnsafePointer<Node>, first: UInt64, segment: UnsafeBufferPointer<UInt8>) -> Int32 {
        var last = UInt64(littleEndian: UnsafeRawPointer(segment.baseAddress.unsafelyUnwrapped + (segment.count &- 8))
            .loadUnaligned(as: UInt64.self))
        if _slowPath(caseInsensitive) { last = StaticChildHash.foldedWord(last) }
        let key = StaticChildHash.longKey(first: first, last: last)
        let count = segment.count
        // A hit of key and length: the literal's first word is the segment's, whose folded word is at
        // hand, and a literal past 16 bytes has words between its first and last to compare. Its last
        // word need not be: the key is the first word mixed with the last one turned, so equal keys
        // and equal first words mean equal last words.
        // (`inTable`: the edge is a slot, its child a byte offset, `StaticEdge.child`.)
        @inline(__always) func holds(_ edge: StaticEdge, inTable: Bool) -> Bool {
            guard edge.word == key && Int(edge.length) == count else { return false }
            let child = inTable ? FrozenTrie.node(atSlotChild: edge.child) : edge.child
            let literal = UnsafeRawPointer(literalBytes.baseAddress.unsafelyUnwrapped
                + Int(nodes.baseAddress.unsafelyUnwrapped[Int(child)].literalOffset))
            guard UInt64(littleEndian: literal.loadUnaligned(as: UInt64.self)) == first else { return false }
            return count <= 16 || middleEquals(literal, segment)
        }
        // The slot here rather than in `hashedStaticChild`: a call within a call cost a GitHub API
        // lookup 20 instructions.
        let high = Int(node.pointee.hashShift)
        if high > 0 {
            let slots = firstSlot(of: node)
            var slot = StaticChildHash.slot(word: key, multiplier: FrozenTrie.hashMultiplier(of: node))
            if holds(slots[slot], inTable: true) { return FrozenTrie.node(atSlotChild: slots[slot].child) }
            guard _slowPath(high & StaticChildHash.probesOn != 0) else { return -1 }
            // Placed by probing: on to the first empty slot.
            let mask = StaticChildHash.mask(forShift: high)
            while true {
                slot = (slot &+ 1) & mask
                let edge = slots[slot]
                if edge.child < 0 { return -1 }
                if holds(edge, inTable: true) { return FrozenTrie.node(atSlotChild: edge.child) }
            }
        }
        var edge = staticEdges.baseAddress.unsafelyUnwrapped + Int(node.pointee.staticStart)
        let end = edge + Int(node.pointee.staticCount)
        while edge < end {
            if holds(edge.pointee, inTable: false) { return edge.pointee.child }
            edge += 1
        }
        return -1
    }

    /// Whether the words of a literal past 16 bytes between its first and last (which the caller
    /// compared) are the segment's: a word at a time from the ninth byte, the last overlapping the
    /// segment's last word. Out of line: inline, the compiler folded the segment's last word before
    /// every probe, whatever the length (9 of a GitHub API lookup's instructions).
    @inline(never)
    private func middleEquals(_ literal: UnsafeRawPointer, _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = UnsafeRawPointer(segment.baseAddress.unsafelyUnwrapped)
        let last = segment.count &- 8
        var offset = 8
        while offset < last {
            var word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if caseInsensitive { word = StaticChildHash.foldedWord(word) }
            if word != UInt64(littleEndian: literal.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
            offset &+= 8
        }
        return true
    }

    /// `staticChild` of a node whose children were placed by linear probing (`StaticChildHash.probesOn`)
    /// when its slot holds another literal: on from that slot to the first empty one. Out of line: only
    /// a node of hundreds of siblings comes here. Only for a segment of up to 8 bytes, whose key is all
    /// of it (a longer one probes in `longStaticChild`).
    @inline(never)
    private func hashedStaticChild(of node: UnsafePointer<Node>, word: UInt64, segment: UnsafeBufferPointer<UInt8>) -> Int32 {
        let slots = firstSlot(of: node)
        let high = Int(node.pointee.hashShift)
        let mask = StaticChildHash.mask(forShift: high)
        var slot = StaticChildHash.slot(word: word, multiplier: FrozenTrie.hashMultiplier(of: node))
        while true {
            let edge = slots[slot]
            if edge.child < 0 { return -1 }
            if edge.word == word && Int(edge.literalLength) == segment.count { return FrozenTrie.node(atSlotChild: edge.child) }
            slot = (slot &+ 1) & mask
        }
    }

    private struct Frame {
        var node: Int32
        var segment: Int
        var step: UInt8
        var opensOptional: Bool
    }

    /// Depth-first search over every route shape matching `segments`; see `CandidateSink`.
    func search<Sink: CandidateSink>(_ bytes: UnsafeBufferPointer<UInt8>,
                                     _ segments: UnsafeBufferPointer<SegmentBounds>, into sink: inout Sink) {
        withUnsafeTemporaryAllocation(of: Frame.self, capacity: maximumDepth + 1) { frames in
            withUnsafeTemporaryAllocation(of: Capture.self, capacity: maximumDepth + 1) { captures in
                let count = segments.count
                var top = 0
                var openOptionals = 0
                frames[0] = Frame(node: 0, segment: 0, step: 0, opensOptional: false)
                func push(_ child: Int32, _ segment: Int, _ capture: Capture) {
                    captures[top] = capture
                    top += 1
                    frames[top] = Frame(node: child, segment: segment, step: 0, opensOptional: false)
                }
                while top >= 0 {
                    let nodeIndex = frames[top].node
                    let node = nodes[Int(nodeIndex)]
                    let segment = frames[top].segment
                    let step = frames[top].step
                    frames[top].step = step + 1
                    switch step {
                    case 0:
                        if segment == count && node.firstRoute >= 0 {
                            let done = sink.candidate(nodeIndex, rank: ranks[Int(node.firstRoute)],
                                                      UnsafeBufferPointer(rebasing: captures[0..<top]),
                                                      settled: openOptionals == 0)
                            if done { return }
                        }
                    case 1:
                        if segment < count && node.staticCount > 0 {
                            let child = staticChild(of: nodes.baseAddress! + Int(nodeIndex), bytes, segments[segment])
                            if child >= 0 { push(child, segment + 1, Capture(first: segment, end: segment + 1)) }
                        }
                    case 2:
                        if node.parameter >= 0 && segment < count {
                            push(node.parameter, segment + 1, Capture(first: segment, end: segment + 1))
                        }
                    case 3:
                        if node.optional >= 0 && segment < count {
                            frames[top].opensOptional = true
                            openOptionals += 1
                            push(node.optional, segment + 1, Capture(first: segment, end: segment + 1))
                        }
                    case 4:
                        if node.optional >= 0 {
                            push(node.optional, segment, Capture(first: -1, end: -1))
                        }
                    case 5:
                        if frames[top].opensOptional {
                            frames[top].opensOptional = false
                            openOptionals -= 1
                            if openOptionals == 0 && sink.settled() { return }
                        }
                        if node.splat >= 0 {
                            push(node.splat, count, Capture(first: segment, end: count))
                        }
                    default:
                        top -= 1
                    }
                }
            }
        }
    }
}

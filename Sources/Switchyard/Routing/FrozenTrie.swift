/// The lookup side of the matcher: the trie flattened into arrays (as Hummingbird's router does), searched
/// depth-first with an explicit stack so neither path length nor pattern count can overflow the call stack.
/// Children are tried most specific first (static, parameter, optional consumed, optional skipped, splat),
/// which visits patterns in rank order except inside an optional segment, where the consumed and skipped
/// alignments interleave; the search reports whether such an ambiguity is still open.
final class FrozenTrie {
    struct Node {
        var literalStart: Int32 = 0
        var literalEnd: Int32 = 0
        var staticStart: Int32 = 0
        var staticCount: Int32 = 0
        /// Nodes with many static children get an open-addressing table instead of a scan.
        var hashStart: Int32 = -1
        var hashMask: Int32 = 0
        var parameter: Int32 = -1
        var optional: Int32 = -1
        var splat: Int32 = -1
        var routeStart: Int32 = 0
        var routeCount: Int32 = 0
        /// Rank of the first route ending here (lower is better), or Int32.max.
        var rank: Int32 = .max
    }

    /// A capture of pattern segment i: path segments first..<end, or first < 0 when an optional was skipped.
    struct Capture {
        var first: Int
        var end: Int
    }

    static let hashThreshold = 8

    let nodes: [Node]
    let literalBytes: [UInt8]
    let staticChildren: [Int32]
    let hashSlots: [Int32]
    let routeIDs: [Int32]
    let maximumDepth: Int
    let caseInsensitive: Bool

    init(_ trie: RouteTrie, ranks: [Int]) {
        var nodes: [Node] = []
        var literalBytes: [UInt8] = []
        var staticChildren: [Int32] = []
        var hashSlots: [Int32] = []
        var routeIDs: [Int32] = []
        nodes.reserveCapacity(trie.nodes.count)
        for source in trie.nodes {
            var node = Node()
            node.literalStart = Int32(literalBytes.count)
            literalBytes += source.literal
            node.literalEnd = Int32(literalBytes.count)
            node.staticStart = Int32(staticChildren.count)
            node.staticCount = Int32(source.staticOrder.count)
            staticChildren += source.staticOrder.map { Int32($0) }
            node.parameter = Int32(source.parameter)
            node.optional = Int32(source.optional)
            node.splat = Int32(source.splat)
            node.routeStart = Int32(routeIDs.count)
            node.routeCount = Int32(source.routes.count)
            routeIDs += source.routes.map { Int32($0) }
            if let first = source.routes.first { node.rank = Int32(ranks[first]) }
            nodes.append(node)
        }
        for (index, source) in trie.nodes.enumerated() where source.staticOrder.count > FrozenTrie.hashThreshold {
            var size = 16
            while size < source.staticOrder.count * 2 { size *= 2 }
            nodes[index].hashStart = Int32(hashSlots.count)
            nodes[index].hashMask = Int32(size - 1)
            let base = hashSlots.count
            hashSlots += repeatElement(-1, count: size)
            for child in source.staticOrder {
                var slot = FrozenTrie.hash(trie.nodes[child].literal[...], fold: false) & (size - 1)
                while hashSlots[base + slot] >= 0 { slot = (slot + 1) & (size - 1) }
                hashSlots[base + slot] = Int32(child)
            }
        }
        self.nodes = nodes
        self.literalBytes = literalBytes
        self.staticChildren = staticChildren
        self.hashSlots = hashSlots
        self.routeIDs = routeIDs
        self.maximumDepth = trie.maximumDepth
        self.caseInsensitive = trie.caseInsensitive
    }

    /// FNV-1a; literals are stored folded, path bytes are folded while hashing.
    @inline(__always)
    static func hash<Bytes: Collection>(_ bytes: Bytes, fold: Bool) -> Int where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(fold ? ASCIIFolding.fold(byte) : byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash & 0x7fff_ffff)
    }

    func routes(at node: Int32) -> ArraySlice<Int32> {
        let node = nodes[Int(node)]
        return routeIDs[Int(node.routeStart)..<Int(node.routeStart + node.routeCount)]
    }

    private func literalEquals(_ child: Int32, _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = nodes[Int(child)]
        let start = Int(node.literalStart)
        guard Int(node.literalEnd) - start == segment.count else { return false }
        for offset in 0..<segment.count {
            let byte = caseInsensitive ? ASCIIFolding.fold(segment[offset]) : segment[offset]
            if literalBytes[start + offset] != byte { return false }
        }
        return true
    }

    private func staticChild(of node: Node, _ segment: UnsafeBufferPointer<UInt8>) -> Int32 {
        if node.hashStart >= 0 {
            let mask = Int(node.hashMask)
            var slot = FrozenTrie.hash(segment, fold: caseInsensitive) & mask
            while true {
                let child = hashSlots[Int(node.hashStart) + slot]
                if child < 0 { return -1 }
                if literalEquals(child, segment) { return child }
                slot = (slot + 1) & mask
            }
        }
        for offset in 0..<Int(node.staticCount) {
            let child = staticChildren[Int(node.staticStart) + offset]
            if literalEquals(child, segment) { return child }
        }
        return -1
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
                        if segment == count && node.routeCount > 0 {
                            let done = sink.candidate(nodeIndex, rank: node.rank,
                                                      UnsafeBufferPointer(rebasing: captures[0..<top]),
                                                      settled: openOptionals == 0)
                            if done { return }
                        }
                    case 1:
                        if segment < count && node.staticCount > 0 {
                            let bounds = segments[segment]
                            let child = staticChild(of: node, UnsafeBufferPointer(rebasing: bytes[bounds.start..<bounds.end]))
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

/// Receives the route shapes a search finds.
protocol CandidateSink {
    /// A node whose routes match; `settled` means no better-ranked shape can follow.
    /// Return true to stop the search.
    mutating func candidate(_ node: Int32, rank: Int32, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                            settled: Bool) -> Bool
    /// Called when an optional segment's alternatives are exhausted; return true to stop.
    mutating func settled() -> Bool
}

/// Keeps the best-ranked shape and stops as soon as nothing better can follow.
struct BestCandidate: CandidateSink {
    var keepsCaptures: Bool
    var node: Int32 = -1
    var rank: Int32 = .max
    var captures: [FrozenTrie.Capture] = []

    init(keepsCaptures: Bool) { self.keepsCaptures = keepsCaptures }

    mutating func candidate(_ node: Int32, rank: Int32, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                            settled: Bool) -> Bool {
        if self.node < 0 || rank < self.rank {
            self.node = node
            self.rank = rank
            if keepsCaptures { self.captures = Array(captures) }
        }
        return settled
    }

    mutating func settled() -> Bool { node >= 0 }
}

/// Keeps every matching shape once (its first alignment: optional segments consumed before skipped).
struct AllCandidates: CandidateSink {
    var found: [(node: Int32, captures: [FrozenTrie.Capture])] = []
    var seen: Set<Int32> = []

    mutating func candidate(_ node: Int32, rank: Int32, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                            settled: Bool) -> Bool {
        if seen.insert(node).inserted { found.append((node, Array(captures))) }
        return false
    }

    mutating func settled() -> Bool { false }
}

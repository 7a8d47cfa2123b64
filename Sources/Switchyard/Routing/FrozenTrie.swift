/// The lookup side of the matcher: the trie flattened into arrays (as Hummingbird's router does), searched
/// depth-first with an explicit stack so neither path length nor pattern count can overflow the call stack.
/// Children are tried most specific first (static, parameter, optional consumed, optional skipped, splat),
/// which visits patterns in rank order except inside an optional segment, where the consumed and skipped
/// alignments interleave; the search reports whether such an ambiguity is still open.
final class FrozenTrie {
    struct Node {
        /// The literal's bytes packed little-endian when it has at most 8 (compared without touching the
        /// byte pool: one cache line fewer per static segment in a large table), else its offset in `literalBytes`.
        var literal: UInt64 = 0
        /// The first route ending here (the one that wins here), or -1, with its declaration and
        /// `winnerCode`: read where the walk ends, in the node's own cache line, so a large table's lookup
        /// takes no further cache miss before the route's declaration. The rank, which only the full
        /// search needs, is in `ranks`; every route ending here is in `routeIDs` from `routeStarts`.
        var declaration: Unmanaged<RouteDeclaration>?
        var literalLength: Int32 = 0
        /// Static children: `staticCount` edges from `staticStart` in `staticEdges`; past `hashThreshold`,
        /// an open-addressing table of `tableSize(for: staticCount)` slots from `staticStart` in `hashSlots`.
        var staticStart: Int32 = 0
        var staticCount: Int32 = 0
        var parameter: Int32 = -1
        var optional: Int32 = -1
        var splat: Int32 = -1
        var firstRoute: Int32 = -1
        /// The winner's parameter layout times two, plus one when it has a validator (48 bytes a node).
        var winnerCode: Int32 = 0
    }

    /// What a match of a node's first route needs. The declaration is not retained: the lookup that
    /// owns this trie keeps every declaration.
    struct Winner {
        var declaration: Unmanaged<RouteDeclaration>?
        /// Index of the route's parameter layout (the lookup's).
        var layout: Int32 = 0
        var hasValidator = false
    }

    /// A capture of pattern segment i: path segments first..<end, or first < 0 when an optional was skipped.
    struct Capture {
        var first: Int
        var end: Int
    }

    /// A static child and the hash of its literal: scans and probes compare bytes only on a hash hit.
    struct StaticEdge {
        var hash: UInt32
        var child: Int32
    }

    static let hashThreshold = 8

    // Owned flat buffers rather than arrays: immutable after init, and read without bounds checks or
    // reference counting on the lookup path. Every element type is trivial, so deinit only deallocates.
    private let nodes: UnsafeMutableBufferPointer<Node>
    private let literalBytes: UnsafeMutableBufferPointer<UInt8>
    private let staticEdges: UnsafeMutableBufferPointer<StaticEdge>
    private let hashSlots: UnsafeMutableBufferPointer<StaticEdge>
    private let routeIDs: UnsafeMutableBufferPointer<Int32>
    /// Routes ending at node i: `routeIDs[routeStarts[i]..<routeStarts[i + 1]]`.
    private let routeStarts: UnsafeMutableBufferPointer<Int32>
    /// Rank per route (lower is better).
    private let ranks: UnsafeMutableBufferPointer<Int32>
    let maximumDepth: Int
    let caseInsensitive: Bool

    /// Built straight into buffers of the exact size, so a large table's freeze does not hold growing
    /// arrays and their copies at once.
    init(_ trie: RouteTrie, ranks: [Int32], winner: (Int32) -> Winner) {
        let source = trie.nodes
        var edgeCount = 0
        var slotCount = 0
        for node in source {
            if node.staticCount > FrozenTrie.hashThreshold {
                slotCount += FrozenTrie.tableSize(for: node.staticCount)
            } else {
                edgeCount += Int(node.staticCount)
            }
        }
        let literalBytes = FrozenTrie.own(trie.literalBytes)
        let nodes = UnsafeMutableBufferPointer<Node>.allocate(capacity: source.count + 1)
        let staticEdges = UnsafeMutableBufferPointer<StaticEdge>.allocate(capacity: max(edgeCount, 1))
        let hashSlots = UnsafeMutableBufferPointer<StaticEdge>.allocate(capacity: max(slotCount, 1))
        hashSlots.initialize(repeating: StaticEdge(hash: 0, child: -1))
        let routeIDs = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(trie.nextRoute.count, 1))
        let routeStarts = UnsafeMutableBufferPointer<Int32>.allocate(capacity: source.count + 1)
        var edgeEnd = 0
        var slotEnd = 0
        var routeEnd = 0
        for (index, node) in source.enumerated() {
            var frozen = Node()
            frozen.literalLength = node.literalEnd - node.literalStart
            frozen.literal = frozen.literalLength <= 8
                ? FrozenTrie.packed(UnsafeBufferPointer(rebasing: literalBytes[Int(node.literalStart)..<Int(node.literalEnd)]), fold: false)
                : UInt64(node.literalStart)
            frozen.staticCount = node.staticCount
            let hashed = node.staticCount > FrozenTrie.hashThreshold
            let mask = hashed ? FrozenTrie.tableSize(for: node.staticCount) - 1 : 0
            frozen.staticStart = Int32(hashed ? slotEnd : edgeEnd)
            var child = node.firstStatic
            while child >= 0 {
                let literal = UnsafeBufferPointer(rebasing: literalBytes[Int(source[Int(child)].literalStart)..<Int(source[Int(child)].literalEnd)])
                let edge = StaticEdge(hash: FrozenTrie.hash(literal, fold: false), child: child)
                if hashed {
                    var slot = Int(edge.hash) & mask
                    while hashSlots[slotEnd + slot].child >= 0 { slot = (slot + 1) & mask }
                    hashSlots[slotEnd + slot] = edge
                } else {
                    staticEdges[edgeEnd] = edge
                    edgeEnd += 1
                }
                child = source[Int(child)].nextSibling
            }
            if hashed { slotEnd += mask + 1 }
            frozen.parameter = node.parameter
            frozen.optional = node.optional
            frozen.splat = node.splat
            routeStarts[index] = Int32(routeEnd)
            var route = node.firstRoute
            frozen.firstRoute = route
            if route >= 0 {
                let found = winner(route)
                frozen.declaration = found.declaration
                frozen.winnerCode = found.layout << 1 | (found.hasValidator ? 1 : 0)
            }
            while route >= 0 {
                routeIDs[routeEnd] = route
                routeEnd += 1
                route = trie.nextRoute[Int(route)]
            }
            nodes[index] = frozen
        }
        nodes[source.count] = Node()
        routeStarts[source.count] = Int32(routeEnd)
        self.nodes = nodes
        self.literalBytes = literalBytes
        self.staticEdges = staticEdges
        self.hashSlots = hashSlots
        self.routeIDs = routeIDs
        self.routeStarts = routeStarts
        self.ranks = FrozenTrie.own(ranks)
        self.maximumDepth = trie.maximumDepth
        self.caseInsensitive = trie.caseInsensitive
    }

    /// Open-addressing table size for a node's static children: a power of two, at most half full.
    @inline(__always)
    static func tableSize(for count: Int32) -> Int {
        max(16, 1 << (Int.bitWidth - (Int(count) * 2 - 1).leadingZeroBitCount))
    }

    deinit {
        nodes.deallocate()
        literalBytes.deallocate()
        staticEdges.deallocate()
        hashSlots.deallocate()
        routeIDs.deallocate()
        routeStarts.deallocate()
        ranks.deallocate()
    }

    private static func own<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(fromContentsOf: array)
        return buffer
    }

    /// A literal's hash: up to 8 bytes are hashed as their packed word (the lookup loads a segment's word
    /// in one read, so hashing and comparing cost a multiply and a compare), longer ones with FNV-1a.
    /// Literals are stored folded; path bytes are folded while hashing.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, fold: Bool) -> UInt32 {
        if bytes.count <= 8 { return hash(word: packed(bytes, fold: fold), length: bytes.count) }
        var hash: UInt32 = 0x811c_9dc5
        if fold {
            for byte in bytes { hash = (hash ^ UInt32(ASCIIFolding.fold(byte))) &* 0x0100_0193 }
        } else {
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        }
        // FNV's low k bits see only the low k bits of each byte: mixed like a packed word's.
        return self.hash(word: UInt64(hash), length: bytes.count)
    }

    /// A packed literal's hash: the two halves of its full 128-bit product with an odd constant, folded.
    /// The table takes its slot from the low bits, and they must depend on every byte: sibling literals
    /// differ mostly in their last bytes (`page12`, `page13`), the word's high bits, which the low half of
    /// a product never sees. (Taking bits 32–63 of the low half did not, and 47 siblings shared a slot.)
    /// The length is mixed in because a packed word does not say it.
    @inline(__always)
    static func hash(word: UInt64, length: Int) -> UInt32 {
        let product = (word ^ UInt64(truncatingIfNeeded: length)).multipliedFullWidth(by: 0x9e37_79b9_7f4a_7c15)
        return UInt32(truncatingIfNeeded: product.high ^ product.low)
    }

    /// The rank of the route that wins at `node` (a node where routes end).
    private func rank(at node: Int32) -> Int32 {
        ranks[Int(nodes[Int(node)].firstRoute)]
    }

    /// What a match of the route that wins at `node` needs (a node where routes end).
    func winner(at node: Int32) -> Winner {
        let found = nodes[Int(node)]
        return Winner(declaration: found.declaration, layout: found.winnerCode >> 1, hasValidator: found.winnerCode & 1 == 1)
    }

    /// The route that wins at `node` (the first declared; later ones are its fall-throughs).
    func firstRoute(at node: Int32) -> Int {
        Int(nodes[Int(node)].firstRoute)
    }

    /// Every route ending at `node`, in declaration order.
    func routes(at node: Int32) -> [Int] {
        (routeStarts[Int(node)]..<routeStarts[Int(node) &+ 1]).map { Int(routeIDs[Int($0)]) }
    }

    /// Compares a literal longer than 8 bytes (kept in `literalBytes`) with a segment.
    private func literalEquals(_ node: UnsafePointer<Node>, _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = Int(node.pointee.literalLength)
        guard length == segment.count else { return false }
        let start = Int(node.pointee.literal)
        if caseInsensitive {
            for offset in 0..<length where literalBytes[start + offset] != ASCIIFolding.fold(segment[offset]) {
                return false
            }
        } else {
            for offset in 0..<length where literalBytes[start + offset] != segment[offset] {
                return false
            }
        }
        return true
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
            return FrozenTrie.packed(UnsafeBufferPointer(rebasing: bytes[bounds.start..<bounds.end]), fold: caseInsensitive)
        }
        return caseInsensitive ? FrozenTrie.foldedWord(word) : word
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

    /// The static child of `node` whose literal is the segment at `bounds`, or -1.
    @inline(__always)
    private func staticChild(of node: UnsafePointer<Node>, _ bytes: UnsafeBufferPointer<UInt8>,
                             _ bounds: SegmentBounds) -> Int32 {
        let length = bounds.end &- bounds.start
        guard length <= 8 else {
            return staticChild(of: node, long: UnsafeBufferPointer(rebasing: bytes[bounds.start..<bounds.end]))
        }
        let word = packedSegment(bytes, bounds, length: length)
        let hash = FrozenTrie.hash(word: word, length: length)
        return staticChild(of: node, hash: hash) { child in
            child.pointee.literalLength == length && child.pointee.literal == word
        }
    }

    /// `staticChild` for a segment longer than 8 bytes.
    private func staticChild(of node: UnsafePointer<Node>, long segment: UnsafeBufferPointer<UInt8>) -> Int32 {
        let hash = FrozenTrie.hash(segment, fold: caseInsensitive)
        return staticChild(of: node, hash: hash) { child in literalEquals(child, segment) }
    }

    /// Probes the node's edges (a scan, or its open-addressing table) for `hash`; `matches` confirms a hit.
    @inline(__always)
    private func staticChild(of node: UnsafePointer<Node>, hash: UInt32,
                             matches: (UnsafePointer<Node>) -> Bool) -> Int32 {
        let count = node.pointee.staticCount
        let start = Int(node.pointee.staticStart)
        let base = UnsafePointer(nodes.baseAddress!)
        if count > FrozenTrie.hashThreshold {
            let mask = FrozenTrie.tableSize(for: count) &- 1
            var slot = Int(hash) & mask
            while true {
                let edge = hashSlots[start &+ slot]
                if edge.child < 0 { return -1 }
                if edge.hash == hash && matches(base + Int(edge.child)) { return edge.child }
                slot = (slot &+ 1) & mask
            }
        }
        for offset in 0..<Int(count) {
            let edge = staticEdges[start &+ offset]
            if edge.hash == hash && matches(base + Int(edge.child)) { return edge.child }
        }
        return -1
    }

    private struct Frame {
        var node: Int32
        var segment: Int
        var step: UInt8
        var opensOptional: Bool
    }

    /// The node of the depth-first search's first path, taken directly (at each segment the static
    /// child, else the parameter child), when it ends on a route: the search would report that node
    /// first and settled, since every other shape ranks below it at the first segment where they differ.
    /// -1 otherwise (a dead end, or only optional or splat shapes): then the full search decides.
    /// Its captures are the segments themselves, one each.
    func directMatch(_ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<SegmentBounds>) -> Int32 {
        var node: Int32 = 0
        for bounds in segments {
            let current = nodes.baseAddress! + Int(node)
            var next: Int32 = -1
            if current.pointee.staticCount > 0 { next = staticChild(of: current, bytes, bounds) }
            if next < 0 { next = current.pointee.parameter }
            if next < 0 { return -1 }
            node = next
        }
        return nodes[Int(node)].firstRoute >= 0 ? node : -1
    }

    /// The best-ranked shape for `segments`: `directMatch`, else the full search.
    func searchBest(_ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<SegmentBounds>,
                    into best: inout BestCandidate) {
        let node = directMatch(bytes, segments)
        guard node >= 0 else { return search(bytes, segments, into: &best) }
        if let captures = best.captures {
            for index in 0..<segments.count { captures[index] = Capture(first: index, end: index &+ 1) }
        }
        best.node = node
        best.rank = rank(at: node)
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
    /// Where the winner's captures are copied (capacity `maximumDepth + 1`), or nil when only the route matters.
    let captures: UnsafeMutableBufferPointer<FrozenTrie.Capture>?
    var node: Int32 = -1
    var rank: Int32 = .max

    init(capturesInto captures: UnsafeMutableBufferPointer<FrozenTrie.Capture>? = nil) { self.captures = captures }

    mutating func candidate(_ node: Int32, rank: Int32, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                            settled: Bool) -> Bool {
        if self.node < 0 || rank < self.rank {
            self.node = node
            self.rank = rank
            if let destination = self.captures { _ = destination.initialize(fromContentsOf: captures) }
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

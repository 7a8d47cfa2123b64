/// The lookup side of the matcher: the trie flattened into arrays (as Hummingbird's router does), searched
/// depth-first with an explicit stack so neither path length nor pattern count can overflow the call stack.
/// Children are tried most specific first (static, parameter, optional consumed, optional skipped, splat),
/// which visits patterns in rank order except inside an optional segment, where the consumed and skipped
/// alignments interleave; the search reports whether such an ambiguity is still open.
final class FrozenTrie {
    struct Node {
        /// The first route ending here (the one that wins here), or -1, with its declaration and
        /// `winnerCode`: read where the walk ends, in the node's own cache line, so a large table's lookup
        /// takes no further cache miss before the route's declaration. The rank, which only the full
        /// search needs, is in `ranks`; every route ending here is in `routeIDs` from `routeStarts`.
        /// Also set, with no route here, where an optional chain's route below is reached with the rest
        /// left out (`markOptionalSteps`, FrozenTrie+OptionalSteps.swift): its `winnerCode` is then
        /// `absentTailCode`'s (the validator's bit set).
        var declaration: Unmanaged<RouteDeclaration>?
        /// The literal: `literalLength` bytes from `literalOffset` in `literalBytes`. Only a literal
        /// longer than 8 bytes is read there, on a hit of the edge that leads here (see `StaticEdge`),
        /// and a chain's (see `hashShift`), which follows a node's literal there.
        var literalOffset: Int32 = 0
        var literalLength: Int32 = 0
        /// Static children: `staticCount` edges from `staticStart` in `staticEdges`; past `hashThreshold`,
        /// a table of 2^k slots (at least `tableSize(for:)` of the count) from `staticStart` bytes into
        /// `hashSlots` (a slot's index times its stride, `firstSlot(of:)`: the walk adds it to the slot's
        /// offset, where an index took a shift of its own and a register more), each child in a slot of
        /// its own (`StaticChildHash.table(for:)`), and then
        /// `staticCount` and `hashShift` are the two halves of the table's multiplier (`hashMultiplier`):
        /// a hashed node's count is never read, only that it is above 0 (the low half is positive). The
        /// two fields must stay side by side, in this order: the lookup reads them as one word
        /// (`FrozenTrie.hashMultiplier(of:)`).
        var staticStart: Int32 = 0
        var staticCount: Int32 = 0
        /// For hashed children, the high half of the table's multiplier (`StaticChildHash.slot`): the
        /// shift that leaves a product's top k bits (64 - k) in its low 6 bits, `StaticChildHash.probesOn`
        /// in bit 6, the freeze's choice above. 0 for scanned children (up to `hashThreshold`, or
        /// siblings no hash tells apart), except at the head of a
        /// chain (a run of single-child static nodes, issue 37's radix edge; `FrozenTrie+Chain`),
        /// where it is `~end`, the node the chain ends at: the
        /// walk compares the chain's bytes (in `literalBytes`, from this node's literal's end to
        /// `end`'s) with the path at once and moves past them all.
        var hashShift: Int32 = 0
        /// The parameter child, or -1; below -1 (`~optional`) at the start and the links of an optional
        /// chain the walk's loop takes (FrozenTrie+OptionalSteps.swift), and `Int32.min`
        /// (`onlyWayDeadEndParameter`) on the only way where no parameter child is: no parameter child
        /// to any other reader, which asks only whether it is 0 or more.
        var parameter: Int32 = -1
        var optional: Int32 = -1
        /// The splat child, or -1; -2 (`chainStartSplat`) where the walk's loop starts an optional chain.
        var splat: Int32 = -1
        var firstRoute: Int32 = -1
        /// The winner's parameter layout times 128, its `integerSlots` times four, plus two when it declares
        /// typed parameters and one when it has a validator (48 bytes a node); plus 64 on any node, where
        /// routes end or not, that is on the only way (`isOnlyWay`).
        var winnerCode: Int32 = 0

        /// `staticCount` and `hashShift` as one word: a hashed node's multiplier (`StaticChildHash.slot`).
        /// The lookup reads it in one load (`FrozenTrie.hashMultiplier(of:)`).
        var hashMultiplier: UInt64 { StaticChildHash.multiplier(low: staticCount, high: hashShift) }

        /// No node on the way from the root to here, this one included, offers another way than the
        /// walk's: none has an optional or a splat child, and none whose static child leads here has a
        /// parameter child too. A walk that dead-ends here (or ends here where no route does) on a plain
        /// path is then a miss: the depth-first search would try this way alone. Set by the freeze, read
        /// only where the walk stops (issue 37: the way was traced again to learn it, 235 of a miss's
        /// 1,107 instructions).
        var isOnlyWay: Bool { winnerCode & FrozenTrie.onlyWayBit != 0 }
    }

    /// What a match of a node's first route needs. The declaration is not retained: the lookup that
    /// owns this trie keeps every declaration.
    struct Winner {
        var declaration: Unmanaged<RouteDeclaration>?
        /// Index of the route's parameter layout (the lookup's).
        var layout: Int32 = 0
        var hasValidator = false
        /// The route declares typed parameters (issue 33): a hit is checked against them before it counts.
        var hasTypes = false
        /// When every typed parameter is an `int` among the first four: bit i set for parameter i (in
        /// pattern order). The lookup checks those spans' digits in place (`holdsIntegers`); 0 when the
        /// types need the full check (`ParameterTypes.fit`).
        var integerSlots: UInt8 = 0

        /// At a node where no route ends but an optional chain's does below it with every segment left
        /// out (`FrozenTrie.absentTailCode`, its validator bit set): how many spans are left out, 1 to 8;
        /// 0 at a route's node, and at such a node whose route has a validator or types.
        var absentTailSpans: Int32 { layout < 0 ? ~layout : 0 }
    }

    /// A capture of pattern segment i: path segments first..<end, or first < 0 when an optional was skipped.
    struct Capture {
        var first: Int
        var end: Int
    }

    /// A static child and its literal's key (all of a literal of up to 8 bytes packed; the first and
    /// last words of a longer one mixed, `StaticChildHash.longKey`), with its length: a scan or probe
    /// compares these, and reads a longer literal's bytes only on a hit.
    struct StaticEdge {
        var word: UInt64
        var length: Int32
        /// The child: its index in `nodes` for an edge; for a slot of a table (`hashSlots`), its byte
        /// offset there (the index times `Node`'s stride, `FrozenTrie.node(atSlotChild:)`), which the
        /// walk's hashed step adds to the nodes' base as it is (a multiply by the stride a hashed
        /// segment less). -1 for none.
        var child: Int32

        /// An empty slot: its word all ones with length 0, which no segment has (an empty segment's
        /// word is 0), so that the walk's hashed probe, which meets the empty segment before its test
        /// (`FrozenTrie.isDotOrEmpty`), never takes an empty slot for a hit. Readers that ask whether a
        /// slot is empty ask its child, -1.
        static let empty = StaticEdge(word: .max, length: 0, child: -1)

        /// Set in a hashed slot's `length` (a literal of up to 8 bytes, in a trie that does not fold
        /// case) when the child has a splat child and no other (no static, parameter or optional
        /// child): the walk's loop settles the splat's dead end from the slot, without reading the
        /// next segment. The other readers of a slot compare `literalLength`.
        static let splatOnlyMark = Int32.min

        /// The literal's length, without `splatOnlyMark`.
        @inline(__always) var literalLength: Int32 { length & Int32.max }
    }

    /// Up to this many static children are scanned, more hashed. A scan compares a word and a length
    /// an edge; a probe hashes (a multiply and a shift) and compares one slot inline. Past a handful
    /// of children the probe is cheaper: `withMatch` among 1,000 parameter routes (10 children a
    /// level) took 782 instructions scanning up to 8, 776 up to 4, 772 up to 2; GitHub's API 742
    /// in each (callgrind, `--loop withMatch`, loop included).
    static let hashThreshold = 4

    /// `Node.isOnlyWay`'s bit in `winnerCode`.
    static let onlyWayBit: Int32 = 64

    /// `stopCodes`' mark for a node the walk's loop never enters (below an optional or a splat).
    static let unknownStopCode = Int32.min

    // Owned flat buffers rather than arrays: immutable after init, and read without bounds checks or
    // reference counting on the lookup path. Every element type is trivial, so deinit only deallocates.
    // Each holds at least one element, so the lookup reads their base addresses unchecked.
    // Safety: allocated once by the freeze (`FrozenTrie+Freeze`), exactly sized, never written after
    // init, freed only by deinit; every index read comes from the freeze's own nodes and edges. Not
    // re-measured against arrays in issue 32's round (the walk reads `nodes` once a segment).
    let nodes: UnsafeMutableBufferPointer<Node>
    let literalBytes: UnsafeMutableBufferPointer<UInt8>
    let staticEdges: UnsafeMutableBufferPointer<StaticEdge>
    let hashSlots: UnsafeMutableBufferPointer<StaticEdge>
    let routeIDs: UnsafeMutableBufferPointer<Int32>
    /// Routes ending at node i: `routeIDs[routeStarts[i]..<routeStarts[i + 1]]`.
    let routeStarts: UnsafeMutableBufferPointer<Int32>
    /// Rank per route (lower is better).
    let ranks: UnsafeMutableBufferPointer<Int32>
    /// Per node, what the settling needs to go on from where the walk's loop stopped (`stop`), instead
    /// of tracing the way again from the root (issue 37). For the root and a static child, where the
    /// loop's cursor stands there: the bytes from the end of the nearest parameter's segment on the way
    /// (or from the root's `/`) to the next segment's first byte, less one (a run, 0 or more). For a
    /// parameter child, `~parent` (negative): its run is 0 (the cursor follows its span), and a stop in
    /// the segment it would take goes on from its parent. `unknownStopCode` off the loop's way. Read
    /// only where the loop stopped; the loop says only at which node, from what it holds there.
    let stopCodes: UnsafeMutableBufferPointer<Int32>
    let maximumDepth: Int
    let caseInsensitive: Bool

    /// Takes ownership of the buffers (deallocated by deinit). A trie is made by freezing a declaration
    /// trie: `init(_:ranks:winner:)` in `FrozenTrie+Freeze`.
    init(nodes: UnsafeMutableBufferPointer<Node>, literalBytes: UnsafeMutableBufferPointer<UInt8>,
                 staticEdges: UnsafeMutableBufferPointer<StaticEdge>, hashSlots: UnsafeMutableBufferPointer<StaticEdge>,
                 routeIDs: UnsafeMutableBufferPointer<Int32>, routeStarts: UnsafeMutableBufferPointer<Int32>,
                 ranks: UnsafeMutableBufferPointer<Int32>, stopCodes: UnsafeMutableBufferPointer<Int32>,
                 maximumDepth: Int, caseInsensitive: Bool) {
        self.nodes = nodes
        self.literalBytes = literalBytes
        self.staticEdges = staticEdges
        self.hashSlots = hashSlots
        self.routeIDs = routeIDs
        self.routeStarts = routeStarts
        self.ranks = ranks
        self.stopCodes = stopCodes
        self.maximumDepth = maximumDepth
        self.caseInsensitive = caseInsensitive
    }

    deinit {
        nodes.deallocate()
        literalBytes.deallocate()
        staticEdges.deallocate()
        hashSlots.deallocate()
        routeIDs.deallocate()
        routeStarts.deallocate()
        ranks.deallocate()
        stopCodes.deallocate()
    }

    /// `Node.hashMultiplier` of `node` in one load: `staticCount` and `hashShift` are side by side, in
    /// that order (`StaticChildSlotTests` holds the layout to it). Built from the two fields, it cost a
    /// probe three instructions more (a copy, a shift and an `or`).
    @inline(__always)
    static func hashMultiplier(of node: UnsafePointer<Node>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(node).loadUnaligned(fromByteOffset: multiplierOffset, as: UInt64.self))
    }

    /// Where `Node.staticCount` is in a node, and `hashShift` 4 bytes on: after the declaration (8
    /// bytes), `literalOffset`, `literalLength` and `staticStart` (a constant, so that the load takes
    /// it as its offset; `StaticChildSlotTests` holds it to `MemoryLayout<Node>.offset(of:)`).
    static var multiplierOffset: Int { 20 }

    /// The first slot of a hashed node's table: `staticStart` is its offset in bytes (`Node.staticStart`).
    @inline(__always)
    func firstSlot(of node: UnsafePointer<Node>) -> UnsafePointer<StaticEdge> {
        // Safety: the freeze wrote a hashed node's `staticStart` as a slot's index times the stride, so
        // the offset is a slot's within `hashSlots`.
        (UnsafeRawPointer(hashSlots.baseAddress.unsafelyUnwrapped) + Int(node.pointee.staticStart))
            .assumingMemoryBound(to: StaticEdge.self)
    }

    /// The index of the node a slot's child names (`StaticEdge.child`: a byte offset), for a child that
    /// is there (0 or more).
    @inline(__always)
    static func node(atSlotChild child: Int32) -> Int32 {
        nodeIndex(atByteOffset: UInt64(UInt32(bitPattern: child)))
    }

    /// What a match of the route that wins at `node` needs (a node where routes end).
    func winner(at node: Int32) -> Winner {
        let found = nodes[Int(node)]
        return Winner(declaration: found.declaration, layout: found.winnerCode >> 7, hasValidator: found.winnerCode & 1 == 1,
                      hasTypes: found.winnerCode & 2 == 2, integerSlots: UInt8(truncatingIfNeeded: found.winnerCode >> 2) & 0xf)
    }

    /// The route that wins at `node` (the first declared; later ones are its fall-throughs).
    func firstRoute(at node: Int32) -> Int {
        Int(nodes[Int(node)].firstRoute)
    }

    /// Every route ending at `node`, in declaration order.
    func routes(at node: Int32) -> [Int] {
        (routeStarts[Int(node)]..<routeStarts[Int(node) &+ 1]).map { Int(routeIDs[Int($0)]) }
    }
}

// Freezing: the declaration trie (linked nodes, built a declaration at a time) laid out as the flat
// buffers the search reads.
extension FrozenTrie {
    /// Built straight into buffers of the exact size, so a large table's freeze does not hold growing
    /// arrays and their copies at once.
    convenience init(_ trie: RouteTrie, ranks: [Int32], winner: (Int32) -> Winner) {
        let source = trie.nodes
        let (literalBytes, literalOffsets) = FrozenTrie.layLiterals(of: trie)
        // The key of each node's literal, as its parent's edge holds it.
        func key(of child: Int32) -> UInt64 {
            let literal = UnsafeBufferPointer(rebasing: literalBytes[Int(literalOffsets[Int(child)])...]
                .prefix(Int(source[Int(child)].literalEnd - source[Int(child)].literalStart)))
            return StaticChildHash.key(of: literal)
        }
        // Past `hashThreshold` children, a table and the multiplier that gives each child a slot of its
        // own (none for the rare node whose children cannot be told apart by key and length: scanned).
        var tables: [Int: StaticChildHash.Table] = [:]
        var edgeCount = 0
        var slotCount = 0
        for (index, node) in source.enumerated() {
            if node.staticCount > FrozenTrie.hashThreshold {
                var keys: [(word: UInt64, length: Int32)] = []
                var child = node.firstStatic
                while child >= 0 {
                    keys.append((key(of: child), source[Int(child)].literalEnd - source[Int(child)].literalStart))
                    child = source[Int(child)].nextSibling
                }
                if let table = StaticChildHash.table(for: keys) {
                    tables[index] = table
                    slotCount += table.size
                    continue
                }
            }
            edgeCount += Int(node.staticCount)
        }
        let nodes = UnsafeMutableBufferPointer<Node>.allocate(capacity: source.count + 1)
        let staticEdges = UnsafeMutableBufferPointer<StaticEdge>.allocate(capacity: max(edgeCount, 1))
        let hashSlots = UnsafeMutableBufferPointer<StaticEdge>.allocate(capacity: max(slotCount, 1))
        hashSlots.initialize(repeating: .empty)
        let routeIDs = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(trie.nextRoute.count, 1))
        let routeStarts = UnsafeMutableBufferPointer<Int32>.allocate(capacity: source.count + 1)
        let onlyWay = FrozenTrie.onlyWay(source)
        var edgeEnd = 0
        var slotEnd = 0
        var routeEnd = 0
        for (index, node) in source.enumerated() {
            var frozen = Node()
            frozen.literalLength = node.literalEnd - node.literalStart
            frozen.literalOffset = literalOffsets[index]
            frozen.staticCount = node.staticCount
            let table = tables[index]
            let mask = (table?.size ?? 1) - 1
            frozen.staticStart = Int32(table != nil ? slotEnd * MemoryLayout<StaticEdge>.stride : edgeEnd)
            if let table {
                frozen.staticCount = table.low
                frozen.hashShift = table.high
            }
            var child = node.firstStatic
            while child >= 0 {
                let edge = StaticEdge(word: key(of: child), length: source[Int(child)].literalEnd - source[Int(child)].literalStart,
                                      child: child)
                if table != nil {
                    // A slot of its own, but for a node that probes on (`StaticChildHash.probesOn`).
                    var slot = StaticChildHash.slot(word: edge.word, multiplier: frozen.hashMultiplier)
                    while hashSlots[slotEnd + slot].child >= 0 { slot = (slot + 1) & mask }
                    hashSlots[slotEnd + slot] = edge
                    // Its byte offset in `nodes` (`StaticEdge.child`; past 2^31 bytes of nodes, a trap).
                    hashSlots[slotEnd + slot].child = child * Int32(MemoryLayout<Node>.stride)
                    if !trie.caseInsensitive && edge.length <= 8 && FrozenTrie.hasOnlySplat(source[Int(child)], in: source) {
                        hashSlots[slotEnd + slot].length |= StaticEdge.splatOnlyMark
                    }
                } else {
                    staticEdges[edgeEnd] = edge
                    edgeEnd += 1
                }
                child = source[Int(child)].nextSibling
            }
            if table != nil { slotEnd += mask + 1 }
            frozen.parameter = node.parameter
            frozen.optional = node.optional
            frozen.splat = node.splat
            routeStarts[index] = Int32(routeEnd)
            var route = node.firstRoute
            frozen.firstRoute = route
            if route >= 0 {
                let found = winner(route)
                frozen.declaration = found.declaration
                frozen.winnerCode = found.layout << 7 | Int32(found.integerSlots) << 2 | (found.hasTypes ? 2 : 0)
                    | (found.hasValidator ? 1 : 0)
            }
            if onlyWay[index] { frozen.winnerCode |= FrozenTrie.onlyWayBit }
            while route >= 0 {
                routeIDs[routeEnd] = route
                routeEnd += 1
                route = trie.nextRoute[Int(route)]
            }
            nodes[index] = frozen
        }
        nodes[source.count] = Node()
        FrozenTrie.markChains(nodes, trie)
        FrozenTrie.markOptionalSteps(nodes, trie)
        FrozenTrie.markOnlyWayDeadEnds(nodes)
        routeStarts[source.count] = Int32(routeEnd)
        self.init(nodes: nodes, literalBytes: literalBytes, staticEdges: staticEdges, hashSlots: hashSlots,
                  routeIDs: routeIDs, routeStarts: routeStarts, ranks: FrozenTrie.own(ranks),
                  stopCodes: FrozenTrie.stopCodes(source), maximumDepth: trie.maximumDepth, caseInsensitive: trie.caseInsensitive)
    }

    /// Whether `node` of `source` has a splat child, where a route ends, and no other child: its
    /// parent's slot carries `StaticEdge.splatOnlyMark`.
    private static func hasOnlySplat(_ node: RouteTrie.Node, in source: [RouteTrie.Node]) -> Bool {
        node.splat >= 0 && node.staticCount == 0 && node.parameter < 0 && node.optional < 0
            && source[Int(node.splat)].firstRoute >= 0
    }

    /// `Node.isOnlyWay` per node of `source`, from the root down: a node's children are declared after
    /// it (`RouteTrie` appends them), so one pass in index order sees each parent's flag first. Optional
    /// and splat children are off the walk's way: theirs stay false.
    private static func onlyWay(_ source: [RouteTrie.Node]) -> [Bool] {
        var onlyWay = [Bool](repeating: false, count: source.count)
        guard !source.isEmpty else { return onlyWay }
        onlyWay[0] = true
        for (index, node) in source.enumerated() {
            // A node's own optional or splat is another way from here, for it and every node below.
            let open = onlyWay[index] && node.optional < 0 && node.splat < 0
            onlyWay[index] = open
            guard open else { continue }
            if node.parameter >= 0 { onlyWay[Int(node.parameter)] = true }
            // A static child beside a parameter child: the search tries the parameter after it.
            guard node.parameter < 0 else { continue }
            var child = node.firstStatic
            while child >= 0 {
                onlyWay[Int(child)] = true
                child = source[Int(child)].nextSibling
            }
        }
        return onlyWay
    }

    /// `FrozenTrie.stopCodes` per node of `source`, from the root down (children follow their parents,
    /// as for `onlyWay`): a static child's run is its parent's plus its literal and the `/` after it; a
    /// parameter child's code is `~parent` (its run 0: the cursor follows its span); optional and splat
    /// children, which the walk's loop never enters, and the nodes below them are unknown.
    private static func stopCodes(_ source: [RouteTrie.Node]) -> UnsafeMutableBufferPointer<Int32> {
        let codes = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(source.count, 1))
        codes.initialize(repeating: FrozenTrie.unknownStopCode)
        guard !source.isEmpty else { return codes }
        codes[0] = 0
        for (index, node) in source.enumerated() {
            let code = codes[index]
            guard code != FrozenTrie.unknownStopCode else { continue }
            if node.parameter >= 0 { codes[Int(node.parameter)] = ~Int32(index) }
            let run = max(code, 0)
            var child = node.firstStatic
            while child >= 0 {
                let next = Int(run) + Int(source[Int(child)].literalEnd - source[Int(child)].literalStart) + 1
                codes[Int(child)] = next < Int(Int32.max) ? Int32(next) : FrozenTrie.unknownStopCode
                child = source[Int(child)].nextSibling
            }
        }
        return codes
    }

    static func own<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(fromContentsOf: array)
        return buffer
    }
}

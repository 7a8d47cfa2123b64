import Testing
@testable import Switchyard

/// Issue 37: a node with more than `FrozenTrie.hashThreshold` static children keeps them in a table
/// whose hash multiplier the freeze chose for that node (`StaticChildHash.table(for:)`), so that each child has a
/// slot of its own and a lookup compares one edge: the child or a miss, with no probe on. Siblings
/// that collided under the one multiplier every node shared (`section0` … `section9`, differing in one
/// high byte; long literals differing only in their last byte) must each be found, and a near-miss (a
/// sibling's literal with one byte changed, one byte more or less) must not be.
@Suite struct StaticChildSlotTests {
    /// The route the full search ranks first for `text` (no validators here), to hold the walk to.
    private func searched(_ table: RouteTable<String>, _ text: String) -> String? {
        table.withFrozenLookup { lookup in
            lookup.all(Location(parsing: text).path).first.map { table.routes[$0.route].payload }
        }
    }

    /// `text`'s route by every way in, which must agree.
    private func found(_ table: RouteTable<String>, _ text: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let matched = try table.match(text)?.route.payload
        #expect(try table.withMatch(text) { $0.map { table.routes[$0.route.rawValue].payload } } == matched,
                sourceLocation: sourceLocation)
        #expect(table.firstMatch(text).map { table.routes[$0.rawValue].payload } == matched, sourceLocation: sourceLocation)
        #expect(searched(table, text) == matched, sourceLocation: sourceLocation)
        return matched
    }

    /// A sibling's literal with one byte changed (first, middle and last), one more and one fewer.
    private func nearMisses(of literal: String) -> [String] {
        var bytes = Array(literal.utf8)
        var misses: [String] = []
        for index in Set([0, bytes.count / 2, bytes.count - 1]) {
            let kept = bytes[index]
            bytes[index] = kept == UInt8(ascii: "q") ? UInt8(ascii: "r") : UInt8(ascii: "q")
            misses.append(String(decoding: bytes, as: UTF8.self))
            bytes[index] = kept
        }
        misses.append(literal + "x")
        misses.append(String(literal.dropLast()))
        return misses
    }

    /// For every hashed node that does not probe on, every static child sits in the slot its key and
    /// length hash to with the node's multiplier: one slot is all a lookup reads. Nodes that probe on,
    /// and the largest table, are counted.
    private func slotsCheck(_ table: RouteTable<String>) -> (ownSlots: Int, misplaced: Int, probing: Int, largest: Int) {
        table.withFrozenLookup { lookup in
            let trie = lookup.trie
            var ownSlots = 0, misplaced = 0, probing = 0, largest = 0
            for node in trie.nodes where node.hashShift > 0 {
                let high = Int(node.hashShift)
                let size = StaticChildHash.mask(forShift: high) + 1
                largest = max(largest, size)
                if high & StaticChildHash.probesOn != 0 {
                    probing += 1
                    continue
                }
                let start = Int(node.staticStart) / MemoryLayout<FrozenTrie.StaticEdge>.stride
                let table = trie.hashSlots[start..<(start + size)]
                for edge in table where edge.child >= 0 {
                    let slot = StaticChildHash.slot(word: edge.word, multiplier: node.hashMultiplier)
                    if trie.hashSlots[start + slot].child == edge.child { ownSlots += 1 } else { misplaced += 1 }
                }
            }
            return (ownSlots, misplaced, probing, largest)
        }
    }

    /// The lookup reads a node's multiplier (`staticCount` then `hashShift`) in one load at
    /// `multiplierOffset`.
    @Test func theMultiplierIsOneWordOfTheNode() throws {
        #expect(MemoryLayout<FrozenTrie.Node>.offset(of: \FrozenTrie.Node.staticCount) == FrozenTrie.multiplierOffset)
        #expect(MemoryLayout<FrozenTrie.Node>.offset(of: \FrozenTrie.Node.hashShift) == FrozenTrie.multiplierOffset + 4)
        let table = StaticChildHash.Table(size: 64, choice: 1_000)
        var node = FrozenTrie.Node()
        node.staticCount = table.low
        node.hashShift = table.high
        #expect(node.staticCount > 0 && node.hashShift > 0)
        #expect(withUnsafePointer(to: node) { FrozenTrie.hashMultiplier(of: $0) } == table.multiplier)
        #expect(StaticChildHash.mask(forShift: Int(node.hashShift)) == 63)
    }

    /// `/section0` … `/section9`, each with `/page0` … `/page99` (words that differ in their last one or
    /// two bytes, the packed word's high bytes), beside a parameter at each level.
    @Test(arguments: [false, true])
    func siblingsDifferingInAHighByteEachHaveASlot(caseInsensitive: Bool) throws {
        let table = RouteTable<String>(caseInsensitive: caseInsensitive)
        let pages = Set((0..<100).map { "page\($0)" })
        for section in 0..<10 {
            for page in 0..<100 { try table.add("/section\(section)/page\(page)", payload: "s\(section)p\(page)") }
            try table.add("/section\(section)/:page", payload: "s\(section) parameter")
        }
        try table.add("/:section/:page", payload: "parameter")
        let check = slotsCheck(table)
        #expect(check.ownSlots == 10 + 10 * 100)
        #expect(check.misplaced == 0)
        #expect(check.probing == 0)
        // 100 siblings in at most 8 times the smallest table (256 slots).
        #expect(check.largest <= 2_048)
        for section in 0..<10 {
            for page in 0..<100 {
                #expect(try found(table, "/section\(section)/page\(page)") == "s\(section)p\(page)")
                let shouted = "/SECTION\(section)/Page\(page)"
                #expect(try found(table, shouted) == (caseInsensitive ? "s\(section)p\(page)" : "parameter"))
            }
            for miss in nearMisses(of: "page\(section * 11)") where !pages.contains(miss) {
                #expect(try found(table, "/section\(section)/\(miss)") == "s\(section) parameter")
            }
        }
        for miss in nearMisses(of: "section7") {
            #expect(try found(table, "/\(miss)/page7") == "parameter")
        }
    }

    /// Without a parameter beside them, a near-miss is a miss: the one slot it hashes to holds another
    /// sibling or nothing, and neither is taken for it.
    @Test(arguments: [false, true])
    func nearMissesOfHashedSiblingsMiss(caseInsensitive: Bool) throws {
        let table = RouteTable<String>(caseInsensitive: caseInsensitive)
        let words = (0..<10).map { "section\($0)" } + (0..<100).map { "page\($0)" } + ["a", "ab", "abcdefgh"]
        for word in words { try table.add("/\(word)/end", payload: word) }
        #expect(slotsCheck(table).misplaced == 0)
        for word in words {
            #expect(try found(table, "/\(word)/end") == word)
            #expect(try found(table, "/\(word.uppercased())/end") == (caseInsensitive ? word : nil))
        }
        let all = Set(words)
        for word in words {
            for miss in nearMisses(of: word) where !all.contains(miss) && !miss.isEmpty {
                #expect(try found(table, "/\(miss)/end") == nil)
            }
        }
    }

    /// Literals past 8 bytes that share their first word and length and differ only in their last byte
    /// (`organizations-0` … `-9`, 15 bytes; `long-static-segment-number-0` … `-9`, 28 bytes, whose middle
    /// words are compared too), hashed, beside a parameter.
    @Test(arguments: [false, true])
    func longSiblingsDifferingInTheirLastByteEachHaveASlot(caseInsensitive: Bool) throws {
        let table = RouteTable<String>(caseInsensitive: caseInsensitive)
        let short = (0..<10).map { "organizations-\($0)" }
        let long = (0..<10).map { "long-static-segment-number-\($0)" }
        for word in short + long { try table.add("/\(word)/:id", payload: word) }
        try table.add("/:other/:id", payload: "parameter")
        #expect(slotsCheck(table).misplaced == 0)
        #expect(slotsCheck(table).ownSlots == 20)
        for word in short + long {
            #expect(try found(table, "/\(word)/1") == word)
            #expect(try found(table, "/\(word.uppercased())/1") == (caseInsensitive ? word : "parameter"))
            for miss in nearMisses(of: word) {
                #expect(try found(table, "/\(miss)/1") == "parameter")
            }
        }
        // One byte changed in a 28-byte literal's middle word, which neither its first nor its last covers.
        #expect(try found(table, "/long-static-sEgment-number-3/1") == (caseInsensitive ? long[3] : "parameter"))
        #expect(try found(table, "/long-static-sQgment-number-3/1") == "parameter")
    }

    /// Two literals past 8 bytes with the same length and key (the first word of one is the other's with
    /// one letter upper-cased, and a letter of the last word to match, `StaticChildHash.longKey`): no hash
    /// tells them apart, so their node's children are scanned and each literal is compared whole.
    @Test func literalsSharingTheirKeyAreScanned() throws {
        let first = "abcdefghijklmnop", twin = "AbcdefghijklMnop"
        func key(_ text: String) -> UInt64 {
            Array(text.utf8).withUnsafeBufferPointer { StaticChildHash.key(of: $0) }
        }
        #expect(key(first) == key(twin))
        let table = RouteTable<String>()
        let words = [first, twin, "one", "two", "three", "four"]
        for word in words { try table.add("/\(word)", payload: word) }
        table.withFrozenLookup { lookup in
            let root = lookup.trie.nodes[0]
            #expect(root.staticCount == 6)
            #expect(root.hashShift == 0)
        }
        for word in words { #expect(try found(table, "/\(word)") == word) }
        #expect(try found(table, "/abcdefghijklMnop") == nil)
        #expect(try found(table, "/Abcdefghijklmnop") == nil)
    }

    /// Thousands of siblings would need a table growing with their square for a slot each: they are
    /// placed by probing (`StaticChildHash.probesOn`), and every one is still found, short or long.
    @Test func thousandsOfSiblingsProbeOn() throws {
        let table = RouteTable<String>()
        let words = (0..<1_500).map { "p\($0)" } + (0..<1_500).map { "long-sibling-number-\($0)" }
        for word in words { try table.add("/\(word)/end", payload: word) }
        #expect(slotsCheck(table).probing == 1)
        for word in words { #expect(try table.match("/\(word)/end")?.route.payload == word) }
        let all = Set(words)
        for word in words.prefix(100) + words.suffix(100) {
            for miss in nearMisses(of: word) where !all.contains(miss) {
                #expect(try table.match("/\(miss)/end") == nil)
            }
        }
    }
}

import Testing
@testable import Switchyard

/// Issue 37, seventh session: the walk's loop reads a node's `staticCount` and `hashShift` as one word
/// (`FrozenTrie.StaticChildren`) and tells from it alone whether the node has no static child, heads a
/// chain, has a table (the word its multiplier) or edges to scan (the word's low half their count).
/// That holds only while the freeze and `markChains` leave both fields 0 on a node with no static
/// child, a chain's head's `hashShift` negative, a table's positive and a scanned node's 0: held here
/// for every node of tables with each kind, and the walk's step (its probe written out in the loop)
/// held to the full search on every route and near-misses of its static segments.
@Suite struct WalkStepLayoutTests {
    /// Nodes of every kind: the root with a table (more than `hashThreshold` static children) and a
    /// parameter child, scanned children, a chain (`/chain/of/single/children`), leaves, and a node
    /// whose children are only a parameter.
    private static func table(caseInsensitive: Bool) throws -> RouteTable<Int> {
        try numberedTable(caseInsensitive: caseInsensitive,
            (0..<(FrozenTrie.hashThreshold + 6)).map { "/section\($0)/page" }
            + ["a", "bb", "ccc", "dddddddd"].map { "/few/\($0)" }
            + ["/chain/of/single/children/end", "/users/:id", "/:anything/after"])
    }

    @Test(arguments: [false, true])
    func everyNodeSaysItsChildrenInOneWord(caseInsensitive: Bool) throws {
        let table = try Self.table(caseInsensitive: caseInsensitive)
        let kinds = table.withFrozenLookup { lookup in
            let trie = lookup.trie
            var kinds = (none: 0, chain: 0, hashed: 0, scanned: 0)
            for index in trie.nodes.indices {
                let node = trie.nodes[index]
                let children = withUnsafePointer(to: node) { FrozenTrie.StaticChildren(of: $0) }
                if node.staticCount == 0 {
                    #expect(node.hashShift == 0 && children.isEmpty && !children.isHashed, "node \(index)")
                    kinds.none += 1
                    continue
                }
                #expect(!children.isEmpty, "node \(index)")
                #expect(children.isChainHead == (node.hashShift < 0), "node \(index)")
                if node.hashShift < 0 {
                    // (The walk asks for a table first: a chain's head must not answer it.)
                    #expect(!children.isHashed, "node \(index)")
                    kinds.chain += 1
                } else if node.hashShift > 0 {
                    #expect(children.isHashed && children.word == node.hashMultiplier, "node \(index)")
                    kinds.hashed += 1
                } else {
                    #expect(!children.isHashed && children.scannedCount == Int(node.staticCount), "node \(index)")
                    kinds.scanned += 1
                }
            }
            return kinds
        }
        // Every kind is there to be checked.
        #expect(kinds.none > 0 && kinds.chain > 0 && kinds.hashed > 0 && kinds.scanned > 0)
    }

    /// Every route's path, and each with one static segment near-missed (its last byte changed, one
    /// byte more, one fewer; upper-cased where the table folds), is found by the walk as by the full
    /// search: a slot's or edge's key and length are compared as stored (the length 32 bits from
    /// memory), and a hit's child is taken without a test of it.
    @Test(arguments: [false, true])
    func theWalksStepFindsWhatTheFullSearchFinds(caseInsensitive: Bool) throws {
        let table = try Self.table(caseInsensitive: caseInsensitive)
        var checked = 0
        for route in table.routes {
            let segments = route.pattern.text.split(separator: "/").map(String.init)
            var paths = ["/" + segments.map { $0.hasPrefix(":") ? "value" : $0 }.joined(separator: "/")]
            for (position, segment) in segments.enumerated() where !segment.hasPrefix(":") {
                var variants = [segment + "x", String(segment.dropLast()),
                                String(segment.dropLast()) + (segment.last == "q" ? "r" : "q")]
                if caseInsensitive { variants.append(segment.uppercased()) }
                for variant in variants where !variant.isEmpty {
                    var changed = segments.map { $0.hasPrefix(":") ? "value" : $0 }
                    changed[position] = variant
                    paths.append("/" + changed.joined(separator: "/"))
                }
            }
            for path in paths {
                try expectAsTheFullSearch(table, path)
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    /// The loop asks one bound a segment (`lastWord`, 8 bytes before the text's end, before its start
    /// for a text under 8 bytes): a segment with a whole word to load reads it, any other reads the
    /// text's tail, and the loop ends when the cursor reaches the end. Every prefix of texts whose
    /// segments end on, before and after word boundaries, from 1 byte to 27, is found as the full
    /// search finds it, static and parameter segments alike.
    @Test func everyTextLengthAroundAWordIsWalkedAsTheFullSearchFinds() throws {
        let table = RouteTable<Int>()
        let patterns = ["/a", "/abcdef", "/abcdefg", "/abcdefgh", "/abcdefghi", "/abcdefg/h", "/abcdefg/:x",
                        "/abcdefg/hijklmno", "/abcdefg/hijklmno/p", "/abcdefg/hijklmno/:y", "/:x/bcdefgh",
                        "/:x/bcdefgh/:y", "/ab/:x/c", "/abcdefgh/ijklmnop/qrstuvwx"]
        for (payload, pattern) in patterns.enumerated() { try table.add(pattern, payload: payload) }
        let texts = ["/abcdefg/hijklmno/p", "/abcdefgh/ijklmnop/qrstuvwx", "/a/bcdefgh/ijklmno", "/ab/cd/c",
                     "/abcdefghi/jk"]
        var checked = 0
        for text in texts {
            for length in 1...text.utf8.count {
                let prefix = String(text.utf8.prefix(length))!
                // A trailing slash is not normalised: the full resolution decides, as tested elsewhere.
                if prefix.count > 1 && prefix.hasSuffix("/") { continue }
                try expectAsTheFullSearch(table, prefix)
                checked += 1
            }
        }
        #expect(checked > 70)
    }

    /// A parameter's value past 8 bytes is checked for a `?` or `#` past its first word too (the walk's
    /// loop asks the first word, then the rest a word at a time). A mark at every position of values
    /// of 9 to 40 bytes, the value last or followed by a static segment, cuts the path there as the
    /// full search of the text's path does. (With the last word's check taken out of the seventh
    /// session's measured variant, 806d957, this found 3,584 issues.)
    @Test func aQueryMarkAnywhereInALongParameterCutsThePath() throws {
        let table = RouteTable<Int>()
        try table.add("/a/:x", payload: 0)
        try table.add("/a/:x/b", payload: 1)
        try table.add("/a/:x/:y", payload: 2)
        var checked = 0
        for length in 9...40 {
            let value = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            for position in 0..<length {
                for mark in ["?", "#"] {
                    var marked = Array(value)
                    marked[position] = Character(mark)
                    let text = "/a/" + String(marked)
                    try expectAsTheFullSearch(table, text)
                    try expectAsTheFullSearch(table, text + "/b")
                    checked += 2
                }
            }
            try expectAsTheFullSearch(table, "/a/" + value + "/b")
        }
        #expect(checked > 1_000)
    }
}

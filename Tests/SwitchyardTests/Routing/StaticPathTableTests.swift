import Testing
@testable import Switchyard

/// Issue 37: a whole static path is found by its bytes at once (`StaticPathTable`), and answers exactly
/// what the walk answers for it: the walk's node, no parameters, then `find`'s usual handling (a
/// validator still needs the candidates, the first route declared there wins). Every other text, a
/// byte off a key included, is left to the walk and answers as it did without the table.
@Suite struct StaticPathTableTests {
    /// The table's answer for `text` (the walk's node, or -1 for "ask the walk").
    private func tableNode(_ table: RouteTable<Int>, _ text: String) -> Int32 {
        table.withFrozenLookup { lookup in
            var text = text
            return text.withUTF8 { lookup.staticPaths.node(of: $0) }
        }
    }

    /// Holds the table to the walk on `text`: a text the table answers is one the walk answers with that
    /// node and no spans; `inTable` says whether the table must answer it. Then `match`, `withMatch` and
    /// `firstMatch` against the full search.
    private func expectAsTheWalk(_ table: RouteTable<Int>, _ text: String, inTable: Bool,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let found = tableNode(table, text)
        #expect((found >= 0) == inTable, "\(text): in the table", sourceLocation: sourceLocation)
        if found >= 0 {
            let walked = table.withFrozenLookup { lookup -> (Int32?, Int32) in
                var text = text
                return text.withUTF8 { bytes in
                    var spans = Parameters.InlineSpans()
                    guard case .node(let node) = lookup.trie.walk(bytes, spans: &spans) else { return (nil, spans.count) }
                    return (node, spans.count)
                }
            }
            #expect(walked.0 == found && walked.1 == 0, "\(text): the walk's node", sourceLocation: sourceLocation)
        }
        try expectAsTheFullSearch(table, text, sourceLocation: sourceLocation)
    }

    @Test func aStaticPathBesideAParameterRouteAtEveryDepthAnswersItsOwnRoute() throws {
        let table = RouteTable<Int>()
        let statics = ["/", "/a", "/a/b", "/a/b/c", "/a/b/c/d", "/x/b/c"]
        let parameters = ["/:p", "/a/:p", "/a/b/:p", "/a/b/c/:p", "/:p/b", "/:p/b/c", "/a/:p/c/d"]
        var ids: [String: RouteID] = [:]
        for (index, pattern) in (statics + parameters).enumerated() { ids[pattern] = try table.add(pattern, payload: index) }
        for path in statics {
            try expectAsTheWalk(table, path, inTable: true)
            // The static route, with no parameter, whatever parameter route would also take the path.
            let found = try table.match(path)
            #expect(found?.route.id == ids[path], "\(path)")
            #expect(found?.info.params.dictionary.isEmpty == true, "\(path)")
            let lent = try table.withMatch(path) { $0.map { ($0.route, $0.info.params.dictionary) } }
            #expect(lent?.0 == ids[path] && lent?.1.isEmpty == true, "\(path): withMatch")
        }
        // Texts the parameter routes take are not static paths: the walk decides.
        for path in ["/z", "/a/z", "/a/b/z", "/a/b/c/z", "/q/b", "/q/b/c", "/a/q/c/d"] {
            try expectAsTheWalk(table, path, inTable: false)
        }
        #expect(try table.match("/a/q/c/d")?.info.params.dictionary == ["p": "q"])
    }

    @Test func aRouteWithAValidatorStillNeedsItsCandidates() throws {
        let table = RouteTable<Int>()
        let refused = try table.add("/users/new", validator: { _ in nil }, payload: 0)
        let fallback = try table.add("/users/:id", payload: 1)
        let accepted = try table.add("/users/me", validator: { _ in 1 }, payload: 2)
        #expect(tableNode(table, "/users/new") >= 0)
        let found = table.withFrozenLookup { lookup -> Bool in
            var text = "/users/new"
            return text.withUTF8 { bytes in
                if case .unsettled(.needsCandidates) = lookup.find(bytes) { return true }
                return false
            }
        }
        #expect(found, "a validator's static path is left to the candidates")
        // The refusing validator sends the path on to the next candidate, the parameter route.
        let refusedMatch = try table.match("/users/new")
        #expect(refusedMatch?.route.id == fallback)
        #expect(refusedMatch?.info.params.dictionary == ["id": "new"])
        #expect(try table.withMatch("/users/new") { $0?.route } == fallback)
        #expect(try table.match("/users/me")?.route.id == accepted)
        #expect(try table.withMatch("/users/me") { $0?.route } == accepted)
        #expect(refused != fallback)
    }

    /// Whether the first of two routes declared at one path accepts (its validator's answer).
    private final class Acceptance {
        var accepts = true
    }

    @Test func aRouteDeclaredTwiceAnswersTheFirstThatAcceptsAndRanksHold() throws {
        let table = RouteTable<Int>()
        let acceptance = Acceptance()
        let splat = try table.add("/docs/*rest", payload: 0)
        let parameter = try table.add("/docs/:page", payload: 1)
        let first = try table.add("/docs/intro", validator: { _ in acceptance.accepts ? 1 : nil }, payload: 2)
        let second = try table.add("/docs/intro", payload: 3)
        let plain = try table.add("/docs/guide", payload: 4)
        #expect(tableNode(table, "/docs/intro") >= 0)
        #expect(try table.match("/docs/intro")?.route.id == first)
        #expect(try table.withMatch("/docs/intro") { $0?.route } == first)
        acceptance.accepts = false
        #expect(try table.match("/docs/intro")?.route.id == second)
        #expect(try table.withMatch("/docs/intro") { $0?.route } == second)
        // Without a validator the first declared at a path wins; a static path outranks the parameter
        // and the splat that also take it.
        try expectAsTheWalk(table, "/docs/guide", inTable: true)
        #expect(try table.match("/docs/guide")?.route.id == plain)
        #expect(table.firstMatch("/docs/guide") == plain)
        #expect(try table.match("/docs/other")?.route.id == parameter)
        #expect(try table.match("/docs/a/b")?.route.id == splat)
    }

    @Test func aTextOneByteOffAKeyAnswersAsWithoutTheTable() throws {
        let table = RouteTable<Int>()
        try table.add("/shop/items/list", payload: 0)
        try table.add("/shop/items", payload: 1)
        try table.add("/shop/items/list/*rest", payload: 2)
        try table.add("/shop/:section/list/:id", payload: 3)
        try table.add("/deep/a/b", payload: 4)
        try expectAsTheWalk(table, "/shop/items/list", inTable: true)
        try expectAsTheWalk(table, "/shop/items", inTable: true)
        for path in [
            "/shop",                       // a prefix with no route
            "/shop/items/lis",             // a prefix of a key
            "/shop/items/list/",           // a trailing slash
            "/shop//items/list",           // an extra slash
            "//shop/items/list",
            "/shop/./items/list",          // a dot segment
            "/shop/items/../items/list",
            "/shop/items/list?tab=1",      // a query after a static path
            "/shop/items/list#top",
            "/shop/items?",
            "/Shop/items/list",            // a case variant
            "/shop/items/LIST",
            "/shop/items/list/more",       // longer, through the splat
            "/shop/items/list/a/b",
            "/shop/other/list/7",          // through the parameters
            "/shop/items/list/7x",
            "/deep/a/b/c",
            "/deep/a",
            "shop/items/list",             // no leading slash
            "",
        ] {
            try expectAsTheWalk(table, path, inTable: false)
        }
        // A static route whose segment is one rare byte, which the walk's dot-segment test takes with `.`
        // and `..`: the walk asks that test after the static children (`FrozenTrie.isDotOrEmpty`), so it
        // answers the route with its node, and the path is a key.
        let rare = try table.add("/shop/&", payload: 5)
        try expectAsTheWalk(table, "/shop/&", inTable: true)
        #expect(try table.match("/shop/&")?.route.id == rare)
        // The query is still cut after the static path and kept as written.
        #expect(try table.withMatch("/shop/items/list?tab=1") { $0?.info.query } == ["tab": "1"])
    }

    /// Keys of every length the table reads differently (packed bytes, two 4-byte ends, two 8-byte ends,
    /// words in between), each against texts of its length that differ from it in one byte, wherever
    /// that byte is: none is taken for the key.
    @Test func everyByteOfAKeyIsCompared() throws {
        let table = RouteTable<Int>()
        var keys: [String] = ["/"]
        for length in 2...41 {
            keys.append("/" + String(repeating: "k", count: length - 1))
        }
        for (index, key) in keys.enumerated() { try table.add(key, payload: index) }
        try table.add("/:only", payload: -1)
        for key in keys {
            try expectAsTheWalk(table, key, inTable: true)
            let bytes = Array(key.utf8)
            for position in 1..<bytes.count {
                var changed = bytes
                changed[position] = UInt8(ascii: "j")
                try expectAsTheWalk(table, String(decoding: changed, as: UTF8.self), inTable: false)
            }
        }
    }

    /// Keys of every length from 1 to 100 (across the word and 16-byte chunk boundaries the compare reads
    /// by, up to five chunks between the first word and the last 24 bytes), placed in a table and compared
    /// where the table keeps them with texts of their length that differ in one byte, at every position:
    /// each is told apart, and the key itself is equal.
    @Test func everyByteOfAKeyOfEveryLengthUpToAHundredIsCompared() {
        for length in 1...100 {
            let key: [UInt8] = [PathSegmenter.slash] + (1..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let table = StaticPathTable(keys: key, ends: [length], nodes: [7])
            defer { table.deallocate() }
            #expect(table.count == 1)
            #expect(keyEquals(table.firstKey, key), "length \(length): the key itself")
            #expect(tableNode(table, key) == 7, "length \(length): found")
            for position in 0..<length {
                var changed = key
                changed[position] ^= 0x20
                #expect(!keyEquals(table.firstKey, changed), "length \(length), byte \(position)")
                #expect(tableNode(table, changed) == -1, "length \(length), byte \(position): not found")
            }
        }
    }

    /// The table's compare of the key at `key` with `text` (of the key's length), as its probe makes it.
    private func keyEquals(_ key: UnsafePointer<UInt8>, _ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { text in
            let base = text.baseAddress.unsafelyUnwrapped
            guard text.count >= 8 else {
                return StaticPathTable.shortEnds(key, count: text.count) == StaticPathTable.shortEnds(base, count: text.count)
            }
            return StaticPathTable.longKeyEquals(key, base, count: text.count,
                                                 ends: StaticPathTable.ends(base, count: text.count))
        }
    }

    /// `table`'s node for `text` (-1 when it has none).
    private func tableNode(_ table: StaticPathTable, _ text: [UInt8]) -> Int32 {
        text.withUnsafeBufferPointer { table.node(of: $0) }
    }

    @Test func aTableWithNoStaticPathHasNoKeys() throws {
        let parameters = RouteTable<Int>()
        try parameters.add("/api/:version/items/:id", payload: 0)
        try parameters.add("/files/*path", payload: 1)
        try parameters.add("/:a", payload: 2)
        #expect(parameters.withFrozenLookup { $0.staticPaths.count } == 0)
        #expect(parameters.withFrozenLookup { $0.staticPaths.gate == nil })
        try expectAsTheWalk(parameters, "/api/v1/items/7", inTable: false)
        try expectAsTheWalk(parameters, "/api", inTable: false)
        // A case-insensitive table has none: its statics match in any case, through the walk.
        let folding = RouteTable<Int>(caseInsensitive: true)
        let about = try folding.add("/About/Team", payload: 0)
        #expect(folding.withFrozenLookup { $0.staticPaths.count } == 0)
        #expect(try folding.match("/about/TEAM")?.route.id == about)
        #expect(try folding.withMatch("/ABOUT/team") { $0?.route } == about)
        // No route at all.
        let empty = RouteTable<Int>()
        #expect(try empty.match("/") == nil)
        #expect(empty.withFrozenLookup { $0.staticPaths.count } == 0)
    }

    @Test func aHundredThousandStaticRoutesAreEachFoundAtOnce() throws {
        let table = RouteTable<Int>()
        var paths: [String] = []
        for index in 0..<100_000 {
            let path = "/section\(index / 2_500)/group\(index / 50 % 50)/page\(index % 50)"
            paths.append(path + (index % 10 == 9 ? "/12345" : ""))
            try table.add(path + (index % 10 == 9 ? "/:id" : ""), payload: index)
        }
        #expect(table.withFrozenLookup { $0.staticPaths.count } == 90_000)
        var checked = 0
        for index in stride(from: 0, to: 100_000, by: 7) {
            let path = paths[index]
            let found = try table.withMatch(path) { $0.map { ($0.route.rawValue, $0.info.params.dictionary) } }
            #expect(found?.0 == index, "\(path)")
            #expect(found?.1 == (index % 10 == 9 ? ["id": "12345"] : [:]), "\(path)")
            #expect((tableNode(table, path) >= 0) == (index % 10 != 9), "\(path)")
            checked += 1
        }
        #expect(checked > 14_000)
        // Near misses among them: one group past the last, and a page a digit longer.
        #expect(try table.match("/section0/group50/page1") == nil)
        #expect(try table.match("/section0/group1/page100") == nil)
        #expect(tableNode(table, "/section0/group1/page100") < 0)
    }
}

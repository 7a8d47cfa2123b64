import Testing
@testable import Switchyard

/// Issue 37, eleventh session: the walk's loop takes a chain of optional segments (`/:x?/:y?/:z?`) as it
/// takes parameters (FrozenTrie+OptionalSteps.swift). The freeze marks a node whose optional child
/// starts such a chain (`parameter` below -1, the child's complement), and a node where no route ends
/// but the chain's does below it with the rest left out (that route's declaration): the walk then ends
/// with `.node` there, and the hit adds the left-out spans. Each must still match as the full search of
/// the normalised path does.
@Suite struct OptionalChainWalkTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/o0/p0/q0/:x?/:y?/:z?", payload: 1)
        try table.add("/o0/p0/q1/:x?/:y?", payload: 2)
        try table.add("/o0/p0/q1/:x?/:y?/end", payload: 3)        // a static child below a link: no chain there
        try table.add("/o0/p0/q2/:x?", payload: 4)
        try table.add("/o0/p0/q2/:x?/:y?/:z?/:w?", payload: 5)      // routes at two links
        try table.add("/o0/p0/q3/:id/:x?", payload: 6)              // a chain after a parameter
        try table.add("/o0/p0/q4/:x?/*rest", payload: 7)            // a splat below a link
        try table.add("/o0/p0/q5/fixed", payload: 8)
        try table.add("/o0/p0/q5/:x?/:y?", payload: 9)              // a static child beside the chain
        try table.add("/o0/p0/q6/:a/:b/:c/:d/:e/:f/:g/:x?/:y?", payload: 10)  // past the eight spans
        return table
    }

    /// What the walk's loop answers for `text`: the route of the node it ends at with `.node` and the
    /// spans' count, or nil for any other answer.
    private func walked(_ table: RouteTable<Int>, _ text: String) -> [Int]? {
        table.withFrozenLookup { lookup in
            var text = text
            return text.withUTF8 { bytes -> [Int]? in
                var spans = Parameters.InlineSpans()
                guard case .node(let node) = lookup.trie.walk(bytes, spans: &spans) else { return nil }
                // A node with no route of its own is the chain's, with the rest left out.
                let route = lookup.trie.firstRoute(at: lookup.trie.absentTail(below: node)?.node ?? node)
                guard route >= 0 else { return [-1] }
                return [table.routes[route].payload, Int(spans.count)]
            }
        }
    }

    /// What `find` answers for `text`: the hit's spans' count and how many are present.
    private func found(_ table: RouteTable<Int>, _ text: String) -> [Int32]? {
        table.withFrozenLookup { lookup in
            var text = text
            return text.withUTF8 { bytes -> [Int32]? in
                let (found, spans) = lookup.findWithSpans(bytes)
                guard case .hit = found else { return nil }
                return [spans.count, spans.present]
            }
        }
    }

    @Test func theLoopTakesTheChainsSegmentsAsParameters() throws {
        let table = try table()
        // Without the freeze's step (`parameter` below -1), the loop stops at `q0` (a dead end).
        #expect(walked(table, "/o0/p0/q0/a/b/c") == [1, 3])
        #expect(walked(table, "/o0/p0/q2/a") == [4, 1])
        #expect(walked(table, "/o0/p0/q2/a/b/c/d") == [5, 4])
        #expect(walked(table, "/o0/p0/q3/7/a") == [6, 2])
        #expect(walked(table, "/o0/p0/q5/a/b") == [9, 2])
        #expect(walked(table, "/o0/p0/q5/fixed") == [8, 0])
        // A link with a static child below it takes no segment in the loop; nor one with a splat.
        #expect(walked(table, "/o0/p0/q1/a/b") == nil)
        #expect(walked(table, "/o0/p0/q4/a/b") == nil)
        // More segments than links: the settling decides (a miss here).
        #expect(walked(table, "/o0/p0/q0/a/b/c/d") == nil)
    }

    @Test func theTextEndingAboveTheChainsRouteIsAHitWithTheRestAbsent() throws {
        let table = try table()
        // Without the freeze's absent tail, the loop ends `undecided` at these nodes.
        #expect(walked(table, "/o0/p0/q0") == [1, 0])
        #expect(walked(table, "/o0/p0/q0/a") == [1, 1])
        #expect(walked(table, "/o0/p0/q0/a/b") == [1, 2])
        #expect(walked(table, "/o0/p0/q2/a/b") == [5, 2])
        // The hit counts the left-out spans, not as present.
        #expect(found(table, "/o0/p0/q0") == [3, 0])
        #expect(found(table, "/o0/p0/q0/a") == [3, 1])
        #expect(found(table, "/o0/p0/q0/a/b") == [3, 2])
        #expect(found(table, "/o0/p0/q0/a/b/c") == [3, 3])
        #expect(found(table, "/o0/p0/q2/a/b") == [4, 2])
        #expect(try table.match("/o0/p0/q0/a")?.info.params == ["x": "a"])
        #expect(try table.match("/o0/p0/q0/a/b")?.info.params == ["x": "a", "y": "b"])
        #expect(try table.match("/o0/p0/q0")?.info.params == [:])
        #expect(try table.match("/o0/p0/q2/a/b/c")?.info.params == ["x": "a", "y": "b", "z": "c"])
    }

    /// Issue 37, twelfth session: a node where the text ends above the chain's route holds, in its
    /// winner's code, how many spans the hit leaves out (`FrozenTrie.absentTailCode`), and `find` counts
    /// them from there with no walk down the links; a route with a validator or types below goes out of
    /// line as before.
    @Test func theHitCountsTheLeftOutSpansTheFreezeStored() throws {
        let table = try table()
        try table.add("/v/:x?/:y?", validator: { info in info.params["x"] == "no" ? nil : 11 }, payload: 11)
        try table.add("/t/:n?/:m?", name: nil, validator: nil,
                      parameterTypes: try #require(ParameterTypes([("n", .int)], pattern: try Pattern("/t/:n?/:m?"))), payload: 12)
        let stored = table.withFrozenLookup { lookup in
            (0..<Int32(lookup.trie.nodes.count)).compactMap { node -> [Int32]? in
                guard let (_, absent) = lookup.trie.absentTail(below: node) else { return nil }
                return [absent, lookup.trie.winner(at: node).absentTailSpans]
            }
        }
        // One link left out: q0's y, q2, q2's z, q3's parameter, q5's x, q6's g's x, and t's n and v's x
        // (a route with types or a validator stores none, 0: `validatorOrAbsentTail` settles it). Two:
        // q0's x, q2's y, q5, q6's g, and t and v (0). Three: q0.
        #expect(stored.sorted { $0.lexicographicallyPrecedes($1) }
            == [[1, 0], [1, 0]] + Array(repeating: [1, 1], count: 6) + [[2, 0], [2, 0]] + Array(repeating: [2, 2], count: 4) + [[3, 3]])
        #expect(found(table, "/o0/p0/q2/a/b/c") == [4, 3])
        #expect(found(table, "/o0/p0/q3/7") == [2, 1])
        #expect(found(table, "/v") == nil)
        for text in ["/v", "/v/a", "/v/a/b", "/v/no", "/t", "/t/1", "/t/1/b", "/t/a", "/t/a/b", "/o0/p0/q2/a/b/c",
                     "/o0/p0/q6/1/2/3/4/5/6/7", "/o0/p0/q6/1/2/3/4/5/6"] {
            let match = try table.match(text)
            switch text {
            case "/v", "/v/a", "/v/a/b": #expect(match?.payload == 11, "\(text)")
            case "/t", "/t/1", "/t/1/b": #expect(match?.payload == 12, "\(text)")
            case "/v/no", "/t/a", "/t/a/b": #expect(match == nil, "\(text)")
            default: try expectAsTheFullSearch(table, text)
            }
        }
        #expect(try table.match("/t")?.info.params == [:])
        #expect(try table.match("/v/a")?.info.params == ["x": "a"])
    }

    /// Issue 37, twelfth session: the chain's rest is asked for a `?` or `#` once, 16 bytes at a time
    /// (`FrozenTrie.holdsQueryMark(restFrom:)`): a mark at every offset of rests of 1 to 40 bytes, in
    /// texts shorter and longer than 16, is found as the full search of the parsed location finds it.
    @Test func aMarkAnywhereInTheChainsRestIsFound() throws {
        let table = try table()
        let rest = "abcdefgh/ijklmnop/qrstuvwx/yz012345/6789ABCD"
        for prefix in ["/o0/p0/q2", "/o0/p0/q0", "/o0/p0/q3/7"] {
            for length in 1...rest.count {
                let plain = String(rest.prefix(length))
                guard !plain.hasSuffix("/") else { continue }
                try expectAsTheFullSearch(table, prefix + "/" + plain)
                for offset in 0..<length {
                    for mark in ["?", "#"] {
                        var text = Array(plain)
                        text[offset] = Character(mark)
                        try expectAsTheFullSearch(table, prefix + "/" + String(text))
                    }
                }
            }
        }
        // Short texts: the rest read as two words (`lastChunk`).
        try expectAsTheFullSearch(table, "/o0/p0/q2/a?")
        try expectAsTheFullSearch(table, "/o0/p0/q2/a#b")
        #expect(try table.match("/o0/p0/q2/ab?x=1")?.info.params == ["x": "ab"])
    }

    /// Issue 37, thirteenth session: on x86-64 a chain's rest of up to 32 bytes is read in one or two
    /// chunks (`FrozenTrie.chainRestMarks`), which give each segment's end and refuse a rest with a `?`
    /// or `#`, or with a later segment that is empty or starts with `.`. Values of 1 to 40 bytes (texts
    /// under and over 16 bytes, rests in one chunk, two, and past 32), 0 to 3 of them and one too many,
    /// each value in turn made odd (a mark, `//`, `.`, `..`, a leading dot, a trailing `/`): every text
    /// is matched as the full search of the parsed location matches it, and a plain one the walk's loop
    /// takes to the chain's route (none is left to the settling).
    @Test func theChainsRestReadInChunksTakesEachSegmentAsTheFullSearch() throws {
        let table = try table()
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ")
        func value(_ length: Int) -> String { String(letters.prefix(length)) }
        let odd = ["?", "#", "a?b", "ab#c", "", ".", "..", ".a", "a.", "..a", "...", "a/"]
        for (prefix, payload, links) in [("/o0/p0/q0", 1, 3), ("/o0/p0/q2", 5, 4), ("/o0/p0/q3/7", 6, 1)] {
            for length in 1...40 {
                for count in 1...(links + 1) {
                    // The values' lengths differ, so that segment ends fall at every offset of a chunk.
                    let values = (0..<count).map { value(($0 &* 7 &+ length) % 40 &+ 1) }
                    let text = prefix + "/" + values.joined(separator: "/")
                    try expectAsTheFullSearch(table, text)
                    if count <= links {
                        // (q2's own route, 4, is at its first link.)
                        let route = prefix == "/o0/p0/q2" && count == 1 ? 4 : payload
                        #expect(walked(table, text) == [route, prefix == "/o0/p0/q3/7" ? 2 : count], "\(text)")
                    }
                    try expectAsTheFullSearch(table, text + "/")
                    for slot in 0..<count {
                        for token in odd {
                            var changed = values
                            changed[slot] = token == "a/" ? changed[slot] + "/" : token
                            try expectAsTheFullSearch(table, prefix + "/" + changed.joined(separator: "/"))
                        }
                    }
                }
            }
        }
    }

    /// Issue 37, fourteenth session: in a text of 8 to 15 bytes, a chain's rest within its last 8 bytes
    /// is read in one load of those 8 (`FrozenTrie.chainRestMarks`), not as two words joined. Every
    /// such rest of 1 to 3 values (texts of 3 to 15 bytes, the rest at every offset of the word), plain
    /// and with each byte made a mark, `/` or `.`, is matched as the full search matches it, and a plain
    /// one is taken by the walk's loop to the chain's route with a span a value.
    @Test func aShortTextsRestInItsLastWordTakesEachSegmentAsTheFullSearch() throws {
        let table = try table()
        try table.add("/s/:x?/:y?/:z?", payload: 13)
        for length in 1...12 {
            for count in 1...3 where count * 2 - 1 <= length {
                // `count` values of `length` bytes in all, with the slashes between them.
                var rest = Array(String(repeating: "v", count: length))
                for slot in 1..<count { rest[slot * 2 - 1] = "/" }
                let text = "/s/" + String(rest)
                try expectAsTheFullSearch(table, text)
                #expect(walked(table, text) == [13, count], "\(text)")
                #expect(try table.match(text)?.info.params["x"] == String(rest.split(separator: "/")[0]), "\(text)")
                for offset in 0..<length {
                    for mark in ["?", "#", "/", "."] {
                        var changed = rest
                        changed[offset] = Character(mark)
                        try expectAsTheFullSearch(table, "/s/" + String(changed))
                    }
                }
            }
        }
    }

    @Test func everyShapeMatchesAsTheFullSearch() throws {
        let table = try table()
        let tails = ["", "/a", "/a/b", "/a/b/c", "/a/b/c/d", "/a/b/c/d/e", "/a/b/end", "/a/end", "/end", "/fixed",
                     "/a?x=1", "/a/b?x", "/a#f", "/a/", "/a//b", "/a/./b", "/a/../b", "/.hidden", "/a/.b", "/a%2Fb",
                     "/long-value-of-more-than-sixteen-bytes/b", "/a/b/c/long-value-of-more-than-sixteen-bytes"]
        for prefix in ["/o0/p0/q0", "/o0/p0/q1", "/o0/p0/q2", "/o0/p0/q3/7", "/o0/p0/q4", "/o0/p0/q5",
                       "/o0/p0/q6/1/2/3/4/5/6/7", "/o0/p0/q6/1/2/3/4/5/6"] {
            for tail in tails {
                try expectAsTheFullSearch(table, prefix + tail)
            }
        }
    }
}

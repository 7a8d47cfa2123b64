import Testing
@testable import Switchyard

/// Issue 37, tenth session: a dead end on the only way through the trie is told a miss right after the
/// walk (`FrozenTrie.missesOnOnlyWay`), when the rest of the text holds no `.`, `?` or `#`; any other
/// stop goes on to `RouteLookup.settle` as before. Every text is also held to the full search.
@Suite struct OnlyWayMissTests {
    /// The benchmark's 404 shape (parameter-heavy's routes), and a branch with no parameter anywhere
    /// (two children at each node: no chain, whose head is left to `settle`).
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/api2/:p1/items0/:p2/act7", payload: 0)
        try table.add("/api2/:p1/items0/act8/:p3", payload: 1)
        try table.add("/api2/:p1/items0/:p2/act9/:p3", payload: 2)
        try table.add("/docs/guide/intro", payload: 3)
        try table.add("/docs/guide/setup", payload: 4)
        try table.add("/docs/faq", payload: 5)
        return table
    }

    /// Whether the walk dead-ends on `text` and `missesOnOnlyWay` tells it a miss; nil when the walk
    /// does not dead-end.
    private func toldAMiss(_ table: RouteTable<Int>, _ text: String) -> Bool? {
        table.withFrozenLookup { lookup -> Bool? in
            var text = text
            return text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                guard case .deadEnd(let node) = lookup.trie.walk(bytes, spans: &spans) else { return nil }
                return lookup.trie.missesOnOnlyWay(deadEnd: node, bytes, spans: &spans)
            }
        }
    }

    private func isAMiss(_ table: RouteTable<Int>, _ text: String) -> Bool {
        table.withFrozenLookup { lookup -> Bool in
            var text = text
            return text.withUTF8 { bytes in
                if case .miss = lookup.find(bytes) { return true }
                return false
            }
        }
    }

    @Test func aDeadEndOnTheOnlyWayWithAPlainRestIsAMiss() throws {
        let table = try table()
        var texts = ["/missing", "/missing/1/items0/2/act7", "/api2/10437/missing/55120/act8",
                     "/docs/missing", "/docs/guide/missing", "/docs/guide/intro/more", "/x"]
        // Rests of 1 to 40 bytes (either side of 16 and 32), with and without empty segments, in texts
        // shorter and longer than 16 bytes.
        for length in 1...40 {
            let rest = String(String(repeating: "abcdefgh/", count: 5).prefix(length))
            guard !rest.hasSuffix("/") else { continue }
            texts += ["/docs/" + rest, "/api2/1/" + rest, "/api2/1/items0/22/act7/" + rest, "/docs/x//" + rest]
        }
        for text in texts {
            #expect(toldAMiss(table, text) == true, "\(text)")
            #expect(isAMiss(table, text), "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    /// A rest with a `.`, `?` or `#` anywhere goes on to `settle`, which decides: a dot segment may take
    /// the dead end's segment back, a mark in the stop's own segment cuts the path before it.
    @Test func aRestWithADotOrAMarkIsLeftToSettle() throws {
        let table = try table()
        var texts = ["/api2/1/missing/../items0/2/act7", "/missing/../api2/1/items0/2/act7",
                     "/docs/missing/../guide/intro", "/docs/guide/intro?x=1", "/docs/guide/intro#top",
                     "/docs/guide/missing/file.txt", "/docs/guide/missing?x", "/docs/guide/missing#f",
                     "/docs/guide/missing/x?y", "/missing/./x", "/missing/.well-known"]
        // A `..` at every offset of a rest of up to 40 bytes, taking the stop's segment back.
        for length in 0...34 {
            let filler = String(String(repeating: "abcdefgh/", count: 5).prefix(length))
            let rest = filler.isEmpty || filler.hasSuffix("/") ? filler : filler + "/"
            let ups = String(repeating: "../", count: rest.split(separator: "/").count + 2)
            texts += ["/docs/missing/" + rest + ups + "docs/guide/intro", "/docs/guide/missing/" + rest + ".",
                      "/docs/guide/missing/" + rest + "x?q", "/docs/guide/missing/" + rest + "x#f"]
        }
        for text in texts {
            #expect(toldAMiss(table, text) == false, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
        #expect(try table.match("/api2/1/missing/../items0/2/act7")?.route.id.rawValue == 0)
        #expect(try table.match("/docs/guide/intro?x=1")?.route.id.rawValue == 3)
    }

    /// Off the only way (a parameter beside the static child taken, above the stop), or at a chain's
    /// head (which compares a run of segments at once), the dead end is not told a miss here.
    @Test func aDeadEndBesideAnotherWayIsLeftToSettle() throws {
        let table = try table()
        try table.add("/docs/:section/intro", payload: 6)
        for text in ["/docs/guide/missing", "/docs/guide/intro/more", "/api2/1/items0/act8/3/extra"] {
            #expect(toldAMiss(table, text) == false, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
        let chain = RouteTable<Int>()
        try chain.add("/solo/path/here", payload: 0)
        for text in ["/solo/missing", "/solo/path/missing", "/solo/path/here/more"] {
            // (Past the chain, at its last node, the dead end is an ordinary one.)
            #expect(toldAMiss(chain, text) == text.hasSuffix("/more"), "\(text)")
            try expectAsTheFullSearch(chain, text)
        }
    }
}

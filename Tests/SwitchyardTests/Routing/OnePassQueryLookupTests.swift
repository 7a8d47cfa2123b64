import Testing
@testable import Switchyard

/// Issue 37: what the walk leaves (a dead end, a path before a query) is checked for being plain, and
/// its query cut off, a word at a time (`FrozenTrie.plainPathEnd`), not byte by byte; issue 33's typed
/// `int` is checked in the walk's spans.
@Suite struct OnePassQueryLookupTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/album/new", payload: 0)
        try table.add("/album/:id", payload: 1)
        try table.add("/album/:id/photos/:photo?", payload: 2)
        try table.add("/files/*path", payload: 3)
        try table.add("/settings/notifications", payload: 4)
        try table.add("/q/:a/:b/:c/:d", payload: 5)
        return table
    }

    /// A path before a query is found from the path alone: a static literal before the query is taken
    /// as the literal, not as its parameter sibling.
    @Test func thePathBeforeAQueryIsFoundAlone() throws {
        let table = try table()
        // A static literal cut off by the query is taken as the literal, not as its parameter sibling.
        #expect(try table.withMatch("/album/new?x=1") { $0?.route } == RouteID(rawValue: 0))
        #expect(try table.withMatch("/album/new#x") { $0?.route } == RouteID(rawValue: 0))
        #expect(try table.withMatch("/settings/notifications?from=/home") { $0?.route } == RouteID(rawValue: 4))
        #expect(try table.withMatch("/album/12345678901234567?x") { $0?[parameter: "id"] } == "12345678901234567")
        #expect(try table.withMatch("/q/1/2/3/4#x") { $0.map { [$0[parameter: "a"], $0[parameter: "d"]] } } == ["1", "4"])
        // An empty segment before the query is a trailing slash: normalised first, as before.
        #expect(try table.match("/album/12/?x=1")?.info.path == "/album/12")
        #expect(try table.match("/album/new/?x=1")?.route.payload == 0)
    }

    @Test func aMissWithAQueryIsAMiss() throws {
        let table = try table()
        for text in ["/nowhere?x=1", "/settings/nope?x=1", "/settings?x", "/album/12/nope?x#y", "/settings/notifications/x#y"] {
            #expect(try table.match(text) == nil, "\(text)")
            #expect(try table.withMatch(text) { $0?.route } == nil, "\(text)")
            #expect(table.firstMatch(text) == nil, "\(text)")
        }
        // Not a miss: normalising leads to a route.
        #expect(try table.match("/nowhere/../album/3?x=1")?.info.params == ["id": "3"])
        #expect(try table.match("/settings//notifications?x")?.route.payload == 4)
    }

    /// `plainPathEnd` against the byte-by-byte definition on every short text over the bytes that
    /// matter (slash, dot, `?`, `#`, a letter), at every alignment a word can fall on.
    @Test func plainPathEndAgreesWithTheByteByByteDefinition() {
        let alphabet: [UInt8] = Array("/.?#a".utf8)
        var texts: [[UInt8]] = [[]]
        var checked = 0
        for _ in 1...7 {
            texts = texts.flatMap { text in alphabet.map { text + [$0] } }
            for text in texts { check(text); checked += 1 }
        }
        // Longer texts, so that segments and marks straddle words.
        for prefix in ["/abcdefg", "/abcdef/", "/a/b/c/d", "/abcdefghijklmno"] {
            for text in texts where text.count >= 5 { check(Array(prefix.utf8) + text); checked += 1 }
        }
        #expect(checked > 100_000)
    }

    private func check(_ text: [UInt8]) {
        text.withUnsafeBufferPointer { bytes in
            let end = PathSegmenter.pathEnd(bytes)
            let expected = PathSegmenter.isNormalized(UnsafeBufferPointer(rebasing: bytes[..<end])) ? end : nil
            let found = FrozenTrie.plainPathEnd(bytes)
            if found != expected {
                Issue.record("\(String(decoding: text, as: UTF8.self)): \(String(describing: found)), expected \(String(describing: expected))")
            }
        }
    }

    /// Issue 33's typed `int`: the walk's own spans are checked for digits (`FrozenTrie.holdsIntegers`),
    /// and only a value it cannot settle (percent-encoded, past 18 digits) goes to the full check.
    @Test func anIntParameterIsCheckedInTheWalksSpans() throws {
        let table = RouteTable<Int>()
        try table.add("/n/:a/:id", parameterTypes: ["id": .int], payload: 0)
        try table.add("/n/:a/:slug", payload: 1)
        try table.add("/m/:x/:y", parameterTypes: ["x": .int, "y": .oneOf(["a", "b"])], payload: 2)
        let integerSlots = table.withFrozenLookup { lookup -> [UInt8] in
            var path = "/n/a/1"
            return path.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                guard case .node(let node) = lookup.trie.walk(bytes, spans: &spans) else { return [] }
                var other = Array("/m/1/a".utf8)
                let otherNode = other.withUnsafeMutableBufferPointer { bytes -> Int32 in
                    guard case .node(let node) = lookup.trie.walk(UnsafeBufferPointer(bytes), spans: &spans) else { return -1 }
                    return node
                }
                return [lookup.trie.winner(at: node).integerSlots, otherNode < 0 ? 99 : lookup.trie.winner(at: otherNode).integerSlots]
            }
        }
        // The second parameter alone; a route with another type keeps the full check.
        #expect(integerSlots == [0b10, 0])
        let cases: [(String, Int, String)] = [
            ("/n/x/12", 0, "12"), ("/n/x/-3", 0, "-3"), ("/n/x/007", 0, "007"),
            ("/n/x/123456789012345678", 0, "123456789012345678"),
            ("/n/x/1234567890123456789", 0, "1234567890123456789"),   // 19 digits: the full check
            ("/n/x/%31%32", 0, "12"),                                  // percent-encoded digits
            ("/n/x/12a", 1, "12a"), ("/n/x/-", 1, "-"), ("/n/x/1-2", 1, "1-2"), ("/n/x/+1", 1, "+1"),
            ("/n/x/99999999999999999999", 1, "99999999999999999999"), // past Int
            ("/n/x/12?q=1", 0, "12"), ("/n/x/1:2?q=1", 1, "1:2"),
        ]
        for (path, payload, value) in cases {
            let found = try #require(try table.match(path), "\(path)")
            #expect(found.route.payload == payload, "\(path)")
            #expect(found.info.params[payload == 0 ? "id" : "slug"] == value, "\(path)")
            #expect(try table.withMatch(path) { $0?.route } == found.route.id, "\(path)")
        }
        #expect(try table.match("/m/1/a")?.route.payload == 2)
        #expect(try table.match("/m/1/c") == nil)
        #expect(try table.match("/m/z/a") == nil)
    }
}

import Testing
@testable import Switchyard

/// Issue 37, eighth session: where the walk dead-ends on the only way through the trie (a miss unless
/// the rest changes the path before the stop), the rest of the text is read asking each word only for
/// a `.`, `?` or `#` (`FrozenTrie.pathEnd(afterOnlyWayStop:)`), not for empty segments, which keep it a
/// miss. These hold that reading to the exact one (`pathEnd(fromStop:)`) at every offset of a word,
/// and whole lookups (misses, and splats and optional chains beside them) to the full search, with each
/// byte that sends the rest to the exact check (and a `.` inside a segment, which it accepts) at every
/// offset 0 to 16.
@Suite struct PlainRestTests {
    /// What may stand at an offset of the rest: each byte the reading asks about, and harmless bytes.
    private static let inserts = [".", "..", "/..", "/../x", "/./", "file.txt", "?", "?a=1", "#", "#f", "//", "//x",
                                  "/", "a", "-_~", "%2E%2E", "/.well-known", "a//b?x", "a/b//c#y"]

    private static func rests() -> [String] { RestsAtEveryOffset.rests(inserting: inserts) }

    @Test func theOnlyWaysReadingAgreesWithTheExactOneBarEmptySegments() {
        // Prefixes of 1, 3, 6 and 14 bytes: the rest starts at different places in a word, and a text
        // shorter than 8 bytes is read byte by byte. (A trailing `/` is the walk's to refuse.)
        for prefix in ["/", "/f/", "/a/bc/", "/files0/d0/e0/"] {
            for rest in Self.rests() where !rest.hasSuffix("/") && !rest.isEmpty {
                let text = Array((prefix + rest).utf8)
                let start = prefix.utf8.count - 1
                let (exact, onlyWay) = text.withUnsafeBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    let end = base + buffer.count
                    return (FrozenTrie.pathEnd(fromStop: base + start, end: end, text: base).map { ($0.end - base, $0.segmentEndsFirst) },
                            FrozenTrie.pathEnd(afterOnlyWayStop: base + start, end: end, text: base)
                                .map { ($0.end - base, $0.segmentEndsFirst) })
                }
                let name = prefix + rest
                if let exact {
                    // Where the exact reading accepts the text, the same end, and where a mark ends it,
                    // the same answer about the segment.
                    #expect(onlyWay?.0 == exact.0, "\(name)")
                    if exact.0 < text.count { #expect(onlyWay?.1 == exact.1, "\(name)") }
                } else if let onlyWay {
                    // Where it refuses the text and this reading does not: an empty segment before the
                    // path's end, and no dot segment.
                    let path = String(decoding: text[start..<onlyWay.0], as: UTF8.self)
                    #expect(path.contains("//"), "\(name): accepted with no empty segment")
                    #expect(!path.contains("/./") && !path.contains("/../") && !path.hasSuffix("/.") && !path.hasSuffix("/.."),
                            "\(name): accepted with a dot segment")
                }
            }
        }
    }

    @Test func splatsOptionalChainsAndMissesMatchAsTheFullSearchAtEveryOffset() throws {
        let table = RouteTable<Int>()
        try table.add("/files0/d0/e0/*path", payload: 0)
        try table.add("/o0/p0/q0/:x?/:y?/:z?", payload: 1)
        try table.add("/api/:a/items/:b/act", payload: 2)
        try table.add("/s/*rest", payload: 3)
        for rest in Self.rests() where !rest.hasSuffix("/") {
            try expectAsTheFullSearch(table, "/files0/d0/e0/" + rest)
            try expectAsTheFullSearch(table, "/s/" + rest)
            try expectAsTheFullSearch(table, "/o0/p0/q0/" + rest)
            // Dead ends on the only way: a miss unless a `..` takes the stop's segment back, or a `?`
            // or `#` in it leaves a segment a route takes.
            try expectAsTheFullSearch(table, "/api/7/missing/" + rest)
            try expectAsTheFullSearch(table, "/api/7/items/9/" + rest)
            try expectAsTheFullSearch(table, "/api/7/" + rest)
        }
    }

    @Test func aDotDotAfterAMissesSegmentTakesItBackAndAQueryInItIsCut() throws {
        let table = RouteTable<Int>()
        try table.add("/api/:a/items/:b/act", payload: 2)
        #expect(try table.match("/api/7/missing/9/act") == nil)
        #expect(try table.match("/api/7/missing/../items/9/act")?.info.params == ["a": "7", "b": "9"])
        #expect(try table.match("/api/7/missing//9/act") == nil)
        #expect(try table.match("/api/7/items?tab=1") == nil)
        #expect(try table.match("/api/7/items/9/act?tab=1")?.info.query == ["tab": "1"])
        let table2 = RouteTable<Int>()
        try table2.add("/files/*path", payload: 0)
        #expect(try table2.match("/files/a/file.txt")?.info.params == ["path": "a/file.txt"])
        #expect(try table2.match("/files/a//b")?.info.params == ["path": "a/b"])
        #expect(try table2.match("/files/a/../b/c")?.info.params == ["path": "b/c"])
        #expect(try table2.match("/files/a/b?x=1")?.info.params == ["path": "a/b"])
    }

    /// The lookup itself settles a dead end on the only way whose rest has an empty segment: a miss,
    /// without parsing the text (it went the general way, `needsNormalising`, and was resolved).
    @Test func aMissWithAnEmptySegmentInItsRestIsSettledByTheLookup() throws {
        let table = RouteTable<Int>()
        try table.add("/api/:a/items/:b/act", payload: 2)
        for text in ["/api/7/missing//9/act", "/api/7/missing/9//act", "/api/7/missing/9/act"] {
            let found = Array(text.utf8).withUnsafeBufferPointer { table.find($0) }
            guard case .unsettled(.miss) = found else {
                Issue.record("\(text): \(found), not a miss settled by the lookup")
                continue
            }
        }
        // A `..` in the rest is still asked exactly (the text is normalised first).
        let found = Array("/api/7/missing/../items/9/act".utf8).withUnsafeBufferPointer { table.find($0) }
        if case .unsettled(.miss) = found { Issue.record("a `..` after the stop was taken for a miss") }
    }
}

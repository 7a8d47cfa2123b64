import Testing
@testable import Switchyard

/// Issue 37, eighth session: where the walk dead-ends (a splat taking the rest, a chain of optional
/// segments, a miss on the only way), the rest of the text is first asked one question a word
/// (`FrozenTrie.restIsPlain`): does it hold no `.`, `?` or `#` and, unless the stop is on the only way,
/// no `//`? Then the stop is settled at once; otherwise the exact check decides as before. These hold
/// the question to a byte-by-byte reading at every offset of a word, and whole lookups to the full
/// search, with each byte that must send the rest to the exact check (and a `.` inside a segment, which
/// the exact check accepts) at every offset 0 to 16.
@Suite struct PlainRestTests {
    /// What may stand at an offset of the rest: each byte the question refuses, and harmless bytes.
    private static let inserts = [".", "..", "/..", "/../x", "/./", "file.txt", "?", "?a=1", "#", "#f", "//", "//x",
                                  "/", "a", "-_~", "%2E%2E"]
    private static let suffixes = ["", "z", "z/yy"]
    /// Bytes before the insert, cut to each length 0 to 16, so that it falls on each byte of a word, across
    /// two words and in the shifted last word, after a `/` and inside a segment.
    private static let filler = Array("ab/cdefghij/k/lmnopqrstu/vw".utf8)

    private static func rests() -> [String] {
        var rests: [String] = []
        for offset in 0...16 {
            let before = String(decoding: filler[0..<offset], as: UTF8.self)
            rests.append(before + "tail")
            for insert in inserts {
                for suffix in suffixes { rests.append(before + insert + suffix) }
            }
        }
        return rests
    }

    /// Byte by byte: no `.`, `?` or `#` from `segment` on, and (when asked) no `/` at `segment` nor
    /// two `/` in a row.
    private static func reference(_ bytes: [UInt8], segment: Int, askingEmptySegments: Bool) -> Bool {
        let rest = bytes[segment...]
        if rest.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            return false
        }
        guard askingEmptySegments else { return true }
        let slash = UInt8(ascii: "/")
        if bytes[segment] == slash { return false }
        return !zip(rest, rest.dropFirst()).contains { $0 == slash && $1 == slash }
    }

    @Test func theQuestionIsAnsweredAsByteByByteAtEveryOffsetOfAWord() {
        // Prefixes of 1, 3, 6 and 14 bytes: the rest starts at different places in a word, and a text
        // shorter than 8 bytes is read byte by byte.
        for prefix in ["/", "/f/", "/a/bc/", "/files0/d0/e0/"] {
            for rest in Self.rests() {
                let text = Array((prefix + rest).utf8)
                let segment = prefix.utf8.count
                guard segment < text.count else { continue }
                for asking in [false, true] {
                    let expected = Self.reference(text, segment: segment, askingEmptySegments: asking)
                    let found = text.withUnsafeBufferPointer { buffer in
                        let base = buffer.baseAddress!
                        return FrozenTrie.restIsPlain(from: base + segment, end: base + buffer.count, text: base,
                                                      askingEmptySegments: asking)
                    }
                    #expect(found == expected, "\(prefix + rest) asking empty segments \(asking)")
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
            guard case .miss = found else {
                Issue.record("\(text): \(found), not a miss settled by the lookup")
                continue
            }
        }
        // A `..` in the rest is still asked exactly (the text is normalised first).
        let found = Array("/api/7/missing/../items/9/act".utf8).withUnsafeBufferPointer { table.find($0) }
        if case .miss = found { Issue.record("a `..` after the stop was taken for a miss") }
    }
}

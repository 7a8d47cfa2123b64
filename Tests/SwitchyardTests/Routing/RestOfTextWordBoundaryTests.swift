import Testing
@testable import Switchyard

/// Issue 37: where the walk stops short of a route (a splat, a chain of optional segments, a `?` in a
/// parameter's segment), the rest of the text is checked a word (8 bytes) at a time
/// (`FrozenTrie.pathEnd(fromStop:end:text:)`): whole words in a loop, the last shorter word shifted
/// down from the text's last 8 bytes, the word holding the first `?` or `#` cut there, a segment start
/// carried from one word's top byte to the next word's first. Each edge case (`//`, `/./`, `/../`, a
/// segment starting with `.`, `?`, `#`, a trailing `/`) is put at every offset 0 to 16 of the rest, so
/// that it falls on each byte of a word, across two words and in the shifted last word, and the answer
/// is held to a byte-by-byte reading of the same text and, for whole lookups, to the full search of the
/// normalised path.
@Suite struct RestOfTextWordBoundaryTests {
    /// What may stand at an offset of the rest, and what follows it (nothing, or more segments).
    private static let hazards = ["//", "/./", "/../", "/.", "/.well-known", "?", "?x=1/y", "#", "#top/z", "/", "/?a", "/#b"]

    private static func rests() -> [String] { RestsAtEveryOffset.rests(inserting: hazards) }

    /// A byte-by-byte reading of what `pathEnd` answers for the text from `start` (a `/`): where the path
    /// ends (its first `?` or `#`, else the end) and whether a `/` after `start` comes before that, when
    /// no segment from `start` on is empty or starts with `.` and there is no trailing slash; nil otherwise.
    private static func reference(_ bytes: [UInt8], start: Int) -> (end: Int, segmentEndsFirst: Bool)? {
        let slash = UInt8(ascii: "/")
        let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        if bytes[end - 1] == slash { return nil }
        for index in start..<end where bytes[index] == slash {
            let next = index + 1
            if next < end && (bytes[next] == slash || bytes[next] == UInt8(ascii: ".")) { return nil }
        }
        return (end, bytes[(start + 1)..<end].contains(slash))
    }

    @Test func theRestIsCheckedAsByteByByteAtEveryOffsetOfAWord() {
        // Prefixes of 1, 3, 6 and 14 bytes: the rest starts at different places in a word, and a text
        // shorter than 8 bytes is read byte by byte.
        for prefix in ["/", "/f/", "/a/bc/", "/files0/d0/e0/"] {
            for rest in Self.rests() {
                let text = Array((prefix + rest).utf8)
                let start = prefix.utf8.count - 1
                let expected = Self.reference(text, start: start)
                let found = text.withUnsafeBufferPointer { buffer -> (end: Int, segmentEndsFirst: Bool)? in
                    let base = buffer.baseAddress!
                    return FrozenTrie.pathEnd(fromStop: base + start, end: base + buffer.count, text: base)
                        .map { ($0.end - base, $0.segmentEndsFirst) }
                }
                #expect(found?.end == expected?.end && found?.segmentEndsFirst == expected?.segmentEndsFirst,
                        "\(prefix + rest): \(String(describing: found)) against \(String(describing: expected))")
            }
        }
    }

    @Test func aSplatAnOptionalChainAndAQueryInAParameterMatchAsTheFullSearchAtEveryOffset() throws {
        let table = RouteTable<Int>()
        try table.add("/files0/d0/e0/*path", payload: 0)
        try table.add("/o0/p0/q0/:x?/:y?/:z?", payload: 1)
        try table.add("/api/:a/items/:b/act", payload: 2)
        try table.add("/api/:a/items/:b/:c", payload: 3)
        try table.add("/s/*rest", payload: 4)
        for rest in Self.rests() {
            // A splat after static segments, and a short one (a text of fewer than 8 bytes before it).
            try expectAsTheFullSearch(table, "/files0/d0/e0/" + rest)
            try expectAsTheFullSearch(table, "/s/" + rest)
            // An optional chain (up to three segments; more are left to the search, a miss).
            try expectAsTheFullSearch(table, "/o0/p0/q0/" + rest)
            // A `?` or `#` in the segment a parameter takes, or the stop at `act`'s sibling.
            try expectAsTheFullSearch(table, "/api/7/items/" + rest)
            try expectAsTheFullSearch(table, "/api/7/items/9" + rest)
        }
    }

    @Test func aSplatsRestWithNoHazardIsItsParameterWhateverItsLength() throws {
        let table = RouteTable<Int>()
        try table.add("/files0/d0/e0/*path", payload: 0)
        try table.add("/o0/p0/q0/:x?/:y?/:z?", payload: 1)
        for length in 1...24 {
            let rest = String(decoding: RestsAtEveryOffset.filler.prefix(length), as: UTF8.self)
            if rest.hasSuffix("/") { continue }
            #expect(try table.match("/files0/d0/e0/" + rest)?.info.params == ["path": rest], "\(rest)")
            #expect(try table.match("/files0/d0/e0/" + rest + "?q=1")?.info.params == ["path": rest], "\(rest)?q=1")
        }
        #expect(try table.match("/o0/p0/q0/1234567890/abcdefghijklmnopq/x")?.info.params
                == ["x": "1234567890", "y": "abcdefghijklmnopq", "z": "x"])
        #expect(try table.match("/o0/p0/q0/123456789012345678")?.info.params == ["x": "123456789012345678"])
    }
}

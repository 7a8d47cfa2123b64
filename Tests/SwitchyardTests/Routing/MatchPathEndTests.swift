import Testing
@testable import Switchyard

/// Issue 37, eleventh session (branch `matchq`): the owned `match` of a hit before a `?query` or
/// `#fragment` no longer finds where the path ends: its info finds it when its path, query or fragment
/// is read (`RouteInfo.pathEndAfterValues`), from where the parameters' last value ends, a few bytes
/// then a word at a time (`PathSegmenter.pathEnd(_:from:)`, `Parameters.InlineSpans.valuesEnd`). Each
/// such match is held to the info the location parser makes of the same text (`matchAll`, which reads
/// it apart from the lookup's hit), and the reading itself to the byte-by-byte `PathSegmenter.pathEnd`.
@Suite struct MatchPathEndTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/album/:id", name: "album", payload: 1)
        try table.add("/album/:id/tracks", name: "tracks", payload: 2)
        try table.add("/docs/getting-started/installation", name: "static", payload: 3)
        try table.add("/files/*rest", name: "splat", payload: 4)
        try table.add("/t/:x?/:y?", name: "optional", payload: 5)
        try table.add("/e/:a/:b/:c/:d/:e/:f/:g/:h", name: "eight", payload: 8)
        try table.add("/e/:a/:b/:c/:d/:e/:f/:g/:h/long-static-tail-segment", name: "eightTail", payload: 9)
        return table
    }

    /// Texts whose path goes on with a query, a fragment or both: the mark right after a value, after a
    /// static segment (short and longer than a word), after a splat, after optional values present or
    /// not, after eight values, with escapes in the path and the query, and a query with a `#` or `?` in it.
    private static let texts = [
        "/album/12?tab=info", "/album/12#top", "/album/12?tab=info#top", "/album/1?", "/album/1#",
        "/album/Kind%20of%20Blue?q=a%20b&r=%3F", "/album/12/tracks?page=2", "/album/12/tracks#t",
        "/album/12345678901234567890/tracks?x=1#y", "/docs/getting-started/installation?v=2",
        "/docs/getting-started/installation#step-3", "/files/a/b/c.txt?raw=1", "/files/a?", "/files/x#f?g",
        "/t?x=1", "/t/1?x=1", "/t/1/2#frag", "/e/1/2/3/4/5/6/7/8?last=1", "/e/1/2/3/4/5/6/7/8#h",
        "/e/1/2/3/4/5/6/7/8/long-static-tail-segment?q=1", "/e/1/2/3/4/5/6/7/8/long-static-tail-segment#f",
        "/album/12?a=%23&b=?c#d?e", "/album/%41%42?x",
    ]

    @Test func aHitBeforeAQueryReadsAsTheParsedLocationsMatch() throws {
        let table = try table()
        for text in Self.texts {
            let found = try #require(try table.match(text), "\(text)")
            let parsed = try #require(try table.matchAll(text).first, "\(text)")
            #expect(found.route.name == parsed.route.name, "\(text)")
            #expect(found.info.path == parsed.info.path, "\(text)")
            #expect(found.info.query == parsed.info.query, "\(text)")
            #expect(found.info.fragment == parsed.info.fragment, "\(text)")
            #expect(found.info.params == parsed.info.params, "\(text)")
            #expect(found.info.pattern == parsed.info.pattern, "\(text)")
        }
    }

    @Test func settingAFieldOfSuchAMatchKeepsTheOthers() throws {
        // The path's end is found when first read: a field set first must still leave the path, query
        // and fragment as the text has them.
        let table = try table()
        for text in Self.texts {
            let found = try #require(try table.match(text), "\(text)")
            let parsed = try #require(try table.matchAll(text).first, "\(text)")
            var queried = found.info
            queried.query = ["set": "1"]
            #expect(queried.path == parsed.info.path && queried.fragment == parsed.info.fragment, "\(text)")
            var moved = found.info
            moved.params = ["id": "x"]
            #expect(moved.path == parsed.info.path && moved.query == parsed.info.query, "\(text)")
            #expect(moved.fragment == parsed.info.fragment && moved.params == ["id": "x"], "\(text)")
            var fragmented = found.info
            fragmented.fragment = "new"
            #expect(fragmented.path == parsed.info.path && fragmented.query == parsed.info.query, "\(text)")
            let path = parsed.info.path
            #expect(found.info.isAt(plainPath: path) == parsed.info.isAt(plainPath: path), "\(text)")
            #expect(found.info.pathUTF8Count == parsed.info.path.utf8.count, "\(text)")
        }
    }

    @Test func theLookupSettlesEachTextAsAHitBeforeAQuery() throws {
        // Otherwise the match above would be the resolved one, and the reading of the end untested.
        let table = try table()
        for text in Self.texts {
            var bytes = text
            let found = bytes.withUTF8 { table.find($0) }
            guard case .hitBeforeQuery = found else {
                Issue.record("\(text): \(found)")
                continue
            }
        }
    }

    @Test func theEndIsTheFirstMarkAfterTheStartReadAWordAtATime() {
        // Every start before the first mark, in texts of every length up to three words and a bit, the
        // mark (`?` or `#`) at every place, with bytes that differ from a mark by one bit around it.
        // `>`, `;`, DEL, 0xBF and `/` are `?` with one bit changed; `"`, `c`, `!` and 0xA3 are `#`'s.
        let fillers: [UInt8] = [0x61, 0x3e, 0x22, 0x3b, 0x7f, 0x63, 0xbf, 0x21, 0xa3, 0x2f, 0x00]
        for length in 1...27 {
            for mark in 0..<length {
                for markByte in [UInt8(ascii: "?"), UInt8(ascii: "#")] {
                    var text = (0..<length).map { fillers[($0 + mark) % fillers.count] }
                    text[mark] = markByte
                    // A second mark after the first: the first is the end.
                    if mark + 2 < length { text[mark + 2] = UInt8(ascii: "?") }
                    text.withUnsafeBufferPointer { bytes in
                        let expected = PathSegmenter.pathEnd(bytes)
                        for start in 0...mark {
                            #expect(PathSegmenter.pathEnd(bytes, from: start) == expected, "\(text) from \(start)")
                        }
                    }
                }
            }
            // No mark at all: the text's end.
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            plain.withUnsafeBufferPointer { bytes in
                for start in 0..<length { #expect(PathSegmenter.pathEnd(bytes, from: start) == length) }
            }
        }
    }

    @Test func theValuesEndWhereTheLastPresentOneEnds() {
        var spans = Parameters.InlineSpans()
        #expect(spans.valuesEnd == 0)
        spans.append(Parameters.Span(start: 3, end: 5))
        #expect(spans.valuesEnd == 5)
        spans.append(Parameters.Span(start: 6, end: 300))
        #expect(spans.valuesEnd == 300)
        // An absent optional value after them: the last present one's end.
        spans.append(.absent)
        spans.append(.absent)
        #expect(spans.valuesEnd == 300)
        for index in 0..<4 { spans.append(Parameters.Span(start: 400 + index * 10, end: 405 + index * 10)) }
        #expect(spans.count == 8 && spans.valuesEnd == 435)
    }
}

import Testing
@testable import Switchyard

/// Issue 37, ninth session: on x86-64 the rest of the text after the walk's stop is read 16 bytes at a
/// time (`FrozenTrie.pathEnd(inChunksFrom:)`, and `pathEnd(inChunksAfterOnlyWayStop:)` for a dead end
/// on the only way; FrozenTrie+RestChunks.swift): bit masks of `?`/`#`, `/` and `.` a chunk, the
/// hazards found with shifts of them. These hold that reading to a byte-by-byte
/// one, with each byte it asks about at every offset 0 to 40 of the rest (in the first chunk, across
/// the 16- and 32-byte boundaries, in the last chunk read again), after prefixes that make the text
/// shorter than 8, than 16, and longer; and whole lookups with such rests to the full search.
@Suite struct RestInChunksTests {
    private static let inserts = [".", "..", "/..", "/./", ".x", "file.txt", "?", "?a=1", "#", "#f", "//", "//x", "/",
                                  "a", "%2E%2E", "/.well-known", "a//b?x", "a/b//c#y", "/?", "x/#"]

    /// Rests: a filler cut at each length 0 to 40 followed by each insert and a suffix.
    private static func rests() -> [String] {
        let filler = Array("ab/cdefghij/k/lmnopqrstu/vw/xyz0123456/789/abcdefgh/ij".utf8)
        var rests: [String] = []
        for offset in 0...40 {
            let before = String(decoding: filler[0..<offset], as: UTF8.self)
            rests.append(before)
            rests.append(before + "tail")
            for insert in inserts {
                for suffix in ["", "z", "z/yy", "/zz/yy/xxxxxxxxxxxxxxxxx"] { rests.append(before + insert + suffix) }
            }
        }
        return rests
    }

    /// What the reading answers, byte by byte: the path's end (the first `?` or `#` after `start`, else
    /// the text's end) and whether a `/` after `start` comes before it; nil for a segment after `start`
    /// that starts with `.` (or is empty, when asked) before the end, or a `/` right before the end.
    private static func expected(_ text: [UInt8], start: Int, asksEmptySegments: Bool) -> (Int, Bool)? {
        var index = start + 1
        var segmentStarts = true
        var slash = false
        while index < text.count && text[index] != UInt8(ascii: "?") && text[index] != UInt8(ascii: "#") {
            let byte = text[index]
            if segmentStarts && (byte == UInt8(ascii: ".") || (asksEmptySegments && byte == UInt8(ascii: "/"))) { return nil }
            segmentStarts = byte == UInt8(ascii: "/")
            if segmentStarts { slash = true }
            index += 1
        }
        if text[index - 1] == UInt8(ascii: "/") { return nil }
        return (index, slash)
    }

    @Test func theChunkedReadingAgreesWithAByteByByteOne() {
        #if arch(x86_64)
        // Prefixes of 1, 3, 6, 14 and 20 bytes: the text is shorter than 8, than 16, or not; and with
        // a segment before the stop that starts with `.` (which the walk takes, and the reading, whose
        // last chunk reads bytes before the stop, must not count).
        for prefix in ["/", "/f/", "/a/bc/", "/files0/d0/e0/", "/organizations-2/x7/", "/.w/a/", "/.well-known/abc/d/"] {
            for rest in Self.rests() {
                let text = Array((prefix + rest).utf8)
                let start = prefix.utf8.count - 1
                let (exact, onlyWay) = text.withUnsafeBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    let end = base + buffer.count
                    return (FrozenTrie.pathEnd(inChunksFrom: base + start, end: end, text: base).map { ($0.end - base, $0.segmentEndsFirst) },
                            FrozenTrie.pathEnd(inChunksAfterOnlyWayStop: base + start, end: end, text: base)
                                .map { ($0.end - base, $0.segmentEndsFirst) })
                }
                let expected = Self.expected(text, start: start, asksEmptySegments: true)
                // (Where no mark ends the path, whether a segment ends first is not asked.)
                #expect(exact?.0 == expected?.0, "\(prefix + rest): \(String(describing: exact)), not \(String(describing: expected))")
                if let expected, expected.0 < text.count { #expect(exact?.1 == expected.1, "\(prefix + rest): the segment's end") }
                // The only way's reading: a trailing `/` is the walk's loop to refuse.
                if rest.hasSuffix("/") || (rest.isEmpty && prefix.hasSuffix("/")) { continue }
                let expectedOnlyWay = Self.expected(text, start: start, asksEmptySegments: false)
                #expect(onlyWay?.0 == expectedOnlyWay?.0, "\(prefix + rest): \(String(describing: onlyWay)), not \(String(describing: expectedOnlyWay))")
                if let expectedOnlyWay, expectedOnlyWay.0 < text.count {
                    #expect(onlyWay?.1 == expectedOnlyWay.1, "\(prefix + rest): the segment's end")
                }
            }
        }
        #endif
    }

    /// The same answers as the word readings: the exact one everywhere (the same end, and where a
    /// mark ends the path, the same answer about the segment); the only way's where it accepts the
    /// text, and where it refuses it, this one refuses it too or finds an empty segment (the word
    /// reading asks about `//` in a word with a `.`, this one never).
    @Test func theChunkedReadingAnswersAsTheWordReadings() {
        #if arch(x86_64)
        for prefix in ["/", "/a/bc/", "/files0/d0/e0/"] {
            for rest in Self.rests() where !rest.isEmpty {
                let text = Array((prefix + rest).utf8)
                let start = prefix.utf8.count - 1
                let (chunked, words, chunkedOnlyWay, wordsOnlyWay) = text.withUnsafeBufferPointer { buffer in
                    let base = buffer.baseAddress!
                    let end = base + buffer.count
                    return (FrozenTrie.pathEnd(inChunksFrom: base + start, end: end, text: base).map { ($0.end - base, $0.segmentEndsFirst) },
                            FrozenTrie.pathEnd(fromStop: base + start, end: end, text: base).map { ($0.end - base, $0.segmentEndsFirst) },
                            FrozenTrie.pathEnd(inChunksAfterOnlyWayStop: base + start, end: end, text: base)
                                .map { ($0.end - base, $0.segmentEndsFirst) },
                            FrozenTrie.pathEnd(afterOnlyWayStop: base + start, end: end, text: base)
                                .map { ($0.end - base, $0.segmentEndsFirst) })
                }
                let name = prefix + rest
                #expect(chunked?.0 == words?.0, "\(name)")
                if let words, words.0 < text.count { #expect(chunked?.1 == words.1, "\(name)") }
                // (A trailing `/` is the walk's loop to refuse: the word reading of the only way does not ask.)
                if name.hasSuffix("/") { continue }
                if let wordsOnlyWay {
                    #expect(chunkedOnlyWay?.0 == wordsOnlyWay.0, "\(name)")
                    if wordsOnlyWay.0 < text.count { #expect(chunkedOnlyWay?.1 == wordsOnlyWay.1, "\(name)") }
                } else if let chunkedOnlyWay {
                    #expect(String(decoding: text[start..<chunkedOnlyWay.0], as: UTF8.self).contains("//"), "\(name)")
                }
            }
        }
        #endif
    }

    @Test func splatsOptionalChainsAndMissesWithLongRestsMatchAsTheFullSearch() throws {
        let table = RouteTable<Int>()
        try table.add("/files0/d0/e0/*path", payload: 0)
        try table.add("/o0/p0/q0/:x?/:y?/:z?", payload: 1)
        try table.add("/api/:a/items/:b/act", payload: 2)
        try table.add("/s/*rest", payload: 3)
        try table.add("/t/:x?/:y?", payload: 4)
        for rest in Self.rests() where !rest.hasSuffix("/") {
            try expectAsTheFullSearch(table, "/files0/d0/e0/" + rest)
            try expectAsTheFullSearch(table, "/s/" + rest)
            try expectAsTheFullSearch(table, "/t/" + rest)
            try expectAsTheFullSearch(table, "/o0/p0/q0/" + rest)
            try expectAsTheFullSearch(table, "/api/7/missing/" + rest)
            try expectAsTheFullSearch(table, "/api/7/" + rest)
        }
    }

    /// A splat's value and an optional chain's past 16 and 32 bytes, a miss whose rest has `..` 20
    /// and 36 bytes on (taking the miss's segment back), and the path before a `?` past the first chunk.
    @Test func valuesPastAChunkAreWhole() throws {
        let table = RouteTable<Int>()
        try table.add("/s/*rest", payload: 3)
        try table.add("/t/:x?/:y?", payload: 4)
        try table.add("/api/:a/items/:b/act", payload: 2)
        let long = "abcdefghijklmnopqrstuvwxyz0123456789"
        #expect(try table.match("/s/" + long + "/x/" + long)?.info.params == ["rest": long + "/x/" + long])
        #expect(try table.match("/s/" + long + "/x?q=1")?.info.params == ["rest": long + "/x"])
        #expect(try table.match("/s/" + long + "/x?q=1")?.info.query == ["q": "1"])
        #expect(try table.match("/s/" + long + "/./x")?.info.params == ["rest": long + "/x"])
        #expect(try table.match("/s/" + long + "//x")?.info.params == ["rest": long + "/x"])
        #expect(try table.match("/t/" + long + "/" + long)?.info.params == ["x": long, "y": long])
        #expect(try table.match("/t/" + long + "/" + long + "/z") == nil)
        #expect(try table.match("/api/7/missing/0123456789abcdef/../../items/9/act")?.info.params == ["a": "7", "b": "9"])
        #expect(try table.match("/api/7/missing/0123456789abcdef0123456789abcdef/../../items/9/act")?.info.params
                == ["a": "7", "b": "9"])
        #expect(try table.match("/api/7/missing/0123456789abcdef0123456789abcdef/../../../items/9/act") == nil)
    }

    /// An optional chain finds the ends of its segments within the text's last 16 bytes from their
    /// slashes (`FrozenTrie.lastSlashes`) and before them a word at a time: values of every length 1 to
    /// 20, so that a segment starts before those bytes, at their first one, inside them, or is the
    /// last, in texts shorter and longer than 16 bytes.
    @Test func optionalValuesEitherSideOfTheTextsLastSixteenBytes() throws {
        let table = RouteTable<Int>()
        try table.add("/t/:x?/:y?", payload: 4)
        try table.add("/o0/p0/q0/:x?/:y?/:z?", payload: 1)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for first in 1...20 {
            for second in 1...20 {
                let x = String(letters[0..<first])
                let y = String(letters[(26 - second)...])
                #expect(try table.match("/t/\(x)/\(y)")?.info.params == ["x": x, "y": y], "/t/\(x)/\(y)")
                #expect(try table.match("/o0/p0/q0/\(x)/\(y)/z")?.info.params == ["x": x, "y": y, "z": "z"],
                        "/o0/p0/q0/\(x)/\(y)/z")
                #expect(try table.match("/o0/p0/q0/z/\(x)/\(y)")?.info.params == ["x": "z", "y": x, "z": y],
                        "/o0/p0/q0/z/\(x)/\(y)")
            }
            let x = String(letters[0..<first])
            #expect(try table.match("/t/\(x)")?.info.params == ["x": x], "/t/\(x)")
            #expect(try table.match("/o0/p0/q0/\(x)")?.info.params == ["x": x], "/o0/p0/q0/\(x)")
            #expect(try table.match("/t/\(x)/b/c") == nil, "/t/\(x)/b/c")
        }
    }
}

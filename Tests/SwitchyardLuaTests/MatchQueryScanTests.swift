import Testing
@testable import SwitchyardLua
import Switchyard

/// `match(text)` with a `?query`: the shim reads the query in one scan (`sy_scanquery`, issue 37 item 3),
/// holding up to 16 pairs itself and handing a longer query to the pair-by-pair reader. Whatever the scan
/// meets (a repeated key, an empty value, an escape, a `+`, a pair with no `=`, a `#`, bytes that are not
/// ASCII, more pairs than it holds), the table a script sees is the one `RouteTable.match` describes.
@Suite struct MatchQueryScanTests {
    let app: RuntimeFixture

    init() throws {
        app = try RuntimeFixture(Self.line.luaFunction + "\n" + """
            route("/q/:a/:b")
            route("/plain")
            """)
    }

    static let line = InfoTableLine(typed: true)

    private func described(_ text: String) throws -> String? { try Self.line.fromLua(text, in: app) }

    /// The same line made from what `RouteTable.match` returns for `text`.
    private func describedBySwift(_ text: String) throws -> String { try Self.line.fromSwift(text, in: app) }

    private func expectSameAsSwift(_ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for text in texts {
            #expect(try described(text) == describedBySwift(text), "match('\(text)')", sourceLocation: sourceLocation)
        }
    }

    /// `count` pairs `k1=v1&k2=v2...`.
    private func pairs(_ count: Int, value: (Int) -> String = { "v\($0)" }) -> String {
        (1...count).map { "k\($0)=\(value($0))" }.joined(separator: "&")
    }

    /// The scan reads 16 bytes at a time where the text has 16 (its last block overlapping bytes already
    /// read, masked off), byte by byte in a shorter text: each mark (`&`, `=`, `%`, `#`) at every offset
    /// from a block's start, in texts of 6 to 60 bytes, reads as `RouteTable.match` reads it. Fails when
    /// the overlapping block's bytes already read are visited again (a pair noted twice).
    @Test func everyMarkAtEveryOffsetOfABlock() throws {
        var texts: [String] = []
        for pathLength in 1...17 {
            let path = "/q/" + String(repeating: "p", count: pathLength) + "/2"
            for queryLength in 0...36 {
                let plain = String(repeating: "x", count: queryLength)
                texts.append(path + "?" + plain)
                for (offset, mark) in zip([0, 3, 7, 11, 15, queryLength - 1], Array("&=&#%=".utf8))
                where offset >= 0 && offset < queryLength {
                    var bytes = Array(plain.utf8)
                    bytes[offset] = mark
                    texts.append(path + "?" + String(decoding: bytes, as: UTF8.self))
                }
                texts.append(path + "?" + (0..<queryLength).map { $0 % 4 == 1 ? "=" : $0 % 4 == 3 ? "&" : "k" }.joined())
            }
            texts.append(path + "?a=%41&b=1" + String(repeating: "&c=2", count: pathLength))
        }
        try expectSameAsSwift(texts)
    }

    @Test func aRepeatedKeyKeepsItsLastValue() throws {
        #expect(try app.lua("local q = match('/q/1/2?tab=a&x=1&tab=b&tab=c').query return q.tab, q.x") == ["c", "1"])
        #expect(try app.lua("local n = 0 for _ in pairs(match('/plain?a=1&a=2&a=3').query) do n = n + 1 end return n")
                == [.integer(1)])
        try expectSameAsSwift(["/q/1/2?a=1&a=", "/q/1/2?a=&a=2", "/q/1/2?a&a=1&a"])
    }

    @Test func emptyValuesAndPairsWithNoEqualsAreEmptyStrings() throws {
        #expect(try app.lua("local q = match('/plain?flag&empty=&x=1').query return q.flag, q.empty, q.x, type(q.flag)")
                == ["", "", "1", "string"])
        try expectSameAsSwift(["/plain?a", "/plain?a=", "/plain?=", "/plain?&&", "/plain?a==b", "/plain?=&=x&a"])
    }

    @Test func escapesAndPlusSigns() throws {
        // `+` is kept as written; an escape anywhere in the query decodes every key and value.
        #expect(try app.lua("local q = match('/plain?d=1+2&e=a%2Bb&f=%20').query return q.d, q.e, q.f") == ["1+2", "a+b", " "])
        try expectSameAsSwift(["/plain?a+b=c+d", "/plain?%61=%62&c=d", "/plain?a=%", "/plain?a=b%&c=%4", "/plain?%3D=%26&x=1"])
    }

    @Test func aFragmentEndsTheQueryWhereverItFalls() throws {
        #expect(try app.lua("local i = match('/plain?a=1&b#c=3&d') return i.query.a, i.query.b, i.query.c, i.fragment")
                == ["1", "", nil, "c=3&d"])
        try expectSameAsSwift(["/plain?#", "/plain?a#", "/plain?a=#", "/plain?a=1&#x", "/plain?&#&", "/plain?a%#20=1",
                               "/q/1/2?k=v#f&g=h#i"])
    }

    @Test func textThatIsNotASCIIReadsAsRouteTableMatchReadsIt() throws {
        try expectSameAsSwift(["/plain?name=café", "/plain?ключ=значение&x=1", "/q/1/2?a=😀#é", "/plain?é", "/q/ü/2?x=1&y"])
    }

    @Test func aQueryOfUpToSixteenPairsAndALongerOneAlike() throws {
        // The scan holds 16 pairs; at 17 and beyond the query is read pair by pair: both must agree.
        for count in [15, 16, 17, 18, 40] {
            try expectSameAsSwift(["/plain?" + pairs(count), "/q/1/2?" + pairs(count) + "#frag",
                                   "/plain?" + pairs(count, value: { $0 % 2 == 0 ? "%41\($0)" : "" }),
                                   "/plain?&" + pairs(count).replacingOccurrences(of: "&", with: "&&") + "&"])
        }
        let last = try app.lua("local q = match('/plain?\(pairs(17))&k1=last').query return q.k1, q.k17, q.k16")
        #expect(last == ["last", "v17", "v16"])
        #expect(try app.lua("local n = 0 for _ in pairs(match('/plain?\(pairs(40))').query) do n = n + 1 end return n")
                == [.integer(40)])
    }

    @Test func emptyPairsDoNotCountAgainstTheSixteen() throws {
        // Sixteen pairs with empty ones between them are still read by the scan; the 17th after them too.
        let sparse = (1...17).map { "k\($0)=v\($0)" }.joined(separator: "&&&")
        #expect(try app.lua("local q = match('/plain?\(sparse)').query return q.k1, q.k16, q.k17") == ["v1", "v16", "v17"])
        try expectSameAsSwift(["/plain?" + sparse, "/plain?&&&" + sparse + "&&&#x"])
    }

    @Test func aLongQueryAndAPathPastTheShortStringLength() throws {
        let value = String(repeating: "x", count: 300)
        #expect(try app.lua("return #match('/plain?v=\(value)').query.v") == [.integer(300)])
        let long = "/q/" + String(repeating: "a", count: 60) + "/" + String(repeating: "b", count: 60)
        try expectSameAsSwift([long + "?k=" + value, long + "?" + pairs(20) + "#" + value])
        #expect(try app.lua("local i = match('\(long)?x=1') return i.path == '\(long)', #i.params.a, i.query.x")
                == [.boolean(true), .integer(60), "1"])
    }

    @Test func keysHeldFromOneMatchToTheNextAreTheRightOnes() throws {
        // `match` holds recent query keys (16 slots, up to 15 bytes): whatever a slot held before, each
        // table must have exactly its own keys, through collections, with prefixes, lengths 1 to 17 and
        // keys that share a slot.
        let words = ["tab", "page", "sort", "q", "id", "lang", "offset", "limit", "filter", "x"]
        var keys = words.flatMap { word in (1...word.count).map { String(word.prefix($0)) } }
        keys += (13...17).map { String(repeating: "k", count: $0) } + ["ab", "ba", "abc", "cba", "a", "b", "é", "aé"]
        var texts: [String] = []
        for round in 0..<3 {
            for start in stride(from: 0, to: keys.count, by: 3) {
                let some = (start..<min(start + 3 + round, keys.count)).map { keys[$0] }
                texts.append("/q/\(round)/\(start)?" + some.map { "\($0)=\($0.count)" }.joined(separator: "&"))
            }
        }
        for (index, text) in texts.enumerated() {
            #expect(try described(text) == describedBySwift(text), "match('\(text)')")
            if index % 7 == 0 { try app.lua("collectgarbage()") }
        }
        #expect(try app.lua("""
            local a = match('/plain?page=1&tab=x').query
            collectgarbage()
            local b = match('/plain?pag=2&page=3&tab=y&ta=z').query
            return a.page, a.tab, b.pag, b.page, b.tab, b.ta, b.pa
            """) == ["1", "x", "2", "3", "y", "z", nil])
    }

    @Test func aZeroByteInTheQueryIsAByteLikeAnother() throws {
        // The scan stops at the text's terminating zero; a zero inside the query does not end it.
        #expect(try app.lua("""
            local q = match('/plain?a=x\\0y&c=1&\\0=z').query
            return #q.a, q.a == 'x\\0y', q.c, q['\\0']
            """) == [.integer(3), .boolean(true), "1", "z"])
        #expect(try app.lua("local i = match('/q/1/2?k=v\\0#f\\0g') return i.query.k == 'v\\0', i.fragment == 'f\\0g'")
                == [.boolean(true), .boolean(true)])
    }
}

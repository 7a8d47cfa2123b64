import Testing
@testable import SwitchyardLua

/// `match(text)` holds recent short query values (up to 15 bytes, 128 slots) in its closure's upvalues, as
/// it holds keys (issue 37 item 3, ninth session): a value met again is pushed from its slot instead of
/// being interned anew. Whatever a slot held before, every table must have its own values, through
/// collections, with values that share a slot, of every length either side of the 15 held, and bytes that
/// are not ASCII or are zero; tables made earlier keep their values when a slot moves on.
@Suite struct MatchHeldQueryValuesTests {
    let app: RuntimeFixture

    init() throws {
        app = try RuntimeFixture(Self.line.luaFunction + "\n" + """
            route("/q/:a")
            route("/plain")
            """)
    }

    static let line = InfoTableLine(typed: true)

    private func expectSameAsSwift(_ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for text in texts {
            #expect(try Self.line.fromLua(text, in: app) == Self.line.fromSwift(text, in: app), "match('\(text)')",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func valuesMetAgainAreTheRightOnes() throws {
        // 1 to 300 (more values than slots, so slots are shared and taken back and forth), words, lengths
        // 1 to 17, a value equal to its key, non-ASCII bytes; three rounds, each a second and third sight
        // of every value, with a full collection between rounds.
        var values = (1...300).map(String.init) + ["info", "tab", "page", "asc", "desc", "é", "aé", "日本"]
        values += (1...17).map { String(repeating: "v", count: $0) }
        for round in 0..<3 {
            var texts: [String] = []
            for (i, value) in values.enumerated() {
                texts.append("/q/\(round)?tab=\(value)&page=\(values[(i * 7 + round) % values.count])&\(value)=\(value)")
            }
            try expectSameAsSwift(texts)
            try app.lua("collectgarbage('collect')")
        }
    }

    @Test func aValuePushedOutOfItsSlotStaysInTheTablesThatHaveIt() throws {
        // 400 tables kept while 1 to 400 go through 128 slots twice over; after two full collections each
        // still has its own value, and matching the values again gives them back.
        let result = try app.lua("""
            local kept = {}
            for i = 1, 400 do kept[i] = match('/plain?n=' .. i).query end
            for i = 400, 1, -1 do match('/plain?n=' .. (i * 3)) end
            collectgarbage('collect')
            collectgarbage('collect')
            for i = 1, 400 do
              local key, value = next(kept[i])
              if key ~= 'n' or value ~= tostring(i) or next(kept[i], key) ~= nil then
                return 'table ' .. i .. ': ' .. tostring(key) .. '=' .. tostring(value)
              end
              local again = match('/plain?n=' .. i .. '&m=' .. i).query
              if again.n ~= tostring(i) or again.m ~= tostring(i) then return 'again ' .. i end
            end
            return 'ok'
            """)
        #expect(result == ["ok"])
    }

    /// The slot `sy_valueslot` (Sources/CLuaShim/MatchInfo.c) gives a value of 1 to 15 bytes.
    static func slot(of value: [UInt8]) -> Int {
        var h: UInt32 = 2_166_136_261
        for byte in value { h = (h ^ UInt32(byte)) &* 16_777_619 }
        return Int((h &* 0x9E37_79B1) >> 25) % 128
    }

    /// For each length 2 to 15, two values of that length in the same slot that differ in one byte only:
    /// the first, the last, or one in the middle (the held bytes are compared in overlapping words).
    static let sameSlotPairs: [(String, String)] = {
        var found: [(String, String)] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        for length in 2...15 {
            for position in Set([0, length / 2, length - 1]) {
                let base = Array(repeating: UInt8(ascii: "m"), count: length)
                var bySlot: [Int: [UInt8]] = [:]
                for letter in letters {
                    var value = base
                    value[position] = letter
                    if let other = bySlot[slot(of: value)] {
                        found.append((String(decoding: other, as: UTF8.self), String(decoding: value, as: UTF8.self)))
                        break
                    }
                    bySlot[slot(of: value)] = value
                }
            }
        }
        return found
    }()

    @Test func valuesOfOneLengthInOneSlotAreToldApart() throws {
        // Each pair shares a slot and a length: the second must push the first out, not be read as it.
        #expect(Self.sameSlotPairs.count >= 30)
        let list = Self.sameSlotPairs.map { "{'\($0.0)','\($0.1)'}" }.joined(separator: ",")
        let result = try app.lua("""
            for _, two in ipairs({\(list)}) do
              for _, order in ipairs({{1, 2}, {2, 1}, {1, 1}, {2, 2}, {1, 2}}) do
                local want = two[order[2]]
                match('/plain?v=' .. two[order[1]])
                local got = match('/plain?v=' .. want).query.v
                if got ~= want then return want .. ' read as ' .. tostring(got) end
              end
            end
            return 'ok'
            """)
        #expect(result == ["ok"])
    }

    @Test func zeroBytesEmptyValuesAndEscapes() throws {
        // A zero inside a value is one of its bytes, held like another; an empty value is the empty
        // string; an escape anywhere decodes every value (nothing held) and the held ones come back after.
        #expect(try app.lua("""
            local a = match('/plain?a=x\\0y&b=x').query
            local b = match('/plain?a=x\\0y&b=x\\0').query
            return a.a == 'x\\0y', a.b, b.a == 'x\\0y', b.b == 'x\\0', #b.b
            """) == [.boolean(true), "x", .boolean(true), .boolean(true), .integer(2)])
        try expectSameAsSwift(["/plain?a=&b=1", "/plain?a=1&b=", "/plain?a=%41&b=1", "/plain?a=1&b=%42",
                               "/plain?a=A&b=1", "/plain?a=1&b=B", "/q/x?v=%", "/q/x?v=%25", "/q/x?v=%"])
    }
}

import Testing
@testable import Switchyard

/// Issue 37, sixteenth session: the walk's loop finds where a segment ends from one SSE2 compare of the
/// word with `/` (a bit a byte), takes the segment's bytes below that bit, and asks a parameter's
/// segment for `?` and `#` with one compare of each. Held here at every byte of the word: a segment of
/// each length 0 to 9, static or a parameter, followed by more of the path; the bytes next to `/`, `?`
/// and `#` in value (`.`, `0`, `"`, `$`, `>`, `@`) and the same bytes with the high bit set (not UTF-8:
/// the resolution repairs them) in every position; and a `?` or `#` at every byte of a parameter.
@Suite struct SegmentEndInTheWordTests {
    /// Whether the walk settled `text` on a route with the span values `values`.
    private func settles(_ table: RouteTable<Int>, _ text: String, values: [String]) -> Bool {
        let (walked, found) = walkVerdict(table, text)
        guard case .node = walked else { return false }
        return found == values
    }

    /// A table of a static and a parameter route under each prefix, each with a tail after the segment.
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        var payload = 0
        for literal in ["a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi"] {
            try table.add("/s/\(literal)/tail", payload: payload)
            payload += 1
        }
        try table.add("/p/:value/tail", payload: payload)
        try table.add("/p/:value", payload: payload + 1)
        return table
    }

    @Test func aSegmentEndsAtItsSlashAtEveryByteOfTheWord() throws {
        let table = try table()
        var settled = 0
        for length in 1...9 {
            let literal = String("abcdefghi".prefix(length))
            // The static route, and the texts one byte short and one byte long of it.
            #expect(try table.match("/s/\(literal)/tail")?.route.id.rawValue == length - 1, "/s/\(literal)/tail")
            #expect(settles(table, "/s/\(literal)/tail", values: []), "/s/\(literal)/tail: walked")
            try expectAsTheFullSearch(table, "/s/\(literal)x/tail")
            try expectAsTheFullSearch(table, "/s/\(literal.dropLast())/tail")
            // A parameter's value of the same length, its span ending at its slash.
            let value = String("0123456789".prefix(length))
            #expect(try table.withMatch("/p/\(value)/tail") { $0?[parameter: "value"] } == value, "/p/\(value)/tail")
            #expect(try table.withMatch("/p/\(value)") { $0?[parameter: "value"] } == value, "/p/\(value)")
            #expect(settles(table, "/p/\(value)/tail", values: [value]), "/p/\(value)/tail: walked")
            settled += 2
        }
        #expect(settled == 18)
        // An empty segment where each segment's first byte would be.
        for text in ["/s//tail", "/p//tail", "//p/1/tail", "/p/1//tail"] { try expectAsTheFullSearch(table, text) }
    }

    @Test func bytesNearTheMarksAreNotTakenForThemAtAnyByte() throws {
        let table = try table()
        let near: [UInt8] = [0x2e, 0x30, 0x22, 0x24, 0x3e, 0x40, 0xaf, 0xbf, 0xa3]
        var checked = 0
        for byte in near {
            for length in 1...9 {
                for position in 0..<length {
                    var value = Array("0123456789".utf8.prefix(length))
                    value[position] = byte
                    let text = "/p/" + String(decoding: value, as: UTF8.self) + "/tail"
                    try expectAsTheFullSearch(table, text)
                    // (A one-byte segment of `.` or a byte within its bits, `"` or `$`, is not plain to the loop:
                    // the full search decides it.)
                    if byte < 0x80 && !(length == 1 && byte | 0x2e == 0x2e) {
                        #expect(settles(table, text, values: [String(decoding: value, as: UTF8.self)]), "\(text): walked")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == near.count * 45)
    }

    @Test func aQueryOrFragmentMarkAtEveryByteOfAParameterEndsThePathThere() throws {
        let table = try table()
        for mark in ["?", "#"] {
            for length in 1...9 {
                for position in 0..<length {
                    var value = Array("0123456789".prefix(length)).map(String.init)
                    value[position] = mark
                    let text = "/p/" + value.joined() + "/tail"
                    try expectAsTheFullSearch(table, text)
                    // The loop takes no segment holding a mark as a plain parameter's value.
                    #expect(!settles(table, text, values: [value.joined()]), "\(text): walked")
                    // The value before the mark, or none: the path ends at the mark.
                    let before = value.prefix(position).joined()
                    let expected: String? = before.isEmpty ? nil : before
                    #expect(try table.withMatch(text) { $0?[parameter: "value"] } == expected, "\(text)")
                }
            }
        }
    }
}

import Testing
@testable import Switchyard

/// A segment past 8 bytes has its end found a word at a time (`segmentLength`, the last word within 8
/// bytes of the text's end) and its static child keyed on its first and last words
/// (`longStaticChild`), then confirmed word by word. Every literal of 9 to 40 bytes is
/// found as it is, whether it ends the path or not, with few siblings (scanned) or many (hashed); a
/// segment that differs from it in any one byte, or is one byte longer or shorter, is not taken by it.
@Suite struct LongSegmentStepTests {
    /// Letters (which a case-insensitive table folds), digits and a `-`; never `_`, the byte a
    /// one-byte difference puts in.
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    /// Scanned, and enough to be hashed.
    private static let siblingCounts = [1, FrozenTrie.hashThreshold + 4]

    /// The literal of `length` bytes, and its siblings: the same with another first byte (a digit).
    private static func literal(_ length: Int) -> String {
        String((0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] }.map { $0 == "-" && length % 2 == 0 ? "k" : $0 })
    }

    private static func table(_ length: Int, siblings: Int, caseInsensitive: Bool) throws -> RouteTable<String> {
        let table = RouteTable<String>(caseInsensitive: caseInsensitive)
        let literal = Self.literal(length)
        for sibling in 1..<siblings {
            let other = "\(sibling % 10)\(sibling / 10)" + literal.dropFirst(2)
            try table.add("/\(other)", payload: other)
            try table.add("/\(other)/end", payload: other + " end")
        }
        try table.add("/\(literal)", payload: "literal")
        try table.add("/\(literal)/end", payload: "literal end")
        try table.add("/:other", payload: "parameter")
        try table.add("/:other/end", payload: "parameter end")
        return table
    }

    /// What each way of looking up says for `path`: the owned match's payload, and that the borrowing
    /// lookup and `firstMatch` name the same route.
    private static func payload(_ table: RouteTable<String>, _ path: String) throws -> String? {
        let owned = try table.match(path)
        #expect(table.firstMatch(path) == owned?.route.id, "\(path)")
        #expect(try table.withMatch(path) { $0?.route } == owned?.route.id, "\(path)")
        return owned?.route.payload
    }

    @Test(arguments: [false, true], siblingCounts)
    func literalsOfNineToFortyBytesAreFoundAndOnlyThey(caseInsensitive: Bool, siblings: Int) throws {
        for length in 9...40 {
            let table = try Self.table(length, siblings: siblings, caseInsensitive: caseInsensitive)
            let literal = Self.literal(length)
            #expect(try Self.payload(table, "/\(literal)") == "literal")
            #expect(try Self.payload(table, "/\(literal)/end") == "literal end")
            let bytes = Array(literal.utf8)
            for position in 0..<length {
                var changed = bytes
                changed[position] = UInt8(ascii: "_")
                let differing = String(decoding: changed, as: UTF8.self)
                #expect(try Self.payload(table, "/\(differing)") == "parameter", "\(differing)")
                #expect(try Self.payload(table, "/\(differing)/end") == "parameter end", "\(differing)")
                // One letter in the other case: the same literal to a case-insensitive table alone.
                let letter = bytes[position]
                guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter | 0x20) else { continue }
                changed[position] = letter ^ 0x20
                let recased = String(decoding: changed, as: UTF8.self)
                #expect(try Self.payload(table, "/\(recased)") == (caseInsensitive ? "literal" : "parameter"), "\(recased)")
                #expect(try Self.payload(table, "/\(recased)/end") == (caseInsensitive ? "literal end" : "parameter end"), "\(recased)")
            }
            for other in [literal + "x", literal + "_", "x" + literal, String(literal.dropLast()), String(literal.dropFirst()),
                          String(literal.prefix(length / 2)) + "x" + literal.dropFirst(length / 2)] {
                #expect(try Self.payload(table, "/\(other)") == "parameter", "\(other)")
                #expect(try Self.payload(table, "/\(other)/end") == "parameter end", "\(other)")
                #expect(try Self.payload(table, "/\(other)/end/more") == nil, "\(other)")
            }
            #expect(try Self.payload(table, "/\(literal.uppercased())/end") == (caseInsensitive ? "literal end" : "parameter end"))
            #expect(try Self.payload(table, "/\(literal)/end/more") == nil)
        }
    }
}

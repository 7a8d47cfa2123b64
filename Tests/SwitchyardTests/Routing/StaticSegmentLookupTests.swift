import Testing
@testable import Switchyard

/// Static segments of up to 8 bytes are compared as one packed word, longer ones byte by byte; nodes
/// with more than 8 static children look them up in a hash table. Every combination must find the same routes.
@Suite struct StaticSegmentLookupTests {
    private static let words = ["a", "ab", "abcdefgh", "abcdefghi", "settings", "notifications", "x1", "x2", "x3", "x4"]

    @Test(arguments: [false, true], [3, 10])
    func staticChildrenAreFoundWhateverTheirLengthAndNumber(caseInsensitive: Bool, siblings: Int) throws {
        let table = RouteTable<String>(caseInsensitive: caseInsensitive)
        for word in Self.words.prefix(siblings) { try table.add("/root/\(word)/end", payload: word) }
        try table.add("/root/:other/end", payload: "parameter")
        for word in Self.words.prefix(siblings) {
            #expect(try table.match("/root/\(word)/end")?.route.payload == word)
            let shouted = "/root/\(word.uppercased())/end"
            #expect(try table.match(shouted)?.route.payload == (caseInsensitive ? word : "parameter"))
        }
        #expect(try table.match("/root/abcdefg/end")?.route.payload == "parameter")
        #expect(try table.match("/root/abcdefghij/end")?.route.payload == "parameter")
        #expect(try table.match("/root/abcdefgh/other") == nil)
    }
}

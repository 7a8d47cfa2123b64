import Testing
@testable import Switchyard

/// A static child is found by its literal's first 8 bytes and length (kept in the edge that leads to
/// it), a longer literal confirmed a word at a time; nodes with more than `FrozenTrie.hashThreshold`
/// static children look them up in a hash table of those words. Every combination must find the same routes.
@Suite struct StaticSegmentLookupTests {
    private static let words = ["a", "ab", "abcdefgh", "abcdefghi", "settings", "notifications"]
        + (1...FrozenTrie.hashThreshold).map { "x\($0)" }
    /// Scanned, and enough to be hashed.
    private static let siblingCounts = [3, FrozenTrie.hashThreshold + 4]

    @Test(arguments: [false, true], siblingCounts)
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

    /// Literals longer than 8 bytes that share their first 8 bytes and their length share a hash and
    /// an edge word: only the rest of their bytes (the overlapping last word included) tells them apart.
    @Test(arguments: [false, true], siblingCounts)
    func longLiteralsSharingTheirFirstWordAreToldApart(caseInsensitive: Bool, siblings: Int) throws {
        let table = RouteTable<String>(caseInsensitive: caseInsensitive)
        let words = (0..<siblings).map { "notifications-\(Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))))x" }
            + ["notificationsXYZ-longer-than-16"]
        for word in words { try table.add("/\(word)/:id", payload: word) }
        try table.add("/:other/:id", payload: "parameter")
        for word in words {
            #expect(try table.match("/\(word)/1")?.route.payload == word)
            #expect(table.firstMatch("/\(word)/1") == (try table.match("/\(word)/1"))?.route.id)
            #expect(try table.withMatch("/\(word)/1") { $0?.pattern } == "/\(word)/:id")
            #expect(try table.match("/\(word.uppercased())/1")?.route.payload == (caseInsensitive ? word : "parameter"))
        }
        #expect(try table.match("/notifications-ay/1")?.route.payload == "parameter")      // last byte differs
        #expect(try table.match("/notificationsXYZ-longer-than-1X/1")?.route.payload == "parameter")
    }

    /// A short segment is read as one word from the bytes after it, or else before it, or (in a path
    /// shorter than 8 bytes) byte by byte; a case-insensitive table folds that word's letters at once.
    @Test(arguments: [false, true])
    func segmentsAreFoundWhereverTheySitInThePath(caseInsensitive: Bool) throws {
        let table = RouteTable<String>(caseInsensitive: caseInsensitive)
        let words = ["a", "AbC", "@[", "é", "abcdefgh"]
        for word in words {
            try table.add("/\(word)", payload: word)
            try table.add("/\(word)/long-suffix", payload: word + " first")
            try table.add("/long-prefix/\(word)", payload: word + " last")
        }
        try table.add("/:any", payload: "parameter")
        try table.add("/:any/long-suffix", payload: "parameter first")
        try table.add("/long-prefix/:any", payload: "parameter last")
        for word in words {
            #expect(try table.match("/\(word)")?.route.payload == word)
            #expect(try table.match("/\(word)/long-suffix")?.route.payload == word + " first")
            #expect(try table.match("/long-prefix/\(word)")?.route.payload == word + " last")
        }
        #expect(try table.match("/aBc")?.route.payload == (caseInsensitive ? "AbC" : "parameter"))
        #expect(try table.match("/long-prefix/ABCDEFGH")?.route.payload == (caseInsensitive ? "abcdefgh last" : "parameter last"))
        #expect(try table.match("/A/long-suffix")?.route.payload == (caseInsensitive ? "a first" : "parameter first"))
        // Folding touches A–Z only: `@` and `[` sit beside them, `` ` `` and `{` are their +0x20, and
        // `É` is not ASCII.
        #expect(try table.match("/`{")?.route.payload == "parameter")
        #expect(try table.match("/long-prefix/`{")?.route.payload == "parameter last")
        #expect(try table.match("/É")?.route.payload == "parameter")
    }
}

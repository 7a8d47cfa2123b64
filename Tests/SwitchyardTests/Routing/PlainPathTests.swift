import Testing
@testable import Switchyard

/// `match` takes an already normalised path without a query or fragment through a one-pass fast path
/// (`PathSegmenter.splitPlain`, eight bytes at a time); everything else is normalised first. Either way
/// a user must see the same match, so these paths sit on both sides of that line, short and long
/// (the separator falling inside and after the eight-byte words).
@Suite struct PlainPathTests {
    private let table: RouteTable<String> = {
        let table = RouteTable<String>()
        for pattern in ["/", "/alpha", "/alpha/:id", "/alpha/:id/beta/:name", "/files/*path", "/v1.2/.well-known/:x"] {
            try! table.add(pattern, payload: pattern)
        }
        return table
    }()

    @Test(arguments: [
        // path as typed, expected pattern, expected normalised path, expected params
        ("/", "/", "/", [:]),
        ("", "/", "/", [:]),
        ("/alpha", "/alpha", "/alpha", [:]),
        ("/alpha/", "/alpha", "/alpha", [:]),
        ("//alpha", "/alpha", "/alpha", [:]),
        ("/alpha/12345678901234567890", "/alpha/:id", "/alpha/12345678901234567890", ["id": "12345678901234567890"]),
        ("/alpha/1234567/beta/xyz", "/alpha/:id/beta/:name", "/alpha/1234567/beta/xyz", ["id": "1234567", "name": "xyz"]),
        ("/alpha/1234567/beta/xyz/", "/alpha/:id/beta/:name", "/alpha/1234567/beta/xyz", ["id": "1234567", "name": "xyz"]),
        ("/alpha/1234567//beta/xyz", "/alpha/:id/beta/:name", "/alpha/1234567/beta/xyz", ["id": "1234567", "name": "xyz"]),
        ("/alpha/1234567/./beta/xyz", "/alpha/:id/beta/:name", "/alpha/1234567/beta/xyz", ["id": "1234567", "name": "xyz"]),
        ("/alpha/1234567/beta/q/../xyz", "/alpha/:id/beta/:name", "/alpha/1234567/beta/xyz", ["id": "1234567", "name": "xyz"]),
        ("/alpha/1234567/beta/xyz?tab=1", "/alpha/:id/beta/:name", "/alpha/1234567/beta/xyz", ["id": "1234567", "name": "xyz"]),
        ("/alpha/1234567/beta/xyz#top", "/alpha/:id/beta/:name", "/alpha/1234567/beta/xyz", ["id": "1234567", "name": "xyz"]),
        ("/alpha/12345?x", "/alpha/:id", "/alpha/12345", ["id": "12345"]),
        ("/alpha/..", "/", "/", [:]),
        ("/alpha/...", "/alpha/:id", "/alpha/...", ["id": "..."]),
        ("/alpha/.hidden", "/alpha/:id", "/alpha/.hidden", ["id": ".hidden"]),
        ("/alpha/a%2Fb%20c", "/alpha/:id", "/alpha/a%2Fb%20c", ["id": "a/b c"]),
        ("/files/a/b.c/d", "/files/*path", "/files/a/b.c/d", ["path": "a/b.c/d"]),
        ("/files/a/./b", "/files/*path", "/files/a/b", ["path": "a/b"]),
        ("/files", "/files/*path", "/files", ["path": ""]),
        ("/v1.2/.well-known/abc", "/v1.2/.well-known/:x", "/v1.2/.well-known/abc", ["x": "abc"]),
    ] as [(String, String, String, [String: String])])
    func plainAndNormalisedPathsMatchAlike(path: String, pattern: String, normalised: String, params: [String: String]) throws {
        let match = try #require(try table.match(path))
        #expect(match.info.pattern == pattern)
        #expect(match.info.path == normalised)
        #expect(match.info.params == params)
        #expect(table.firstMatch(path) == match.route.id)
    }

    @Test func aQueryOrFragmentIsNeverPartOfAValue() throws {
        let match = try #require(try table.match("/alpha/1234567/beta/x?y#z"))
        #expect(match.info.params["name"] == "x")
        #expect(match.info.query == ["y": ""])
        #expect(match.info.fragment == "z")
    }
}

/// The pattern compiler splits ASCII patterns byte by byte and others character by character; both
/// must say the same thing about the same pattern, columns included.
@Suite struct PatternCompilerPathsTests {
    @Test(arguments: [
        ("/a/:b?/*rest", "/a/:b?/*rest"),
        ("a//:b", "/a/:b"),
        ("/café/:id", "/café/:id"),
        ("/é/:x/*", "/é/:x/*"),
    ])
    func asciiAndUnicodePatternsCompileAlike(text: String, normalised: String) throws {
        #expect(try Pattern(text).text == normalised)
    }

    @Test(arguments: [
        ("/user/:user-id", 8, "may only contain"),
        ("/café/:user-id", 8, "may only contain"),
        ("/x/:1a", 5, "must start with a letter"),
        ("/é/:1a", 5, "must start with a letter"),
        ("/x/:a\u{301}b", 5, "must start with a letter"),
        ("/x/:id?x", 8, "after \"?\""),
        ("/ü/:id?x", 8, "after \"?\""),
    ])
    func errorsPointAtTheSameColumn(text: String, column: Int, reason: String) {
        #expect(throws: PatternError.self) { try Pattern(text) }
        do { _ = try Pattern(text) } catch {
            #expect(error.column == column)
            #expect(error.reason.contains(reason))
        }
    }
}

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

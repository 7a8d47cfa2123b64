import Testing
@testable import Switchyard

/// `match`, `withMatch` and `firstMatch` take an already normalised path without a query or fragment
/// through a one-pass walk (`FrozenTrie.walk`, eight bytes at a time); everything else is normalised
/// first. Either way a user must see the same match, so these paths sit on both sides of that line,
/// short and long (the separator falling inside and after the eight-byte words).
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
        #expect(match.info.params.dictionary == params)
        #expect(table.firstMatch(path) == match.route.id)
        try table.withMatch(path) { lent in
            #expect(lent?.route == match.route.id)
            #expect(lent?.pattern == pattern)
            #expect(lent?.parameterCount == params.count)
            for (name, value) in params { #expect(lent?[parameter: name] == value) }
            #expect(lent?[parameter: "nothing"] == nil)
            #expect(lent?.info.path == normalised)
            #expect(lent?.info.params.dictionary == params)
        }
        try Array(path.utf8).withUnsafeBufferPointer { bytes in
            try table.withMatch(utf8: bytes) { lent in
                #expect(lent?.route == match.route.id)
                #expect(lent?.info.path == normalised)
                #expect(lent?.info.params.dictionary == params)
            }
        }
    }

    /// Bytes that are not UTF-8 match as `String(decoding:)` repairs them, as the `String` overload would.
    @Test func bytesThatAreNotUTF8AreRepairedFirst() throws {
        let bytes: [UInt8] = Array("/alpha/a".utf8) + [0xFF]
        let lent = try bytes.withUnsafeBufferPointer { bytes in
            try table.withMatch(utf8: bytes) { $0.map { ($0.pattern, $0.info.path, $0[parameter: "id"]) } }
        }
        #expect(lent?.0 == "/alpha/:id")
        #expect(lent?.1 == "/alpha/a\u{FFFD}")
        #expect(lent?.2 == "a\u{FFFD}")
    }

    /// What a validator accepts or rejects, and a path nothing matches, are lent alike.
    @Test func validatorsAndMissesAreLentAsMatchGivesThem() throws {
        let table = RouteTable<String>()
        try table.add("/user/new", payload: "new")
        try table.add("/user/:id", validator: { info in Int(info.params["id"]!) }, payload: "number")
        try table.add("/user/:name", payload: "name")
        #expect(try table.withMatch("/user/12") { $0.map { ($0.route.rawValue, $0.info.value as? Int) } }! == (1, 12))
        #expect(try table.withMatch("/user/bob") { $0?.route.rawValue } == 2)
        #expect(try table.withMatch("/user/bob?x=1") { $0?.info.query } == ["x": "1"])
        #expect(try table.withMatch("/user/new") { $0?.route.rawValue } == 0)
        #expect(try table.withMatch("/nowhere") { $0?.route } == nil)
        #expect(try table.withMatch("/user/a%20b") { $0?[parameter: "name"] } == "a b")
        let longPath = "/" + (1...6).map { "p\($0)" }.joined(separator: "/")
        let wide = RouteTable<String>()
        try wide.add("/:a/:b/:c/:d/:e/:f", payload: "six")   // more parameters than a lent match keeps inline
        #expect(try wide.withMatch(longPath) { $0?[parameter: "f"] } == "p6")
        #expect(try wide.match(longPath)?.info.params["f"] == "p6")
    }

    /// The walk finds a segment's end in its first word, its second, or further (and the last
    /// segment from the text's last word): every length on each side of those lines, as a literal and
    /// as a value, with a `?` at each place a long value could hide one.
    @Test func segmentsOfEveryLengthAroundTheWordsMatch() throws {
        let table = RouteTable<String>()
        let lengths = Array(1...26)
        for length in lengths { try table.add("/\(String(repeating: "s", count: length))/:value", payload: "static \(length)") }
        try table.add("/:head/:value", payload: "parameters")
        for length in lengths {
            let literal = String(repeating: "s", count: length)
            let value = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            #expect(try table.withMatch("/\(literal)/\(value)") { $0.map { ($0.pattern, $0[parameter: "value"]) } }!
                    == ("/\(literal)/:value", value))
            #expect(try table.withMatch("/\(value)x/\(literal)") { $0.map { ($0[parameter: "head"], $0[parameter: "value"]) } }!
                    == (value + "x", literal))
            #expect(try table.match("/\(value)x/\(value)")?.info.params["value"] == value)
            for mark in [0, length / 2, length - 1] {
                var hidden = Array(value.utf8)
                hidden[mark] = UInt8(ascii: "?")
                let path = "/\(value)x/" + String(decoding: hidden, as: UTF8.self)
                let expected = String(decoding: hidden[..<mark], as: UTF8.self)
                #expect(try table.withMatch(path) { $0?[parameter: "value"] } == (mark == 0 ? nil : expected), "\(path)")
            }
        }
    }

    /// The walk sends a segment of one or two bytes that could be `.` or `..` (`*`, `,`, `&`, a space,
    /// `&&`) to the full resolution: the match is the same either way.
    @Test func shortSegmentsNearDotsMatchAsAnyOther() throws {
        for value in ["*", ",", "&", " ", "&&", ".,", "(", "$", "..."] {
            let path = "/alpha/" + value
            let expected = value == "..." ? "..." : value
            #expect(try table.match(path)?.info.params["id"] == expected, "\(path)")
            #expect(try table.withMatch(path) { $0?[parameter: "id"] } == expected, "\(path)")
            #expect(table.firstMatch(path) == (try table.match(path))?.route.id)
        }
        #expect(try table.withMatch("/alpha/..") { $0?.pattern } == "/")
        #expect(try table.withMatch("/alpha/.") { $0?.pattern } == "/alpha")
    }

    @Test func aQueryOrFragmentIsNeverPartOfAValue() throws {
        let match = try #require(try table.match("/alpha/1234567/beta/x?y#z"))
        #expect(match.info.params["name"] == "x")
        #expect(match.info.query == ["y": ""])
        #expect(match.info.fragment == "z")
    }
}

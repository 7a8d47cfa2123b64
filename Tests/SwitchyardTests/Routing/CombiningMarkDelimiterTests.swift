import Testing
@testable import Switchyard

/// A delimiter followed by a combining mark ("/\u{301}", "?\u{301}") is one Character in Swift but still a
/// delimiter in a path, as the byte-level lookup sees it. Each case here was found by the fuzzers
/// (Fuzz/corpus/*) and kept as a regression test.
@Suite struct CombiningMarkDelimiterTests {
    @Test func anAbsolutePathStaysAbsolute() {
        // FuzzPathNormalization: resolve("/\u{367}x", against: " /\u{6}") continued the base.
        #expect(PathResolver.resolve("/\u{367}x", against: "/news") == "/\u{367}x")
        #expect(Location(parsing: "/\u{301}a", relativeTo: "/news").path == "/\u{301}a")
    }

    @Test func queryAndFragmentDelimitersAreFoundAsBytes() {
        // FuzzMatcher: "tnra2?\u{301}tum/Itnra2?x=1#f" kept "?\u{301}tum" in the path.
        let location = Location(parsing: "/a?\u{301}x=1&b&\u{301}c=2#\u{301}top")
        #expect(location.path == "/a")
        #expect(location.query == ["\u{301}x": "1", "b": "", "\u{301}c": "2"])
        #expect(location.fragment == "\u{301}top")
        #expect(Location(parsing: location.text) == location)
    }

    @Test func matchAgreesWithTheByteLevelLookup() throws {
        let table = RouteTable<String>()
        try table.add("/a", payload: "a")
        try table.add("/:first/:second", payload: "two")
        let found = try table.match("/a?\u{301}/b")
        #expect(found?.route.payload == "a")
        #expect(found?.info.query == ["\u{301}/b": ""])
        #expect(table.firstMatch("/a?\u{301}/b") == found?.route.id)
    }

    @Test func aDeepLinkWithACombiningMarkAfterTheSlashes() throws {
        // FuzzDeepLink: "myapp://\u{301}album/12://…" was rejected as lacking "://".
        #expect(try DeepLink.parse("myapp://\u{301}album/12").path == "/\u{301}album/12")
        #expect(try DeepLink.parse("myapp://a/\u{301}b.c/d").path == "/a/\u{301}b.c/d")
        #expect(try DeepLink.parse("myapp://a.\u{301}b/c").path == "/c")
    }

    @Test func aPatternSplitsAtEverySlash() throws {
        // FuzzPatternCompiler: "/\u{301}1x" compiled to one static segment containing "/", which no path can match.
        #expect(try Pattern("/a/\u{301}b").segments == [.literal("a"), .literal("\u{301}b")])
        let table = RouteTable<String>()
        try table.add("/a/\u{301}b/:id", name: "marked", payload: "marked")
        let url = try table.url(name: "marked", params: ["id": "7"])
        #expect(try table.match(url)?.info.params == ["id": "7"])
    }

    @Test func aStrayDelimiterWithACombiningMarkIsRejected() {
        #expect(throws: PatternError.self) { try Pattern.compiled("/a?\u{301}") }
        do {
            _ = try Pattern.compiled("/ab#\u{301}")
        } catch {
            #expect(error.column == 4)
            #expect(error.reason.contains("stray \"#\""))
        }
    }
}

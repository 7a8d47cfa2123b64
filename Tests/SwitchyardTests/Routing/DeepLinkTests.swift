import Testing
@testable import Switchyard

@Suite struct DeepLinkTests {
    @Test func customSchemeHostBecomesFirstSegment() throws {
        let location = try DeepLink.parse("myapp://album/123?presentation=sheet")
        #expect(location == Location(path: "/album/123", query: ["presentation": "sheet"]))
        #expect(try DeepLink.parse("myapp://settings").path == "/settings")
        #expect(try DeepLink.parse("myapp://album/1#notes").fragment == "notes")
    }

    @Test func webURLsKeepOnlyThePath() throws {
        #expect(try DeepLink.parse("https://example.com/a/b").path == "/a/b")
        #expect(try DeepLink.parse("http://localhost:8080/a?x=1") == Location(path: "/a", query: ["x": "1"]))
        #expect(try DeepLink.parse("https://example.com").path == "/")
    }

    @Test func dottedHostKeepsOnlyThePath() throws {
        #expect(try DeepLink.parse("myapp://www.example.com/x").path == "/x")
    }

    @Test func emptyHost() throws {
        #expect(try DeepLink.parse("pgm:///a/1").path == "/a/1")
    }

    @Test func invalidURLs() {
        #expect(throws: RoutingError(.invalidURL("album/1", reason: "expected scheme://host/path"))) {
            try DeepLink.parse("album/1")
        }
        #expect(throws: RoutingError(.invalidURL("1app://x", reason: "the scheme \"1app\" must start with a letter and contain only letters, digits, +, - and ."))) {
            try DeepLink.parse("1app://x")
        }
        #expect(throws: RoutingError(.invalidURL("://x", reason: "the scheme \"\" must start with a letter and contain only letters, digits, +, - and ."))) {
            try DeepLink.parse("://x")
        }
        #expect(RoutingError(.invalidURL("x", reason: "expected scheme://host/path")).description
                == "invalid URL \"x\": expected scheme://host/path")
    }
}

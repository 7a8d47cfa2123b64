import Testing
@testable import Switchyard

@Suite struct ReverseRoutingTests {
    private func table() throws -> RouteTable<String> {
        let table = RouteTable<String>()
        try table.add("/album/:id", name: "album", payload: "")
        try table.add("/user/:id/:tab?", name: "user", payload: "")
        try table.add("/files/*path", name: "files", payload: "")
        try table.add("/", name: "home", payload: "")
        return table
    }

    @Test func buildsPathsWithEncodedValues() throws {
        let table = try table()
        #expect(try table.url(name: "album", params: ["id": "12"], query: [("tab", "info")]) == "/album/12?tab=info")
        #expect(try table.url(name: "album", params: ["id": "a b/c"]) == "/album/a%20b%2Fc")
        #expect(try table.url(name: "album", params: ["id": "1"], query: [("q", "a&b"), ("q", "c")]) == "/album/1?q=a%26b&q=c")
        #expect(try table.url(name: "user", params: ["id": "7"]) == "/user/7")
        #expect(try table.url(name: "user", params: ["id": "7", "tab": "posts"]) == "/user/7/posts")
        #expect(try table.url(name: "files", params: ["path": "a b/c"]) == "/files/a%20b/c")
        #expect(try table.url(name: "files", params: [:]) == "/files")
        #expect(try table.url(name: "home", params: [:]) == "/")
    }

    @Test func builtPathsMatchBack() throws {
        let table = try table()
        let url = try table.url(name: "album", params: ["id": "ü 1%"])
        #expect(try table.match(url)?.info.params == ["id": "ü 1%"])
    }

    @Test func missingParameter() throws {
        let table = try table()
        #expect(throws: RoutingError.missingParameter(route: "album", parameter: "id")) {
            try table.url(name: "album", params: [:])
        }
        #expect(throws: RoutingError.missingParameter(route: "album", parameter: "id")) {
            try table.url(name: "album", params: ["id": ""])
        }
        #expect(RoutingError.missingParameter(route: "album", parameter: "id").description
                == "route \"album\" needs a value for parameter \"id\"")
    }

    @Test func unknownNameSuggestsNearNames() throws {
        let table = try table()
        #expect(throws: RoutingError.unknownRouteName("albun", suggestions: ["album"])) {
            try table.url(name: "albun", params: [:])
        }
        #expect(throws: RoutingError.unknownRouteName("zzzzzzzz", suggestions: [])) {
            try table.url(name: "zzzzzzzz", params: [:])
        }
        #expect(RoutingError.unknownRouteName("albun", suggestions: ["album", "albums"]).description
                == "no route is named \"albun\"; did you mean \"album\" or \"albums\"?")
        #expect(RoutingError.unknownRouteName("x", suggestions: []).description == "no route is named \"x\"")
    }
}

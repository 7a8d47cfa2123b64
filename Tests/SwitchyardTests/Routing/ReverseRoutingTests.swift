import Foundation
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

    @Test func dotSegmentsCannotClimbOutOfTheRoute() throws {
        let table = try table()
        try table.add("/admin", name: "admin", payload: "")
        #expect(try table.url(name: "files", params: ["path": "../admin"]) == "/files/%2E%2E/admin")
        #expect(try table.url(name: "album", params: ["id": ".."]) == "/album/%2E%2E")
        #expect(try table.url(name: "album", params: ["id": "."]) == "/album/%2E")
        let climbed = try #require(try table.match(try table.url(name: "files", params: ["path": "../admin"])))
        #expect(climbed.route.pattern.text == "/files/*path")
        #expect(climbed.info.params == ["path": "../admin"])
    }

    /// For random values, the path `url` builds matches its own route with the same values back.
    @Test func urlsOfRandomValuesMatchBackToTheirRoute() throws {
        let table = try table()
        let alphabet = Array("ab./%?#& ü:*-~")
        var seed: UInt64 = 0x5eed
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        func value(allowSlash: Bool) -> String {
            var text = String((0..<(1 + next(5))).map { _ in alphabet[next(alphabet.count)] })
            if !allowSlash { text = text.replacingOccurrences(of: "/", with: "") }
            return text.isEmpty ? "x" : text
        }
        for _ in 0..<2_000 {
            let id = value(allowSlash: true)
            let album = try table.url(name: "album", params: ["id": id])
            #expect(try table.match(album)?.route.name == "album", "\(id) → \(album)")
            #expect(try table.match(album)?.info.params == ["id": id], "\(id) → \(album)")
            // A splat keeps its value's segments; empty ones and trailing slashes are not values it can hold.
            let path = (0..<(1 + next(3))).map { _ in value(allowSlash: false) }.joined(separator: "/")
            let files = try table.url(name: "files", params: ["path": path])
            #expect(try table.match(files)?.route.name == "files", "\(path) → \(files)")
            #expect(try table.match(files)?.info.params == ["path": path], "\(path) → \(files)")
        }
    }

    @Test func builtPathsMatchBack() throws {
        let table = try table()
        let url = try table.url(name: "album", params: ["id": "ü 1%"])
        #expect(try table.match(url)?.info.params == ["id": "ü 1%"])
    }

    @Test func missingParameter() throws {
        let table = try table()
        #expect(throws: RoutingError(.missingParameter(route: "album", parameter: "id"))) {
            try table.url(name: "album", params: [:])
        }
        #expect(throws: RoutingError(.missingParameter(route: "album", parameter: "id"))) {
            try table.url(name: "album", params: ["id": ""])
        }
        #expect(RoutingError(.missingParameter(route: "album", parameter: "id")).description
                == "route \"album\" needs a value for parameter \"id\"")
    }

    @Test func unknownNameSuggestsNearNames() throws {
        let table = try table()
        #expect(throws: RoutingError(.unknownRouteName("albun", suggestions: ["album"]))) {
            try table.url(name: "albun", params: [:])
        }
        #expect(throws: RoutingError(.unknownRouteName("zzzzzzzz", suggestions: []))) {
            try table.url(name: "zzzzzzzz", params: [:])
        }
        #expect(RoutingError(.unknownRouteName("albun", suggestions: ["album", "albums"])).description
                == "no route is named \"albun\"; did you mean \"album\" or \"albums\"?")
        #expect(RoutingError(.unknownRouteName("x", suggestions: [])).description == "no route is named \"x\"")
    }
}

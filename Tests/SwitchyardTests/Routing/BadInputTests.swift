import Testing
@testable import Switchyard

@Suite struct BadInputTests {
    private func table() throws -> RouteTable<String> {
        let table = RouteTable<String>()
        try table.add("/", payload: "root")
        try table.add("/a/:x", payload: "param")
        try table.add("/:o?/:p?/:q?/z", payload: "optionals")
        try table.add("/files/*", payload: "splat")
        return table
    }

    @Test func emptyPathIsTheRoot() throws {
        let table = try table()
        #expect(try table.match("")?.route.payload == "root")
        #expect(table.firstMatch("") == RouteID(rawValue: 0))
        #expect(try table.match("?x=1")?.info.query == ["x": "1"])
    }

    @Test func oneMegabytePath() throws {
        let table = try table()
        let segment = String(repeating: "x", count: 1 << 20)
        #expect(try table.match("/a/" + segment)?.info.params["x"]?.count == 1 << 20)
        #expect(try table.match("/b/" + segment) == nil)
        #expect(table.firstMatch("/a/" + segment) == RouteID(rawValue: 1))
    }

    @Test func tenThousandSegments() throws {
        let table = try table()
        let deep = String(repeating: "/s", count: 10_000)
        #expect(try table.match(deep) == nil)
        #expect(table.firstMatch(deep) == nil)
        #expect(try table.match("/files" + deep)?.info.params["*"]?.count == 10_000 * 2 - 1)
        #expect(table.explain(deep).winner == nil)
        #expect(table.suggestions(for: deep).count == 3)
        #expect(PathResolver.normalize(deep + String(repeating: "/..", count: 20_000)) == "/")
    }

    @Test func optionalsBacktrackWithoutBlowingUp() throws {
        let table = try table()
        #expect(try table.match("/a/b/c/z")?.info.params == ["o": "a", "p": "b", "q": "c"])
        #expect(try table.match("/z")?.info.params == [:])
        #expect(try table.match("/a/b/c/d/z") == nil)
    }

    @Test func nulBytes() throws {
        let table = try table()
        #expect(try table.match("/a/x\u{0}y")?.info.params == ["x": "x\u{0}y"])
        #expect(try table.match("/a/%00")?.info.params == ["x": "\u{0}"])
        #expect(try table.match("/\u{0}") == nil)
    }

    @Test func invalidUTF8() throws {
        let table = try table()
        let path = String(decoding: [0x2F, 0x61, 0x2F, 0xFF, 0xC3] as [UInt8], as: UTF8.self)
        #expect(try table.match(path)?.info.params == ["x": "\u{FFFD}\u{FFFD}"])
        #expect(table.firstMatch(path) == RouteID(rawValue: 1))
        #expect(try table.match("/a/%FF%C3")?.info.params == ["x": "%FF%C3"])
        #expect(table.firstMatch(utf8: [0x2F, 0x61, 0x2F, 0xFF, 0x00, 0xC3]) == RouteID(rawValue: 1))
        #expect(table.firstMatch(utf8: [0xFF, 0xFE]) == nil)
        #expect(table.firstMatch(utf8: []) == RouteID(rawValue: 0))
    }

    @Test func malformedEscapes() throws {
        let table = try table()
        #expect(try table.match("/a/%")?.info.params == ["x": "%"])
        #expect(try table.match("/a/%zz")?.info.params == ["x": "%zz"])
        #expect(try table.match("/a/b?k=%&%zz=1")?.info.query == ["k": "%", "%zz": "1"])
    }

    @Test func hostilePatterns() {
        let table = RouteTable<String>()
        #expect(throws: RoutingError.self) { try table.add("/\u{0}:x", payload: "") }
        #expect(throws: RoutingError.self) { try table.add(String(repeating: "/*", count: 3), payload: "") }
        #expect(table.count == 0)
    }

    @Test func deepPatterns() throws {
        let table = RouteTable<String>()
        let pattern = String(repeating: "/s", count: 5_000) + "/:x"
        try table.add(pattern, payload: "deep")
        #expect(try table.match(String(repeating: "/s", count: 5_001))?.info.params == ["x": "s"])
    }
}

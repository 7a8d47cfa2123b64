import Testing
@testable import Switchyard

/// A match's info reads its path and pattern through its parameters (one reference for all three);
/// what a caller sets must still read back as set, and copies must stay independent.
@Suite struct RouteInfoTests {
    private func matched() throws -> RouteInfo {
        let table = RouteTable<Int>()
        try table.add("/album/:id", payload: 1)
        return try #require(try table.match("/album/12")).info
    }

    @Test func aMatchReportsItsPathPatternAndParameters() throws {
        let info = try matched()
        #expect(info.path == "/album/12")
        #expect(info.pattern == "/album/:id")
        #expect(info.params == ["id": "12"])
        #expect(info.query.isEmpty && info.fragment == nil && info.value == nil)
    }

    @Test func settingPathOrPatternChangesOnlyThatField() throws {
        var info = try matched()
        info.pattern = ""
        #expect(info.pattern == "")
        #expect(info.path == "/album/12")
        info.path = "/elsewhere"
        #expect(info.path == "/elsewhere")
        #expect(info.params["id"] == "12")
    }

    @Test func replacingTheParametersKeepsPathAndPattern() throws {
        var info = try matched()
        info.params = ["name": "x"]
        #expect(info.params == ["name": "x"])
        #expect(info.path == "/album/12")
        #expect(info.pattern == "/album/:id")
    }

    @Test func copiesKeepTheirOwnQueryFragmentAndValue() throws {
        let original = try matched()
        var copy = original
        copy.query = ["tab": "info"]
        copy.fragment = "top"
        copy.value = 12
        #expect(copy.query == ["tab": "info"] && copy.fragment == "top" && copy.value as? Int == 12)
        #expect(original.query.isEmpty && original.fragment == nil && original.value == nil)
        copy.query = [:]
        copy.fragment = nil
        copy.value = nil
        #expect(copy.query.isEmpty && copy.fragment == nil && copy.value == nil)
    }

    @Test func anInfoBuiltByHandReadsBackAsGiven() {
        let info = RouteInfo(path: "/p", pattern: "/:x", params: ["x": "p"], query: ["q": "1"], fragment: "f", value: "v")
        #expect(info.path == "/p" && info.pattern == "/:x" && info.params == ["x": "p"])
        #expect(info.query == ["q": "1"] && info.fragment == "f" && info.value as? String == "v")
    }
}

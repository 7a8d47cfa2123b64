import Testing
@testable import Switchyard

/// A match's parameters and parameters built by hand have one origin type (`RouteDeclaration`, a
/// final class the compiler checks `Sendable`): a match's names its route, its pattern and its typed
/// parameters; one built by hand names none of them.
@Suite struct ParameterOriginTests {
    @Test func handBuiltParametersHaveNoRouteNoPatternAndNoTypes() {
        let info = RouteInfo(path: "/album/12", params: Parameters(["id": "12"]), query: [:], fragment: nil)
        #expect(info.pattern == "")
        #expect(info.matchedRoute == nil)
        #expect(info.params.types == nil)
        #expect(info.params.meta == nil)
        #expect(info.params["id"] == "12")
        #expect(RouteInfo.unmatched.matchedRoute == nil)
        // The pattern of no route has no segments (reading them must not trap on the empty text).
        #expect(Pattern.none.segments.isEmpty)
    }

    @Test func aMatchsParametersCarryItsDeclaration() throws {
        let table = RouteTable<String>()
        try table.add("/album/new", payload: "new")
        try table.add("/album/:id", name: "album", parameterTypes: ["id": .int], payload: "album")
        let info = try #require(try table.match("/album/12")).info
        #expect(info.pattern == "/album/:id")
        #expect(info.matchedRoute == RouteID(rawValue: 1))
        #expect(info.params.types?.type(of: "id") == .int)
        #expect(try table.match("/album/twelve") == nil)
    }

    @Test func patternSegmentsAreReadBackFromTheText() throws {
        #expect(try Pattern("/").segments.isEmpty)
        #expect(try Pattern("/album/:id/:tab?/*rest").segments
                == [.literal("album"), .parameter("id"), .optional("tab"), .splat("rest")])
        #expect(try Pattern("/files/*").segments == [.literal("files"), .splat("*")])
        #expect(try Pattern("/café/:id").segments == [.literal("café"), .parameter("id")])
    }
}

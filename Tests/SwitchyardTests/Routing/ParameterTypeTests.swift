import Testing
@testable import Switchyard

/// Typed parameters (issue 33): a value that does not fit is no match, the next candidate wins, and
/// `url` refuses it with the route and the parameter named.
@Suite struct ParameterTypeTests {
    private func typed(_ pattern: String, _ types: [(String, ParameterType)]) throws -> ParameterTypes {
        try #require(ParameterTypes(types, pattern: try Pattern(pattern)))
    }

    private func table() throws -> RouteTable<String> {
        let table = RouteTable<String>()
        try table.add("/album/:id", name: "album", validator: nil,
                      parameterTypes: try typed("/album/:id", [("id", .int)]), payload: "by id")
        try table.add("/album/:slug", payload: "by slug")
        try table.add("/grid/:view/:page?", name: "grid", validator: nil,
                      parameterTypes: try typed("/grid/:view/:page?", [("view", .oneOf(["grid", "list"])), ("page", .int)]),
                      payload: "grid")
        return table
    }

    @Test func aValueThatDoesNotFitFallsThroughToTheNextCandidate() throws {
        let table = try table()
        #expect(try table.match("/album/12")?.route.payload == "by id")
        #expect(try table.match("/album/-3")?.route.payload == "by id")
        #expect(try table.match("/album/abc")?.route.payload == "by slug")
        #expect(try table.match("/album/12a?x=1")?.route.payload == "by slug")
        #expect(try table.match("/album/./12#top")?.route.payload == "by id")
        #expect(try table.withMatch("/album/abc") { $0?.route } == table.route(withPattern: "/album/:slug")?.id)
        #expect(try table.withMatch("/album/7") { $0?[parameter: "id"] } == "7")
    }

    @Test func optionalParametersAreCheckedOnlyWhenPresent() throws {
        let table = try table()
        #expect(try table.match("/grid/list")?.route.payload == "grid")
        #expect(try table.match("/grid/list/2")?.route.payload == "grid")
        #expect(try table.match("/grid/list/two") == nil)
        #expect(try table.match("/grid/tiles") == nil)
    }

    @Test func theCoercedValuesComeFromTheMatch() throws {
        let table = try table()
        let params = try #require(try table.match("/grid/list/2")?.info.params)
        #expect(params.typedValues.map(\.name) == ["view", "page"])
        #expect(params.typedValues.map(\.value) == [.text("list"), .integer(2)])
        #expect(try table.match("/album/abc")?.info.params.typedValues.isEmpty == true)
    }

    @Test func explainSaysWhichValueDidNotFit() throws {
        let explanation = try table().explain("/album/abc")
        #expect(explanation.entries[0].outcome == .parameterRefused("id \"abc\" is not an int"))
        #expect(explanation.description.contains("/album/:id          matched, but id \"abc\" is not an int"))
        #expect(explanation.winner == (try table().route(withPattern: "/album/:slug")?.id))
    }

    @Test func urlRefusesAValueOfTheWrongTypeNamingRouteAndParameter() throws {
        let table = try table()
        #expect(try table.url(name: "album", params: ["id": "12"]) == "/album/12")
        #expect(throws: RoutingError(.invalidParameter(route: "album", reason: "id \"x\" is not an int"))) {
            try table.url(name: "album", params: ["id": "x"])
        }
        #expect(throws: RoutingError(.invalidParameter(route: "grid", reason: "view \"tiles\" is not one of grid, list"))) {
            try table.url(name: "grid", params: ["view": "tiles"])
        }
        #expect(RoutingError(.invalidParameter(route: "album", reason: "id \"x\" is not an int")).description
                == "route \"album\": id \"x\" is not an int")
    }

    @Test func eachTypeTakesWhatItSaysAndNothingElse() throws {
        #expect(try ParameterType.int.coerced("007") == .integer(7))
        #expect(try ParameterType.int.coerced("99999999999999999999") == nil)
        #expect(try ParameterType.int.coerced("-") == nil)
        #expect(try ParameterType.int.coerced("1.0") == nil)
        #expect(try ParameterType.number.coerced("-1.5e3") == .number(-1500))
        #expect(try ParameterType.number.coerced("inf") == nil)
        #expect(try ParameterType.number.coerced("0x10") == nil)
        #expect(try ParameterType.bool.coerced("true") == .boolean(true))
        #expect(try ParameterType.bool.coerced("yes") == nil)
        #expect(try ParameterType.uuid.coerced("123E4567-e89b-12d3-a456-426614174000") == .text("123E4567-e89b-12d3-a456-426614174000"))
        #expect(try ParameterType.uuid.coerced("123e4567-e89b-12d3-a456-42661417400g") == nil)
        let slug = ParameterType.matching(description: "lowercase", accepts: ParameterMatcher { $0 == $0.lowercased() })
        #expect(try slug.coerced("abc") == .text("abc"))
        #expect(try slug.coerced("Abc") == nil)
        #expect(slug.refusal(of: "Abc", parameter: "slug") == "slug \"Abc\" does not match lowercase")
    }

    @Test func aTypedRouteIsNoObstacleToAnEquivalentPatternAfterIt() throws {
        let table = RouteTable<String>()
        try table.add("/a/:x", payload: "")
        #expect(throws: RoutingError.self) { try table.add("/a/:y", payload: "") }
        try table.add("/b/:x", validator: nil, parameterTypes: try typed("/b/:x", [("x", .int)]), payload: "")
        try table.add("/b/:y", payload: "")
    }

    @Test func typesNamingNoParameterOfThePatternAreRefused() throws {
        #expect(ParameterTypes([("idd", .int)], pattern: try Pattern("/album/:id")) == nil)
    }
}

@Suite struct ParameterTypeDictionaryTests {
    @Test func anEmbedderDeclaresTypesByName() throws {
        let table = RouteTable<String>()
        try table.add("/album/:id", parameterTypes: ["id": .int], payload: "typed")
        #expect(try table.match("/album/1")?.route.payload == "typed")
        #expect(try table.match("/album/x") == nil)
        #expect(throws: RoutingError(.invalidParameter(route: "/b/:id", reason: "idd is not a parameter of the pattern"))) {
            try table.add("/b/:id", parameterTypes: ["idd": .int], payload: "")
        }
    }
}

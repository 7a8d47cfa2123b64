import Testing
@testable import Switchyard

/// Query schemas (issue 33.2) in the core: values checked where validators run, a wrong one no match
/// or an error as the route says, defaults filled in, `url` checking what it writes, and a route
/// without a schema left on the lookup's fast path.
@Suite struct QuerySchemaTests {
    private func table() throws -> RouteTable<String> {
        let table = RouteTable<String>()
        let list = try QuerySchema([.init(key: "page", type: .int, defaultValue: "1"),
                                    .init(key: "sort", type: .oneOf(["name", "year"]))], mismatch: .noMatch)
        try table.add("/albums", name: "albums", parameterTypes: nil, querySchema: list, payload: "list")
        try table.add("/albums", name: "albums_fallback", parameterTypes: nil, payload: "fallback")
        let album = try QuerySchema([.init(key: "tab", type: .oneOf(["info", "tracks"]), defaultValue: "info")], mismatch: .error)
        try table.add("/album/:id", name: "album", parameterTypes: nil, querySchema: album, payload: "album")
        try table.add("/plain/:id", parameterTypes: nil, payload: "plain")
        return table
    }

    @Test func aWrongValueFallsThroughToTheNextCandidate() throws {
        let table = try table()
        #expect(try table.match("/albums?page=2&sort=year")?.route.payload == "list")
        #expect(try table.match("/albums")?.route.payload == "list")
        #expect(try table.match("/albums?page=two")?.route.payload == "fallback")
        #expect(try table.match("/albums?sort=price")?.route.payload == "fallback")
        #expect(try table.withMatch("/albums?page=two") { $0?.route } == table.route(named: "albums_fallback")?.id)
    }

    @Test func aWrongValueOnAnErrorRouteThrowsNamingRouteKeyAndValue() throws {
        let table = try table()
        #expect(try table.match("/album/7?tab=tracks")?.route.payload == "album")
        #expect(throws: QuerySchemaError.self) { try table.match("/album/7?tab=lyrics") }
        do {
            _ = try table.match("/album/7?tab=lyrics")
        } catch {
            #expect("\(error)" == "route \"album\": query tab \"lyrics\" is not one of info, tracks")
        }
    }

    @Test func declaredValuesAreCoercedDefaultsFilledAndOtherKeysPassThrough() throws {
        let params = try #require(try table().match("/albums?sort=name&ref=mail")?.info.params)
        let schema = try #require(params.querySchema)
        let values = schema.coerced(["sort": "name", "ref": "mail"])
        #expect(values.map(\.key) == ["page", "ref", "sort"])
        #expect(values.map(\.value) == [.integer(1), .text("mail"), .text("name")])
        #expect(schema.coerced(["page": "12"]).first?.value == .integer(12))
    }

    @Test func aDefaultThatDoesNotFitItsOwnTypeIsRefused() {
        #expect(throws: QuerySchemaError.self) {
            try QuerySchema([.init(key: "tab", type: .oneOf(["info", "tracks"]), defaultValue: "lyrics")], mismatch: .noMatch)
        }
        #expect(throws: QuerySchemaError.self) {
            try QuerySchema([.init(key: "page", type: .int, defaultValue: "first")], mismatch: .noMatch)
        }
        #expect(throws: QuerySchemaError.self) {
            try QuerySchema([.init(key: "q", type: nil, defaultValue: "x", required: true)], mismatch: .noMatch)
        }
    }

    @Test func aRequiredKeyThatIsMissingIsAMismatch() throws {
        let schema = try QuerySchema([.init(key: "q", type: nil, required: true)], mismatch: .noMatch)
        #expect(try schema.refusal(in: [:]) == "query q is required")
        #expect(try schema.refusal(in: ["q": "swift"]) == nil)
    }

    @Test func urlChecksTheQueryItWrites() throws {
        let table = try table()
        #expect(try table.url(name: "albums", params: [:], query: [("page", "2")]) == "/albums?page=2")
        #expect(try table.url(name: "albums", params: [:], query: [("other", "x")]) == "/albums?other=x")
        #expect(throws: RoutingError(.invalidParameter(route: "albums", reason: "query page \"x\" is not an int"))) {
            try table.url(name: "albums", params: [:], query: [("page", "x")])
        }
    }

    @Test func explainSaysWhichQueryValueWasRefused() throws {
        let table = try table()
        let explanation = table.explain("/albums?page=two")
        let list = try #require(table.route(named: "albums")?.id)
        #expect(explanation.entries.first { $0.route == list }?.outcome == .parameterRefused("query page \"two\" is not an int"))
        #expect(explanation.winner == table.route(named: "albums_fallback")?.id)
        let failed = table.explain("/album/7?tab=lyrics")
        #expect(failed.description.contains("matched, but query tab \"lyrics\" is not one of info, tracks: an error (query_mismatch = \"error\")"))
    }

    @Test func aRouteWithoutASchemaStaysOnTheFastPathAndOneWithASchemaGoesToTheCandidates() throws {
        let table = try table()
        let lookup = table.lookup
        var plain = "/plain/3"
        if case .hit = plain.withUTF8({ lookup.find($0) }) {} else { Issue.record("an untyped route without a schema is a hit") }
        var listed = "/albums"
        if case .unsettled(.needsCandidates) = listed.withUTF8({ lookup.find($0) }) {} else {
            Issue.record("a route with a schema is checked where validators run")
        }
    }

    @Test func anEquivalentPatternAfterAnErrorRouteIsStillADuplicate() throws {
        let table = try table()
        #expect(throws: RoutingError.self) { try table.add("/album/:slug", parameterTypes: nil, payload: "dead") }
    }
}

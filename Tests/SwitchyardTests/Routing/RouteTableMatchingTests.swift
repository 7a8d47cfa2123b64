import Testing
@testable import Switchyard

private struct Rejected: Error, Equatable {}

@Suite struct RouteTableMatchingTests {
    private func table(_ patterns: String...) throws -> RouteTable<String> {
        let table = RouteTable<String>()
        for pattern in patterns { try table.add(pattern, payload: pattern) }
        return table
    }

    private func winner(_ table: RouteTable<String>, _ path: String) throws -> String? {
        try table.match(path)?.route.payload
    }

    @Test func staticAndParameters() throws {
        let table = try table("/", "/news", "/album/:id")
        #expect(try winner(table, "/") == "/")
        #expect(try winner(table, "") == "/")
        #expect(try winner(table, "/news") == "/news")
        let match = try #require(try table.match("/album/12?tab=info&x#top"))
        #expect(match.info.path == "/album/12")
        #expect(match.info.pattern == "/album/:id")
        #expect(match.info.params == ["id": "12"])
        #expect(match.info.query == ["tab": "info", "x": ""])
        #expect(match.info.fragment == "top")
        #expect(match.info.value == nil)
        #expect(try table.match("/album") == nil)
        #expect(try table.match("/album/1/2") == nil)
        #expect(try table.match("/News") == nil)
    }

    /// Ranks come from one word per pattern up to 21 segments, from the segments themselves past
    /// that: a table with one long pattern must rank every other route as a table without it does.
    @Test func aVeryLongPatternLeavesTheOtherRanksAsTheyWere() throws {
        let patterns = ["/a/*rest", "/a/:id?", "/a/:id", "/a/b", "/a", "/a/:id/c", "/:x/b", "/a/b/:y?", "/*all", "/"]
        let short = RouteTable<String>()
        let long = RouteTable<String>()
        for pattern in patterns {
            try short.add(pattern, payload: pattern)
            try long.add(pattern, payload: pattern)
        }
        try long.add("/" + (1...22).map { "s\($0)" }.joined(separator: "/"), payload: "long")
        let expected = ["/", "/a", "/a/b", "/a/b/:y?", "/a/:id", "/a/:id/c", "/a/:id?", "/a/*rest", "/:x/b", "/*all"]
        #expect(short.rankOrder.map { patterns[$0] } == expected)
        #expect(long.rankOrder.filter { $0 < patterns.count }.map { patterns[$0] } == expected)
    }

    @Test func pathIsNormalisedBeforeMatching() throws {
        let table = try table("/album/:id")
        let match = try #require(try table.match("album//x/../12/"))
        #expect(match.info.path == "/album/12")
        #expect(match.info.params == ["id": "12"])
    }

    @Test func optionalSegmentAbsentOrPresent() throws {
        let table = try table("/user/:id?")
        #expect(try table.match("/user")?.info.params == [:])
        #expect(try table.match("/user/7")?.info.params == ["id": "7"])
        #expect(try table.match("/user/7/8") == nil)
    }

    @Test func optionalInTheMiddle() throws {
        let table = try table("/:lang?/docs/:page")
        #expect(try table.match("/docs/intro")?.info.params == ["page": "intro"])
        #expect(try table.match("/fr/docs/intro")?.info.params == ["lang": "fr", "page": "intro"])
        #expect(try table.match("/docs/docs")?.info.params == ["page": "docs"])
        #expect(try table.match("/docs/docs/x")?.info.params == ["lang": "docs", "page": "x"])
    }

    @Test func splatTakesTheRest() throws {
        let table = try table("/news/*", "/files/*path")
        #expect(try table.match("/news")?.info.params == ["*": ""])
        #expect(try table.match("/news/2024/05//x")?.info.params == ["*": "2024/05/x"])
        #expect(try table.match("/files/a%20b/c")?.info.params == ["path": "a b/c"])
    }

    @Test func capturesArePercentDecodedAfterMatching() throws {
        let table = try table("/album/:id", "/a%2Fb")
        #expect(try table.match("/album/a%2Fb")?.info.params == ["id": "a/b"])
        #expect(try table.match("/album/%zz")?.info.params == ["id": "%zz"])
        #expect(try table.match("/album/50%")?.info.params == ["id": "50%"])
        #expect(try table.match("/album/%C3%BC")?.info.params == ["id": "ü"])
        #expect(try winner(table, "/a%2Fb") == "/a%2Fb")
    }

    @Test func staticBeatsParameterBeatsOptionalBeatsSplat() throws {
        let table = try table("/a/*", "/a/:x?", "/a/:x", "/a/b")
        #expect(try winner(table, "/a/b") == "/a/b")
        #expect(try winner(table, "/a/c") == "/a/:x")
        #expect(try winner(table, "/a") == "/a/:x?")
        #expect(try winner(table, "/a/b/c") == "/a/*")
        #expect(try table.matchAll("/a/b").map(\.route.payload) == ["/a/b", "/a/:x", "/a/:x?", "/a/*"])
        #expect(table.rankedRoutes.map(\.payload) == ["/a/b", "/a/:x", "/a/:x?", "/a/*"])
        #expect(table.routes.map(\.payload) == ["/a/*", "/a/:x?", "/a/:x", "/a/b"])
    }

    @Test func rankingIsDecidedFromTheLeft() throws {
        let table = try table("/:a/b", "/a/:b")
        #expect(try winner(table, "/a/b") == "/a/:b")
        #expect(try table.matchAll("/a/b").map(\.route.payload) == ["/a/:b", "/:a/b"])
    }

    @Test func anEndedPatternBeatsOptionalAndSplat() throws {
        let table = try table("/a/*", "/a/:x?", "/a")
        #expect(try table.matchAll("/a").map(\.route.payload) == ["/a", "/a/:x?", "/a/*"])
    }

    @Test func skippedOptionalAlignmentCanOutrankTheConsumedOne() throws {
        // "/x/y": consuming :o leaves "/y" for the rest; skipping it lets the static "x" match.
        let table = try table("/:o?/:p/y", "/:o?/x/y")
        #expect(try winner(table, "/x/y") == "/:o?/x/y")
        #expect(table.firstMatch("/x/y") == RouteID(rawValue: 1))
    }

    @Test func tiesGoByDeclarationOrder() throws {
        let table = try table("/a/:x", "/:y/b")
        #expect(try table.matchAll("/a/b").map(\.route.payload) == ["/a/:x", "/:y/b"])
        let other = try self.table("/:a/:b/c", "/:a/:b/d")
        #expect(other.rankedRoutes.map(\.payload) == ["/:a/:b/c", "/:a/:b/d"])
    }

    @Test func validatorFallsThroughToTheNextCandidate() throws {
        let table = RouteTable<String>()
        try table.add("/album/:id", validator: { info in Int(info.params["id"]!) }, payload: "numeric")
        try table.add("/album/:slug", payload: "slug")
        try table.add("/:section/:id", payload: "section")
        let numeric = try #require(try table.match("/album/12"))
        #expect(numeric.route.payload == "numeric")
        #expect(numeric.info.value as? Int == 12)
        #expect(try table.match("/album/abc")?.route.payload == "slug")
        #expect(try table.matchAll("/album/12").map(\.route.payload) == ["numeric", "slug", "section"])
        #expect(try table.matchAll("/album/abc").map(\.route.payload) == ["slug", "section"])
    }

    /// A validator may declare routes into the table it is matching in (the lookup it started with
    /// is replaced mid-match); the match finishes with the candidates it found, and the next one sees
    /// the new route. Run under ASan by `scripts/test`.
    @Test func aValidatorDeclaringIntoItsOwnTableFinishesTheMatch() throws {
        let table = RouteTable<String>()
        var declared = false
        try table.add("/a/:x", validator: { [unowned table] info in
            if !declared {
                declared = true
                try table.add("/a/new", payload: "declared mid-match")
            }
            return info.params["x"] == "b" ? nil : 1
        }, payload: "validated")
        try table.add("/:y/:x", payload: "fallback")
        let found = try #require(try table.match("/a/b"))
        #expect(found.route.payload == "fallback")
        #expect(found.info.pattern == "/:y/:x")
        #expect(found.info.params == ["y": "a", "x": "b"])
        #expect(try table.match("/a/new")?.route.payload == "declared mid-match")
        #expect(try table.match("/a/c")?.info.value as? Int == 1)
    }

    @Test func fallThroughAcrossShapes() throws {
        let table = RouteTable<String>()
        try table.add("/a/b", validator: { _ in nil }, payload: "static")
        try table.add("/a/:x", payload: "param")
        #expect(try table.match("/a/b")?.route.payload == "param")
        #expect(try table.matchAll("/a/b").map(\.route.payload) == ["param"])
    }

    @Test func everyCandidateRejectedIsNoMatch() throws {
        let table = RouteTable<String>()
        try table.add("/a/:x", validator: { _ in nil }, payload: "param")
        #expect(try table.match("/a/b") == nil)
    }

    @Test func validatorErrorsPropagate() throws {
        let table = RouteTable<String>()
        try table.add("/a/:x", validator: { _ in throw Rejected() }, payload: "param")
        try table.add("/:y/:x", payload: "other")
        #expect(throws: Rejected()) { try table.match("/a/b") }
    }

    @Test func validatorSeesQueryAndFragment() throws {
        let table = RouteTable<String>()
        try table.add("/a/:x", validator: { info in info.query["ok"] }, payload: "p")
        #expect(try table.match("/a/b?ok=yes")?.info.value as? String == "yes")
        #expect(try table.match("/a/b") == nil)
    }

    @Test func equivalentPatternIsAnErrorNamingTheFirst() throws {
        let table = RouteTable<String>()
        try table.add("/album/:id", site: "app.lua:3", payload: "first")
        #expect(throws: RoutingError(.duplicatePattern(pattern: "/album/:slug", firstPattern: "/album/:id", firstSite: "app.lua:3"))) {
            try table.add("/album/:slug", site: "app.lua:9", payload: "second")
        }
        #expect(table.count == 1)
        let error = RoutingError(.duplicatePattern(pattern: "/album/:slug", firstPattern: "/album/:id", firstSite: "app.lua:3"))
        #expect(error.description == "pattern \"/album/:slug\" is equivalent to \"/album/:id\" declared at app.lua:3; give the earlier route a validator to make this one its fall-through")
        #expect(RoutingError(.duplicatePattern(pattern: "/a", firstPattern: "/a", firstSite: nil)).description
                == "pattern \"/a\" is equivalent to \"/a\" declared earlier; give the earlier route a validator to make this one its fall-through")
        #expect(throws: RoutingError.self) { try table.add("album//:x/", payload: "third") }
    }

    @Test func fallThroughChainsAndTheRouteThatBlocksThem() throws {
        let table = RouteTable<String>()
        try table.add("/n/:a", site: "s.lua:1", validator: { info in info.params["a"] == "1" ? "one" : nil }, payload: "one")
        try table.add("/n/:b", site: "s.lua:2", validator: { info in info.params["b"] == "2" ? "two" : nil }, payload: "two")
        try table.add("/n/:c", site: "s.lua:3", payload: "any")
        #expect(try table.match("/n/1")?.route.payload == "one")
        #expect(try table.match("/n/2")?.route.payload == "two")
        #expect(try table.match("/n/3")?.route.payload == "any")
        #expect(throws: RoutingError(.duplicatePattern(pattern: "/n/:d", firstPattern: "/n/:c", firstSite: "s.lua:3"))) {
            try table.add("/n/:d", name: "d", payload: "never reached")
        }
        #expect(table.count == 3)
        #expect(table.route(named: "d") == nil)
        try table.add("/d", name: "d", payload: "d")
        #expect(table.route(named: "d")?.payload == "d")
    }

    @Test func differentShapesAreNotEquivalent() throws {
        let table = try table("/a/:x", "/a/:x?", "/a/*", "/a/b", "/A/b")
        #expect(table.count == 5)
    }

    @Test func invalidPatternIsWrapped() {
        let table = RouteTable<String>()
        #expect(throws: RoutingError(.invalidPattern(PatternError(pattern: "/:", column: 2, reason: "parameter name is empty")))) {
            try table.add("/:", payload: "")
        }
        #expect(table.count == 0)
    }

    @Test func duplicateNames() throws {
        let table = RouteTable<String>()
        try table.add("/a", name: "a", site: "x.lua:1", payload: "")
        #expect(throws: RoutingError(.duplicateName("a", firstSite: "x.lua:1"))) {
            try table.add("/b", name: "a", payload: "")
        }
        #expect(table.count == 1)
        #expect(RoutingError(.duplicateName("a", firstSite: "x.lua:1")).description == "a route named \"a\" is already declared at x.lua:1")
        #expect(RoutingError(.duplicateName("a", firstSite: nil)).description == "a route named \"a\" is already declared earlier")
    }

    @Test func caseInsensitiveTable() throws {
        let table = RouteTable<String>(caseInsensitive: true)
        try table.add("/News/:id", payload: "news")
        let match = try #require(try table.match("/nEWS/AbC"))
        #expect(match.info.params == ["id": "AbC"])
        #expect(match.info.pattern == "/News/:id")
        #expect(throws: RoutingError.self) { try table.add("/news/:x", payload: "dup") }
        let sensitive = try self.table("/News")
        #expect(try sensitive.match("/news") == nil)
    }

    @Test func manyStaticSiblingsUseTheHashedLookup() throws {
        let table = RouteTable<Int>(caseInsensitive: true)
        for index in 0..<200 { try table.add("/item\(index)/x", payload: index) }
        try table.add("/:other/x", payload: -1)
        #expect(try table.match("/ITEM123/x")?.route.payload == 123)
        #expect(try table.match("/item200/x")?.route.payload == -1)
        #expect(table.firstMatch("/item7/x") == RouteID(rawValue: 7))
    }

    @Test func firstMatchIgnoresQueryAndValidators() throws {
        let table = RouteTable<String>()
        try table.add("/a/:x", validator: { _ in nil }, payload: "p")
        #expect(table.firstMatch("/a/b?x=1#f") == RouteID(rawValue: 0))
        #expect(table.firstMatch("/b") == nil)
        #expect(table.firstMatch("//a/./b/") == RouteID(rawValue: 0))
    }

    @Test func payloadsAreReplaceable() throws {
        let table = try table("/a")
        let id = RouteID(rawValue: 0)
        var route = table[id]
        route.payload = "changed"
        table[id] = route
        #expect(table[id].payload == "changed")
        #expect(try table.match("/a")?.route.payload == "changed")
    }

    @Test func routesDeclaredAfterALookupAreFound() throws {
        let table = try table("/a/:x")
        #expect(try winner(table, "/a/b") == "/a/:x")
        try table.add("/a/b", payload: "/a/b")
        #expect(try winner(table, "/a/b") == "/a/b")
    }

    @Test func oneHundredThousandRoutes() throws {
        let table = RouteTable<Int>()
        for index in 0..<100_000 { try table.add("/r\(index % 100)/\(index)/:id", payload: index) }
        #expect(try table.match("/r42/99942/x")?.route.payload == 99_942)
        #expect(table.firstMatch("/r1/1/x") == RouteID(rawValue: 1))
    }
}

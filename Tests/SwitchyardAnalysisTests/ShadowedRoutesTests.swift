import Testing
@testable import Switchyard
@testable import SwitchyardAnalysis

/// Exactly the routes no path can reach: a cover must take every path, and routes with validators
/// never cover (they may fall through).
@Suite("ShadowedRoutes")
struct ShadowedRoutesTests {
    private func shadowed(_ patterns: [(String, Bool)], caseInsensitive: Bool = false) throws -> [String] {
        let table = RouteTable<Int>(caseInsensitive: caseInsensitive)
        for (index, (pattern, validates)) in patterns.enumerated() {
            try table.add(pattern, validator: validates ? { _ in 1 } : nil, payload: index)
        }
        return ShadowedRoutes.find(in: table).map { $0.route.pattern.text }
    }

    @Test func anOptionalCoveredByBothItsShapes() throws {
        #expect(try shadowed([("/user", false), ("/user/:id", false), ("/user/:name?", false)]) == ["/user/:name?"])
        #expect(try shadowed([("/user/:id", false), ("/user/:name?", false)]).isEmpty)   // /user reaches it
        #expect(try shadowed([("/user", false), ("/user/:id", true), ("/user/:name?", false)]).isEmpty)
    }

    @Test func aParameterBehindSomeStaticPathsIsReachable() throws {
        #expect(try shadowed([("/a/b", false), ("/a/c", false), ("/a/:x", false)]).isEmpty)
    }

    @Test func sameShapeFallThroughsAreReachable() throws {
        // (A third after one without a validator is refused when declared, so never shadowed here.)
        #expect(try shadowed([("/u/:id", true), ("/u/:id", true), ("/u/:name", false)]).isEmpty)
    }

    @Test func splatsAreCoveredOnlyByWhatTakesEveryLength() throws {
        #expect(try shadowed([("/f", false), ("/f/:a", false), ("/f/*rest", false)]).isEmpty)   // /f/x/y
        #expect(try shadowed([("/f/*", false), ("/f/:a/*rest", false)]).isEmpty)   // /f/:a/*rest ranks first
        #expect(try shadowed([("/f", false), ("/f/:a/*rest", false), ("/f/*", false)]) == ["/f/*"])
        #expect(try shadowed([("/f/:a?/*", false), ("/f/*rest", false)]) == ["/f/*rest"])
        #expect(try shadowed([("/f/x/*", false), ("/f/:a/*", false), ("/f/*rest", false)]).isEmpty)   // /f
        #expect(try shadowed([("/f", false), ("/f/x/*", false), ("/f/:a/*", false), ("/f/*rest", false)])
                == ["/f/*rest"])
    }

    @Test func caseFoldingMakesLiteralsOne() throws {
        let routes = [("/About", false), ("/ABOUT/:x?", false), ("/about/:y", false)]
        #expect(try shadowed(routes, caseInsensitive: true) == ["/ABOUT/:x?"])
        #expect(try shadowed(routes).isEmpty)
    }
}

import Testing
@testable import Switchyard

/// `remove_route` (issue 33): a removed route is a tombstone — out of every lookup and listing, its
/// index still naming it — and a navigator refuses to remove a route a state of its timeline holds.
@Suite("Route removal")
struct RouteRemovalTests {
    private static let pool = ["/", "/a", "/a/:id", "/a/new", "/a/:id/edit", "/a/*rest", "/b", "/b/:slug?", "/b/x",
                               "/:section", "/:section/:id", "/c/d/e", "/c/:x/e", "/c/*all", "/A", "/b/x/y"]
    private static let paths = ["/", "/a", "/a/1", "/a/new", "/a/1/edit", "/a/1/2/3", "/b", "/b/x", "/b/q", "/b/x/y",
                                "/zz", "/zz/1", "/c/d/e", "/c/q/e", "/c/1/2", "/A", "/nothing/at/all/here"]

    /// The property: over random tables and random removals, no lookup (`match`, `matchAll`,
    /// `firstMatch`, `explain`'s winner) ever finds a removed route, and each finds what a table
    /// declared with only the kept routes, in the same order, finds.
    @Test func aRemovedRouteNeverWinsAnyLookup() throws {
        var generator = SeededGenerator(seed: 33)
        for _ in 0..<200 {
            let table = RouteTable<String>()
            for pattern in Self.pool.shuffled(using: &generator).prefix(Int.random(in: 3...Self.pool.count, using: &generator)) {
                _ = try? table.add(pattern, payload: pattern)
            }
            _ = table.firstMatch("/")   // frozen once before the removals, as a running app's table is
            let declared = table.routes
            let removed = Set(declared.filter { _ in Bool.random(using: &generator) }.map(\.id))
            for id in removed { table.removeRoute(id) }
            let kept = RouteTable<String>()
            for route in declared where !removed.contains(route.id) { try kept.add(route.pattern.text, payload: route.payload) }
            for path in Self.paths {
                let found = try table.match(path)
                #expect(found.map { !removed.contains($0.route.id) } ?? true, "\(path) found a removed route")
                #expect(found?.route.pattern.text == (try kept.match(path))?.route.pattern.text, "\(path)")
                #expect(try table.matchAll(path).allSatisfy { !removed.contains($0.route.id) })
                #expect(table.firstMatch(path).map { !removed.contains($0) } ?? true)
                #expect(table.explain(path).winner.map { !removed.contains($0) } ?? true)
                #expect(table.explain(path).entries.allSatisfy { !removed.contains($0.route) }, "explain lists no removed route")
            }
            #expect(table.routes.map(\.pattern.text) == kept.routes.map(\.pattern.text))
            #expect(table.rankedRoutes.map(\.pattern.text) == kept.rankedRoutes.map(\.pattern.text))
            #expect(table.suggestions(for: "/a/1").allSatisfy { !removed.contains($0.id) })
        }
    }

    @Test func aRemovedRoutesIndexStillNamesItAndItsPatternAndNameMayBeDeclaredAgain() throws {
        let table = RouteTable<String>()
        try table.add("/beta/:id", name: "beta", payload: "old beta")
        try table.add("/about", payload: "about")
        let beta = try #require(table.route(named: "beta")).id
        table.removeRoute(beta)
        #expect(table.route(named: "beta") == nil && table.route(withPattern: "/beta/:id") == nil)
        #expect(try table.match("/beta/1") == nil)
        #expect(table[beta].payload == "old beta", "a screen holding the id still reads its route")
        #expect(throws: RoutingError(.unknownRouteName("beta", suggestions: []))) { try table.url(name: "beta", params: ["id": "1"]) }
        let again = try table.add("/beta/:id", name: "beta", payload: "new beta")
        #expect(again != beta)
        #expect(try table.match("/beta/1")?.route.payload == "new beta")
    }

    @Test func aScriptThatFailsAfterRemovingARouteLeavesItDeclared() throws {
        let navigator = try NavigationFixture.navigator()
        let before = navigator.declarations()
        let a = try #require(navigator.routes.route(withPattern: "/a")).id
        try navigator.removeRoute(a)
        #expect(try navigator.routes.match("/a") == nil)
        navigator.restoreDeclarations(before)
        #expect(try navigator.routes.match("/a")?.route.id == a)
    }

    @Test func aRouteShownNowOrHeldByTheTimelineIsNotRemoved() throws {
        let navigator = try NavigationFixture.navigator()
        let routes = navigator.routes
        let a = try #require(routes.route(withPattern: "/a")).id
        let b = try #require(routes.route(withPattern: "/b")).id
        let news = try #require(routes.route(withPattern: "/news")).id
        try navigator.push("/a")
        try navigator.sheet("/b")
        #expect(throws: RouteRemovalRefusal.held("/a on the root stack now", onView: true)) { try navigator.removeRoute(a) }
        #expect(throws: RouteRemovalRefusal.held("/b on the sheet stack now", onView: true)) { try navigator.removeRoute(b) }
        try navigator.dismiss()
        try navigator.pop()
        // Back would show /a (and then the sheet of /b) again: the timeline still holds them.
        #expect(throws: RouteRemovalRefusal.held("/b on the sheet stack 2 steps back in the timeline", onView: false)) {
            try navigator.removeRoute(b)
        }
        #expect(try routes.match("/b")?.route.id == b, "a refused removal changes nothing")
        try navigator.removeRoute(news)   // never shown
        #expect(try routes.match("/news") == nil)
        try navigator.reset()
        try navigator.removeRoute(b)
        #expect(try routes.match("/b") == nil)
        try navigator.push("/b")
        #expect(navigator.screen.route == nil && navigator.screen.title == "Not found", "/b lands the not-found screen")
    }
}

import Testing
@testable import Switchyard
@testable import SwitchyardAnalysis

/// The crawl goes on past held navigations (issue 34, item 7): a guard's hold is settled allowing,
/// a loader's with no data, and the landing is crawled as any other.
@Suite("MapCrawl: held navigations")
struct MapCrawlHoldTests {
    @Test func aHeldLandingIsSettledAndCrawledPast() throws {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition(links: ["/checkout", "/album/1"]))
        try routes.add("/checkout", site: "app.lua:2", payload: RouteDefinition(guard: { _ in .pending("payment") },
                                                                                 links: ["/receipt"]))
        var album = RouteDefinition(links: ["/album/1/tracks"])
        album.load = { info in .pending("album " + (info.params["id"] ?? "?")) }
        try routes.add("/album/:id", payload: album)
        try routes.add("/album/:id/tracks", payload: RouteDefinition(links: ["/"]))
        let navigator = Navigator(routes: routes)
        try navigator.reset()
        let report = MapCrawl(navigator: navigator).run()
        // Past the payment guard's hold: its screen's dead link. Past the loader's: the track list.
        #expect(report.findings.map { "\($0.kind.rawValue) \($0.route) \($0.message)" }
                == ["dead-link /checkout link /receipt matches no route"])
        #expect(report.screens == 4)   // /, /checkout, /album/1, /album/1/tracks
        #expect(navigator.pendingNavigation == nil && navigator.path == "/")
    }

    @Test func aCallbackThatFailsOnNoDataSaysTheHoldWasSettled() throws {
        struct NoData: Error, CustomStringConvertible { var description: String { "no data at app.lua:4" } }
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition(links: ["/album"]))
        var album = RouteDefinition(title: .computed { info in
            guard info.data != nil else { throw NoData() }
            return "Album"
        })
        album.load = { _ in .pending("credits") }
        try routes.add("/album", payload: album)
        let navigator = Navigator(routes: routes)
        try navigator.reset()
        let finding = try #require(MapCrawl(navigator: navigator).run().findings.first)
        #expect(finding.kind == .callbackError)
        #expect(finding.message.hasSuffix(#"after settling its loader's pending "credits" with no data)"#), "\(finding.message)")
    }
}

import Testing
@testable import Switchyard
@testable import SwitchyardAnalysis

/// The crawler over a navigator built in Swift: what it lands, what it follows, what it reports.
@Suite("MapCrawl")
struct MapCrawlTests {
    struct Boom: Error, CustomStringConvertible { var description: String { "boom at app.lua:9" } }

    private func navigator(_ declare: (RouteTable<RouteDefinition>) throws -> Void) throws -> Navigator {
        let routes = RouteTable<RouteDefinition>()
        try declare(routes)
        let navigator = Navigator(routes: routes)
        try navigator.reset()
        return navigator
    }

    private func kinds(_ report: MapCrawlReport) -> [String] { report.findings.map { "\($0.kind.rawValue) \($0.route)" } }

    @Test func followsLinksFilledFromEachScreenAndLandsEveryRoute() throws {
        let navigator = try navigator { routes in
            try routes.add("/", payload: RouteDefinition(links: ["/album/1", "/album/2"]))
            try routes.add("/album/:id", site: "app.lua:2", payload: RouteDefinition(links: ["/album/:id/tracks"]))
            try routes.add("/album/:id/tracks", payload: RouteDefinition(links: ["/"]))
        }
        let report = MapCrawl(navigator: navigator).run()
        #expect(report.findings.isEmpty)
        #expect(report.screens == 5)   // /, two albums, their two track lists
        #expect(report.states == 5)
        #expect(navigator.path == "/")   // the navigator given is left alone
    }

    @Test func linkFunctionsAreComputedPerScreen() throws {
        let navigator = try navigator { routes in
            try routes.add("/", payload: RouteDefinition(links: ["/album/1", "/album/2"]))
            try routes.add("/album/:id", payload: RouteDefinition(linkFunction: { info in
                ["/artist/" + (info.params["id"] == "1" ? "ada" : "nobody")]
            }))
            try routes.add("/artist/ada", payload: RouteDefinition())
        }
        let report = MapCrawl(navigator: navigator).run()
        #expect(kinds(report) == ["dead-link /album/:id"])
        #expect(report.findings.first?.path == "/album/2")
        #expect(report.findings.first?.message == "link /artist/nobody matches no route")
    }

    @Test func aThrowingCallbackIsReportedWithItsMessageAgainstTheRouteLanded() throws {
        let navigator = try navigator { routes in
            try routes.add("/", payload: RouteDefinition(links: ["/x"]))
            try routes.add("/x", site: "app.lua:2", payload: RouteDefinition(view: .computed { _ in throw Boom() }))
        }
        let finding = try #require(MapCrawl(navigator: navigator).run().findings.first)
        #expect(finding.kind == .callbackError && finding.severity == .error)
        #expect(finding.site == "app.lua:2")
        #expect(finding.message == "boom at app.lua:9 (landing /x by link /x from /)")
    }

    @Test func tabRootsFlowStepsAndTheNotFoundScreenAreStarts() throws {
        let navigator = try navigator { routes in
            try routes.add("/home", payload: RouteDefinition())
            try routes.add("/search", payload: RouteDefinition())
            try routes.add("/welcome", payload: RouteDefinition())
            try routes.add("/welcome/name", payload: RouteDefinition())
            try routes.add("/help", payload: RouteDefinition())
        }
        navigator.notFound = RouteDefinition(links: ["/help"])
        try navigator.declareTabs(["/home", "/search"])
        try navigator.declareFlow("signup", steps: [FlowStep("/welcome", as: .cover), FlowStep("/welcome/name"),
                                                    FlowStep("/welcome/gone")])
        let report = MapCrawl(navigator: navigator, notFoundSite: "app.lua:30").run()
        #expect(kinds(report) == ["dead-link flow signup"])
        #expect(report.findings.first?.message == "flow step /welcome/gone lands on not-found at /welcome/gone")
    }

    @Test func aRedirectToNowhereIsTheRedirectingRoutesDeadLink() throws {
        let navigator = try navigator { routes in
            try routes.add("/", payload: RouteDefinition(links: ["/old"]))
            try routes.add("/old", payload: RouteDefinition(redirect: "/gone"))
        }
        navigator.notFound = RouteDefinition()
        let report = MapCrawl(navigator: navigator).run()
        #expect(kinds(report) == ["dead-link /old"])
        #expect(report.findings.first?.message == "its redirect lands on not-found at /gone")
    }

    @Test func tooManyRedirectsIsALoop() throws {
        let navigator = try navigator { routes in
            try routes.add("/", payload: RouteDefinition(links: ["/n/0"]))
            try routes.add("/n/:i", payload: RouteDefinition(redirect: .computed { info in
                "/n/\(Int(info.params["i"]!)! + 1)"
            }))
        }
        let report = MapCrawl(navigator: navigator).run()
        #expect(kinds(report) == ["redirect-loop /n/:i"])
        #expect(report.findings.first?.message.hasPrefix("more than 16 redirects: /n/0 → /n/1") == true)
    }

    @Test func aLoopNothingReachesIsReportedWithItsChainOnce() throws {
        let navigator = try navigator { routes in
            try routes.add("/", payload: RouteDefinition())
            try routes.add("/loop1", payload: RouteDefinition(redirect: "/loop2"))
            try routes.add("/loop2", payload: RouteDefinition(guard: { _ in .redirect("/loop1") }))
            try routes.add("/fine", payload: RouteDefinition(redirect: "/"))
            try routes.add("/signed-in", payload: RouteDefinition(guard: { _ in .block }))
        }
        let report = MapCrawl(navigator: navigator).run()
        #expect(kinds(report) == ["redirect-loop /loop1", "unreachable /loop1", "unreachable /loop2",
                                  "unreachable /fine", "unreachable /signed-in"])
        #expect(report.findings.first?.message
            == "redirect loop: /loop1 → /loop2 → /loop1 (followed from /loop1, which nothing reaches)")
        #expect(report.findings.first?.path == "/loop1")
    }

    @Test func entriesStartTheCrawlAndSilenceUnreachable() throws {
        let navigator = try navigator { routes in
            try routes.add("/", payload: RouteDefinition())
            try routes.add("/shared/:code", payload: RouteDefinition(entry: true))
            try routes.add("/inbox", payload: RouteDefinition(links: ["/inbox/1"], entry: true))
            try routes.add("/inbox/:n", payload: RouteDefinition())
            try routes.add("/deep", payload: RouteDefinition())
        }
        #expect(kinds(MapCrawl(navigator: navigator).run()) == ["unreachable /deep"])
        #expect(MapCrawl(navigator: navigator, entries: ["myapp://deep"]).run().findings.isEmpty)
    }

    @Test func theBoundStopsALinkFunctionThatMakesScreensForever() throws {
        let navigator = try navigator { routes in
            try routes.add("/", payload: RouteDefinition(links: ["/page/1"]))
            try routes.add("/page/:n", payload: RouteDefinition(linkFunction: { info in
                ["/page/\(Int(info.params["n"]!)! + 1)"]
            }))
        }
        let report = MapCrawl(navigator: navigator, maxScreens: 50).run()
        #expect(report.screens == 50)
        #expect(report.truncated)
        #expect(report.findings.isEmpty)
    }
}

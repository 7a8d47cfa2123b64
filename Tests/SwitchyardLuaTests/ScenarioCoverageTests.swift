import Testing
@testable import SwitchyardLua
@testable import SwitchyardTesting
import Switchyard

/// What `ScenarioCoverage` records while `runScenarios` runs (`switchyard test --coverage`).
@Suite struct ScenarioCoverageTests {
    /// Runs `spec` (which loads app.lua with `require`) in runtimes sharing one recorder, `runs` times.
    private func coverage(app: String, spec: String, runs: Int = 1) throws -> CoverageReport {
        let files = try TemporaryScripts.write(["app.lua": app, "cover_spec.lua": spec])
        let coverage = ScenarioCoverage()
        for _ in 0..<runs {
            let runtime = try SwitchyardRuntime()
            runtime.coverage = coverage
            let report = runtime.runScenarios(files: [files["cover_spec.lua"]!])
            #expect(report.failed == 0, "\(report.results.compactMap(\.message))")
        }
        return coverage.report
    }

    private func route(_ report: CoverageReport, _ pattern: String) throws -> CoverageReport.Route {
        try #require(report.routes.first { $0.pattern == pattern })
    }

    @Test func aLinkLeadsToAPathSegmentBySegment() {
        #expect(ScenarioCoverage.link("/album/12/tracks", from: "/album/12", leadsTo: "/album/12/tracks"))
        #expect(ScenarioCoverage.link("tracks", from: "/album/12", leadsTo: "/album/12/tracks"), "relative to the screen")
        #expect(ScenarioCoverage.link("/artist/:name", from: "/", leadsTo: "/artist/bach"), "an unfilled placeholder")
        #expect(ScenarioCoverage.link("/files/*", from: "/", leadsTo: "/files/a/b"))
        #expect(ScenarioCoverage.link("/search?q=x", from: "/", leadsTo: "/search"), "the query is not compared")
        #expect(!ScenarioCoverage.link("/album/12", from: "/", leadsTo: "/album/13"))
        #expect(!ScenarioCoverage.link("/album/:id", from: "/", leadsTo: "/album/12/tracks"))
        #expect(!ScenarioCoverage.link("/album/:id/tracks", from: "/", leadsTo: "/album/12"))
    }

    @Test func aStepTwoFlowsShareIsCreditedToTheFlowStarted() throws {
        let report = try coverage(app: """
            route("/", {}) route("/a", {}) route("/b", {}) route("/shared", {}) route("/end", {})
            flow("first", {"/a", "/shared", "/end"})
            flow("second", {"/b", "/shared"})
            """, spec: """
            require("app")
            it("runs the second flow", function()
              nav.start_flow("second")
              nav.next()
              assert.equal("/shared", nav.path)
              assert.is_false(pcall(nav.next))   -- an empty queue: no step ran
            end)
            """)
        #expect(report.flows.map(\.name) == ["first", "second"])
        #expect(report.flows.map(\.ran) == [0, 2])
        #expect(report.flowSteps == 5 && report.flowStepsRan == 2)
    }

    @Test func aRepeatedPathInOneFlowIsToldApartByWhatFollows() throws {
        let report = try coverage(app: """
            route("/", {}) route("/x", {}) route("/y", {})
            flow("loop", {"/x", "/y", "/x", "/y"})
            """, spec: """
            require("app")
            it("runs three steps, going back along the timeline between them", function()
              nav.start_flow("loop")
              nav.next()
              nav.back()
              nav.forward()
              nav.next()
              assert.equal(0 + 1, #nav.queue)
            end)
            """)
        #expect(report.flows.first?.ran == 3)
    }

    @Test func guardOutcomesIncludeRedirectAndPendingButOnlyThreeAreCovered() throws {
        let report = try coverage(app: """
            route("/", {})
            route("/login", {})
            route("/vault", {guard = function(info)
              if info.query.wait then return nav.pending("ask") end
              return "/login"
            end})
            not_found({guard = function() return true end})
            """, spec: """
            require("app")
            it("is redirected, then held", function()
              nav.push("/vault")
              assert.equal("/login", nav.path)
              nav.push("/vault?wait=1")
              assert.equal("/login", nav.path)
              nav.push("/nowhere")
            end)
            """)
        let vault = try route(report, "/vault")
        #expect(vault.guardOutcomes == [.redirect: 1, .pending: 1])
        #expect(vault.landings == 0)
        #expect(report.guarded == 1, "the not-found route's guard is not a route's")
        #expect(report.guardOutcomesTotal == 3 && report.guardOutcomesSeen == 1)
        #expect(report.notFoundShown == 1)
        #expect(try route(report, "/login").landings == 1)
    }

    @Test func aStartScreenOfNoRouteIsNotTheNotFoundScreen() throws {
        let report = try coverage(app: """
            route("/home", {})
            not_found({title = "lost"})
            """, spec: """
            require("app")
            it("starts on a bare /", function() assert.equal("/", nav.path) end)
            """)
        #expect(report.notFoundShown == 0)
        #expect(report.routes.map(\.pattern) == ["/home"])
        #expect(report.routesLanded == 0)
    }

    @Test func runsOfOneAppAddUpOnTheSameRoutes() throws {
        let app = """
            route("/", {links = {"/album/:id"}})
            route("/album/:id", {validate = function(info) return tonumber(info.params.id) end})
            """
        let spec = """
            require("app")
            it("opens an album", function() nav.push("/album/3") end)
            """
        let report = try coverage(app: app, spec: spec, runs: 2)
        #expect(report.routes.count == 2, "one app's routes, however many runtimes loaded it")
        #expect(try route(report, "/").landings == 2)
        #expect(try route(report, "/album/:id").validatorOutcomes == [.accept: 2])
        #expect(report.links == 1 && report.linksFollowed == 1, "a link counts once however often followed")
    }

    @Test func aPushStackLandsEveryScreenItPuts() throws {
        let report = try coverage(app: """
            route("/", {}) route("/a", {}) route("/a/b", {})
            """, spec: """
            require("app")
            it("pushes two at once", function() nav.push_stack{"/a", "/a/b"} end)
            """)
        #expect(report.routes.map(\.landings) == [1, 1, 1])
    }

    @Test func withoutARecorderTheRunIsUnchanged() throws {
        let files = try TemporaryScripts.write(["app.lua": #"route("/", {guard = function() return true end})"#,
                                                "off_spec.lua": #"require("app") it("runs", function() nav.push("/") end)"#])
        let runtime = try SwitchyardRuntime()
        let report = runtime.runScenarios(files: [files["off_spec.lua"]!])
        #expect(report.passed == 1)
        #expect(runtime.coverage == nil)
    }
}

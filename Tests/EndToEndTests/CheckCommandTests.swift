import Foundation
import Testing

/// `switchyard check` and `:check` through the executable: one fixture per finding kind
/// (Fixtures/check/*.lua), as text, as JSON, and by exit status.
@Suite(.serialized) struct CheckCommandTests {
    func check(_ arguments: [String]) throws -> CommandRun {
        try CommandRun.switchyard(["check", "--no-color"] + arguments)
    }

    struct Finding: Decodable, Equatable {
        let kind: String
        let severity: String
        let message: String
        let route: String
        let path: String
        let site: String?
    }

    struct Report: Decodable {
        let visited: Int
        let findings: [Finding]
    }

    func json(_ fixture: String, _ extra: [String] = []) throws -> (status: Int32, report: Report) {
        let result = try check(["--format", "json", "check/\(fixture).lua"] + extra)
        return (result.status, try JSONDecoder().decode(Report.self, from: Data(result.output.utf8)))
    }

    @Test func aCleanAppPrintsNoFindingsAndExitsZero() throws {
        let result = try check(["check/clean.lua"])
        #expect(result.status == 0)
        #expect(result.output == "no findings · crawled 4 screens in 4 states\n")
    }

    @Test func aDeadLinkIsAnErrorOfTheRouteThatDeclaresIt() throws {
        let result = try check(["check/dead_link.lua"])
        #expect(result.status == 1)
        #expect(result.output.contains("""
            /album/:id  check/dead_link.lua:2
              error    dead-link  /album/1: link /artsit/1 lands on not-found at /artsit/1
            """))
        #expect(result.output.hasSuffix("1 error, 0 warnings · crawled 4 screens in 4 states\n"))
        let (status, report) = try json("dead_link")
        #expect(status == 1)
        #expect(report.findings == [Finding(kind: "dead-link", severity: "error",
                                            message: "link /artsit/1 lands on not-found at /artsit/1",
                                            route: "/album/:id", path: "/album/1", site: "check/dead_link.lua:2")])
    }

    @Test func aRedirectLoopShowsItsChain() throws {
        let (status, report) = try json("redirect_loop")
        #expect(status == 1)
        #expect(report.findings == [Finding(kind: "redirect-loop", severity: "error",
                                            message: "redirect loop: /old → /older → /old (from / by link /old)",
                                            route: "/old", path: "/old", site: "check/redirect_loop.lua:2")])
    }

    @Test func aRaisingTitleIsACallbackErrorWithItsLuaLocation() throws {
        let (status, report) = try json("callback_error")
        #expect(status == 1)
        let finding = try #require(report.findings.first)
        #expect(report.findings.count == 1)
        #expect(finding.kind == "callback-error")
        #expect(finding.route == "/album/:id")
        #expect(finding.site == "check/callback_error.lua:2")
        #expect(finding.path == "/album/7")
        #expect(finding.message.hasPrefix("check/callback_error.lua:3: attempt to index a nil value (field 'missing')"))
    }

    @Test func aPlaceholderTheScreenCannotFillIsNotGuessed() throws {
        let (status, report) = try json("unfillable_link")
        #expect(status == 1)
        #expect(report.findings == [Finding(kind: "unfillable-link", severity: "error",
                                            message: "link /artist/:artist has no value for :artist on /album/1",
                                            route: "/album/:id", path: "/album/1", site: "check/unfillable_link.lua:2")])
    }

    @Test func anUnreachableRouteIsAWarningSilencedByFrom() throws {
        let result = try check(["check/unreachable.lua"])
        #expect(result.status == 0)
        #expect(result.output == """
            /secret  check/unreachable.lua:3
              warning  unreachable  /secret: never landed: no link, tab, flow, redirect or entry reaches it

            0 errors, 1 warning · crawled 2 screens in 2 states

            """)
        let (_, from) = try json("unreachable", ["--from", "/secret"])
        #expect(from.findings.isEmpty)
        #expect(from.visited == 3)
        let (_, url) = try json("unreachable", ["--from", "myapp://secret"])
        #expect(url.findings.isEmpty)
    }

    @Test func aLinkWhoseGuardBlocksIsAWarning() throws {
        let (status, report) = try json("blocked")
        #expect(status == 0)
        #expect(report.findings == [Finding(kind: "blocked", severity: "warning",
                                            message: "link /admin is blocked by the guard of /admin",
                                            route: "/", path: "/", site: "check/blocked.lua:1")])
    }

    @Test func aRouteOtherRoutesAlwaysBeatIsShadowed() throws {
        let (status, report) = try json("shadowed")
        #expect(status == 0)
        #expect(report.findings.map(\.kind) == ["shadowed"])
        #expect(report.findings.first?.route == "/user/:name?")
        #expect(report.findings.first?.message
                == "never wins: /user (check/shadowed.lua:2), /user/:id (check/shadowed.lua:3) always match first")
    }

    @Test func callbacksReadingNavSeeTheCrawlsNavigator() throws {
        let result = try check(["check/nav_in_callbacks.lua"])
        #expect(result.status == 0)
        #expect(result.output == "no findings · crawled 3 screens in 3 states\n")
    }

    @Test func maxScreensBoundsTheCrawlAndSaysSo() throws {
        let result = try check(["check/clean.lua", "--max-screens", "2"])
        #expect(result.output.contains("crawled 2 screens"))
        #expect(result.output.contains("(stopped at --max-screens)"))
        #expect(try check(["check/clean.lua", "--max-screens", "0"]).status == 2)
    }

    @Test func usageErrorsExitTwoAndABrokenScriptOne() throws {
        #expect(try check([]).status == 2)
        let format = try check(["check/clean.lua", "--format", "xml"])
        #expect(format.status == 2)
        #expect(format.errors.contains("'xml'"))
        let missing = try check(["check/no-such-file.lua"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("no-such-file.lua"))
    }

    @Test func helpShowsExamples() throws {
        let result = try CommandRun.switchyard(["check", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("switchyard check app.lua --from myapp://album/7"))
        #expect(result.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func checkInTheREPLCrawlsTheLoadedApp() throws {
        let result = try CommandRun.switchyard(["-i", "check/dead_link.lua"], input: ":check\n:help\n")
        #expect(result.output.contains("error    dead-link  /album/1: link /artsit/1 lands on not-found at /artsit/1"))
        #expect(result.output.contains(":check"))
        #expect(result.output.contains("1 error, 0 warnings · crawled 4 screens in 4 states"))
    }
}

import Testing
@testable import SwitchyardLua
import Switchyard

/// `nav.revalidate()` (issue 34, item 3) on what the onboarding example has not: tabs, a sheet
/// whose bottom screen is blocked, a root whose bottom screen is.
@Suite struct RevalidationTests {
    private func runtime() throws -> SwitchyardRuntime {
        let runtime = try SwitchyardRuntime()
        try runtime.load(code: """
            allowed = true
            route("/home", {title = "Home", guard = function() return allowed end})
            route("/search", {title = "Search"})
            route("/search/secret", {guard = function() return allowed end})
            route("/vault", {guard = function() return allowed end})
            tabs{"/home", "/search"}
            """, chunkName: "=app")
        return runtime
    }

    @Test func aParkedTabsStackIsCutAtTheScreenItsGuardNowBlocks() throws {
        let runtime = try runtime()
        let navigator = runtime.navigator
        try navigator.tab("search")
        try navigator.push("/search/secret")
        try navigator.tab("home")
        try navigator.sheet("/vault")
        _ = try runtime.engine.run("allowed = false", chunkName: "=t")
        // The root's bottom screen (/home) stays; the parked tab's /search/secret goes, the sheet stays.
        #expect(try navigator.revalidate())
        #expect(navigator.state.environments[0].tabStacks.map { $0.map(\.path) } == [["/home"], ["/search"]])
        #expect(navigator.path == "/vault" && navigator.state.environments.count == 2)
        // Next, the sheet whose bottom screen is blocked goes.
        #expect(try navigator.revalidate())
        #expect(navigator.path == "/home" && navigator.state.environments.count == 1)
        #expect(try navigator.revalidate() == false)   // the root's bottom screen stays, nothing else to do
    }
}

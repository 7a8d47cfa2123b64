import Testing
@testable import SwitchyardLua
import Switchyard

/// Route actions (issue 34, item 6): `action = function(info)` runs after the navigation that landed
/// its route committed, as its own transaction, and may navigate; an action-only route lands nothing.
@Suite struct RouteActionTests {
    private let app = """
        route("/", {title = "Home"})
        route("/album/:id", {title = function(info) return "Album " .. info.params.id end})
        shared = {}
        route("/share/:id", {action = function(info)
          shared[#shared + 1] = info.params.id
          nav.alert{title = "Share album " .. info.params.id .. "?", buttons = {"Cancel", "Share"}}
        end})
        route("/promo/:id", {title = "Promo", action = function(info) nav.push("/album/" .. info.params.id) end})
        route("/bad", {title = "Bad", action = function() nav.push("/album/1"); error("bad action") end})
        route("/loop", {action = function() nav.push("/loop") end})
        """

    @Test func anActionOnlyRouteLandsNothingAndItsActionMayShowAnAlert() throws {
        let fixture = try RuntimeFixture(app)
        try fixture.lua("""
            local entries = #nav.history
            nav.push("/share/7")
            assert(nav.path == "/" and shared[1] == "7", nav.path)
            assert(nav.alert_active and nav.state.alert.title == "Share album 7?")
            assert(#nav.history == entries + 1)   -- the alert's entry: the push itself changed nothing
            """)
    }

    @Test func anActionRunsAfterItsScreenCommittedAndNavigatesFromThere() throws {
        let fixture = try RuntimeFixture(app)
        try fixture.lua("""
            nav.push("/promo/9")
            assert(nav.path == "/album/9" and #nav.stack == 3, nav.path)
            nav.back()
            assert(nav.path == "/promo/9")
            """)
    }

    @Test func aRaisingActionUndoesWhatItDidKeepsTheLandingAndReachesTheCaller() throws {
        let fixture = try RuntimeFixture(app)
        #expect(fixture.failure(#"nav.push("/bad")"#)?.message == "app.lua:9: bad action")
        #expect(fixture.navigator.path == "/bad")
    }

    @Test func anActionThatLeadsToItselfStopsWithAClearErrorAndChangesNothing() throws {
        let fixture = try RuntimeFixture(app)
        let before = try fixture.navigator.save()
        #expect(fixture.failure(#"nav.push("/loop")"#)?.message.contains("an action may not lead to itself") == true)
        #expect(try fixture.navigator.save() == before)
    }

    @Test func aPreviewRunsNoAction() throws {
        let fixture = try RuntimeFixture(app)
        try fixture.lua(#"assert(preview("/share/3") ~= nil and #shared == 0)"#)
    }
}

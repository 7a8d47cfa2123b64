import Testing
@testable import SwitchyardLua
import Switchyard

/// Error screens (issue 34, item 5): a route's, a group's or the app's `error` lands in place of a
/// route whose title, view, links or loader raises, with `info.error`; without one the operation
/// aborts as before, and a budget or an interrupt is never caught.
@Suite struct ErrorScreenTests {
    private let app = """
        route("/", {title = "Home"})
        route("/album/:id", {
          load = function(info)
            if info.params.id == "13" then error("album 13 is gone") end
            return {name = "Album " .. info.params.id}
          end,
          title = function(info) return info.data.name end,
          error = {title = "Album unavailable",
                   view = function(info) return info.error.message .. " (" .. info.error.where .. ", " .. info.error.route .. ")" end},
        })
        route("/plain/:id", {title = function(info) error("no title for " .. info.params.id) end})
        route("/links", {title = "Links", links = function() return {42} end,
                         error = function(info, err) return {title = "Broken links", view = err.message} end})
        route("/text", {view = function() error("no view") end, error = function(info, err) return "just a view: " .. err.where end})
        """

    @Test func aRaisingLoaderLandsTheRoutesErrorScreenWithWhatRaisedAndWhere() throws {
        let fixture = try RuntimeFixture(app)
        try fixture.lua("""
            nav.push("/album/1")
            nav.push("/album/13")
            assert(nav.path == "/album/13" and nav.title == "Album unavailable", nav.title)
            assert(nav.screen.view == "album 13 is gone (app.lua:4, /album/:id)", nav.screen.view)
            assert(nav.screen.error.message == "album 13 is gone" and nav.screen.error.where == "app.lua:4")
            assert(nav.screen.error.route == "/album/:id")
            assert(#nav.history == 3 and #nav.stack == 3)
            nav.back()
            assert(nav.title == "Album 1" and nav.screen.error == nil)
            """)
    }

    @Test func withoutAnErrorScreenTheOperationStillAbortsAndChangesNothing() throws {
        let fixture = try RuntimeFixture(app)
        let before = try fixture.navigator.save()
        let failure = fixture.failure(#"nav.push("/plain/7")"#)
        #expect(failure?.message == "app.lua:11: no title for 7")
        #expect(try fixture.navigator.save() == before)
    }

    @Test func theFunctionFormGetsTheErrorAndMayAnswerAViewAlone() throws {
        let fixture = try RuntimeFixture(app)
        try fixture.lua("""
            nav.push("/links")
            assert(nav.title == "Broken links", nav.title)
            assert(nav.screen.view:find("links of /links must be paths", 1, true), nav.screen.view)
            nav.push("/text")
            assert(nav.title == nil and nav.screen.view == "just a view: app.lua:14", nav.screen.view)
            """)
    }

    @Test func theAppsErrorScreenCatchesRoutesWithoutTheirOwnAndAGroupsCatchesItsRoutes() throws {
        let fixture = try RuntimeFixture(app + """

            error_screen{title = "Something went wrong", view = function(info) return info.error.route .. ": " .. info.error.message end}
            group("/shop", function()
              route("cart", {title = function() error("cart service down") end})
              route("own", {title = function() error("own") end, error = {title = "Own"}})
            end, {error = {title = "Shop unavailable"}})
            not_found{title = function() error("lost the not-found title") end}
            """)
        try fixture.lua("""
            nav.push("/plain/7")
            assert(nav.title == "Something went wrong" and nav.screen.view == "/plain/:id: no title for 7", nav.screen.view)
            nav.push("/shop/cart")
            assert(nav.title == "Shop unavailable" and nav.screen.error.message == "cart service down")
            nav.push("/shop/own")
            assert(nav.title == "Own")
            nav.push("/album/13")
            assert(nav.title == "Album unavailable")
            nav.push("/nowhere")
            assert(nav.title == "Something went wrong" and nav.screen.error.route == "", nav.title)
            """)
    }

    @Test func anErrorScreenThatRaisesAbortsWithItsOwnError() throws {
        let fixture = try RuntimeFixture("""
            route("/", {title = "Home"})
            route("/x", {title = function() error("first") end, error = {title = function() error("second") end}})
            """)
        #expect(fixture.failure(#"nav.push("/x")"#)?.message == "app.lua:2: second")
        #expect(fixture.navigator.path == "/")
    }

    @Test func aBudgetRunningOutIsNotCaughtByAnErrorScreen() throws {
        let fixture = try RuntimeFixture("""
            route("/", {title = "Home"})
            error_screen{title = "Something went wrong"}
            route("/spin", {title = function() while true do end end, error = {title = "Spun"}})
            """, configuration: .init(instructionLimit: 100_000))
        let failure = fixture.failure(#"nav.push("/spin")"#)
        #expect(failure?.kind == .instructionLimit)
        #expect(fixture.navigator.path == "/")
    }

    @Test func aMalformedErrorOptionIsRefusedWhereItIsDeclared() throws {
        let fixture = try RuntimeFixture(#"route("/", {title = "Home"})"#)
        #expect(fixture.failure(#"route("/a", {error = 5})"#)?.message
                == "test.lua:1: option 'error' of /a must be a table {title = ..., view = ...} or a function(info, err), got number")
        #expect(fixture.failure(#"route("/b", {error = {titel = "B"}})"#)?.message
                == "test.lua:1: option 'error' of /b takes title and view, not 'titel'")
        #expect(fixture.failure(#"error_screen()"#)?.message.contains("error_screen takes one argument") == true)
    }

    @Test func positionsSplitOffTheMessage() {
        #expect(RouteCallbacks.splitPosition("app.lua:12: boom: really") == ("app.lua:12", "boom: really"))
        #expect(RouteCallbacks.splitPosition("[string \"x\"]:3: nope") == ("[string \"x\"]:3", "nope"))
        #expect(RouteCallbacks.splitPosition("no position: here") == (nil, "no position: here"))
    }
}

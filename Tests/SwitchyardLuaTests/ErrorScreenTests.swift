import Testing
@testable import SwitchyardLua
import Switchyard

/// Error screens (issue 34, item 5): a route's, a group's or the app's `error` lands in place of a
/// route whose title, view, links, loader or validator raises, with `info.error`; without one the operation
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

    // A validator that raises (issue 34.5): the raising candidate's error screen lands in its place.
    private let validatorApp = """
        route("/", {title = "Home"})
        route("/item/:id", {title = "Item",
          validate = function(info)
            if info.params.id == "boom" then error("the catalogue is down") end
            return tonumber(info.params.id) or mismatch("not a number")
          end,
          error = {title = "Item unavailable",
                   view = function(info) return info.error.message .. " (" .. info.error.where .. ", " .. info.error.route .. ")" end}})
        route("/item/:slug", {title = function(info) return "Slug " .. info.params.slug end,
          validate = function(info)
            if info.params.slug == "bad" then error("slug service down") end
            return true
          end})
        group("/shop", function()
          route(":sku", {validate = function() error("stock unknown") end})
        end, {error = {title = "Shop unavailable"}})
        route("/old/:sku", {redirect = function(info) return "/shop/" .. info.params.sku end})
        route("/bare/:n", {validate = function() error("no screen catches me") end})
        """

    @Test func aValidatorThatRaisesLandsItsRoutesErrorScreenAsOneEntry() throws {
        let fixture = try RuntimeFixture(validatorApp)
        try fixture.lua("""
            nav.push("/item/7")
            assert(nav.title == "Item", nav.title)
            nav.push("/item/boom")
            assert(nav.path == "/item/boom" and nav.title == "Item unavailable", nav.title)
            assert(nav.screen.view == "the catalogue is down (app.lua:4, /item/:id)", nav.screen.view)
            assert(nav.screen.error.route == "/item/:id" and nav.screen.error.where == "app.lua:4")
            assert(#nav.history == 3 and #nav.stack == 3, #nav.history)
            nav.back()
            assert(nav.path == "/item/7" and nav.screen.error == nil)
            """)
    }

    @Test func theFirstCandidateInRankOrderThatRaisesIsTheOneThatFails() throws {
        let fixture = try RuntimeFixture(validatorApp + """

            error_screen{title = "App error", view = function(info) return info.error.route .. ": " .. info.error.message end}
            """)
        try fixture.lua("""
            -- /item/:id refuses "abc" (mismatch): /item/:slug accepts it.
            nav.push("/item/abc")
            assert(nav.title == "Slug abc", nav.title)
            -- /item/:id refuses "bad", then /item/:slug raises: the app's screen, for /item/:slug.
            nav.push("/item/bad")
            assert(nav.title == "App error" and nav.screen.view == "/item/:slug: slug service down", nav.screen.view)
            -- /item/:id raises first: its own screen; /item/:slug (which would accept) is not tried.
            nav.push("/item/boom")
            assert(nav.title == "Item unavailable", nav.title)
            """)
    }

    @Test func aGroupsErrorScreenCatchesItsValidatorsAndARedirectTargetsToo() throws {
        let fixture = try RuntimeFixture(validatorApp)
        try fixture.lua("""
            nav.push("/shop/42")
            assert(nav.title == "Shop unavailable" and nav.screen.error.message == "stock unknown", nav.title)
            assert(nav.screen.error.route == "/shop/:sku")
            nav.push("/old/43")
            assert(nav.path == "/shop/43" and nav.title == "Shop unavailable", nav.path)
            assert(#nav.stack == 3 and #nav.history == 3)
            nav.push("/shop/44", {extra = {from = "cart"}})
            assert(nav.title == "Shop unavailable" and nav.screen.extra.from == "cart")
            """)
    }

    @Test func aRaisingValidatorWithoutAnErrorScreenStillAbortsAndChangesNothing() throws {
        let fixture = try RuntimeFixture(validatorApp)
        let before = try fixture.navigator.save()
        #expect(fixture.failure(#"nav.push("/bare/1")"#)?.message == "app.lua:18: no screen catches me")
        #expect(try fixture.navigator.save() == before)
    }

    @Test func matchPreviewAndExplainSayTheValidatorRaisedAndLandNothing() throws {
        let fixture = try RuntimeFixture(validatorApp)
        #expect(fixture.failure(#"match("/item/boom")"#)?.message == "app.lua:4: the catalogue is down")
        #expect(fixture.failure(#"preview("/shop/1")"#)?.message == "app.lua:15: stock unknown")
        let explained = try fixture.lua(#"return explain("/item/boom")"#).first?.stringValue ?? ""
        #expect(explained.contains("its validator raised an error: app.lua:4: the catalogue is down"), "\(explained)")
        #expect(fixture.navigator.path == "/")
    }

    @Test func aBudgetRunningOutInAValidatorIsNotCaught() throws {
        let fixture = try RuntimeFixture("""
            route("/", {title = "Home"})
            error_screen{title = "Something went wrong"}
            route("/spin/:n", {validate = function() while true do end end, error = {title = "Spun"}})
            """, configuration: .init(instructionLimit: 100_000))
        #expect(fixture.failure(#"nav.push("/spin/1")"#)?.kind == .instructionLimit)
        #expect(fixture.navigator.path == "/")
    }

    @Test func positionsSplitOffTheMessage() {
        #expect(RouteCallbacks.splitPosition("app.lua:12: boom: really") == ("app.lua:12", "boom: really"))
        #expect(RouteCallbacks.splitPosition("[string \"x\"]:3: nope") == ("[string \"x\"]:3", "nope"))
        #expect(RouteCallbacks.splitPosition("no position: here") == (nil, "no position: here"))
    }
}

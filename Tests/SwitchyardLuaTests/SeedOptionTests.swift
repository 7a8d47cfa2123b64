import Testing
@testable import SwitchyardLua
import Switchyard

/// Issue 33 items 5 and 6: the seed options still missing (a sheet's drag indicator, showModal's
/// animation, alignment and bounds), a per-tab reset, `extra` on a pushed screen and case-insensitive
/// tables, through the Lua API as a script uses them. Every refusal is checked to change nothing.
@Suite struct SeedOptionTests {
    let app: RuntimeFixture
    init() throws {
        app = try RuntimeFixture("""
            route("/", {title = "Home"})
            route("/filters", {}) route("/tip", {})
            route("/home", {}) route("/home/item", {}) route("/library", {}) route("/library/album", {})
            route("/compose", {title = function(info) return "Compose " .. (info.extra and info.extra.draft.title or "-") end,
                               guard = function(info) seen_extra = info.extra and info.extra.draft.title return true end})
            """)
    }

    func unchanged(_ code: String, failingWith message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try app.navigator.save()
        let failure = app.failure(code)
        #expect(failure?.message.contains(message) == true, "\(failure?.message ?? "no error")", sourceLocation: sourceLocation)
        #expect(try app.navigator.save() == before, "the state changed", sourceLocation: sourceLocation)
    }

    // Item 5: showDragIndicator

    @Test func aResizableSheetKeepsItsDragIndicatorThroughASave() throws {
        try app.lua(#"nav.sheet("/filters", {detents = {"medium", "large"}, drag_indicator = true})"#)
        #expect(try app.lua("return nav.state.environments[2].drag_indicator") == [true])
        let saved = try app.navigator.save()
        #expect(saved.contains("\"dragIndicator\":true"))
        try app.lua("nav.dismiss_all()")
        try app.navigator.restore(saved)
        #expect(try app.lua("return nav.state.environments[2].drag_indicator, nav.state.environments[2].detent") == [true, "medium"])
        try app.lua(#"nav.set_detent("large")"#)
        #expect(try app.lua("return nav.state.environments[2].drag_indicator") == [true], "changing the detent keeps it")
    }

    @Test func aDragIndicatorWithoutDetentsOrNotABooleanIsRefused() throws {
        try unchanged(#"nav.sheet("/filters", {drag_indicator = true})"#,
                      failingWith: "nav.sheet: option 'drag_indicator' needs 'detents'")
        try unchanged(#"nav.sheet("/filters", {detents = {"large"}, drag_indicator = "yes"})"#,
                      failingWith: "nav.sheet: option 'drag_indicator' must be true or false, got string")
        try unchanged(#"nav.push("/filters", {drag_indicator = true})"#, failingWith: "drag_indicator")
    }

    // Item 5: showModal's animation, alignment and useDeviceBounds

    @Test func aModalKeepsItsAnimationAlignmentAndBoundsThroughASave() throws {
        try app.lua(#"nav.modal("/tip", {transition = "move-top", animation = "spring", alignment = "top", use_device_bounds = false})"#)
        #expect(try app.lua("local m = nav.modals[1] return m.transition, m.animation, m.alignment, m.use_device_bounds")
                == ["move-top", "spring", "top", false])
        let saved = try app.navigator.save()
        try app.lua("nav.dismiss_modal()")
        try app.navigator.restore(saved)
        #expect(try app.lua("local m = nav.modals[1] return m.animation, m.alignment, m.use_device_bounds") == ["spring", "top", false])
        #expect(app.navigator.modals.first?.modalStyleText == "move-top, spring, top, safe area")
    }

    @Test func aWrongModalOptionNamesTheOptionAndTheAllowedValues() throws {
        try unchanged(#"nav.modal("/tip", {animation = "bounce"})"#,
                      failingWith: #"nav.modal: option 'animation' must be one of "ease-in-out", "ease-in", "ease-out", "linear", "spring", "none", got "bounce""#)
        try unchanged(#"nav.modal("/tip", {alignment = "middle"})"#,
                      failingWith: #"option 'alignment' must be one of "center", "top", "bottom""#)
        try unchanged(#"nav.modal("/tip", {use_device_bounds = 1})"#,
                      failingWith: "nav.modal: option 'use_device_bounds' must be true or false, got number")
        try unchanged(#"nav.sheet("/tip", {alignment = "top"})"#, failingWith: "alignment")
    }

    // Item 6: a per-tab reset

    @Test func resetTabPopsThatTabAloneAsOneTimelineEntry() throws {
        try app.lua(#"tabs{"/home", "/library"} nav.push("/home/item") nav.tab("library") nav.push("/library/album")"#)
        let entries = app.navigator.history.count
        #expect(try app.lua(#"return nav.reset_tab("home")"#) == [true])
        #expect(app.navigator.path == "/library/album", "the selected tab is left as it was")
        #expect(app.navigator.history.count == entries + 1)
        #expect(app.navigator.history.last?.operation == .popToRoot)
        try app.lua(#"nav.tab("home")"#)
        #expect(app.navigator.path == "/home")
        #expect(try app.lua(#"return nav.reset_tab("home")"#) == [false], "already at its root")
        try app.lua(#"nav.tab(2) nav.sheet("/filters")"#)
        #expect(try app.lua("return nav.reset_tab(2)") == [true])
        #expect(app.navigator.path == "/library" && app.navigator.state.environments.count == 1,
                "the selected tab's reset dismisses the sheet over it")
        try app.lua("nav.back()")
        #expect(app.navigator.path == "/filters", "back undoes it whole")
    }

    @Test func resetTabOfAnUnknownTabOrWithoutTabsChangesNothing() throws {
        try unchanged(#"nav.reset_tab("home")"#, failingWith: "tab")
        try app.lua(#"tabs{"/home", "/library"} nav.push("/home/item")"#)
        try unchanged(#"nav.reset_tab("settings")"#, failingWith: "settings")
        try unchanged("nav.reset_tab(3)", failingWith: "3")
    }

    // Item 6: parameters that carry tables

    @Test func extraReachesTheRoutesCallbacksAndTheScreenAndSurvivesASave() throws {
        try app.lua(#"nav.push("/compose", {extra = {draft = {title = "Hello", tags = {"a", "b"}, n = 2}}})"#)
        #expect(app.navigator.screen.title == "Compose Hello")
        #expect(try app.lua("return seen_extra, nav.screen.extra.draft.tags[2], nav.stack[2].extra.draft.n") == ["Hello", "b", 2])
        let saved = try app.navigator.save()
        #expect(saved.contains(#""extra":{"draft":{"n":2,"tags":["a","b"],"title":"Hello"}}"#))
        try app.lua("nav.pop()")
        try app.navigator.restore(saved)
        #expect(try app.lua("return nav.info.extra.draft.title, nav.screen.extra.draft.n") == ["Hello", 2])
        #expect(try app.navigator.save() == saved)
    }

    @Test func extraThatIsNotJSONIsRefusedNamingTheValue() throws {
        try unchanged(#"nav.push("/compose", {extra = {draft = {title = "x", on = function() end}}})"#,
                      failingWith: "nav.push: extra.draft.on is a function, which does not save as JSON")
        try unchanged(#"nav.push("/compose", {extra = "text"})"#, failingWith: "nav.push: option 'extra' must be a table, got string")
        try unchanged(#"nav.sheet("/compose", {extra = {draft = {title = 0/0}}})"#, failingWith: "which JSON cannot hold")
    }

    // Item 6: case-insensitive tables

    @Test func routesCaseInsensitiveMatchesStaticSegmentsInAnyCase() throws {
        #expect(app.failure(#"nav.push("/LIBRARY")"#) != nil, "case-sensitive by default")
        try app.lua(#"routes{case_insensitive = true}"#)
        try app.lua(#"nav.push("/Library/ALBUM")"#)
        #expect(app.navigator.screen.pattern == "/library/album" && app.navigator.path == "/Library/ALBUM")
        try app.lua(#"route("/About", {}) nav.push("/about")"#)
        #expect(app.navigator.screen.pattern == "/About", "a route declared after the switch folds too")
        try app.lua(#"routes{case_insensitive = false}"#)
        #expect(app.failure(#"nav.push("/ABOUT")"#) != nil)
    }

    @Test func caseInsensitiveIsRefusedWhenTwoRoutesWouldBeOne() throws {
        try app.lua(#"route("/Filters", {})"#)
        let failure = app.failure(#"routes{case_insensitive = true}"#)
        #expect(failure?.message.contains(#"routes: cannot ignore case: pattern "/Filters" is equivalent to "/filters""#) == true,
                "\(failure?.message ?? "no error")")
        #expect(app.failure(#"nav.push("/FILTERS")"#) != nil, "the table is as it was")
        #expect(app.failure(#"routes{case_insensitive = "yes"}"#)?.message.contains("must be true or false") == true)
    }

    // Item 5: SwiftUI Router's exact = false

    @Test func aPrefixRouteTakesTheRestAndAnExactMatchWins() throws {
        try app.lua(#"route("/guide", {exact = false}) route("/guide/intro", {title = "Intro"})"#)
        #expect(try app.lua(#"local m = match("/guide/a/b") return m.pattern, m.params.rest"#) == ["/guide/*rest", "a/b"])
        #expect(try app.lua(#"return match("/guide").params.rest, match("/guide/intro").pattern"#) == ["", "/guide/intro"])
        #expect(app.failure(#"route("/files/*", {exact = false})"#)?.message.contains("already ends in a splat") == true)
        #expect(app.failure(#"route("/x/:rest", {exact = false})"#)?.message.contains("a name the pattern already has") == true)
        #expect(app.failure(#"route("/y", {exact = 0})"#)?.message.contains("option 'exact' must be true or false, got number") == true)
        #expect(try app.lua(#"return match("/y/z")"#) == [.nil], "a refused declaration declares nothing")
    }

    // Item 6: a modal reachable by deep link

    @Test func aDeepLinkWithPresentationModalShowsTheOneModalOverTheRoot() throws {
        try app.lua(#"nav.push("/filters") nav.modal("/filters") nav.alert{title = "Unsaved", buttons = {"OK"}}"#)
        let entries = app.navigator.history.count
        try app.lua(#"nav.open("myapp://tip?presentation=modal")"#)
        #expect(app.navigator.path == "/" && app.navigator.modals.map(\.path) == ["/tip"])
        #expect(!app.navigator.alertActive && app.navigator.history.count == entries + 1)
        #expect(app.navigator.history.last?.operation == .open)
        #expect(try app.lua("return nav.last_action.chain[1].text") == ["dismissed the alert 'Unsaved' without a choice"])
        try unchanged(#"nav.open("myapp://tip?presentation=popup")"#, failingWith: "expected push, sheet, cover or modal")
        try unchanged(#"nav.open("myapp://nowhere?presentation=modal")"#, failingWith: "nowhere")
    }
}

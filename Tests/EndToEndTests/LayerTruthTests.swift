import Foundation
import Testing

/// What the explorer shows is what the navigator does (issue 30, items 2-5): the REPL shows and acts
/// on the top-most layer (a modal, an alert), says why a navigation landed elsewhere, and refuses a
/// deep link typed as a path. On Fixtures/layers/app.lua, in a terminal (tmux) and through pipes.
@Suite(.serialized) struct LayerTruthTests {
    private static let directory = SwitchyardBinary.fixtures + "/layers"

    private func terminal() throws -> TerminalSession {
        let session = try TerminalSession(arguments: ["--no-color", "-i", "app.lua"], directory: Self.directory)
        try session.waitFor("> ")
        return session
    }

    private func script(_ code: String) throws -> CommandRun {
        try CommandRun.switchyard(["-e", code])
    }

    // MARK: Item 2: a modal is the screen shown

    @Test func aScriptsDismissClosesTheModalNotTheScreenBeneathIt() throws {
        let result = try script(#"route("/") route("/a") route("/tip") nav.reset() nav.push("/a") nav.modal("/tip") nav.dismiss() print(nav.path, #nav.modals)"#)
        #expect(result.errors.isEmpty)
        #expect(result.output == "/a\t0\n")
    }

    @Test(.enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
    func theReplShowsFollowsAndDismissesTheModal() throws {
        let session = try terminal()
        defer { session.close() }
        try session.enter(":push /a", expecting: "━━ A ━━  /a")
        try session.enter("nav.modal('/tip')", expecting: "━━ Tip ━━  /tip  (modal)")
        try session.waitFor("  [1] /b")   // the modal's link, not /a's (/account)
        try session.enter(":follow 1", expecting: "━━ B ━━  /b")
        try session.enter("print('at:' .. nav.path .. ':' .. #nav.modals)", expecting: "at:/b:0")
        try session.enter(":back", expecting: "━━ Tip ━━  /tip  (modal)", count: 2)
        try session.enter(":dismiss")
        try session.enter("print('now:' .. nav.path .. ':' .. #nav.modals .. ':' .. #nav.stack)", expecting: "now:/a:0:2")
    }

    // MARK: Item 3: an alert is a layer

    @Test(.enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
    func theReplRefusesMovesBehindAnAlertAndDismissChoosesCancel() throws {
        let session = try terminal()
        defer { session.close() }
        try session.enter("ask_delete()", expecting: "alert  Delete? [Delete] [Cancel]  :dismiss chooses [Cancel]")
        // (The terminal is 120 columns wide: the message's end wraps.)
        try session.enter(":push /a", expecting: ":push /a: the alert 'Delete?' is up, and nothing behind it can be tapped: :choose Delete or :choose Cancel")
        try session.enter(":follow 1", expecting: ":follow 1: the alert 'Delete?' is up")
        try session.enter("print('still:' .. nav.path .. ':' .. tostring(nav.alert_active))", expecting: "still:/:true")
        try session.enter(":dismiss")
        try session.enter("print('answered:' .. cancelled .. ':' .. tostring(nav.alert_active))", expecting: "answered:1:false")
    }

    @Test(.enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
    func aScriptsNavigationWithAnAlertUpSaysItDroppedTheAlert() throws {
        let session = try terminal()
        defer { session.close() }
        try session.enter(":trace on", expecting: "trace on")
        try session.enter("ask_delete(); nav.push('/b')", expecting: "dismissed the alert 'Delete?' without a choice", count: 2)
        let screen = try session.waitFor("━━ B ━━  /b")
        #expect(screen.contains("    ↳ dismissed the alert 'Delete?' without a choice"))   // the trace's line
        try session.enter("print('after:' .. cancelled .. ':' .. nav.last_action.chain[1].step)", expecting: "after:0:alert")
    }

    @Test func aScriptsNavigationKeepsTodaysRuleAndSaysSo() throws {
        let result = try script(#"""
            route("/") route("/a") nav.reset()
            local heard = {}
            nav.on("change", function(event) for _, step in ipairs(event.chain) do heard[#heard + 1] = step.text end end)
            nav.alert{title = "Sure?", buttons = {"Yes", "Cancel"}} nav.push("/a")
            print(nav.path, nav.alert_active, heard[1])
            nav.alert{title = "Again?"} nav.reset()
            print(nav.path, nav.alert_active, nav.last_action.chain[1].text)
            """#)
        #expect(result.errors.isEmpty)
        #expect(result.output == """
            /a	false	dismissed the alert 'Sure?' without a choice
            /	false	dismissed the alert 'Again?' without a choice

            """)
    }

    @Test func anAlertWithoutACancelIsNotDismissedQuietly() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "app.lua"],
                                               input: "nav.alert{title = 'Pick', buttons = {'Red', 'Blue'}}\n:dismiss\nprint(nav.alert_active)\n",
                                               directory: Self.directory)
        #expect(result.output.contains("alert  Pick [Red] [Blue]  :choose a button (no Cancel to dismiss with)"))
        #expect(result.errors.contains("dismiss: the alert 'Pick' has no Cancel button: :choose one of Red, Blue (nav.choose)"))
        #expect(!result.errors.contains("already at the root screen"))
        #expect(result.output.hasSuffix("true\n"))
    }

    // MARK: Item 4: redirects are said

    @Test(.enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
    func aGuardsRedirectIsSaidWithItsSite() throws {
        let session = try terminal()
        defer { session.close() }
        try session.enter(":push /account", expecting: "guard at app.lua:8 redirected /account → /login?next=%2Faccount")
        try session.enter(":trace on", expecting: "trace on")
        try session.enter(":push /old", expecting: "    ↳ redirect at app.lua:12 sent /old → /b")
        try session.waitFor("redirect at app.lua:12 sent /old → /b", count: 2)   // the trace's, and the line under the screen
    }

    @Test func explainShowsTheWinnerAndWhatItsGuardWouldDoNow() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "app.lua"],
                                               input: ":explain /account\nsigned_in = true\n:explain /account\n:explain! /account\n",
                                               directory: Self.directory)
        #expect(result.errors.isEmpty)
        #expect(result.output.contains("""
            explain /account
              wins      /account  (declared at app.lua:8)
              now       guard at app.lua:8 would redirect to /login?next=%2Faccount
            """))
        #expect(result.output.contains("  now       guard at app.lua:8 would allow it\n"))
        // The full table is :explain!'s.
        #expect(result.output.contains("  5. /account     won"))
        #expect(result.output.contains("  1. /            no match"))
    }

    @Test func explainNamesTheNearMisses() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "app.lua"], input: ":explain /item/lamp\n",
                                               directory: Self.directory)
        #expect(result.errors.isEmpty)
        #expect(result.output.contains("""
            explain /item/lamp
              wins      /item/:slug  (declared at app.lua:18)
              near miss /item/:id  matched, but rejected by its validator
              now       no guard or redirect: it lands as asked
            """))
    }

    @Test func lastActionKeepsTheChain() throws {
        let result = try CommandRun.switchyard(
            ["-e", #"dofile("app.lua") nav.reset() nav.push("/account") local s = nav.last_action.chain[1] print(s.step, s.answer, s.route, s.site, s.to) nav.go("/b") print(#nav.last_action.chain)"#],
            directory: Self.directory)
        #expect(result.errors.isEmpty)
        #expect(result.output == "guard\tredirect\t/account\tapp.lua:8\t/login?next=%2Faccount\n0\n")
    }

    // MARK: Item 5: a deep link is not a path

    @Test func goRefusesADeepLinkAndChangesNothing() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "app.lua"],
                                               input: ":go myapp://album/123\nprint(nav.path, #nav.history)\nprint(pcall(nav.go, 'myapp://a'))\n",
                                               directory: Self.directory)
        #expect(result.errors.contains("go: \"myapp://album/123\" is a deep link: use :open (nav.open)"))
        #expect(!result.output.contains("Not Found"))
        #expect(result.output.contains("/\t1\n"))
        #expect(result.output.contains("false\tgo: \"myapp://a\" is a deep link: use :open (nav.open)"))
    }
}

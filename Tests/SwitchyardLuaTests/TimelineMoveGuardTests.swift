import Testing
@testable import SwitchyardLua
import Switchyard

/// Back and Forward ask the guards (and `nav.before` hooks) of the screens they bring back, through
/// revalidation's walk: a block or pending answer refuses the move, a redirect lands in its place.
@Suite struct TimelineMoveGuardTests {
    private func runtime(_ extra: String = "") throws -> SwitchyardRuntime {
        let runtime = try SwitchyardRuntime()
        try runtime.load(code: """
            answer = true
            asked = 0
            route("/", {title = "Home"})
            route("/login", {title = "Log In"})
            route("/account", {title = "Account", guard = function() asked = asked + 1; return answer end})
            route("/settings", {title = "Settings"})
            """ + extra, chunkName: "=app")
        return runtime
    }

    private func run(_ code: String, _ runtime: SwitchyardRuntime) throws {
        _ = try runtime.engine.run(code, chunkName: "=t")
    }

    @Test func backIsRefusedWhenTheGuardOfAScreenItBringsBackBlocks() throws {
        let runtime = try runtime()
        let navigator = runtime.navigator
        try navigator.push("/account")
        try navigator.go("/settings")
        try run("answer = false", runtime)
        let index = navigator.historyIndex
        #expect {
            try navigator.back()
        } throws: { error in
            "\(error)" == "back: guard at app:5 blocked /account, which back would show again; nothing changed"
        }
        #expect(navigator.path == "/settings" && navigator.historyIndex == index && navigator.canBack)
        // Allowed again, Back shows the recorded state as before.
        try run("answer = true", runtime)
        #expect(try navigator.back())
        #expect(navigator.stack.map(\.path) == ["/", "/account"])
    }

    @Test func forwardAsksTooAndARedirectLandsInThePlaceOfTheGuardedScreen() throws {
        let runtime = try runtime()
        let navigator = runtime.navigator
        try navigator.push("/account")
        #expect(try navigator.back())
        try run("answer = '/login'", runtime)
        #expect(try navigator.forward())
        #expect(navigator.stack.map(\.path) == ["/", "/login"])
        // The entry moved to holds what is shown: Back goes on to what came before it.
        #expect(navigator.canForward == false)
        #expect(try navigator.back())
        #expect(navigator.stack.map(\.path) == ["/"])
    }

    @Test func aScreenStillShownIsNotAskedAgainAndNoGuardedArrivalAsksNothing() throws {
        let runtime = try runtime()
        let navigator = runtime.navigator
        try navigator.push("/account")
        try navigator.push("/settings")
        try run("answer = false; asked = 0", runtime)
        #expect(try navigator.back())   // /account is shown in both states: not asked
        #expect(navigator.path == "/account")
        try run("assert(asked == 0, 'asked ' .. asked .. ' times')", runtime)
    }

    @Test func aBeforeHookAndAPendingGuardRefuseTheMoveByName() throws {
        let runtime = try runtime("\nnav.before(function(to) if to.path == '/settings' and closed then return false end end)")
        let navigator = runtime.navigator
        try navigator.push("/settings")
        try navigator.go("/login")
        try run("closed = true", runtime)
        #expect {
            try navigator.back()
        } throws: { error in
            "\(error)".hasPrefix("back: nav.before hook at app:7 blocked /settings")
        }
        try run("closed = false", runtime)
        try navigator.push("/account")
        try navigator.go("/")
        try run("answer = nav.pending('password')", runtime)
        #expect {
            try navigator.back()
        } throws: { error in
            "\(error)".contains("guard at app:5 held /account pending \"password\"") && "\(error)".contains("does not wait")
        }
        #expect(navigator.path == "/" && navigator.pendingNavigation == nil)
    }
}

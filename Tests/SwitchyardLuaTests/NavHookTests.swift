import Testing
@testable import SwitchyardLua
import Switchyard

/// `nav.before` / `nav.after` (issue 34, item 1) where only the runtime shows it: a failed `:load`
/// puts the hooks back, a fresh navigator keeps them, and a bad answer is a clear error.
@Suite struct NavHookTests {
    @Test func aFailedLoadTakesItsHooksAwayAndGivesBackTheOnesItTurnedOff() throws {
        let files = try TemporaryScripts.write([
            "good.lua": """
                route("/", {title = "Home"}) route("/a", {title = "A"}) route("/b", {title = "B"})
                told = 0
                keep = nav.after(function() told = told + 1 end)
                """,
            "bad.lua": """
                keep:off()
                nav.before(function(to) if to.path == "/a" then return "/b" end end)
                error("boom")
                """,
        ])
        let runtime = try SwitchyardRuntime()
        try runtime.load(file: files["good.lua"]!)
        #expect(throws: LuaError.self) { try runtime.loadAtomically(file: files["bad.lua"]!) }
        try runtime.navigator.push("/a")
        #expect(runtime.navigator.path == "/a")   // the bad file's hook is gone
        let after = try runtime.engine.run("return told, keep:active()", chunkName: "=t")
        #expect(after == [2, true], "\(after)")   // the start screen landing, then the push
    }

    @Test func aFreshNavigatorKeepsTheHooksAndTheHandleTurnsOffItsOwnCopy() throws {
        let runtime = try SwitchyardRuntime()
        try runtime.load(code: """
            route("/", {}) route("/a", {title = "A"}) route("/login", {title = "Log In"})
            hook = nav.before(function(to) if to.path == "/a" then return "/login" end end)
            """, chunkName: "=app")
        let original = runtime.navigator
        let fresh = try runtime.startFresh()
        try fresh.push("/a")
        #expect(fresh.path == "/login")
        _ = try runtime.engine.run("hook:off()", chunkName: "=t")
        try fresh.push("/a")
        #expect(fresh.path == "/a")
        try original.push("/a")
        #expect(original.path == "/login")   // turned off on the navigator current then, not this one
    }

    @Test func aHookAnsweringWhatNoGuardMayIsAnErrorNamingItsLine() throws {
        let runtime = try SwitchyardRuntime()
        try runtime.load(code: """
            route("/", {}) route("/a", {})
            nav.before(function(to) if to.path == "/a" then return {} end end)
            """, chunkName: "=app")
        var message = ""
        do { try runtime.navigator.push("/a") } catch { message = (error as? LuaError)?.message ?? "\(type(of: error))" }
        #expect(message.contains("nav.before hook at app:2 returned a table value; expected nil, true, false, a path or nav.pending(key)"), "\(message)")
        #expect(runtime.navigator.path == "/")
    }
}

import Testing
@testable import SwitchyardLua
import Switchyard

/// Loaders (issue 34, item 4) where the music example and the end-to-end fixture do not go: a
/// loader's hold is no guard's (a guard's answer does not settle it, a save does not keep it), and
/// a loader that raises changes nothing.
@Suite struct LoaderTests {
    private func runtime() throws -> SwitchyardRuntime {
        let runtime = try SwitchyardRuntime()
        try runtime.load(code: """
            waiting, failing, loads = false, false, 0
            route("/a", {title = "A"})
            route("/album/:id", {
              validate = function(info) return "album " .. info.params.id end,
              load = function(info)
                loads = loads + 1
                if failing then error("no network") end
                if waiting then return nav.pending("fetch") end
                return info.value .. " credits"
              end,
              view = function(info) return tostring(info.data) end,
            })
            """, chunkName: "=app")
        return runtime
    }

    @Test func aLoaderSeesTheValidatorsValueAndItsDataReachesTheView() throws {
        let runtime = try runtime()
        try runtime.navigator.push("/album/7")
        #expect(runtime.navigator.screen.view == "album 7 credits")
        #expect(runtime.navigator.screen.data as? LuaValue == .string(LuaString("album 7 credits")))
    }

    @Test func aLoadersHoldIsNotSettledByAGuardsAnswerNorKeptByASave() throws {
        let runtime = try runtime()
        let navigator = runtime.navigator
        _ = try runtime.engine.run("waiting = true", chunkName: "=t")
        try navigator.push("/album/7")
        #expect(navigator.pendingNavigation?.kind == .load && navigator.path == "/")
        #expect(throws: NavigationError.self) { try navigator.settle("fetch", with: .allow) }
        #expect(navigator.pendingNavigation?.key == "fetch")
        #expect(!(try navigator.save()).contains("\"pending\""))
        try navigator.settle("fetch", loaded: "given")
        #expect(navigator.path == "/album/7" && navigator.screen.view == "given")
        #expect(navigator.pendingNavigation == nil)
    }

    @Test func aLoaderThatRaisesChangesNothing() throws {
        let runtime = try runtime()
        let navigator = runtime.navigator
        try navigator.push("/a")
        _ = try runtime.engine.run("failing = true", chunkName: "=t")
        #expect(throws: (any Error).self) { try navigator.push("/album/7") }
        #expect(navigator.path == "/a" && navigator.history.count == 2)
    }
}

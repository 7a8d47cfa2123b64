import Testing
@testable import SwitchyardLua
import Switchyard

/// `loadAtomically(file:)`, behind the REPL's `:load`: a script that fails part-way keeps nothing.
@Suite struct AtomicLoadTests {
    @Test func aFailedLoadLeavesGlobalsDeclarationsStateAndTheReloadListAsTheyWere() throws {
        let files = try TemporaryScripts.write([
            "good.lua": """
                app = {name = "good"}
                route("/", {title = "Home"})
                route("/a", {title = "A"})
                flow("tour", {"/a"})
                invariant("fine", function() return true end)
                """,
            "bad.lua": """
                app = {name = "bad"}
                extra = 1
                route("/b", {title = "B", name = "b"})
                tabs{"/", "/b"}
                not_found{title = "Lost"}
                flow("tour", {"/b"})
                invariant("broken", function() return false end)
                nav.on("push", function() pushed = true end)
                nav.push("/b")
                error("boom")
                """,
        ])
        let runtime = try SwitchyardRuntime()
        try runtime.load(file: files["good.lua"]!)
        try runtime.navigator.push("/a")
        #expect(throws: LuaError.self) { try runtime.loadAtomically(file: files["bad.lua"]!) }
        #expect(try runtime.engine.run("return app.name, extra", chunkName: "=t") == ["good", .nil])
        #expect(runtime.routeTable.routes.map(\.pattern.text) == ["/", "/a"])
        #expect(runtime.routeTable.route(named: "b") == nil)
        #expect(runtime.tabs.isEmpty && runtime.notFound == nil)
        #expect(runtime.flows["tour"] == [FlowStep("/a")])
        #expect(runtime.invariants.map(\.name) == ["fine"])
        #expect(runtime.loadedFiles == [files["good.lua"]!])
        #expect(runtime.navigator.path == "/a" && runtime.navigator.stack.count == 2)
        try runtime.navigator.push("/")
        #expect(try runtime.engine.run("return pushed", chunkName: "=t") == [.nil], "the failed file's handler is gone")
        // The names and patterns the failed file took are free again.
        try runtime.engine.run(#"route("/b", {name = "b"})"#, chunkName: "=t")
        try runtime.reload()
        #expect(runtime.routeTable.routes.map(\.pattern.text) == ["/", "/a"])
    }

    @Test func aLoadThatWorksKeepsEverything() throws {
        let files = try TemporaryScripts.write(["more.lua": #"more = true route("/more", {})"#])
        let runtime = try SwitchyardRuntime()
        try runtime.loadAtomically(file: files["more.lua"]!)
        #expect(try runtime.engine.run("return more", chunkName: "=t") == [true])
        #expect(runtime.routeTable.count == 1 && runtime.loadedFiles == [files["more.lua"]!])
    }
}

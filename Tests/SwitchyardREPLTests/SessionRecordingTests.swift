import Switchyard
import SwitchyardLua
import Testing
@testable import SwitchyardREPL
@testable import SwitchyardTools

/// What `:record` writes, short of a terminal: literals that read back the same bytes, the way the
/// spec loads the app, and the call each navigating meta-command stands for.
@Suite struct SessionRecordingTests {
    @Test func quotedTextReadsBackTheSameBytes() throws {
        let engine = try LuaEngine()
        for text in ["/album/1", "say \"hi\"\\", "line\nbreak", "nul\u{0}1 tab\t9", "Café ☕"] {
            let literal = LuaStringLiteral.quote(text)
            #expect(try engine.run("return " + literal, chunkName: "=t").first?.stringValue == text, "\(literal)")
        }
    }

    @Test func theAppIsRequiredByItsPathFromTheSpecsFolder() {
        #expect(AppRequire.call(loading: "/w/examples/music/app.lua", specFolder: "/w/examples/music/scenarios") == "require(\"../app.lua\")")
        #expect(AppRequire.call(loading: "/w/app.lua", specFolder: "/w") == "require(\"./app.lua\")")
        #expect(AppRequire.relativePath(of: "/w/examples/news/app.lua", from: "/tmp/far") == "../../w/examples/news/app.lua")
        #expect(AppRequire.relativePath(of: "/w/a/b.lua", from: "/w/a/b") == "../b.lua")
        #expect(AppRequire.relativePath(of: "/w/x/../a.lua", from: "/w/./x") == "../a.lua")
    }

    @Test func navigatingCommandsAreRecordedAsTheirCalls() throws {
        let runtime = try SwitchyardRuntime()
        try runtime.load(code: "route('/', {links = {'/album/:id', '/album/7'}}) route('/album/:id', {})", chunkName: "=app")
        let navigator = runtime.navigator
        #expect(try SessionRecording.call(for: .follow(2), on: navigator) == "nav.push(\"/album/7\")")
        #expect(try SessionRecording.call(for: .follow(3), on: navigator) == nil)
        #expect(try SessionRecording.call(for: .tab("2"), on: navigator) == "nav.tab(2)")
        #expect(try SessionRecording.call(for: .back(3), on: navigator) == "nav.back(3)")
        #expect(try SessionRecording.call(for: .reset(nil), on: navigator) == "nav.reset()")
        #expect(try SessionRecording.call(for: .routes, on: navigator) == nil)
    }
}

import Testing
@testable import SwitchyardLua

@Suite struct ErrorMessageTests {
    let engine: LuaEngine
    init() throws { engine = try LuaEngine() }

    private func failure(_ code: String, chunk: String = "@app.lua") -> LuaError? {
        #expect(throws: LuaError.self) { try engine.run(code, chunkName: chunk) }
    }

    @Test func runtimeErrorsCarryChunkAndLine() {
        let error = failure("local t = nil\n\nreturn t.x")
        #expect(error?.message == "app.lua:3: attempt to index a nil value (local 't')")
        #expect(error?.kind == .runtime)
        #expect(error?.traceback?.contains("app.lua:3") == true)
    }

    @Test func syntaxErrorsSayWhere() {
        let error = failure("x = = 1", chunk: "=stdin")
        #expect(error?.kind == .syntax)
        #expect(error?.message == "stdin:1: unexpected symbol near '='")
    }

    @Test func nonStringErrorObjectsAreDescribedWithTheirPosition() {
        #expect(failure("\nerror({})")?.message == "app.lua:2: error object is a table value")
        #expect(failure("error(nil)")?.message == "app.lua:1: error object is a nil value")
        #expect(failure("error(42)")?.message == "app.lua:1: 42")
        #expect(failure("error('plain', 0)")?.message == "plain")
    }

    @Test func tostringOfErrorObjectsIsHonoured() {
        let error = failure("error(setmetatable({}, {__tostring = function() return 'custom failure' end}))")
        #expect(error?.message == "app.lua:1: custom failure")
    }

    @Test func aTostringThatItselfFailsIsReportedNotFatal() {
        let error = failure("error(setmetatable({}, {__tostring = function() error('broken tostring') end}))")
        #expect(error?.message == "app.lua:1: error object is a table value (its __tostring failed: app.lua:1: broken tostring)")
        let notString = failure("error(setmetatable({}, {__tostring = function() return {} end}))")
        #expect(notString?.message.contains("'__tostring' must return a string") == true)
        #expect((try? engine.run("return 'still fine'", chunkName: "=ok"))?.first == "still fine")
    }

    @Test func incompleteInputIsToldApartFromWrongInput() {
        #expect(engine.isIncomplete("function f()"))
        #expect(engine.isIncomplete("x = {"))
        #expect(engine.isIncomplete("s = [[long string"))
        #expect(engine.isIncomplete("s = 'line'\nend") == false)
        #expect(engine.isIncomplete("x = = 1") == false)
        #expect(engine.isIncomplete("return 1") == false)
    }

    @Test func runFileNamesTheFileInErrors() throws {
        let path = try TemporaryScripts.write(["broken.lua": "#!/usr/bin/env switchyard\nlocal a = 1\nerror('from the file')\n"])["broken.lua"]!
        let error = #expect(throws: LuaError.self) { try engine.runFile(path) }
        #expect(error?.message == "\(path):3: from the file")
        let missing = #expect(throws: LuaError.self) { try engine.runFile("/nonexistent/x.lua") }
        #expect(missing?.message == "cannot open /nonexistent/x.lua: No such file or directory")
    }
}

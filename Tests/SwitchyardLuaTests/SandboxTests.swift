import Testing
@testable import SwitchyardLua

@Suite struct SandboxTests {
    @Test func theSandboxHasOnlyTheSafeLibraries() throws {
        let engine = try LuaEngine(configuration: .init(sandboxed: true))
        let absent = try engine.run("""
            return io, package, debug, dofile, loadfile, string.dump, os.execute, os.exit, os.getenv, os.remove, ("").dump
            """, chunkName: "=s")
        #expect(absent.count == 11)
        #expect(absent.allSatisfy { $0.isNil })
        let present = try engine.run("return type(os.clock()), type(os.time()), type(os.date('%Y')), os.difftime(2, 1), type(require)", chunkName: "=s")
        #expect(present == ["number", "number", "string", 1.0, "function"])
    }

    @Test func loadAcceptsTextOnly() throws {
        let engine = try LuaEngine(configuration: .init(sandboxed: true))
        #expect(try engine.run("return load('return 1 + 2')()", chunkName: "=l") == [3])
        #expect(try engine.run("local env = {y = 5} return load('return y', 'c', 't', env)()", chunkName: "=l") == [5])
        let binary = try engine.run("return load('\\27Lua', 'bin', 'b')", chunkName: "=l")
        #expect(binary.first?.isNil == true)
        #expect(binary.last?.stringValue?.contains("attempt to load a binary chunk") == true)
    }

    @Test func theFullProfileHasEverything() throws {
        let engine = try LuaEngine(configuration: .init(sandboxed: false))
        #expect(try engine.run("return type(io.write), type(os.getenv), type(debug.traceback), type(package.path), type(string.dump)", chunkName: "=f")
            == ["function", "function", "function", "string", "function"])
    }

    @Test(arguments: [true, false])
    func requireLoadsLuaFilesNextToTheScript(sandboxed: Bool) throws {
        let files = try TemporaryScripts.write([
            "app.lua": "local library = require 'features.library'\nreturn library.name, require('features.library') == library",
            "features/library.lua": "return {name = 'library from ' .. ...}",
        ])
        let engine = try LuaEngine(configuration: .init(sandboxed: sandboxed))
        let results = try engine.runFile(files["app.lua"]!)
        #expect(results == ["library from features.library", true])
    }

    @Test func aSpecFindsItsAppOneFolderUpEvenSandboxed() throws {
        let files = try TemporaryScripts.write([
            "app.lua": "return 'the app'",
            "scenarios/app_spec.lua": "local app = require 'app'\nreturn app",
        ])
        let engine = try LuaEngine(configuration: .init(sandboxed: true))
        #expect(try engine.runFile(files["scenarios/app_spec.lua"]!) == ["the app"])
    }

    @Test func requireReportsWhatItTried() throws {
        let files = try TemporaryScripts.write(["main.lua": "\nrequire 'missing.module'"])
        let engine = try LuaEngine()
        let error = #expect(throws: LuaError.self) { try engine.runFile(files["main.lua"]!) }
        let directory = files[""]!
        #expect(error?.message == """
            \(files["main.lua"]!):2: module 'missing.module' not found:
            \tno file '\(directory)/missing/module.lua'
            \tno file '\(directory)/missing/module/init.lua'
            \tno file '\(directory)/../missing/module.lua'
            \tno file '\(directory)/../missing/module/init.lua'
            \tno file 'missing/module.lua'
            \tno file 'missing/module/init.lua'
            """)
        let climbing = #expect(throws: LuaError.self) { try engine.run("require '../../etc/passwd'", chunkName: "=c") }
        #expect(climbing?.message.contains("invalid module name") == true)
    }

    @Test func requireNeverLoadsBinaryChunks() throws {
        let files = try TemporaryScripts.write(["app.lua": "return require 'compiled'", "compiled.lua": "\u{1B}Lua garbage"])
        let engine = try LuaEngine()
        let error = #expect(throws: LuaError.self) { try engine.runFile(files["app.lua"]!) }
        #expect(error?.message.contains("attempt to load a binary chunk") == true)
    }
}

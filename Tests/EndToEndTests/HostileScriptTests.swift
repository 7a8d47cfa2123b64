import Foundation
import Testing

/// Hostile scripts through the real executable: each hostile script of issue 4's list, plus deep recursion in a
/// validator, a 100 MB string under a memory cap, binary chunks and `os.execute` in the sandbox. Each
/// must end with exit status 1 and one clear message on stderr, never a crash; and, caught with pcall
/// inside one script, none may change the navigator.
@Suite(.serialized) struct HostileScriptTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let options: [String]
        let script: String
        let message: String

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "endless loop under an instruction budget", options: ["--max-instructions", "100000"],
             script: "while true do end", message: "app.lua:1: instruction limit of 100000 exceeded"),
        Case(name: "allocation until the memory cap", options: ["--max-memory", "16"],
             script: "local t = {}\nfor i = 1, 1e9 do t[i] = ('x'):rep(1000) end", message: "memory limit of 16 MB exceeded"),
        Case(name: "a 100 MB string under a 64 MB cap", options: ["--max-memory", "64"],
             script: "local s = string.rep('x', 100 * 1024 * 1024)\nprint(#s)", message: "memory limit of 64 MB exceeded"),
        Case(name: "recursion until the stack limit", options: [],
             script: "local function f() return 1 + f() end\nf()", message: "app.lua:1: stack overflow"),
        Case(name: "recursion through a metamethod until the C stack limit", options: [],
             script: "local t = setmetatable({}, {__index = function(t, k) return t[k] end})\nreturn t.x",
             message: "C stack overflow"),
        Case(name: "error with a table", options: [], script: "error({})", message: "app.lua:1: error object is a table value"),
        Case(name: "error with a __tostring object", options: [],
             script: "error(setmetatable({}, {__tostring = function() return 'custom text' end}))",
             message: "app.lua:1: custom text"),
        Case(name: "error with a __tostring that errors", options: [],
             script: "error(setmetatable({}, {__tostring = function() error('worse') end}))",
             message: "its __tostring failed"),
        Case(name: "yield across a Swift call", options: [],
             script: "route('/')\nroute('/y', {guard = function() coroutine.yield() end})\ncoroutine.wrap(function() nav.push('/y') end)()",
             message: "attempt to yield across a C-call boundary"),
        Case(name: "a validator that errors", options: [],
             script: "route('/')\nroute('/item/:id', {validate = function(info)\n  error('bad id ' .. info.params.id)\nend})\nnav.push('/item/3')",
             message: "app.lua:3: bad id 3"),
        Case(name: "a guard that navigates", options: [],
             script: "route('/')\nroute('/a')\nroute('/sneaky', {guard = function() nav.push('/a') end})\nnav.push('/sneaky')",
             message: "cannot push while push is in progress"),
        Case(name: "a redirect loop", options: [],
             script: "route('/')\nroute('/a', {redirect = '/b'})\nroute('/b', {redirect = function() return '/a' end})\nnav.push('/a')",
             message: "redirect loop: /a → /b → /a"),
        Case(name: "writing to nav.path", options: [], script: "nav.path = '/x'", message: "app.lua:1: nav.path is read-only"),
        Case(name: "nav.push with a table", options: [], script: "route('/')\nnav.push({})",
             message: "app.lua:2: bad argument #1 to 'nav.push' (string expected, got table)"),
        Case(name: "deep recursion in a validator", options: [],
             script: "route('/')\nroute('/v/:n', {validate = function(info)\n  local function f(n) return f(n + 1) + 1 end\n  return f(1)\nend})\nnav.push('/v/1')",
             message: "stack overflow"),
        Case(name: "os.execute in the sandbox", options: ["--sandbox"], script: "os.execute('echo escaped')",
             message: "app.lua:1: attempt to call a nil value (field 'execute')"),
        Case(name: "io in the sandbox", options: ["--sandbox"], script: "io.open('/tmp/escaped', 'w')",
             message: "app.lua:1: attempt to index a nil value (global 'io')"),
        Case(name: "string.dump in the sandbox", options: ["--sandbox"], script: "load(string.dump(print))",
             message: "app.lua:1: attempt to call a nil value (field 'dump')"),
        Case(name: "a binary chunk given to load in the sandbox", options: ["--sandbox"],
             script: "assert(load('\\27LuaT\\0'))", message: "attempt to load a binary chunk (mode is 't')"),
    ]

    @Test(arguments: cases)
    func failsWithAClearMessage(_ hostile: Case) throws {
        let directory = try HostileFiles.directory()
        try hostile.script.write(toFile: directory + "/app.lua", atomically: true, encoding: .utf8)
        let result = try CommandRun.switchyard(hostile.options + ["app.lua"], directory: directory)
        #expect(result.status == 1, "\(result.errors)")
        #expect(result.errors.hasPrefix("switchyard: "), "\(result.errors)")
        #expect(result.errors.contains(hostile.message), "\(result.errors)")
        #expect(!result.errors.contains("crashed"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/escaped"))
    }

    @Test func aBinaryChunkFileIsRefusedInTheSandbox() throws {
        let directory = try HostileFiles.directory()
        // A Lua 5.4 precompiled-chunk header: refused before any of it is trusted.
        let header: [UInt8] = [0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93, 0x0D, 0x0A, 0x1A, 0x0A, 0x04, 0x08, 0x08]
        try Data(header).write(to: URL(fileURLWithPath: directory + "/chunk.luac"))
        let result = try CommandRun.switchyard(["--sandbox", "chunk.luac"], directory: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("attempt to load a binary chunk (mode is 't')"), "\(result.errors)")
    }

    @Test func garbageBytesAreASyntaxErrorAsAFileAndThroughAPipe() throws {
        let directory = try HostileFiles.directory()
        try Data(HostileFiles.garbage(count: 4096, seed: 3)).write(to: URL(fileURLWithPath: directory + "/garbage.lua"))
        let file = try CommandRun.switchyard(["garbage.lua"], directory: directory)
        #expect(file.status == 1)
        #expect(file.errors.hasPrefix("switchyard: garbage.lua:1:"), "\(file.errors)")
        let controlCharacters = String(decoding: (0..<32).map { UInt8($0) } + Array("\u{7F}x = 1".utf8), as: UTF8.self)
        let piped = try CommandRun.switchyard([], input: controlCharacters, directory: directory)
        #expect(piped.status == 1)
        #expect(piped.errors.hasPrefix("switchyard: stdin:1:"), "\(piped.errors)")
    }

    @Test func failuresCaughtInsideOneScriptLeaveTheNavigatorAsItWas() throws {
        let directory = try HostileFiles.directory()
        let script = """
            route("/")
            route("/a")
            route("/loop1", {redirect = "/loop2"})
            route("/loop2", {redirect = function() return "/loop1" end})
            route("/boom", {guard = function() error({}) end})
            route("/sneaky", {guard = function() nav.push("/a") end})
            route("/deep/:n", {validate = function(info) local function f(n) return f(n + 1) + 1 end return f(1) end})
            route("/yield", {guard = function() coroutine.yield() end})
            nav.push("/a")
            local before = nav.save()
            local attempts = {
              {"redirect loop", function() nav.push("/loop1") end},
              {"guard raises a table", function() nav.push("/boom") end},
              {"guard navigates", function() nav.push("/sneaky") end},
              {"validator recursion", function() nav.push("/deep/1") end},
              {"yield across the bridge", coroutine.wrap(function() nav.push("/yield") end)},
              {"write nav.path", function() nav.path = "/x" end},
              {"push a table", function() nav.push({}) end},
              {"NUL in a path", function() nav.push("/a\\0b") end},
              {"restore a corrupt document", function() nav.restore(before:sub(1, 20)) end},
              {"100 MB string", function() local s = string.rep("x", 100 * 1024 * 1024) end},
            }
            for _, attempt in ipairs(attempts) do
              local ok = pcall(attempt[2])
              assert(not ok, attempt[1] .. " did not fail")
              assert(nav.save() == before, attempt[1] .. " changed the navigator")
              print(attempt[1] .. ": refused")
            end
            print("intact at " .. nav.path .. " with " .. #nav.history .. " timeline entries")
            """
        try script.write(toFile: directory + "/app.lua", atomically: true, encoding: .utf8)
        let result = try CommandRun.switchyard(["--sandbox", "--max-memory", "64", "app.lua"], directory: directory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.components(separatedBy: ": refused\n").count - 1 == 10, "\(result.output)")
        #expect(result.output.hasSuffix("intact at /a with 2 timeline entries\n"), "\(result.output)")
    }

    @Test func stringsWithNULBytesSurviveTheRoundTrip() throws {
        let result = try CommandRun.switchyard(["-e", "local s = 'a\\0b' io.write(s, #s, '\\n')"])
        #expect(result.status == 0)
        #expect(Array(result.output.utf8) == [0x61, 0x00, 0x62, 0x33, 0x0A])
    }
}

/// Scratch directories and reproducible garbage for the hostile end-to-end tests.
enum HostileFiles {
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sy-hostile-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Random bytes from a fixed seed, starting with one Lua can never parse (0xFF).
    static func garbage(count: Int, seed: UInt64, excluding excluded: Set<UInt8> = []) -> [UInt8] {
        var state = seed
        var bytes: [UInt8] = [0xFF]
        while bytes.count < count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let byte = UInt8(truncatingIfNeeded: state >> 56)
            if !excluded.contains(byte) { bytes.append(byte) }
        }
        return bytes
    }
}

import Foundation
import Testing

/// The REPL's `:load` as one unit (issue 30.11) and its file-writing commands refusing to clobber
/// what they did not write (issue 31.8), in a real terminal.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
struct LoadAndOverwriteREPLTests {
    /// A fresh folder holding `files`; removed by the caller.
    func folder(_ files: [String: String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-load-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) }
        return directory
    }

    func repl(_ arguments: [String], in directory: String) throws -> TerminalSession {
        let session = try TerminalSession(arguments: ["--no-color"] + arguments, directory: directory)
        try session.waitFor("> ")
        return session
    }

    static let good = """
        app = {name = "good"}
        route("/", {title = "Home"})
        route("/a", {title = "A"})
        """

    @Test func aLoadThatFailsChangesNothingAndReloadStillWorks() throws {
        let directory = try folder(["good.lua": Self.good, "bad.lua": """
            app = {name = "bad"}
            route("/b", {title = "B"})
            invariant("never", function() return false end)
            error("half-way")
            """])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try repl(["-i", "good.lua"], in: directory)
        defer { session.close() }
        try session.enter(":load bad.lua", expecting: "nothing of bad.lua was kept")
        #expect(try session.screen().contains("bad.lua:4: half-way"))
        try session.enter("print(app.name .. '|' .. #routes() .. '|' .. nav.path)", expecting: "good|2|/")
        try session.enter(":reload", expecting: "reloaded good.lua: 2 routes")
        try session.enter(":push /a", expecting: "━━ A ━━")
        #expect(try !session.screen().contains("never"), "the failed file's invariant is not checked")
    }

    @Test func recordRefusesToOverwriteTheLoadedScript() throws {
        let directory = try folder(["app.lua": Self.good])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try repl(["-i", "app.lua"], in: directory)
        defer { session.close() }
        try session.enter(":record app.lua", expecting: ":record will not overwrite app.lua: it is a script this session loaded")
        try session.enter(":record! ./app.lua", expecting: "will not overwrite ./app.lua", count: 1)
        try session.enter(":save app.lua", expecting: ":save will not overwrite app.lua")
        try session.enter("print('still' .. 'here')", expecting: "stillhere")
        #expect(try String(contentsOfFile: directory + "/app.lua", encoding: .utf8) == Self.good)
    }

    @Test func anExistingFileIsReplacedOnlyWithABangUnlessTheSessionWroteIt() throws {
        let directory = try folder(["app.lua": Self.good, "notes.json": "keep me\n", "map.mmd": "mine\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try repl(["-i", "app.lua"], in: directory)
        defer { session.close() }
        try session.enter(":save notes.json", expecting: "notes.json exists and this session did not write it: :save! notes.json replaces it")
        try session.enter(":graph map.mmd", expecting: "map.mmd exists and this session did not write it: :graph! map.mmd replaces it")
        try session.enter(":watch map.mmd", expecting: ":watch! map.mmd replaces it")
        #expect(try String(contentsOfFile: directory + "/notes.json", encoding: .utf8) == "keep me\n")
        #expect(try String(contentsOfFile: directory + "/map.mmd", encoding: .utf8) == "mine\n")
        try session.enter(":save! notes.json", expecting: "saved the navigation state to notes.json")
        try session.enter(":push /a")
        try session.enter(":save notes.json", expecting: "saved the navigation state to notes.json", count: 2)
        #expect(try String(contentsOfFile: directory + "/notes.json", encoding: .utf8).contains("\"/a\""))
        try session.enter(":save fresh.json", expecting: "saved the navigation state to fresh.json")
    }
}

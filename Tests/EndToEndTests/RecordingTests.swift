import Foundation
import Testing

/// `:record FILE` in a real terminal: what the person does becomes a spec that passes right away and
/// fails at the step a change to the app sends elsewhere.
@Suite(.enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct RecordingTests {
    static let app = """
        signed_in = false
        route("/", {title = "Home", links = {"/album/1"}})
        route("/album/:id", {title = "Album", links = {"/artist/7"}})
        route("/artist/:id", {title = "Artist"})
        route("/login", {title = "Log In"})
        route("/account", {title = "Account", guard = function() return signed_in or "/login" end})
        route("/settings", {title = "Settings", presentation = "sheet"})
        """

    @Test func aRecordedSessionPassesThenFailsAtTheStepAChangeMoves() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-record-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let appFile = directory + "/app.lua"
        let specFile = directory + "/session_spec.lua"
        try Self.app.write(toFile: appFile, atomically: true, encoding: .utf8)

        let session = try TerminalSession(arguments: ["--no-color", "-i", "app.lua"], directory: directory)
        defer { session.close() }
        try session.waitFor("━━ Home ━━")
        try enter(":record", in: session, expecting: "not recording (:record FILE starts)")
        try enter(":record session_spec.lua", in: session, expecting: "recording to session_spec.lua")
        try enter(":follow 1", in: session, expecting: "━━ Album ━━")
        // Written as it goes: what a crash would keep is already on disk. The step is written after the
        // screen it showed is printed, so the file is read until it holds it (a hung REPL fails).
        try Self.waitUntil(specFile, holds: "nav.push(\"/album/1\")")
        try enter(":push /account", in: session, expecting: "━━ Log In ━━")
        try enter(":push /nowhere", in: session, expecting: "no route matches \"/nowhere\"")   // failed: not recorded
        try enter("nav.path", in: session, expecting: "\"/login\"")                         // looked at: not recorded
        try enter("signed_in = true", in: session, expecting: "> signed_in = true")
        try enter(":push /account", in: session, expecting: "━━ Account ━━")
        try enter("nav.sheet('/settings')", in: session, expecting: "━━ Settings ━━")
        try enter("nav.alert{title = 'Saved', buttons = {'OK'}}", in: session, expecting: "Saved")
        try enter(":record", in: session, expecting: "recording to session_spec.lua (:record stop ends it)")
        try enter(":record stop", in: session, expecting: "stopped recording")
        try enter(":dismiss", in: session, expecting: "> :dismiss")          // nothing behind the alert can be tapped
        try enter(":go /artist/7", in: session, expecting: "━━ Artist ━━")   // after stop: not recorded

        let spec = try String(contentsOfFile: specFile, encoding: .utf8)
        #expect(spec.contains("require(\"./app.lua\")"))
        #expect(spec.contains("""
                nav.push("/account")
                assert.are.equal("/login", nav.path)
                assert.are.same({"/", "/album/1", "/login"}, paths(nav.stack))
                assert.are.same({"root"}, kinds())
            """))
        #expect(spec.contains("    signed_in = true\n"))
        #expect(spec.contains("assert.are.same({\"root\", \"sheet\"}, kinds())"))
        #expect(spec.contains("assert.are.equal(\"Saved\", nav.state.alert.title)"))
        #expect(!spec.contains("/nowhere") && !spec.contains("nav.path\n") && !spec.contains("/artist/7"))

        let passing = try CommandRun.switchyard(["--no-color", "test", "session_spec.lua"], directory: directory)
        #expect(passing.status == 0 && passing.output.contains("1 passed, 0 failed"), "\(passing.output)\(passing.errors)")

        // The guard now sends a signed-in user away too: the replay fails at the step it moved.
        let changed = Self.app.replacingOccurrences(of: "return signed_in or \"/login\"", with: "return \"/login\"")
        try changed.write(toFile: appFile, atomically: true, encoding: .utf8)
        let failing = try CommandRun.switchyard(["--no-color", "test", "session_spec.lua"], directory: directory)
        let stepLine = try #require(spec.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("assert.are.equal(\"/account\", nav.path)") }) + 1
        #expect(failing.status == 1)
        #expect(failing.output.contains("session_spec.lua:\(stepLine)"), "\(failing.output)")
        #expect(failing.output.contains("0 passed, 1 failed"))
    }

    private static func waitUntil(_ file: String, holds text: String, deadline seconds: Double = 60) throws {
        let end = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < end {
            last = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            if last.contains(text) { return }
            usleep(50_000)
        }
        Issue.record("\(file) never held \(text); it holds:\n\(last)")
    }

    private func enter(_ line: String, in session: TerminalSession, expecting text: String, count: Int = 1) throws {
        try session.type(line)
        try session.press("Enter")
        try session.waitFor(text, count: count)
    }
}

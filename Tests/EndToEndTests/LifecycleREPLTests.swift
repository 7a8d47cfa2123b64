import Foundation
import Testing

/// The REPL shows each lifecycle step (issue 34, item 7): `:state` the data loaders gave the screens
/// shown, `:trace on` the loaders with where they were declared, `:record` the settles typed.
@Suite(.enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct LifecycleREPLTests {
    @Test func stateShowsLoadedDataEscapedAndTraceListsTheLoaders() throws {
        let session = try TerminalSession(arguments: ["--no-color", "-i", "examples/music/app.lua"],
                                          directory: SwitchyardBinary.packageRoot)
        defer { session.close() }
        try session.waitFor("━━ Music ━━")
        try enter(":push /album/123", in: session, expecting: "━━ Blue Train ━━")
        try enter(":state", in: session, expecting: #"data  /album/123  { label = "Blue Note", producer = "Alfred Lion" }"#)
        // Data a script settles is the script's: a terminal escape in it is shown, not obeyed.
        try enter("app.server.slow = true", in: session, expecting: "> app.server.slow = true")
        try enter(":push /album/featured", in: session, expecting: #"waits for nav.settle("album featured", ...)"#)
        try enter(#"nav.settle("album featured", {note = "\27[31mred"})"#, in: session, expecting: "━━ Kind of Blue ━━")
        try enter(":state", in: session, expecting: "data  /album/featured  ")
        let screen = try session.screen(escapes: true)
        #expect(!screen.contains("\u{1B}[31mred"), "\(screen)")
        #expect(screen.contains(#"data  /album/featured  { note = "\027[31mred" }"#), "\(screen)")
        #expect(screen.contains(#"data  /album/123  { label = "Blue Note", producer = "Alfred Lion" }"#))
        try enter(":trace on", in: session, expecting: "loaders: /album/:id at examples/music/features/albums.lua:32")
    }

    @Test func recordKeepsTheSettlesAndTheSpecReplaysThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-settle-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try TerminalSession(arguments: ["--no-color", "-i", "examples/onboarding/app.lua"],
                                          directory: SwitchyardBinary.packageRoot)
        defer { session.close() }
        try session.waitFor("━━ Home ━━")
        let spec = directory + "/settle_spec.lua"
        try enter(":record " + spec, in: session, expecting: "recording to")
        try enter(":push /settings/privacy/data/delete", in: session, expecting: #"waits for nav.settle("password", ...)"#)
        try enter(#"nav.settle("password", true)"#, in: session, expecting: "━━ Delete Your Data ━━")
        try enter(":push /settings/profile", in: session, expecting: "━━ Your Profile ━━")
        try enter(#"app.edit_profile("Ada L.")"#, in: session, expecting: #"> app.edit_profile("Ada L.")"#)
        try enter(":back", in: session, expecting: #"waits for nav.settle("discard-changes", ...)"#)
        try enter("app.discard_changes(false)", in: session, expecting: "false")
        try enter(":back", in: session, expecting: #"waits for nav.settle("discard-changes", ...)"#, count: 2)
        try enter("app.discard_changes(true)", in: session, expecting: "━━ Delete Your Data ━━", count: 2)
        try enter(":record stop", in: session, expecting: "stopped recording")

        let text = try String(contentsOfFile: spec, encoding: .utf8)
        for line in [#"    nav.settle("password", true)"#, "    app.discard_changes(false)", "    app.discard_changes(true)"] {
            #expect(text.contains(line + "\n"), "\(text)")
        }
        #expect(text.contains("assert.is_nil(nav.pending_navigation)"), "\(text)")
        let replay = try CommandRun.switchyard(["--no-color", "test", spec])
        #expect(replay.status == 0 && replay.output.contains("1 passed, 0 failed"), "\(replay.output)\(replay.errors)")
    }

    private func enter(_ line: String, in session: TerminalSession, expecting text: String, count: Int = 1) throws {
        try session.type(line)
        try session.press("Enter")
        try session.waitFor(text, count: count)
    }
}

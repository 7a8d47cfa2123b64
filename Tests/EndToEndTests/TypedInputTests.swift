import Foundation
import Testing

/// `:lines` lists what was typed, numbered from the persistent history; `_N` holds what line N printed.
@Suite(.serialized) struct TypedInputTests {
    @Test(.enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
    func linesListsTheHistoryAcrossSessionsAndUnderscoreNHoldsThatLinesValue() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("sy-lines-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let first = try TerminalSession.repl(home: home)
        try first.enter("'from the first session'", expecting: "\"from the first session\"")
        try first.press("C-d")
        _ = try first.waitForExit()
        first.close()

        let second = try TerminalSession.repl(home: home)
        defer { second.close() }
        try second.enter("6 * 7", expecting: "\n42\n")
        try second.enter("'answer'", expecting: "\"answer\"")
        try second.enter(":lines", expecting: "  4  :lines")
        #expect(try second.screen().contains("  1  'from the first session'\n  2  6 * 7\n  3  'answer'\n  4  :lines"))
        try second.enter("_2 + 1", expecting: "\n43\n")
        try second.enter("_3 .. '!'", expecting: "\"answer!\"")
        try second.enter(":lines 1", expecting: "  7  :lines 1")
    }

    @Test func fromAPipeTheSessionsLinesAreNumberedFromOne() throws {
        let piped = try CommandRun.switchyard(["--no-color", "-i", "counter.lua"],
                                              input: "6 * 7\nfor i = 1, 2 do\nprint(i)\nend\n_1 + 1\n:lines 3\n")
        #expect(piped.errors.isEmpty, "\(piped.errors)")
        #expect(piped.output.contains("\n43\n"))
        #expect(piped.output.hasSuffix("  2  for i = 1, 2 do\n     print(i)\n     end\n  3  _1 + 1\n  4  :lines 3\n"))
    }
}

/// TAB after a deep link's scheme and on the names of an options table, in a real terminal.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
struct HabitCompletionTerminalTests {
    @Test func tabCompletesADeepLinksPathAndAnOptionsTablesNames() throws {
        let session = try TerminalSession(arguments: ["--no-color", "-i", "examples/music/app.lua"],
                                          directory: SwitchyardBinary.packageRoot)
        defer { session.close() }
        try session.waitFor("> ")
        try session.type(":open myapp://al")
        try session.press("Tab")
        try session.waitFor("> :open myapp://album/")
        try session.type("123")
        try session.press("Enter")
        try session.waitFor("━━ Blue Train ━━  /album/123")
        try session.type("route(\"/x\", {ti")
        try session.press("Tab")
        try session.waitFor("> route(\"/x\", {title")
        try session.type(" = \"X\"})")
        try session.press("Enter")
        try session.enter("match('/x') and routes()[#routes()].title .. '!'", expecting: "\"X!\"")
    }
}

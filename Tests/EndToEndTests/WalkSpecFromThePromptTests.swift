import Foundation
import Testing

/// `:walk` walks the session's map and rules, which include what was typed at the prompt: the spec it
/// prints must replay those too, or it fails for another reason than the walk found (a route typed at
/// the prompt is "no route matches" in the replay, an invariant typed there is a nil call).
@Suite struct WalkSpecFromThePromptTests {
    /// The REPL on Fixtures/walk/guarded.lua (copied into a folder of its own, where the spec is
    /// saved as the report says), `lines` typed, then the spec it printed run by `switchyard test`.
    private func walkAndReplay(typing lines: String) throws -> (report: String, replay: CommandRun) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-walkspec-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: SwitchyardBinary.fixtures + "/walk/guarded.lua", toPath: folder + "/app.lua")
        let session = try CommandRun.switchyard(["--no-color", "-i", "app.lua"], input: lines, directory: folder)
        guard let start = session.output.range(of: "-- switchyard walk ") else {
            Issue.record("the walk printed no spec:\n\(session.output)\(session.errors)")
            return (session.output, session)
        }
        try String(session.output[start.lowerBound...]).write(toFile: folder + "/walk_spec.lua", atomically: true, encoding: .utf8)
        return (session.output, try CommandRun.switchyard(["test", "--no-color", "walk_spec.lua"], directory: folder))
    }

    @Test func aRouteTypedAtThePromptIsInTheSpecSoItFailsAsTheWalkDid() throws {
        let (report, replay) = try walkAndReplay(typing: """
            route("/account/export", {title = "Export", entry = true, links = {"/"}})
            :walk 20 1

            """)
        #expect(report.contains("invariant \"signed out never sees /account/*\" broken: signed out, yet at /account/export"), "\(report)")
        #expect(replay.status == 1)
        #expect(replay.output.contains("✗ a random walk (seed 1) keeps \"signed out never sees /account/*\""), "\(replay.output)")
        #expect(replay.output.contains("signed out, yet at /account/export (expected true, got false)"), "\(replay.output)")
        #expect(!replay.output.contains("no route matches"), "\(replay.output)")
    }

    @Test func anInvariantTypedAtThePromptIsInTheSpecAndExpressionsAreNot() throws {
        let (report, replay) = try walkAndReplay(typing: """
            nav.path
            invariant("at most three screens", function() return #nav.stack <= 3 end)
            :walk 20 1

            """)
        #expect(report.contains("  typed(\"invariant(\\\"at most three screens\\\", function() return #nav.stack <= 3 end)\")\n"), "\(report)")
        #expect(!report.contains("typed(\"nav.path\")"), "an expression typed to look is not replayed:\n\(report)")
        #expect(replay.status == 1)
        #expect(replay.output.contains("✗ a random walk (seed 1) keeps \"at most three screens\""), "\(replay.output)")
        #expect(replay.output.contains("returned false at "), "\(replay.output)")
        #expect(!replay.output.contains("attempt to call a nil value"), "\(replay.output)")
    }
}

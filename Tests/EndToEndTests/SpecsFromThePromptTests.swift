import Foundation
import Testing

/// `:walk` walks the session's map and rules, and `:record` records over them, and both include what
/// was typed at the prompt: the spec each writes must replay those too, or it fails for another reason
/// than the session showed (a route typed at the prompt is "no route matches" in the replay, an
/// invariant typed there a nil call, a global a guard reads unset).
@Suite struct SpecsFromThePromptTests {
    /// The REPL on Fixtures/walk/guarded.lua (copied into a folder of its own, where the spec is
    /// saved as the report says), `lines` typed, then the spec it printed run by `switchyard test`.
    private func walkAndReplay(typing lines: String) throws -> (report: String, replay: CommandRun) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-walkspec-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: SwitchyardBinary.fixtures + "/walk/guarded.lua", toPath: folder + "/app.lua")
        let session = try CommandRun.switchyard(["--no-color", "-i", "app.lua"], input: lines, directory: folder)
        // Its first line says it is a REPL's walk with lines typed: `switchyard walk` alone would not walk them.
        guard let start = session.output.range(of: "-- :walk (seed 1) in a REPL on app.lua and the lines typed below: ") else {
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

    @Test func aRecordingStartedAfterTypedDeclarationsReplaysThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-recordspec-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: SwitchyardBinary.fixtures + "/walk/guarded.lua", toPath: folder + "/app.lua")
        let session = try CommandRun.switchyard(["--no-color", "-i", "app.lua"], input: """
            route("/account/export", {title = "Export", links = {"/"}})
            session.user = "ann"
            nav.path
            :record typed_spec.lua
            nav.push("/account/export")
            nav.push("/account")
            :record stop

            """, directory: folder)
        #expect(session.output.contains("root  / › /account/export › /account"), "\(session.output)\(session.errors)")
        let spec = try String(contentsOfFile: folder + "/typed_spec.lua", encoding: .utf8)
        #expect(spec.contains("typed[[\nroute(\"/account/export\", {title = \"Export\", links = {\"/\"}})\n]]"), "\(spec)")
        #expect(spec.contains("typed[[\nsession.user = \"ann\"\n]]"), "\(spec)")
        #expect(!spec.contains("typed[[\nnav.path"), "\(spec)")
        let replay = try CommandRun.switchyard(["test", "--no-color", "typed_spec.lua"], directory: folder)
        #expect(replay.status == 0, "the recording does not replay:\n\(replay.output)\(replay.errors)\n\(spec)")
        #expect(replay.output.contains("1 passed, 0 failed"), "\(replay.output)")
    }

    /// `:reload` forgets what was typed, so the spec does not replay it either.
    @Test func aReloadForgetsTheTypedStatementsForTheSpecsToo() throws {
        let (report, _) = try walkAndReplay(typing: """
            route("/account/export", {title = "Export", entry = true, links = {"/"}})
            :reload
            invariant("at most three screens", function() return #nav.stack <= 3 end)
            :walk 20 1

            """)
        #expect(report.contains("typed(\"invariant(\\\"at most three screens\\\""), "\(report)")
        let spec = report.range(of: "-- :walk (seed 1)").map { String(report[$0.lowerBound...]) } ?? ""
        #expect(!spec.contains("/account/export"), "a route :reload forgot is replayed:\n\(spec)")
    }
}

import Foundation
import Testing

/// What `:record` writes, replayed by `switchyard test`: a navigation a guard holds (issue 30 item 6),
/// the app loaded by its path from the spec, from any folder and sandboxed (item 7), and chunks that
/// mean something else inside a function, generated (issue 31 item 10).
@Suite(.enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct RecordedSpecTests {
    static let root = SwitchyardBinary.packageRoot

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sy-recorded-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The spec, then `switchyard test` on it from its folder, from `/` and under `--sandbox`: each passes.
    static func expectReplays(_ spec: String) throws {
        let folder = (spec as NSString).deletingLastPathComponent
        let name = (spec as NSString).lastPathComponent
        for (arguments, directory) in [(["test", name], folder), (["test", spec], "/"), (["--sandbox", "test", spec], "/")] {
            let run = try CommandRun.switchyard(["--no-color"] + arguments, directory: directory)
            let text = try String(contentsOfFile: spec, encoding: .utf8)
            #expect(run.status == 0 && run.output.withoutRunTime.hasSuffix("1 passed, 0 failed\n"),
                    "switchyard \(arguments.joined(separator: " ")) from \(directory):\n\(run.output)\(run.errors)\n\(text)")
        }
    }

    /// Issue 30 item 6: the push a guard held was not recorded, so the replay's settle failed with
    /// `no navigation is pending under "password"`. Item 7: the spec, written far from the app,
    /// loads it by its path from the spec.
    @Test func aHeldNavigationIsRecordedWithWhatWaits() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = folder + "/p_spec.lua"
        let session = try TerminalSession(arguments: ["--no-color", "-i", "examples/onboarding/app.lua"], directory: Self.root)
        defer { session.close() }
        try session.waitFor("> ")
        try session.enter(":record \(spec)", expecting: "recording to")
        try session.enter(":push /settings/privacy/data/delete", expecting: "waits for nav.settle(\"password\"")
        try session.enter("app.enter_password(true)", expecting: "━━ Delete Your Data ━━")
        try session.enter(":record stop", expecting: "stopped recording")

        let text = try String(contentsOfFile: spec, encoding: .utf8)
        #expect(text.contains("""
                nav.push("/settings/privacy/data/delete")
                assert.are.equal("/", nav.path)
            """), "\(text)")
        #expect(text.contains("""
            assert.are.same({key = "password", path = "/settings/privacy/data/delete", operation = "push"}, nav.pending_navigation)
            """), "\(text)")
        #expect(text.contains("    app.enter_password(true)\n"), "\(text)")
        #expect(text.contains("    assert.is_nil(nav.pending_navigation)\n"), "\(text)")
        // The path from the spec's folder to the app: up to what the two share, then down.
        let from = folder.split(separator: "/"), to = (Self.root + "/examples/onboarding/app.lua").split(separator: "/")
        let shared = zip(from, to).prefix(while: { $0 == $1 }).count
        let relative = String(repeating: "../", count: from.count - shared) + to.dropFirst(shared).joined(separator: "/")
        #expect(text.contains("require(\"\(relative)\")"), "\(text)")
        try Self.expectReplays(spec)
    }

    /// Issue 30 item 7: the spec `walk` prints loads the app by its path from the folder the walk ran
    /// in, where it is saved, and runs from any folder and under --sandbox.
    @Test func aWalksSpecRunsFromAnyFolderAndSandboxed() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/app", withIntermediateDirectories: true)
        try """
            route("/", {title = "Home", links = {"/a"}})
            route("/a", {title = "A", links = {"/"}})
            invariant("never at a", function() return nav.path ~= "/a", "at a" end)
            """.write(toFile: folder + "/app/main.lua", atomically: true, encoding: .utf8)
        let walk = try CommandRun.switchyard(["--no-color", "walk", "app/main.lua", "--seed", "1"], directory: folder)
        let start = try #require(walk.output.range(of: "-- switchyard walk")).lowerBound
        let spec = folder + "/walk_spec.lua"
        try String(walk.output[start...]).write(toFile: spec, atomically: true, encoding: .utf8)
        #expect(walk.output.contains("  require(\"./app/main.lua\")\n"), "\(walk.output)")
        for (arguments, directory) in [(["test", "walk_spec.lua"], folder), (["test", spec], "/"), (["--sandbox", "test", spec], "/")] {
            let run = try CommandRun.switchyard(["--no-color"] + arguments, directory: directory)
            #expect(run.status == 1 && run.output.contains("at a (expected true, got false)") && run.output.withoutRunTime.hasSuffix("0 passed, 1 failed\n"),
                    "the spec fails on the invariant, not on loading: \(run.output)\(run.errors)")
        }
    }

    /// A chunk to type at the prompt (its lines) and what it appends to the global `trace`.
    struct Chunk {
        let lines: [String]
        let appends: String?
    }

    /// Chunks that mean something else pasted into a function body among other steps: `return`,
    /// `...`, a label typed again, locals, long strings and comments over several lines (which
    /// indenting would change), a `\` line continuation; and navigation, plain and as an expression.
    static func chunk(_ kind: Int, _ n: Int) -> Chunk {
        switch kind {
        case 0: return Chunk(lines: ["trace[#trace + 1] = \"p\(n)\""], appends: "p\(n)")
        case 1: return Chunk(lines: ["trace[#trace + 1] = \"r\(n)\" return \(n)"], appends: "r\(n)")
        case 2: return Chunk(lines: ["trace[#trace + 1] = \"v\(n):\" .. select(\"#\", ...)"], appends: "v\(n):0")
        case 3: return Chunk(lines: ["trace[#trace + 1] = \"l\(n)\" goto done ::done::"], appends: "l\(n)")
        case 4: return Chunk(lines: ["local t = \"k\(n)\" trace[#trace + 1] = t"], appends: "k\(n)")
        case 5: return Chunk(lines: ["trace[#trace + 1] = [[m\(n)", "  indented \(n)]]"], appends: "m\(n)\n  indented \(n)")
        case 6: return Chunk(lines: ["trace[#trace + 1] = \"c\(n)\" --[==[ a comment", "  ]] over lines ]==]"], appends: "c\(n)")
        case 7: return Chunk(lines: ["trace[#trace + 1] = \"b\(n)\\", "  z\""], appends: "b\(n)\n  z")
        case 8: return Chunk(lines: ["nav.push(\"/a/\(n)\")"], appends: nil)
        case 9: return Chunk(lines: ["(nav.push(\"/b/\(n)\"))"], appends: nil)
        default: return Chunk(lines: ["for i = 1, 2 do", "  trace[#trace + 1] = \"f\(n).\" .. i", "end"], appends: "f\(n).1|f\(n).2")
        }
    }

    /// Issue 31 item 10: `return 1`, `...` or a label typed twice made the recorded spec unloadable,
    /// and long strings over several lines changed value when indented. Generated sessions of such
    /// chunks, each seed a different mix, are recorded and replayed: the spec loads, and the
    /// replay builds the same `trace` (checked by the last line typed) and lands the same screens.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func generatedChunksReplayAsTyped(seed: UInt64) throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "route(\"/\", {}) route(\"/a/:n\", {}) route(\"/b/:n\", {})\n".write(toFile: folder + "/app.lua", atomically: true, encoding: .utf8)
        var random = SplitMix(seed: seed)
        let chunks = (1...24).map { Self.chunk(Int(random.next() % 11), $0) }
        let expected = chunks.compactMap(\.appends).joined(separator: "|")

        let session = try TerminalSession(arguments: ["--no-color", "-i", "app.lua"], directory: folder)
        defer { session.close() }
        try session.waitFor("> ")
        try session.enter(":record g_spec.lua", expecting: "recording to g_spec.lua")
        try session.enter("trace = {}")
        for chunk in chunks {
            for line in chunk.lines { try session.enter(line) }
            try Self.waitForAnEmptyPrompt(session)
        }
        let check = "assert(table.concat(trace, \"|\") == \(Self.luaQuoted(expected)), \"the trace differs\") print(\"trace\" .. \"d \" .. #trace)"
        try session.enter(check, expecting: "traced ")
        let transcript = try session.screen(history: true)
        #expect(!transcript.contains("stdin:"), "a chunk failed at the prompt:\n\(transcript)")
        try session.enter(":record stop", expecting: "stopped recording")
        try Self.expectReplays(folder + "/g_spec.lua")
    }

    /// Waits until the chunk has run: the last line on the screen is an empty prompt. The deadline is for a hung REPL, not a speed target.
    static func waitForAnEmptyPrompt(_ session: TerminalSession) throws {
        let end = Date().addingTimeInterval(20)
        var screen = ""
        while Date() < end {
            screen = try session.screen()
            if screen.split(separator: "\n").last(where: { !$0.allSatisfy(\.isWhitespace) })?
                .trimmingCharacters(in: .whitespaces) == ">" { return }
            usleep(20_000)
        }
        throw TerminalSession.Timeout(expected: "an empty prompt", screen: screen)
    }

    static func luaQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}

/// A small seeded generator (SplitMix64): the same seed, the same session.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

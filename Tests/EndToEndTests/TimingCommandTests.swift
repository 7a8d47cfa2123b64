import Foundation
import Testing

/// `:time EXPR` and `:timeit EXPR` at the prompt, as IPython's `%time` and `%timeit`.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
struct TimingCommandTests {
    func onboarding() throws -> TerminalSession {
        let session = try TerminalSession(arguments: ["--no-color", "-i", "examples/onboarding/app.lua"],
                                          directory: SwitchyardBinary.packageRoot)
        try session.waitFor("> ")
        return session
    }

    @Test func timeRunsOnceKeepingItsResultAndNavigation() throws {
        let session = try onboarding()
        defer { session.close() }
        try session.enter(":time 6 * 7", expecting: "time: ")
        #expect(try session.screen().contains("\n42\ntime: "))
        try session.enter(":time nav.push('/settings')", expecting: "root  / › /settings")
        try session.enter("nav.path", expecting: "\"/settings\"")
    }

    @Test func timeitGivesAMedianAndSpreadAndRollsNavigationBackAfterEachRun() throws {
        let session = try onboarding()
        defer { session.close() }
        try session.enter("pushes = 0")
        try session.enter(":timeit nav.push('/settings'); pushes = pushes + 1", expecting: " per run (spread ")
        let screen = try session.screen()
        #expect(screen.contains("median "))
        #expect(screen.contains(" over 7 rounds of "))
        try session.enter("#nav.stack .. ' ' .. #nav.history .. ' ' .. tostring(pushes > 7)", expecting: "\"1 1 true\"")
    }

    @Test func timeitStopsAtTheFirstErrorAndCtrlCStopsIt() throws {
        let session = try onboarding()
        defer { session.close() }
        try session.enter(":timeit nav.push('/settings'); error('boom')", expecting: "stdin:1: boom")
        try session.enter("nav.path", expecting: "\"/\"")
        // Waits for the printed line, which the typed one (spelling it in halves) cannot match: a Ctrl-C
        // pressed once the typed line's echo showed could reach readline before the line ran (seen on a
        // busy machine: "^C" at the prompt, no "interrupted").
        try session.enter(":timeit print('loop' .. 'ing') while true do end", expecting: "\nlooping")
        try session.press("C-c")
        try session.waitFor("interrupted")
        try session.enter("nav.path", expecting: "\"/\"", count: 2)
        try session.enter(":time", expecting: ":time needs EXPR")
    }
}

@Suite struct TimingRecordingTests {
    /// `:time CODE` navigates as CODE typed would, so `:record` keeps it; `:timeit` changes nothing.
    @Test func aTimedNavigationIsRecordedAndATimeitOneIsNot() throws {
        let spec = FileManager.default.temporaryDirectory.appendingPathComponent("sy-time-\(UUID().uuidString)_spec.lua").path
        defer { try? FileManager.default.removeItem(atPath: spec) }
        let result = try CommandRun.switchyard(
            ["--no-color", "-i", "examples/onboarding/app.lua"],
            input: ":record \(spec)\n:time nav.push('/settings')\n:timeit nav.push('/settings/about')\n:record stop\n",
            directory: SwitchyardBinary.packageRoot)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let recorded = try String(contentsOfFile: spec, encoding: .utf8)
        #expect(recorded.contains("nav.push('/settings')"))
        #expect(!recorded.contains("/settings/about"))
        let replay = try CommandRun.switchyard(["test", spec], directory: SwitchyardBinary.packageRoot)
        #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
    }
}

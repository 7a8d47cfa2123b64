import Foundation
import Testing

/// Back and Forward ask the guards of the screens they bring back (issue 34): the walk of the
/// onboarding example that found Back showing the account after a sign-out now finds nothing, and
/// a REPL `:back` a guard blocks is refused with the guard named.
@Suite struct TimelineMoveGuardEndToEndTests {
    @Test func theOnboardingWalkThatFoundTheBackLeakNowBreaksNoInvariant() throws {
        for seed in ["1", "2", "3"] {
            let result = try CommandRun.switchyard(["walk", SwitchyardBinary.packageRoot + "/examples/onboarding/app.lua",
                                                    "--seed", seed])
            #expect(result.status == 0, "seed \(seed): \(result.output)\(result.errors)")
            #expect(result.output.contains("no invariant broken") && !result.output.contains("invariant \""), "seed \(seed): \(result.output)")
            #expect(result.output.contains("walked 100 runs"), "seed \(seed): \(result.output)")
        }
    }
}

@Suite(.enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct TimelineMoveGuardREPLTests {
    @Test func backRefusedByAGuardNamesItAndChangesNothing() throws {
        let session = try TerminalSession(arguments: ["--no-color", "-i", "examples/onboarding/app.lua"],
                                          directory: SwitchyardBinary.packageRoot)
        defer { session.close() }
        try session.waitFor("━━ Home ━━")
        try enter("app.log_in('Ada', true)", in: session, expecting: "> app.log_in('Ada', true)")
        try enter(":push /account/admin", in: session, expecting: "━━ Admin ━━")
        try enter(":go /settings", in: session, expecting: "━━ Settings ━━")
        try enter("app.log_in('Ada', false)", in: session, expecting: "> app.log_in('Ada', false)")
        try enter(":back", in: session,
                  expecting: "guard at examples/onboarding/app.lua:171 blocked /account/admin, which back would show again; nothing changed")
        // Nothing changed: still at Settings, and Back is still there to take once the guard allows.
        try enter(":where", in: session, expecting: "/settings")
        try enter("app.log_in('Ada', true)", in: session, expecting: "> app.log_in('Ada', true)", count: 2)
        try enter(":back", in: session, expecting: "━━ Admin ━━", count: 2)
    }

    private func enter(_ line: String, in session: TerminalSession, expecting text: String, count: Int = 1) throws {
        try session.type(line)
        try session.press("Enter")
        try session.waitFor(text, count: count)
    }
}

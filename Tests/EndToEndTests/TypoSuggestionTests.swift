import Foundation
import Testing

/// A misspelt name anywhere gets "did you mean": nav's members, globals and help at the prompt,
/// route options, subcommands, the test runner's -o.
@Suite(.serialized) struct TypoSuggestionTests {
    @Test(.enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
    func thePromptSuggestsNavMembersGlobalsHelpNamesAndCommands() throws {
        let session = try TerminalSession(arguments: ["--no-color", "-i", "examples/onboarding/app.lua"],
                                          directory: SwitchyardBinary.packageRoot)
        defer { session.close() }
        try session.waitFor("> ")
        try session.enter("nav.psh('/settings')", expecting: "nav has no field 'psh' (did you mean nav.push?)")
        try session.enter("help('nav.psh')", expecting: "no help for \"nav.psh\" (did you mean nav.push?)")
        try session.enter("rute('/x', {})", expecting: "attempt to call a nil value (global 'rute') (did you mean route?)")
        try session.enter(":folow 1", expecting: "unknown command :folow (did you mean :follow")
        try session.enter("nav.path", expecting: "\"/\"")
    }

    @Test func aRouteOptionTypoNamesTheOption() throws {
        let result = try CommandRun.switchyard(["-e", "route('/a', {titel = 'A'})"])
        #expect(result.status == 1)
        #expect(result.errors.contains("route /a: unknown option 'titel' (did you mean 'title'? options: action, entry, error,"))
    }

    @Test func aMisspeltSubcommandIsNotTakenForAMissingScript() throws {
        let result = try CommandRun.switchyard(["tset", "examples"], directory: SwitchyardBinary.packageRoot)
        #expect(result.status == 2)
        #expect(result.errors == "switchyard: no file or subcommand 'tset' (did you mean switchyard test?)\n")
        // a file of that name still runs
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-typo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "print('ran tset')\n".write(toFile: folder + "/tset", atomically: true, encoding: .utf8)
        let script = try CommandRun.switchyard(["tset"], directory: folder)
        #expect(script.status == 0 && script.output == "ran tset\n", "\(script.errors)")
    }

    @Test func bustedsOutputNamesPointToWhatDoesTheJob() throws {
        let junit = try CommandRun.switchyard(["test", "-o", "junit", "specs"])
        #expect(junit.status == 2)
        #expect(junit.errors.contains("not 'junit' (a JUnit report is --junit FILE, beside any -o)"))
        let tap = try CommandRun.switchyard(["test", "-o", "TPA", "specs"])
        #expect(tap.errors.contains("not 'TPA' (did you mean TAP?)"))
    }
}

import Foundation
import Testing

/// `help` on any function (the API's, Lua's own, the person's), and IPython's `?name` / `name?`.
@Suite(.serialized) struct HelpOnAnythingTests {
    func onboarding(_ lines: [String]) throws -> CommandRun {
        try CommandRun.switchyard(["--no-color", "-i", "examples/onboarding/app.lua"],
                                  input: lines.joined(separator: "\n") + "\n", directory: SwitchyardBinary.packageRoot)
    }

    @Test func luasOwnFunctionsHaveASignatureAndALine() throws {
        let result = try onboarding(["help(print)", "help(string.gsub)", "help('table.sort')", ":help math.floor"])
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.output.contains("print(...)\n  writes each argument through tostring to stdout"))
        #expect(result.output.contains("string.gsub(s, pattern, repl [, n])\n  a copy of s with"))
        #expect(result.output.contains("table.sort(list [, comp])\n"))
        #expect(result.output.contains("math.floor(x)\n  the largest integer not above x"))
    }

    @Test func anAppsFunctionShowsItsDocCommentFileAndLine() throws {
        let result = try onboarding(["help(app.show_tip)", "help(app.log_in)", "help('app.confirm_log_out')"])
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.output.contains("""
            app.show_tip()
              A tip over the screen that counts, when it goes, how many tips were seen (onDismiss).
              defined at examples/onboarding/app.lua:79
            """))
        // no doc comment: still where and what it takes
        #expect(result.output.contains("app.log_in(name, admin)\n  defined at examples/onboarding/app.lua:42 (no --- comment above it)"))
        // LDoc: the `---` line and the `--` lines that go on from it
        #expect(result.output.contains("""
            app.confirm_log_out()
              SwiftfulRouting's showAlert with two buttons; "Log out" acts, "Cancel" only closes.
              app.confirm_log_out(); nav.choose("Log out")
            """))
    }

    @Test func aFunctionPrintsWhereItWasWrittenAndWhatItTakes() throws {
        let result = try onboarding(["app.log_in", "print", "function f(a, ...) end", "f"])
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.output.contains(" (name, admin) at examples/onboarding/app.lua:42\n"))
        #expect(result.output.contains(" (a, ...) at stdin:1\n"))
        // a built-in function has no Lua source: its address alone
        let lines = result.output.split(separator: "\n").filter { $0.hasPrefix("function: ") }
        #expect(lines.count == 3 && !lines[1].contains(" at "))
    }

    @Test func aDocCommentIsEscapedBeforeItReachesTheTerminal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-help-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "--- Clears \u{1B}]0;pwned\u{07}the title.\nfunction wipe(all, ...) end\n"
            .write(toFile: folder + "/lib.lua", atomically: true, encoding: .utf8)
        let result = try CommandRun.switchyard(["--no-color", "-i", "lib.lua"], input: "help(wipe)\n", directory: folder)
        #expect(result.output.contains("wipe(all, ...)\n  Clears \\027]0;pwned\\007the title.\n  defined at lib.lua:2"))
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test func aNameThatLeadsNowhereGetsTheNearestOne() throws {
        let result = try onboarding(["help('nav.psh')", "?nav.psh", ":help string.gsb"])
        #expect(result.errors.contains("no help for \"nav.psh\" (did you mean nav.push?): help() lists what there is"))
        #expect(result.errors.contains("no help for \"string.gsb\" (did you mean string.gsub?)"))
    }

    @Test(.enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
    func questionMarkBeforeOrAfterANameAsksForHelp() throws {
        let session = try TerminalSession(arguments: ["--no-color", "-i", "examples/onboarding/app.lua"],
                                          directory: SwitchyardBinary.packageRoot)
        defer { session.close() }
        try session.waitFor("> ")
        try session.enter("?nav.push", expecting: "adds a screen on top")
        try session.enter("string.gsub?", expecting: "string.gsub(s, pattern, repl [, n])")
        try session.enter("?app.show_tip", expecting: "defined at examples/onboarding/app.lua:79")
        try session.enter("-- still a comment?")
        try session.enter("6 * 7", expecting: "\n42\n")
        #expect(try !session.screen().contains("no help"))
    }
}

import Foundation
import Testing

/// The REPL in a pseudo-terminal against hostile input: garbage bytes, a huge line, Ctrl-\, history
/// files it cannot write, and `:restore` of corrupt files. Each: a clear message, the REPL still
/// answering, its state and history intact, and exit status 0 on Ctrl-D.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
struct HostileREPLTests {
    /// A REPL started in `directory` (its `:save`/`:restore` files live there).
    private func repl(_ arguments: [String] = [], in directory: String, home: String? = nil) throws -> TerminalSession {
        let session = try TerminalSession(arguments: ["--no-color"] + arguments, home: home, directory: directory)
        try session.waitFor("> ")
        return session
    }

    /// What once ignored Ctrl-C: each returns to the prompt, with the session going on.
    @Test(arguments: [
        "xpcall(function() error('x') end, function() while true do end end)",
        "local t = setmetatable({}, {__gc = function() while true do end end}) t = nil collectgarbage()",
        "table.move({}, 1, 1 << 62, 1)",
        "string.find(('a'):rep(26), ('a*'):rep(26) .. 'b')",
        "return setmetatable({}, {__tostring = function() while true do end end})",   // the printer runs it
        "local function f(d) if d == 0 then while true do end end while true do coroutine.resume(coroutine.create(f), d - 1) end end f(3)",
        "coroutine.wrap(function() while true do end end)()",   // no budget: the interrupt finds the coroutine
        "local co = coroutine.create(function() local x <close> = setmetatable({}, {__close = function() while true do end end}) coroutine.yield() end) coroutine.resume(co) coroutine.close(co)",
    ])
    func ctrlCStopsWhatOnceEscapedIt(_ line: String) throws {
        let directory = try HostileFiles.directory()
        let session = try repl(in: directory)
        defer { session.close() }
        try session.enter("print('before')", expecting: "\nbefore")
        // Ctrl-C once the line is running, which it says first (a press before it runs would be
        // the prompt's): the word is built so that the echoed line never shows it.
        try session.enter("print('run' .. 'ning') " + line, expecting: "\nrunning")
        try session.press("C-c")
        try session.waitFor("interrupted", deadline: 60)
        try session.enter("print('after')", expecting: "\nafter", count: 1)
    }

    /// A validator that never returns, reached by a meta-command: Ctrl-C brings the prompt back.
    @Test(arguments: [":explain /slow/1", ":match /slow/1", ":push /slow/1", "match('/slow/1')"])
    func ctrlCStopsAValidatorThatNeverReturns(_ line: String) throws {
        let directory = try HostileFiles.directory()
        let session = try repl(in: directory)
        defer { session.close() }
        try session.enter("route('/') route('/slow/:id', {validate = function() print('valid' .. 'ating') while true do end end}) print('declared')",
                          expecting: "\ndeclared")
        try session.enter(line, expecting: "\nvalidating")   // Ctrl-C once the validator runs
        try session.press("C-c")
        try session.waitFor("interrupted", deadline: 60)
        try session.enter("print('back')", expecting: "\nback")
    }

    /// The line that hangs is in the history file before it runs: killing the session keeps it.
    @Test func theRunningLineIsInTheHistoryBeforeItRuns() throws {
        let directory = try HostileFiles.directory()
        let home = try HostileFiles.directory()
        let session = try repl(in: directory, home: home)
        try session.enter("print('spinning') while true do end", expecting: "\nspinning")
        session.close()   // the terminal goes away with the loop still running
        let history = try String(contentsOfFile: home + "/.switchyard_history", encoding: .utf8)
        #expect(history.contains("print('spinning') while true do end"))
    }

    /// `math = nil` and friends cannot break the value printer.
    @Test func replacedLibrariesDoNotBreakThePrinter() throws {
        let directory = try HostileFiles.directory()
        let session = try repl(in: directory)
        defer { session.close() }
        try session.enter("math = nil string = nil table = nil")
        try session.enter("1.5, {2.0, 'x'}", expecting: "1.5     { 2.0, \"x\" }")   // a tab, as the terminal shows it
    }

    @Test func garbageBytesAndAHugeLineLeaveStateAndHistoryIntact() throws {
        let directory = try HostileFiles.directory()
        let session = try repl(in: directory)
        defer { session.close() }
        try session.enter("route('/') route('/a') nav.push('/a')", expecting: "/a")
        try session.enter("kept = 'yes'")
        // Everything but NUL, Ctrl-D (exit at an empty line), Ctrl-Z (job control) and XON/XOFF (flow
        // control): those are the terminal's, not the REPL's. Ctrl-C and Ctrl-\ stay in.
        let garbage = HostileFiles.garbage(count: 4096, seed: 8, excluding: [0x00, 0x04, 0x11, 0x13, 0x1A])
        try session.paste(garbage)
        try session.press("Enter")
        try session.pressCtrlCUntilThePromptAnswers()
        try session.enter("print('after garbage: ' .. kept .. ' ' .. nav.path)", expecting: "after garbage: yes /a")
        let huge = "x = '" + String(repeating: "y", count: 200_000) + "' print('length ' .. #x)"
        try session.paste(Array(huge.utf8))
        try session.press("Enter")
        try session.waitFor("length 200000", deadline: 60)
        try session.enter("print('timeline ' .. #nav.history)", expecting: "timeline 2")
        try session.press("C-d")
        #expect(try session.waitForExit() == 0)
        #expect(!(try session.screen()).contains("crashed"))
        let history = try String(contentsOfFile: session.home + "/.switchyard_history", encoding: .utf8)
        #expect(history.contains("kept = 'yes'\n"))
        #expect(history.contains("print('after garbage: ' .. kept .. ' ' .. nav.path)\n"))
    }

    @Test func ctrlBackslashIsIgnoredAtThePrompt() throws {
        let session = try repl(in: try HostileFiles.directory())
        defer { session.close() }
        try session.press("C-\\")
        try session.enter("print(6 * 7)", expecting: "\n42\n")
        #expect(!(try session.screen()).contains("crashed"))
        try session.press("C-d")
        #expect(try session.waitForExit() == 0)
    }

    /// A directory, a file nobody may write (for root, who may write anything, a /proc file), and a
    /// device that refuses every write.
    static let unwritableHistories: [String] = ["directory", "read-only", "/dev/full"]

    @Test(arguments: unwritableHistories)
    func anUnwritableHistoryFileIsOneWarning(_ kind: String) throws {
        let directory = try HostileFiles.directory()
        let path: String
        var original: String?
        switch kind {
        case "directory":
            path = directory + "/history"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case "read-only" where geteuid() == 0:
            path = "/proc/version"
        case "read-only":
            path = directory + "/history"
            original = "print('from an earlier session')\n"
            try original!.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        default:
            path = kind
        }
        let session = try repl(["--history-file", path], in: directory)
        defer { session.close() }
        try session.enter("print(1 + 1)", expecting: "\n2\n")
        try session.enter("print(2 + 2)", expecting: "\n4\n")
        let screen = try session.screen()
        #expect(screen.components(separatedBy: "warning: history file").count - 1 == 1, "\(screen)")
        #expect(screen.contains("is not writable"))
        try session.press("C-d")
        #expect(try session.waitForExit() == 0)
        if let original {
            #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
        }
    }

    @Test func restoringCorruptFilesIsAClearErrorAndChangesNothing() throws {
        let directory = try HostileFiles.directory()
        let session = try repl(in: directory)
        defer { session.close() }
        try session.enter("route('/') route('/a') route('/b') nav.push('/a')", expecting: "/a")
        try session.enter(":save good.json", expecting: "saved the navigation state")
        let good = try String(contentsOfFile: directory + "/good.json", encoding: .utf8)
        let corrupt = [
            "truncated.json": String(good.prefix(good.count / 2)),
            "binary.json": String(decoding: HostileFiles.garbage(count: 512, seed: 5), as: UTF8.self),
            // :save indents its JSON: a key is followed by " : ".
            "version.json": good.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 99"),
            "overflow.json": good.replacingOccurrences(of: "\"nextID\" : ", with: "\"nextID\" : 9223372036854775807, \"x\" : "),
        ]
        #expect(corrupt.values.allSatisfy { $0 != good })
        try session.enter("nav.push('/b')", expecting: "/b")
        // The screen keeps every earlier answer, so the n-th attempt waits for the n-th message.
        for (attempt, (name, text)) in corrupt.sorted(by: { $0.key < $1.key }).enumerated() {
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
            try session.enter(":restore \(name)", expecting: "cannot restore navigation state", count: attempt + 1)
            try session.enter("print('still at ' .. nav.path .. ' ' .. #nav.history)", expecting: "still at /b 3", count: attempt + 1)
        }
        try session.enter(":restore missing.json", expecting: "cannot read missing.json")
        try session.enter(":restore good.json")
        try session.enter("print('restored to ' .. nav.path)", expecting: "restored to /a")
        try session.press("C-d")
        #expect(try session.waitForExit() == 0)
    }
}

extension TerminalSession {
    /// Pastes raw bytes into the terminal (through a tmux buffer), as if typed all at once.
    func paste(_ bytes: [UInt8]) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sy-paste-\(UUID().uuidString.prefix(8))")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for arguments in [["load-buffer", "-b", "hostile", file.path], ["paste-buffer", "-d", "-b", "hostile", "-t", "e2e"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["tmux", "-S", socket] + arguments
            try process.run()
            process.waitUntilExit()
        }
    }
}

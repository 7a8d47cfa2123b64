import Foundation
import Testing

/// Issue 31, items 1 (the backstop), 3 and 13: every command that runs Lua stops at Ctrl-C (here
/// SIGINT sent to the process alone), a second Ctrl-C ends a hang no interrupt reaches, SIGTERM ends
/// the process with a message, and the REPL's line editor stays responsive after a huge history line.
@Suite(.serialized)
struct InterruptEverywhereTests {
    /// A script for each command, and what in it loops: a title (check), a validator the map runs to
    /// resolve a link (graph), an invariant (walk), `__pairs` on `_G` (types). Each writes "looping"
    /// to stderr as it starts looping.
    static let loopingTitle = """
        route("/", {links = {"/t"}})
        route("/t", {title = function() io.stderr:write("looping\\n") while true do end end})
        """
    static let loopingValidator = """
        route("/", {links = {"/v/1"}})
        route("/v/:id", {validate = function() io.stderr:write("looping\\n") while true do end end})
        """
    static let loopingInvariant = """
        route("/", {links = {"/a"}}) route("/a", {links = {"/"}})
        invariant("loops", function() io.stderr:write("looping\\n") while true do end end)
        """
    static let loopingPairs = """
        setmetatable(_G, {__pairs = function() io.stderr:write("looping\\n") while true do end end})
        """
    /// No Lua runs during the walk at all: only the walk's own loop can notice Ctrl-C.
    static let plainMap = """
        route("/", {links = {"/a"}}) route("/a", {links = {"/"}})
        io.stderr:write("looping\\n")
        """

    static let commands: [(name: String, arguments: [String], script: String)] = [
        ("check", ["check", "app.lua"], loopingTitle),
        ("graph", ["graph", "app.lua"], loopingValidator),
        ("walk", ["walk", "app.lua", "--seed", "1"], loopingInvariant),
        ("walk --steps max", ["walk", "app.lua", "--seed", "1", "--runs", "1", "--steps", "9223372036854775807"], plainMap),
        ("types", ["types", "app.lua", "-o", "out"], loopingPairs),
    ]

    @Test(arguments: commands.map(\.name))
    func ctrlCStopsTheCommand(_ name: String) throws {
        let command = Self.commands.first { $0.name == name }!
        let directory = try HostileFiles.directory()
        try command.script.write(toFile: directory + "/app.lua", atomically: true, encoding: .utf8)
        let run = try SignalledRun(command.arguments, directory: directory)
        defer { run.close() }
        try run.waitForErrors("looping")
        run.signal(SIGINT)
        let status = run.waitForExit()
        #expect(status == 1, "\(name): \(status.map(String.init) ?? "still running after 60 s"); stderr: \(run.errors)")
        #expect(run.errors.contains("interrupted"))
        #expect(!run.errors.contains("ended at once"))   // the first Ctrl-C did it, not the backstop
    }

    /// `test --filter` checks its pattern before any test runs: a pattern that takes forever to match
    /// (against its own text) stops at Ctrl-C, and under --max-instructions by itself.
    @Test func aFilterPatternBombStops() throws {
        let directory = try HostileFiles.directory()
        try "describe('a', function() it('b', function() end) end)".write(toFile: directory + "/a_spec.lua", atomically: true, encoding: .utf8)
        let bomb = String(repeating: ".-", count: 20) + "x$"
        let budgeted = try CommandRun.switchyard(["test", "--max-instructions", "100000", "--filter", bomb, directory], deadline: 60)
        #expect(!budgeted.timedOut)
        #expect(budgeted.status == 2)
        #expect(budgeted.errors.contains("instruction limit of 100000 exceeded while checking it"))

        let run = try SignalledRun(["test", "--filter", bomb, directory], directory: directory)
        defer { run.close() }
        try run.waitForCPU(seconds: 0.3)   // it is matching
        run.signal(SIGINT)
        let status = run.waitForExit()
        #expect(status == 2, "\(status.map(String.init) ?? "still running after 60 s"); stderr: \(run.errors)")
        #expect(run.errors.contains("interrupted while checking it"))
    }

    /// A hang no interrupt reaches (pclose waiting for a child that ignores SIGINT): the first SIGINT
    /// says so, the second ends the process at once, saying what was running.
    @Test func aSecondCtrlCEndsAHangTheFirstCannot() throws {
        let directory = try HostileFiles.directory()
        let chunk = "io.stderr:write('looping\\n') io.popen(\"trap '' INT; exec sleep 300\"):close()"
        let run = try SignalledRun(["-e", chunk], directory: directory)
        defer { run.close() }
        try run.waitForErrors("looping")
        // Signalled only once `sleep` runs (with SIGINT ignored) and switchyard waits for it in
        // pclose: earlier, the interrupt is honoured by a Lua instruction and there is no hang to end
        // (seen on a loaded machine, twice).
        let children = try run.waitForChild(running: "sleep")
        defer { for child in children { kill(child, SIGKILL) } }
        try run.waitUntilWaitingForChild()
        run.signal(SIGINT)
        try run.waitForErrors("press Ctrl-C again to end switchyard at once")
        #expect(run.errors.contains("still running the chunk `io.stderr:write"))
        run.signal(SIGINT)
        let status = run.waitForExit(thenEnding: children)
        #expect(status == 130, "\(status.map(String.init) ?? "still running after 60 s"); stderr: \(run.errors)")
        #expect(run.errors.contains("a second Ctrl-C came before the first was honoured while running the chunk `io.stderr:write"))
    }

    @Test func sigtermEndsTheProcessSayingWhatRan() throws {
        let directory = try HostileFiles.directory()
        try "io.stderr:write('looping\\n') while true do end".write(toFile: directory + "/spin.lua", atomically: true, encoding: .utf8)
        let run = try SignalledRun(["spin.lua"], directory: directory)
        defer { run.close() }
        try run.waitForErrors("looping")
        run.signal(SIGTERM)
        let status = run.waitForExit()
        #expect(status == 143)
        #expect(run.errors.contains("switchyard: SIGTERM came while running the script spin.lua; ended at once"))
    }
}

/// The REPL's side of the same: meta-commands that run Lua stop at Ctrl-C, the hard stop, and the
/// line editor after a 1 MB history line.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
struct InterruptEverywhereREPLTests {
    private func repl(in directory: String, home: String? = nil, environment: [String: String] = [:]) throws -> TerminalSession {
        let session = try TerminalSession(arguments: ["--no-color"], home: home, directory: directory, environment: environment)
        try session.waitFor("> ")
        return session
    }

    /// `:check` runs the title of a screen never visited, `:graph` the validator of a route a link
    /// names, and `:watch` redraws the map (so runs that validator) after a navigation elsewhere.
    @Test(arguments: [":graph", ":check", ":watch map.dot\nnav.push('/b')"])
    func ctrlCStopsAMetaCommand(_ lines: String) throws {
        let directory = try HostileFiles.directory()
        let session = try repl(in: directory)
        defer { session.close() }
        // The marker is put together as it runs: the typed line itself must not show it.
        try session.enter("loop = function() io.stderr:write('loop' .. 'ing\\n') while true do end end "
                          + "route('/', {links = {'/t', '/v/1'}}) route('/b') route('/t', {title = loop}) "
                          + "route('/v/:id', {validate = loop}) print('declared')", expecting: "\ndeclared")
        for line in lines.split(separator: "\n") { try session.enter(String(line)) }
        try session.waitFor("looping", deadline: 60)
        try session.press("C-c")
        try session.waitFor("interrupted", deadline: 60)
        try session.enter("print('back')", expecting: "\nback")
    }

    @Test func aSecondCtrlCEndsTheREPLKeepingHistory() throws {
        let directory = try HostileFiles.directory()
        let home = try HostileFiles.directory()
        let session = try repl(in: directory, home: home)
        defer { session.close() }
        // The child ignores SIGINT, which the terminal sends to the whole group: pclose waits for it.
        let line = "print('waiting') io.popen(\"trap '' INT; exec sleep 300\"):close()"
        try session.enter(line, expecting: "\nwaiting")
        try session.waitUntilTheProgramWaits(forAChildRunning: "sleep")
        try session.press("C-c")
        try session.waitFor("switchyard: still running the chunk", deadline: 60)
        try session.press("C-c")
        #expect(try session.waitForExit(deadline: 60) == 130)
        let history = try String(contentsOfFile: home + "/.switchyard_history", encoding: .utf8)
        #expect(history.contains(line))
        // The sleep the terminal's group signal did not end goes with the tmux server (close()).
    }

    /// A 1 MB line in the history file: Up recalls a one-line placeholder instead (the file keeps the
    /// line), a paste of 20 KB of random bytes behind it leaves the REPL answering, and a repeat count
    /// typed with Meta-digits is at most 100.
    @Test func aHugeHistoryLineAndAPasteLeaveTheEditorResponsive() throws {
        let directory = try HostileFiles.directory()
        let home = try HostileFiles.directory()
        let huge = "x = '" + String(repeating: "y", count: 1_000_000) + "'"
        try ("#1700000000\n" + huge + "\n").write(toFile: home + "/.switchyard_history", atomically: true, encoding: .utf8)
        let session = try repl(in: directory, home: home, environment: ["LANG": "C.UTF-8"])
        defer { session.close() }
        try session.press("Up")
        try session.waitFor("-- (a line of 1000006 bytes, longer than 16384: kept in the history file, not recalled here)")
        let garbage = HostileFiles.garbage(count: 20_000, seed: 31, excluding: [0x00, 0x04, 0x11, 0x13, 0x1A])
        try session.paste(garbage)
        // The paste's own Ctrl-C bytes may still be arriving after a "^C" shows (on a loaded machine
        // tmux delivers 20 KB slowly) and wipe a line typed then: clear the line and ask again until
        // the REPL answers, for at most six tries of 10 s.
        var lastTimeout: TerminalSession.Timeout?
        for _ in 0..<6 {
            try session.press("C-c")
            do {
                try session.type("print('after' .. ' paste')")
                try session.press("Enter")
                try session.waitFor("\nafter paste", deadline: 10)
                lastTimeout = nil
                break
            } catch let timeout as TerminalSession.Timeout {
                lastTimeout = timeout
            }
        }
        if let lastTimeout { throw lastTimeout }
        try session.type("print(#'")
        try session.press("M-9", "M-9", "M-9", "M-9", "x")
        try session.type("')")
        try session.press("Enter")
        try session.waitFor("\n100\n")
        try session.press("C-d")
        let status = try session.waitForExit(deadline: 60)
        #expect(status == 0, "exit status \(status):\n\((try? session.screen()) ?? "")")
        let history = try String(contentsOfFile: home + "/.switchyard_history", encoding: .utf8)
        #expect(history.contains(huge + "\n"))
    }
}

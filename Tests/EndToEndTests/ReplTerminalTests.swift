import Foundation
import Testing

/// The REPL in a real pseudo-terminal (tmux), as a person uses it.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
struct ReplTerminalTests {
    @Test func expressionsPrintAndMultiLineInputContinues() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.enter("1 + 1", expecting: "\n2\n")
        try session.enter("function f()", expecting: ">> ")
        try session.enter("  return 40 + 2", expecting: ">> ", count: 2)
        try session.enter("end")
        try session.enter("f()", expecting: "\n42\n")
    }

    @Test func anErrorThenAWorkingPrompt() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.enter("error('kaboom')", expecting: "stdin:1: kaboom")
        try session.enter("'still' .. ' here'", expecting: "\"still here\"")
    }

    @Test func ctrlCInterruptsARunningLoopAndKeepsState() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.enter("kept = 'yes'")
        // Wait until the loop runs: a Ctrl-C sent with the line would flush it from the terminal's
        // input queue before the REPL read it (the tty discards unread input on SIGINT).
        try session.enter("print('spinning') while true do end", expecting: "\nspinning")
        try session.press("C-c")
        try session.waitFor("interrupted")
        try session.enter("kept", expecting: "\"yes\"")
    }

    @Test func ctrlCAtThePromptClearsTheLine() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.type("this is not lua")
        try session.press("C-c")
        try session.waitFor("^C")
        try session.enter("6 * 7", expecting: "\n42\n")
        #expect(try !session.screen().contains("syntax error"))
    }

    @Test func ctrlCDuringContinuationDropsThePendingChunk() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.enter("function g()", expecting: ">> ")
        try session.press("C-c")
        try session.waitFor("^C")
        try session.enter("type(g)", expecting: "\"nil\"")
    }

    @Test func ctrlDExitsWithStatusZero() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.press("C-d")
        #expect(try session.waitForExit() == 0)
    }

    @Test func historyIsOnDiskAfterTheSession() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.enter("answer = 42")
        try session.enter("answer", expecting: "\n42\n")
        try session.press("C-d")
        _ = try session.waitForExit()
        let history = try String(contentsOfFile: session.home + "/.switchyard_history", encoding: .utf8)
        let lines = history.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.suffix(2) == ["answer = 42", "answer"])

        let next = try TerminalSession.repl(home: session.home)
        defer { next.close() }
        try next.press("Up")
        try next.waitFor("> answer")
    }

    @Test func aMultiLineChunkIsOneHistoryEntryInTheNextSession() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.enter("function twice(n)", expecting: ">> ")
        try session.enter("  return 2 * n", expecting: ">> ", count: 2)
        try session.enter("end")
        try session.enter("twice(4)", expecting: "\n8\n")
        try session.press("C-d")
        _ = try session.waitForExit()

        let next = try TerminalSession.repl(home: session.home)
        defer { next.close() }
        try next.press("Up", "Up")
        try next.waitFor("> function twice(n)\n  return 2 * n\nend")
        try next.press("Enter")
        try next.enter("twice(21)", expecting: "\n42\n")
    }

    @Test func unwritableHistoryIsOneWarning() throws {
        let session = try TerminalSession.repl(["--history-file", "/"])
        defer { session.close() }
        try session.enter("1")
        try session.enter("2", expecting: "\n2\n")
        let screen = try session.screen()
        #expect(screen.components(separatedBy: "warning: history file").count - 1 == 1)
    }

    @Test func tabCompletesLuaGlobalsAndFields() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.type("string.upp")
        try session.press("Tab")
        try session.waitFor("> string.upper")
        try session.type("('ok')")
        try session.press("Enter")
        try session.waitFor("\"OK\"")
    }

    @Test func tabCompletesRoutePathsAfterMetaCommands() throws {
        let session = try TerminalSession.repl(["-i", "app/app.lua"])
        defer { session.close() }
        try session.waitFor("━━ Home ━━")
        try session.type(":go /al")
        try session.press("Tab")
        try session.waitFor("> :go /album/")
        try session.press("Tab", "Tab")
        try session.waitFor("/album/:id")   // the listing: static segments, then placeholders
        try session.type("12")
        try session.press("Enter")
        try session.waitFor("━━ Album 12 ━━")
    }

    @Test func tabCompletesNavMembersAndPathsInsideNavCalls() throws {
        let session = try TerminalSession.repl(["-i", "app/app.lua"])
        defer { session.close() }
        try session.type("nav.pu")
        try session.press("Tab")
        try session.waitFor("> nav.push")
        try session.type("(\"/al")
        try session.press("Tab")
        try session.waitFor("> nav.push(\"/album/")
        try session.press("C-u")   // readline: kill the line
        try session.type("nav.push(\"/sea")
        try session.press("Tab")
        try session.waitFor("> nav.push(\"/search\"")   // a finished path closes the string
        try session.type(")")
        try session.press("Enter")
        try session.waitFor("━━ Search ━━")
    }

    /// On the music example: `-` inside a path is part of it, a route with deeper routes keeps the
    /// string open, and a placeholder is listed but never typed for you.
    @Test func tabGoesDownPathsWithDashesAndNeverInsertsAPlaceholder() throws {
        let session = try TerminalSession(arguments: ["-i", "examples/music/app.lua"],
                                          directory: SwitchyardBinary.packageRoot)
        defer { session.close() }
        try session.waitFor("━━ Music ━━")
        try session.type(":go /now-")
        try session.press("Tab")
        try session.waitFor("> :go /now-playing")
        try session.type("/")
        try session.press("Tab", "Tab")
        try session.waitFor("/now-playing/lyrics  /now-playing/queue")
        try session.press("C-u")
        try session.type("nav.push(\"/n")
        try session.press("Tab")
        try session.waitFor("> nav.push(\"/now-playing")
        #expect(try !session.screen().contains("nav.push(\"/now-playing\""))   // still open: deeper routes exist
        try session.type("/q")
        try session.press("Tab")
        try session.waitFor("> nav.push(\"/now-playing/queue\"")
        try session.press("C-u")
        try session.type(":go /album/123/")
        try session.press("Tab")
        try session.waitFor("> :go /album/123/track/")
        try session.press("Tab", "Tab")
        try session.waitFor("\n/album/123/track/:number")   // listed as a hint, on a line of its own
        #expect(try !session.screen().contains("> :go /album/123/track/:number"))
        try session.type("1")
        try session.press("Enter")
        try session.waitFor("Track 1 of Blue Train")
    }

    /// The tour waits between steps in a terminal: Enter runs the next, :step N jumps, pause waits
    /// for Enter and Ctrl-C stops it, with the prompt back each time.
    @Test func thePacedTourWaitsForEnterAndJumps() throws {
        let session = try TerminalSession(arguments: ["--no-color", "-i", "examples/tour.lua"],
                                          directory: SwitchyardBinary.packageRoot)
        defer { session.close() }
        try session.waitFor("Tour: 17 steps. Enter on an empty line runs the next one")
        #expect(try !session.screen().contains("Step 1"))
        try session.press("Enter")
        try session.waitFor("── Step 1 of 17: Patterns")
        try session.enter(":step 12", expecting: "(back on the news tab: where it was)")
        try session.enter(":step 2", expecting: "⏎ Which route wins /album/new, and why?")
        #expect(try !session.screen().contains("explain /album/new"))
        try session.press("Enter")
        try session.waitFor("lost to /album/new: static beats parameter at segment 2")
        try session.enter(":step 2", expecting: "⏎ Which route wins /album/new, and why?", count: 2)
        try session.press("C-c")
        try session.waitFor("interrupted")
        try session.enter(":steps", expecting: "→ 3. Fall-through")
        try session.enter("1 + 1", expecting: "\n2\n")
    }

    /// Issue 35 item 11: the tour's steps on the live view, :record, :check and :walk run in the REPL
    /// as typed lines, each shown (after >) before what it does, so a class sees what to type.
    @Test func theTourRunsItsLiveViewRecordCheckAndWalkStepsAsTypedLines() throws {
        let spec = "/tmp/switchyard-tour_spec.lua"
        let session = try TerminalSession(arguments: ["--no-color", "-i", "examples/tour.lua"],
                                          directory: SwitchyardBinary.packageRoot)
        defer { session.close() }
        try session.waitFor("Tour: 17 steps.")
        try session.enter(":step 13", expecting: "── Step 13 of 17: Watch it live")
        try session.waitFor("view only: http://127.0.0.1:")
        try session.waitFor("> nav.push(\"/news\")\n━━ News ━━")
        try session.enter(":step 14", expecting: "stopped recording; \(spec) is complete")
        let recorded = try String(contentsOfFile: spec, encoding: .utf8)
        #expect(recorded.contains("nav.push(\"/album/7\")") && recorded.contains("nav.push(\"/files/docs/readme.txt\")")
                && recorded.contains("nav.back()"), "the recording:\n\(recorded)")
        let replay = try CommandRun.switchyard(["test", "--no-color", spec], directory: "/tmp")
        #expect(replay.status == 0, "the recorded tour does not replay:\n\(replay.output)\n\(replay.errors)")
        try session.enter(":step 15", expecting: "> :check\n")
        try session.waitFor("crawled 12 screens")
        // The tour walks with a fixed seed, so the class (and this test) sees the same finding every time;
        // the report is taller than the pane, so it is read with the scrollback.
        try session.enter(":step 16", expecting: "> :walk 20 3\n")
        try session.waitFor("walked 1 run, 9 steps (seed 3)", history: true)
        try session.waitFor("shrunk to 5 steps from a fresh start:\n  1. follow /album/new\n  2. follow /\n", history: true)
        try session.enter("nav.path", expecting: "\"/album/7\"")   // the walk put the navigator back
    }

    /// The rough edges of the first round, each as a person meets it in a terminal.
    @Test func roughEdgesAsAPersonMeetsThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-edges-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = try TerminalSession(arguments: ["--no-color", "-i", SwitchyardBinary.packageRoot + "/examples/music/app.lua"],
                                          directory: folder)
        defer { session.close() }
        try session.waitFor("━━ Music ━━")
        // Ctrl-C after a navigation: the line is one unit, so the push is undone.
        try session.enter("nav.push('/library'); print('spinning') while true do end", expecting: "\nspinning")
        try session.press("C-c")
        try session.waitFor("rolled back: the navigator is where it was before this line (/)")
        try session.enter("nav.path", expecting: "\"/\"")
        // The not-found screen's links can be followed.
        try session.enter(":go /album/12", expecting: "━━ Not Found ━━")
        try session.enter(":follow 1", expecting: "root  /album/12 › /")
        try session.enter(":match /album/12", expecting: "the validator of /album/:id rejected it")
        try session.enter(":graph map.mmd", expecting: "wrote map.mmd")
        #expect(try String(contentsOfFile: folder + "/map.mmd", encoding: .utf8).hasPrefix("flowchart"))
        try session.enter(":graph png", expecting: ":graph png needs a file name to render to")
        try session.enter(":graph nowhere/map.png", expecting: "cannot write nowhere/map.png: there is no folder nowhere")
        try session.enter(":save state.json", expecting: "saved the navigation state")
        #expect(try String(contentsOfFile: folder + "/state.json", encoding: .utf8).contains("\n  \"format\" : "))
        try session.enter(":help :dismiss", expecting: "else the modal, else pop a screen or close the sheet or cover")
    }

    /// Listings taller than the terminal go through $PAGER; short ones are printed as they are.
    @Test func longListingsGoThroughThePager() throws {
        let session = try TerminalSession(arguments: ["--no-color"], environment: ["PAGER": "sed 's/^/paged: /'"])
        defer { session.close() }
        try session.waitFor("> ")
        try session.enter("for i = 1, 60 do route('/r' .. i) end")
        try session.enter(":routes", expecting: "paged: ")
        try session.enter(":state", expecting: "root  /")
        #expect(try !session.screen().contains("paged: root"))
        try session.enter("1 + 1", expecting: "\n2\n")
    }

    @Test func metaCommandNamesComplete() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.type(":matc")
        try session.press("Tab")
        try session.waitFor("> :match ")
        // :explain and :explain! share a name as far as it goes: TAB completes that far, and (as
        // readline does for an ambiguous word) TAB twice more lists both.
        try session.press("C-u")
        try session.type(":expl")
        try session.press("Tab")
        try session.waitFor("> :explain")
        try session.press("Tab")
        try session.press("Tab")
        try session.waitFor(":explain   :explain!")
    }

    @Test func colourOnATerminalUnlessNoColorIsSet() throws {
        let coloured = try TerminalSession(arguments: [])
        defer { coloured.close() }
        try coloured.waitFor("> ")
        #expect(try coloured.screen(escapes: true).contains("\u{1B}["))

        let plain = try TerminalSession(arguments: [], environment: ["NO_COLOR": "1"])
        defer { plain.close() }
        try plain.waitFor("> ")
        try plain.enter(":state", expecting: "root")
        #expect(try !plain.screen(escapes: true).contains("\u{1B}["))
    }

    @Test func ctrlCInterruptsAScriptWhichExitsOne() throws {
        let session = try TerminalSession(arguments: ["-e", "print('spinning') while true do end"])
        defer { session.close() }
        try session.waitFor("spinning")
        try session.press("C-c")
        #expect(try session.waitForExit() == 1)
        // The exit status is written once the process has gone; tmux may not have drawn its last
        // output by then (one CI run captured the screen a moment too early), so wait for it. Another
        // CI run, under load, found the screen blank but for the "^C" echo: the message is looked
        // for in the pane's history too.
        try session.waitFor("interrupted", history: true)
    }

    @Test func tabCompletesFileNamesAfterLoad() throws {
        let session = try TerminalSession.repl()
        defer { session.close() }
        try session.type(":load ap")
        try session.press("Tab")
        try session.waitFor("> :load app/")
        try session.type("ap")
        try session.press("Tab")
        try session.waitFor("> :load app/app.lua")
        try session.press("Enter")
        try session.waitFor("━━ Home ━━")
    }
}


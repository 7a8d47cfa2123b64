import Foundation
import Testing

/// The REPL as explorers and teachers use it, on the music example, with piped input.
@Suite(.serialized) struct TeachingREPLTests {
    func music(_ lines: [String]) throws -> CommandRun {
        try CommandRun.switchyard(["--no-color", "-i", "examples/music/app.lua"],
                                  input: lines.joined(separator: "\n") + "\n", directory: SwitchyardBinary.packageRoot)
    }

    @Test func aLineThatFailsPutsTheNavigatorBackAndSaysSo() throws {
        let result = try music(["nav.push('/library'); nav.push('/search'); error('boom')", "nav.path", ":history"])
        #expect(result.errors.contains("stdin:1: boom"))
        #expect(result.output.contains("rolled back: the navigator is where it was before this line (/)"))
        #expect(result.output.contains("\"/\"\n"))
        #expect(!result.output.contains("push             /library"))   // no timeline entry survives
    }

    @Test func aFailedMetaCommandAfterANavigationRollsBackToo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sy-load-\(UUID().uuidString).lua").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "nav.push('/library')\nerror('half-way')\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try music([":load \(file)", "nav.path"])
        #expect(result.errors.contains("half-way"))
        #expect(result.output.contains("rolled back"))
        #expect(result.output.hasSuffix("\"/\"\n"))
    }

    @Test func aLineThatSucceedsKeepsEverything() throws {
        let result = try music(["nav.push('/library'); nav.push('/search')", "nav.path"])
        #expect(!result.output.contains("rolled back"))
        #expect(result.output.contains("\"/search\"\n"))
    }

    @Test func theNotFoundScreensLinksCanBeFollowed() throws {
        let result = try music([":go /album/12", ":follow 1", "nav.path"])
        #expect(result.output.contains("━━ Not Found ━━  /album/12  (no route)"))
        #expect(result.output.contains("  [1] /\n"))
        #expect(result.errors.isEmpty)
        #expect(result.output.hasSuffix("\"/\"\n"))
    }

    @Test func matchNamesTheValidatorThatRejectedThePath() throws {
        let result = try music([":match /album/12", ":match /nowhere"])
        #expect(result.output.contains("no route matches /album/12: the validator of /album/:id rejected it"))
        #expect(result.output.contains("no route matches /nowhere (nearest:"))
    }

    @Test func graphTakesItsFormatFromTheFileNameAndChecksTheFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-graph-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try music([":graph \(folder)/map.mmd", ":graph png", ":graph \(folder)/missing/map.png"])
        #expect(try String(contentsOfFile: folder + "/map.mmd", encoding: .utf8).hasPrefix("flowchart"))
        #expect(result.errors.contains(":graph png needs a file name to render to, e.g. :graph map.png"))
        #expect(!FileManager.default.fileExists(atPath: SwitchyardBinary.packageRoot + "/png"))
        #expect(result.errors.contains("cannot write \(folder)/missing/map.png: there is no folder \(folder)/missing"))
    }

    @Test func saveWritesIndentedJSONThatRestores() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sy-save-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try music([":push /album/123", ":save \(file)", ":reset", ":restore \(file)", "nav.path"])
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains("\n  \"format\" : "))
        #expect(saved.contains("\"/album/123\""))          // no "\/" escapes
        #expect(!saved.contains("\\/"))
        #expect(result.output.hasSuffix("\"/album/123\"\n"))
    }

    @Test func helpSaysDismissPopsAPushedScreenToo() throws {
        let result = try music([":help"])
        #expect(result.output.contains("dismiss what is on top: the alert (its Cancel), else the modal, else pop a screen or close the sheet or cover"))
    }

    @Test func underscoreHoldsTheLastPrintedResult() throws {
        let result = try music(["6 * 7", "_ + 1", "x = 5", "_"])
        #expect(result.output.contains("\n43\n"))
        #expect(result.output.hasSuffix("43\n"))   // a statement prints nothing and keeps `_`
    }

    @Test func tabFlowNextChooseAndResetAreMetaCommands() throws {
        let onboarding = try CommandRun.switchyard(
            ["--no-color", "-i", "examples/onboarding/app.lua"],
            input: [":flow onboarding", ":next", "nav.path", ":reset", "nav.path",
                    "app.confirm_log_out()", ":choose Log out", "nav.alert_active", ":tab 1"].joined(separator: "\n") + "\n",
            directory: SwitchyardBinary.packageRoot)
        #expect(onboarding.output.contains("\"/onboarding/name\"\n"))
        #expect(onboarding.output.contains("\"/\"\n"))
        #expect(onboarding.output.contains("false\n"))
        #expect(onboarding.errors.contains("no tabs are declared"))

        let todos = try CommandRun.switchyard(["--no-color", "-i", "examples/todos/app.lua"],
                                              input: ":tab setting\nnav.path\n:tab 1\nnav.path\n",
                                              directory: SwitchyardBinary.packageRoot)
        #expect(todos.output.contains("\"/setting\"\n"))
        #expect(todos.output.hasSuffix("\"/todos\"\n"))
    }

    @Test func aTourFromAPipeRunsStraightThroughAndStepsStayAvailable() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "examples/tour.lua"], input: ":steps\n:step 3\n",
                                               directory: SwitchyardBinary.packageRoot)
        #expect(result.output.contains("── Step 17: Your turn"))
        #expect(!result.output.contains("Tour: 17 steps"))          // nothing to wait for
        #expect(result.output.contains("  17. Your turn"))
        #expect(result.output.contains("── Step 3: Fall-through"))
    }

    @Test func helpPrintsTheReferencesWordsForAFunctionANameOrACommand() throws {
        let result = try music(["help(nav.push)", "help('route')", ":help nav.reset", ":help :go", "help(42)", "help()",
                                "help(stub)", "help(match)"])
        #expect(result.output.contains("nav.push(path [, opts])\n  adds a screen on top\n  example: nav.push(\"/album/12\")"))
        #expect(result.output.contains("route(pattern, opts)\n  declares a route and returns it."))
        #expect(result.output.contains("nav.reset([path])\n  starts over at `path` (default: the root screen)."))
        #expect(result.output.contains(":go PATH\n  change the location"))
        #expect(result.errors.contains("no help for that value (a number): help() lists what there is"))
        #expect(result.output.contains("  Navigating  nav.go nav.push nav.push_stack nav.pop"))
        #expect(result.output.contains("stub(t, key [, ...])\n  replaces `t[key]` by a spy"), "a callable table has help too")
        #expect(result.output.contains("match(path)\n"))
    }

    @Test func watchRedrawsTheMapAfterEveryNavigationAndGraphDrawsASavedState() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let map = folder + "/map.dot"
        let result = try music([":watch \(map)", ":push /album/123", ":watch", ":save \(folder)/state.json",
                                ":watch off", ":push /library"])
        #expect(result.output.contains("watching: \(map) is redrawn after every navigation (:watch off stops)"))
        #expect(result.output.contains("stopped watching \(map)"))
        let drawn = try String(contentsOfFile: map, encoding: .utf8)
        #expect(drawn.contains("[label=\"/album/:id\\nname: album\\nid: matching ^%w+$\", style=\"rounded,filled,bold\", fillcolor=gold"))
        #expect(!drawn.contains("/library\\nLibrary\\nname: library\", style=\"rounded,filled,bold\""))   // drawn before :watch off only

        let graph = try CommandRun.switchyard(["graph", "examples/music/app.lua", "--state", folder + "/state.json"],
                                              directory: SwitchyardBinary.packageRoot)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output.contains("fillcolor=gold"))
        #expect(graph.output.contains("label=\"stack 1\""))

        let bad = try CommandRun.switchyard(["graph", "examples/music/app.lua", "--state", folder + "/missing.json"],
                                            directory: SwitchyardBinary.packageRoot)
        #expect(bad.status == 1)
        #expect(bad.errors.contains("missing.json"))
    }
}

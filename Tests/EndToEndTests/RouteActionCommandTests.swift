import Testing

/// Route actions (issue 34, item 6) through the built executable: the music app's share deep link
/// lands nothing and shows an alert, `:trace on` lists actions, and coverage counts actions run.
@Suite struct RouteActionCommandTests {
    @Test func theShareDeepLinkShowsAnAlertOverTheAlbumInTheRepl() throws {
        let run = try CommandRun.switchyard(["-i", "--no-color", "examples/music/app.lua"],
                                            input: ":push /album/42\n:open music://share/42\nnav.path\n:trace on\n",
                                            directory: SwitchyardBinary.packageRoot)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("root  / › /album/42\nalert  Share Mingus Ah Um? [Cancel] [Share]  :dismiss chooses [Cancel]\n\"/album/42\"\n"),
                "\(run.output)")
        #expect(run.output.contains("actions: /share/:id at examples/music/features/albums.lua:"), "\(run.output)")
    }

    @Test func anActionOnlyRootIsRefusedByNameAndASettledLeaveHoldRunsTheLandedAction() throws {
        let spec = try CommandRun.switchyard(["test", "--no-color", "action_gaps_spec.lua"],
                                             directory: SwitchyardBinary.fixtures + "/lifecycle")
        #expect(spec.status == 0, "\(spec.output)\(spec.errors)")
        #expect(spec.output.contains("4 passed, 0 failed"), "\(spec.output)")
        // In the REPL: the error names the route and says why, and the app stays where it was.
        let run = try CommandRun.switchyard(["-i", "--no-color", "examples/music/app.lua"],
                                            input: "nav.reset(\"/share/1\")\nnav.path\n",
                                            directory: SwitchyardBinary.packageRoot)
        #expect((run.output + run.errors).contains("/share/1 matches the action-only route /share/:id"), "\(run.output)\(run.errors)")
        #expect(!(run.output + run.errors).contains("internal error"), "\(run.output)\(run.errors)")
        #expect(run.output.contains("\"/\"\n"), "\(run.output)")
    }

    @Test func coverageCountsTheActionsRunAndTheyCoverAnActionOnlyRoute() throws {
        let run = try CommandRun.switchyard(["test", "--no-color", "--coverage", "examples/music/scenarios/actions_spec.lua"],
                                            directory: SwitchyardBinary.packageRoot)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("never landed, types refused 0, action ran 2 times\n"), "\(run.output)")
        #expect(!run.output.contains("  /share/:id  examples/music/features/albums.lua:73\n"), "\(run.output)")
    }
}

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

    @Test func coverageCountsTheActionsRunAndTheyCoverAnActionOnlyRoute() throws {
        let run = try CommandRun.switchyard(["test", "--no-color", "--coverage", "examples/music/scenarios/actions_spec.lua"],
                                            directory: SwitchyardBinary.packageRoot)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("never landed, types refused 0, action ran 2 times\n"), "\(run.output)")
        #expect(!run.output.contains("  /share/:id  examples/music/features/albums.lua:73\n"), "\(run.output)")
    }
}

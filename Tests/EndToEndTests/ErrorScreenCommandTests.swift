import Testing

/// Error screens (issue 34, item 5) through the built executable: the REPL lands the music album's
/// error screen, `:trace on` lists error screens, `check` tells a caught raise from an uncaught one,
/// and coverage counts error landings.
@Suite struct ErrorScreenCommandTests {
    @Test func theMusicAlbumsErrorScreenLandsInTheReplWhenItsLoaderRaises() throws {
        let run = try CommandRun.switchyard(["-i", "--no-color", "examples/music/app.lua"],
                                            input: "app.server.down = true\n:push /album/42\n#nav.history\n:trace on\n",
                                            directory: SwitchyardBinary.packageRoot)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("""
            ━━ Album unavailable ━━  /album/42  (/album/:id)
            Could not load the album: the credits server is down
            Try again later.
            root  / › /album/42
            2
            """), "\(run.output)")
        #expect(run.output.contains("error screens: /album/:id at examples/music/features/albums.lua:"), "\(run.output)")
    }

    @Test func checkReportsACaughtRaiseAsAWarningAndAnUncaughtOneAsAnError() throws {
        let run = try CommandRun.switchyard(["check", "--no-color", "lifecycle/errors.lua"])
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("warning  caught-error  /broken: the view is broken at lifecycle/errors.lua:4 (landing /broken by link /broken from /); its error screen landed"), "\(run.output)")
        #expect(run.output.contains("warning  caught-error  /album/13: album 13 is gone at lifecycle/errors.lua:9"), "\(run.output)")
        #expect(run.output.contains("error    callback-error  /uncaught: lifecycle/errors.lua:6: no title"), "\(run.output)")
        #expect(run.output.contains("1 error, 2 warnings"), "\(run.output)")
    }

    @Test func aValidatorThatRaisesLandsItsErrorScreenInTheReplAndCheckTellsCaughtFromUncaught() throws {
        let repl = try CommandRun.switchyard(["-i", "--no-color", "lifecycle/validator_errors.lua"],
                                             input: ":push /item/boom\n#nav.history\n:push /plain/7\nnav.path\n")
        #expect(repl.output.contains("""
            ━━ Item unavailable ━━  /item/boom  (/item/:id)
            the catalogue is down at lifecycle/validator_errors.lua:6
            """), "\(repl.output)\(repl.errors)")
        #expect((repl.output + repl.errors).contains("lifecycle/validator_errors.lua:10: no screen catches me"), "\(repl.output)\(repl.errors)")
        #expect(repl.output.contains("\"/item/boom\""), "the failed push left the path where it was: \(repl.output)")

        let check = try CommandRun.switchyard(["check", "--no-color", "lifecycle/validator_errors.lua"])
        #expect(check.status == 1, "\(check.output)\(check.errors)")
        #expect(check.output.contains("warning  caught-error  /item/boom: the catalogue is down at lifecycle/validator_errors.lua:6 (landing /item/boom by link /item/boom from /); its error screen landed"), "\(check.output)")
        #expect(check.output.contains("error    callback-error  /plain/7: lifecycle/validator_errors.lua:10: no screen catches me (landing /plain/7 by link /plain/7 from /)"), "\(check.output)")
        #expect(check.output.contains("1 error, 2 warnings"), "\(check.output)")
    }

    @Test func coverageCountsErrorLandingsApartFromTheRoutesOwn() throws {
        let run = try CommandRun.switchyard(["test", "--no-color", "--coverage", "lifecycle/errors_spec.lua"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("errors      error screen shown once\n"), "\(run.output)")
        #expect(run.output.contains("  /album/:id  lifecycle/errors.lua:7  landed 1\n"), "\(run.output)")
    }
}

import Foundation
import Testing

/// The navigation lifecycle (issue 34, docs/lifecycle.md) through the executable: global hooks in a
/// script, in the REPL, and in the onboarding example's specs.
@Suite struct LifecycleTests {
    @Test func beforeHooksRunFirstInOrderAndAfterHooksHearWhatCommitted() throws {
        let run = try CommandRun.switchyard(["lifecycle/hooks.lua"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output == """
            before / -> /account
            before / -> /login
            at /login
            nav.before hook at lifecycle/hooks.lua:8 redirected /account → /login?next=/account
            before /login -> /account
            route guard asked
            at /account
            before /account -> /vault
            navigation to "/vault" was blocked by the nav.before hook at lifecycle/hooks.lua:20
            nav handle (before, off)\tfalse
            push / -> /login; push /login -> /account; pop /account -> /login

            """)
    }

    @Test func aLeaveGuardHoldsTheOperationUntilSettledAndFalseKeepsTheTimeline() throws {
        let run = try CommandRun.switchyard(["lifecycle/leave.lua"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output == """
            false
            leave\tdiscard\tpop\t/editor/1\t/list\t/editor/1\t3
            false\t/editor/1\t3\tnil
            go: a leave guard's pending navigation is settled with true or false, not a path
            editor dismissed
            true\t/list\t4\t/list

            """)
    }

    @Test func theReplShowsTheLeaveGuardsPendingNavigation() throws {
        let run = try CommandRun.switchyard(["-i", "--no-color", "examples/onboarding/app.lua"],
                                            input: ":push /settings/profile\napp.edit_profile(\"Ada L.\")\n:back\n:state\napp.discard_changes(true)\nnav.path\n",
                                            directory: SwitchyardBinary.packageRoot)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("pending  back /settings/profile  waits for nav.settle(\"discard-changes\", ...)"), "\(run.output)")
        #expect(!run.output.contains("nothing to go back to"))   // held, not refused
        #expect(run.output.hasSuffix("\"/\"\n"), "\(run.output)")
    }

    @Test func theReplSaysWhereAHookSentTheNavigation() throws {
        let run = try CommandRun.switchyard(["-i", "--no-color", "examples/onboarding/app.lua"],
                                            input: "app.log_in(\"Ada\")\n:push /login?next=/settings\n",
                                            directory: SwitchyardBinary.packageRoot)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("━━ Settings ━━  /settings"))
        // The line the REPL names is the hook's own in the example.
        let app = try String(contentsOfFile: SwitchyardBinary.packageRoot + "/examples/onboarding/app.lua", encoding: .utf8)
        let lines = app.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.hasPrefix("app.sign_in_hook = nav.before") }) + 1
        #expect(run.output.contains("nav.before hook at examples/onboarding/app.lua:\(line) redirected /login → /settings"))
    }

    @Test func revalidateInTheReplSendsASignedOutUserToLoginThenHasNothingToDo() throws {
        let run = try CommandRun.switchyard(["-i", "--no-color", "examples/onboarding/app.lua"],
                                            input: "app.log_in(\"Ada\")\n:push /account\napp.log_out()\n:revalidate\n:revalidate\n#nav.history\n",
                                            directory: SwitchyardBinary.packageRoot)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("━━ Log In ━━  /login?next=%2Faccount"), "\(run.output)")
        #expect(run.output.contains("redirected /account → /login?next=/account"))
        #expect(run.output.hasSuffix("every guard still allows what is shown\n3\n"), "\(run.output)")
    }

    @Test func traceListsTheHooksWithWhereTheyWereDeclared() throws {
        let run = try CommandRun.switchyard(["-i", "--no-color", "lifecycle/hooks.lua"], input: ":trace on\n")
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("hooks: nav.before at lifecycle/hooks.lua:20; nav.after at lifecycle/hooks.lua:13\n"), "\(run.output)")
    }

    @Test func theOnboardingLifecycleSpecsPassInAnyOrder() throws {
        for seed in ["1", "2", "3"] {
            let run = try CommandRun.switchyard(["test", "--no-color", "--seed", seed, "examples/onboarding/scenarios/lifecycle_spec.lua"],
                                                directory: SwitchyardBinary.packageRoot)
            #expect(run.status == 0, "\(run.output)\(run.errors)")
            #expect(run.output.contains("0 failed"))
        }
    }

    @Test func aLoaderRunsAfterTheGuardAndAPendingOneHoldsThePushUntilSettledWithData() throws {
        let run = try CommandRun.switchyard(["lifecycle/loaders.lua"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output == """
            guard /user/1
            load /user/1
            Ada 1\tAda 1\t2
            guard /user/2
            load /user/2
            nil\t/user/1\t2
            load\tuser 2\t/user/2\tpush
            settle: no navigation is pending under "user 3"; the pending one is "user 2"
            guard /user/2
            true\tGrace\t/user/2\t3\tnil
            lifecycle/loaders.lua:21: the server is down
            /user/2\t3

            """)
    }

    @Test func theMusicAlbumLoaderWaitsForTheServerInTheRepl() throws {
        let run = try CommandRun.switchyard(["-i", "--no-color", "examples/music/app.lua"],
                                            input: ":push /album/123\nnav.screen.data.producer\napp.server.slow = true\n:push /album/42\napp.respond(\"42\")\nnav.screen.data.label\n",
                                            directory: SwitchyardBinary.packageRoot)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("\"Alfred Lion\"\n"), "\(run.output)")
        #expect(run.output.contains("pending  push /album/42  waits for nav.settle(\"album 42\", ...)"), "\(run.output)")
        #expect(run.output.contains("━━ Mingus Ah Um ━━  /album/42"))
        #expect(run.output.hasSuffix("\"Columbia\"\n"), "\(run.output)")
    }

    @Test func theMusicLoaderSpecsPassInAnyOrder() throws {
        for seed in ["1", "2", "3"] {
            let run = try CommandRun.switchyard(["test", "--no-color", "--seed", seed, "examples/music/scenarios/loaders_spec.lua"],
                                                directory: SwitchyardBinary.packageRoot)
            #expect(run.status == 0, "\(run.output)\(run.errors)")
            #expect(run.output.contains("5 passed, 0 failed"), "\(run.output)")
        }
    }
}

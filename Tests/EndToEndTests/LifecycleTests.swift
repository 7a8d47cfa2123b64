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
}

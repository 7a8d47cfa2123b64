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

    @Test func theReplSaysWhereAHookSentTheNavigation() throws {
        let run = try CommandRun.switchyard(["-i", "--no-color", "examples/onboarding/app.lua"],
                                            input: "app.log_in(\"Ada\")\n:push /login?next=/settings\n",
                                            directory: SwitchyardBinary.packageRoot)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("━━ Settings ━━  /settings"))
        #expect(run.output.contains("nav.before hook at examples/onboarding/app.lua:159 redirected /login → /settings"))
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

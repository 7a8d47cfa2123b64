import Testing
@testable import Switchyard

@Suite("Navigator against the reference model")
struct ModelBasedNavigationTests {
    @Test(arguments: [
        (seed: UInt64(1), tabs: [String](), limit: 10),
        (seed: UInt64(2), tabs: ["/a", "/b", "/zz"], limit: 10),
        (seed: UInt64(3), tabs: [], limit: 3),
        (seed: UInt64(4), tabs: ["/", "/c/1"], limit: 50),
    ])
    func thousandsOfRandomOperationsAgree(seed: UInt64, tabs: [String], limit: Int) throws {
        var run = try NavigationModelRun(seed: seed, tabs: tabs, limit: limit)
        let mismatch = run.run(steps: 3000)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        // The run must have exercised everything, or agreeing would prove little.
        let kinds = ["go", "push", "sheet", "cover", "pop", "popTo", "popToRoot", "dismiss", "dismissEnvironment",
                     "dismissAll", "back", "forward", "startFlow", "next", "nextOrDismiss", "cancelFlow", "alert",
                     "choose", "dismissAlert", "modal", "dismissModal", "open", "reset", "save+restore", "settle"]
            + (tabs.isEmpty ? [] : ["tab"])
        #expect(kinds.filter { run.applied[$0, default: 0] == 0 } == [], "seed \(seed)")
    }
}

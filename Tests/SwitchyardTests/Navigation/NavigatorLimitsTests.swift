import Testing
@testable import Switchyard

@Suite("Navigator: limits")
struct NavigatorLimitsTests {
    func navigator(_ adjust: (inout NavigatorLimits) -> Void) throws -> Navigator {
        let navigator = try NavigationFixture.navigator()
        adjust(&navigator.limits)
        return navigator
    }

    @Test func aFullStackRefusesTheNextPushAndChangesNothing() throws {
        let navigator = try navigator { $0.screensPerStack = 3 }
        try navigator.push("/c/1")
        try navigator.push("/c/2")
        try expectUnchanged(navigator) { try navigator.push("/c/3") }
        #expect(throws: NavigationError(.limitReached("stack limit of 3 screens", operation: .push, setting: "screensPerStack"))) {
            try navigator.push("/c/3")
        }
        #expect(navigator.stackPaths == ["/", "/c/1", "/c/2"])
        // Going sideways does not grow the stack; popping makes room again.
        try navigator.go("/c/9")
        try navigator.pop()
        try navigator.push("/c/3")
        #expect(navigator.stackPaths == ["/", "/c/1", "/c/3"])
    }

    @Test func theMessageNamesTheLimitAndHowToRaiseIt() {
        let error = NavigationError(.limitReached("stack limit of 10000 screens", operation: .push, setting: "screensPerStack"))
        #expect(error.description
            == "stack limit of 10000 screens reached (push changed nothing; raise NavigatorLimits.screensPerStack or --max-screens)")
    }

    @Test func environmentsModalsAlertButtonsAndQueuedStepsAreBounded() throws {
        let navigator = try navigator {
            $0.environments = 2; $0.modals = 1; $0.alertButtons = 2; $0.queuedSteps = 1
        }
        try navigator.sheet("/a")
        try expectUnchanged(navigator) { try navigator.sheet("/b") }
        try navigator.modal("/b")
        try expectUnchanged(navigator) { try navigator.modal("/c/1") }
        try expectUnchanged(navigator) {
            try navigator.alert(Alert(title: "Many", buttons: [AlertButton("A"), AlertButton("B"), AlertButton("C")]))
        }
        try navigator.alert(Alert(title: "Two", buttons: [AlertButton("A"), AlertButton("B")]))
        try navigator.dismissAlert()
        try expectUnchanged(navigator) {
            try navigator.startFlow([FlowStep("/a"), FlowStep("/b"), FlowStep("/c/1")])
        }
        try navigator.startFlow([FlowStep("/a"), FlowStep("/b")])
        #expect(navigator.queue.count == 1)
    }

    @Test func longPathsAndManyQueryItemsAreRefused() throws {
        let navigator = try navigator { $0.pathBytes = 16; $0.queryItems = 2 }
        try expectUnchanged(navigator) { try navigator.push("/c/" + String(repeating: "x", count: 20)) }
        try expectUnchanged(navigator) { try navigator.push("/a?x=1&y=2&z=3") }
        try navigator.push("/a?x=1&y=2")
        #expect(navigator.query.count == 2)
    }

    @Test func aMemoryBudgetShrinksTheLimits() {
        let small = NavigatorLimits.fitting(bytes: 64 << 20)
        #expect(small.screensPerStack == 226)
        #expect(small.pathBytes == 4_096)
        #expect(small.environments == 16 && small.modals == 16)
        // The whole state's screens fit in half the budget.
        let screens = (small.environments + 1) * small.screensPerStack
        #expect(screens * (NavigatorLimits.screenOverheadBytes + 2 * small.pathBytes) <= 32 << 20)
        // A large budget keeps the defaults.
        #expect(NavigatorLimits.fitting(bytes: 1 << 40).screensPerStack == NavigatorLimits().screensPerStack)
    }

    @Test func aFreshNavigatorKeepsTheLimits() throws {
        let navigator = try navigator { $0.screensPerStack = 2 }
        #expect(try navigator.fresh().limits.screensPerStack == 2)
    }
}

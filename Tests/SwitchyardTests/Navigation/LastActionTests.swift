import Testing
@testable import Switchyard

/// `lastAction` names the screen each change started from, wherever the navigator keeps it: a change
/// committed with nobody watching leaves it in the timeline's entry before the current one (issue
/// 37's push + pop round), which going back, a full timeline, a lowered limit or a replacing `go`
/// must not lose.
@Suite("Navigator: the last action's starting screen")
struct LastActionTests {
    private func fromTo(_ navigator: Navigator) -> [String]? {
        navigator.lastAction.map { [$0.operation.rawValue, $0.from.path, $0.to.path] }
    }

    @Test func eachPushAndPopStartsWhereTheOneBeforeEnded() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        #expect(fromTo(navigator) == ["push", "/", "/a"])
        try navigator.push("/c/1")
        #expect(fromTo(navigator) == ["push", "/a", "/c/1"])
        try navigator.pop()
        #expect(fromTo(navigator) == ["pop", "/c/1", "/a"])
        #expect(navigator.lastAction?.from.title == "C 1")
    }

    @Test func aReplacingGoStartsFromTheScreenItReplaced() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.go("/b", replace: true)
        #expect(fromTo(navigator) == ["go", "/a", "/b"])
        #expect(navigator.history.count == 2)
    }

    @Test func aTimelineOfOneEntryStillKnowsWhereTheChangeStarted() throws {
        let navigator = try NavigationFixture.navigator(timelineLimit: 1)
        try navigator.push("/a")
        try navigator.push("/b")
        #expect(navigator.history.count == 1)
        #expect(fromTo(navigator) == ["push", "/a", "/b"])
    }

    @Test func aFullTimelineKeepsTheStartOfItsNewestChange() throws {
        let navigator = try NavigationFixture.navigator(timelineLimit: 3)
        for id in 1...5 { try navigator.push("/c/\(id)") }
        #expect(navigator.history.count == 3)
        #expect(fromTo(navigator) == ["push", "/c/4", "/c/5"])
        try navigator.pop()
        #expect(fromTo(navigator) == ["pop", "/c/5", "/c/4"])
    }

    @Test func loweringTheLimitDoesNotLoseTheStartingScreen() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.push("/b")
        try navigator.setTimelineLimit(1)
        #expect(navigator.history.count == 1)
        #expect(fromTo(navigator) == ["push", "/a", "/b"])
    }

    @Test func afterGoingBackAChangeStartsFromWhereTheCursorWas() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.push("/b")
        #expect(try navigator.back())
        #expect(fromTo(navigator) == ["back", "/b", "/a"])
        try navigator.push("/c/7")   // drops the forward entry
        #expect(fromTo(navigator) == ["push", "/a", "/c/7"])
        #expect(navigator.history.map(\.location) == ["/", "/a", "/c/7"])
    }

    @Test func aFailedOperationLeavesTheLastActionAsItWas() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        #expect(throws: NavigationError.self) { try navigator.push("/locked") }
        #expect(fromTo(navigator) == ["push", "/", "/a"])
        let before = navigator.checkpoint()
        try navigator.push("/b")
        try navigator.rollBack(to: before)
        #expect(fromTo(navigator) == ["push", "/", "/a"])
    }
}

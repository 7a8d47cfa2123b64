import Testing
@testable import Switchyard

/// Issue 32.5: a screen's departure callbacks are kept by the navigator that landed it, not in the
/// screen (which must stay `Sendable`). These check what that keeping must not change: the callbacks
/// belong to their one screen, run once, and are let go as the screen's closures were before.
@Suite("Navigator: departure callbacks kept beside the screens")
struct ScreenCallbacksTests {
    /// What a callback captures, so a test can tell whether the callback is still held.
    final class Captured {}

    @Test func aScreenGivenTheIdOfARolledBackOneDoesNotRunItsCallbacks() throws {
        let navigator = try NavigationFixture.navigator()
        var dismissed: [String] = []
        let checkpoint = navigator.checkpoint()
        try navigator.push("/a", options: ScreenOptions(onDismiss: { dismissed.append("a: \($0.path)") }))
        let rolledBackID = navigator.screen.id
        try navigator.rollBack(to: checkpoint)
        try navigator.push("/b", options: ScreenOptions(onDismiss: { dismissed.append("b: \($0.path)") }))
        #expect(navigator.screen.id == rolledBackID, "the rolled back id is given again")
        _ = try navigator.pop()
        #expect(dismissed == ["b: /b"])
    }

    @Test func callbacksThatRanAreLetGoAndDoNotRunAgain() throws {
        let navigator = try NavigationFixture.navigator()
        var captured: Captured? = Captured()
        weak let watched = captured
        var runs = 0
        try navigator.push("/a", options: ScreenOptions(onDismiss: { [captured] _ in _ = captured; runs += 1 }))
        captured = nil
        #expect(watched != nil)
        _ = try navigator.pop()
        try navigator.back()   // the screen is back, its callbacks spent
        _ = try navigator.pop()
        #expect(runs == 1)
        #expect(watched == nil, "the navigator still holds callbacks that ran")
    }

    @Test func callbacksOfLandingsThatWereUndoneAreLetGo() throws {
        struct Veto: Error {}
        let navigator = try NavigationFixture.navigator()
        let token = navigator.observe { _ in throw Veto() }
        var watched: [() -> Captured?] = []
        for _ in 0..<40 {
            let captured = Captured()
            watched.append { [weak captured] in captured }
            #expect(throws: Veto.self) {
                try navigator.push("/a", options: ScreenOptions(onDismiss: { [captured] _ in _ = captured }))
            }
        }
        token.cancel()
        #expect(navigator.stackPaths == ["/"])
        let held = watched.filter { $0() != nil }.count
        #expect(held < 20, "\(held) of 40 undone landings' callbacks are still held")
    }
}

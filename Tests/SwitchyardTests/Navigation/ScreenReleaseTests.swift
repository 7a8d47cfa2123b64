import Foundation
import Testing
@testable import Switchyard

/// What happens to screens when the states holding them go (issue 37's push + pop round: the
/// screen's own `deinit` lets go of the stack below it).
@Suite("Navigator: screens let go of")
struct ScreenReleaseTests {
    /// Runs `body` on a thread with a 512 KB stack (a secondary thread's default on Darwin) and
    /// returns what it threw, if anything.
    private func onSmallStack(_ body: @escaping @Sendable () throws -> Void) -> String? {
        final class Outcome: @unchecked Sendable { var error: String? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do { try body() } catch { outcome.error = "\(error)" }
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        return outcome.error
    }

    @Test func aDeepStackIsFreedWithoutOneStackFramePerScreen() {
        // 100,000 screens, each held only by the one above it once the timeline (of one entry) has
        // dropped the states before: popping to the root frees them all at once. Freed one inside
        // another's release, they would need far more than the thread's 512 KB.
        let error = onSmallStack {
            let routes = RouteTable<RouteDefinition>()
            try routes.add("/", payload: RouteDefinition())
            try routes.add("/item/:n", payload: RouteDefinition())
            let navigator = Navigator(routes: routes, timelineLimit: 1)
            navigator.limits.screensPerStack = 200_000
            try navigator.reset()
            for n in 1...100_000 { try navigator.push("/item/\(n)") }
            #expect(navigator.stack.count == 100_001)
            #expect(try navigator.popToRoot())
            #expect(navigator.stack.map(\.path) == ["/"])
            #expect(navigator.history.count == 1)
        }
        #expect(error == nil)
    }

    @Test func screensNothingHoldsAnyMoreAreFreedDownTheStack() throws {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition())
        try routes.add("/item/:n", payload: RouteDefinition())
        let navigator = Navigator(routes: routes, timelineLimit: 1)
        try navigator.reset()
        for n in 1...3 { try navigator.push("/item/\(n)") }
        weak var second: Screen.Fields?
        weak var third: Screen.Fields?
        do {
            let stack = navigator.stack
            second = stack[2].stackNode
            third = stack[3].stackNode
        }
        try navigator.pop(2)
        // The last action still starts from /item/3, which holds /item/2 below it.
        #expect(navigator.lastAction?.from.path == "/item/3")
        #expect(second != nil && third != nil)
        try navigator.push("/item/4")
        #expect(second == nil)
        #expect(third == nil)
        #expect(navigator.stack.map(\.path) == ["/", "/item/1", "/item/4"])
    }

    @Test func aScreenStillHeldBelowAnotherStackOutlivesTheOneAboveIt() throws {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition())
        try routes.add("/item/:n", payload: RouteDefinition())
        let navigator = Navigator(routes: routes, timelineLimit: 1)
        try navigator.reset()
        try navigator.push("/item/1")
        try navigator.push("/item/2")
        let kept = navigator.stack   // holds /item/1 and the root through /item/2's node
        try navigator.popToRoot()    // the timeline lets go of /item/2's state
        #expect(kept.map(\.path) == ["/", "/item/1", "/item/2"])
        #expect(kept[1].params["n"] == "1")
        try navigator.push("/item/3")
        #expect(navigator.stack.map(\.path) == ["/", "/item/3"])
        #expect(kept.map(\.path) == ["/", "/item/1", "/item/2"])
    }
}

import Testing
@testable import Switchyard

@Suite("Navigator: observers")
struct ObserverTests {
    @Test func observersSeeOperationFromAndTo() throws {
        let navigator = try NavigationFixture.navigator()
        var seen: [String] = []
        let token = navigator.observe { event in
            seen.append("\(event.operation.rawValue) \(event.from.path)→\(event.to.path) now=\(navigator.path)")
        }
        try navigator.push("/a")
        try navigator.sheet("/b")
        try navigator.dismissEnvironment()
        try navigator.back()
        _ = try navigator.popTo("/")
        #expect(seen == ["push /→/a now=/a", "sheet /a→/b now=/b", "dismiss_environment /b→/a now=/a",
                         "back /a→/b now=/b", "pop_to /b→/ now=/"])
        token.cancel()
        #expect(!token.isActive)
        try navigator.push("/c/1")
        #expect(seen.count == 5)
    }

    @Test func filteredObserversOnlyHearTheirOperations() throws {
        let navigator = try NavigationFixture.navigator()
        var pushes: [String] = []
        _ = navigator.observe(only: [.push]) { pushes.append($0.to.path) }
        try navigator.push("/a"); try navigator.go("/b"); try navigator.push("/c/1"); _ = try navigator.pop()
        #expect(pushes == ["/a", "/c/1"])
    }

    @Test func aThrowingObserverUndoesTheChangeAndRethrows() throws {
        struct Veto: Error {}
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.push("/b")
        try navigator.back()
        var later = 0
        let token = navigator.observe { _ in throw Veto() }
        _ = navigator.observe { _ in later += 1 }
        try expectUnchanged(navigator) { try navigator.push("/c/1") }
        try expectUnchanged(navigator) { try navigator.forward() }
        try expectUnchanged(navigator) { try navigator.reset("/b") }
        try expectUnchanged(navigator) { try navigator.go("/c/2", replace: true) }
        #expect(later == 0)
        #expect(navigator.canForward)   // the forward entry dropped by the push came back
        token.cancel()
        try navigator.forward()
        #expect(navigator.path == "/b" && later == 1)
    }

    @Test func aThrowingObserverAtTheTimelineLimitRestoresTheOldestEntry() throws {
        struct Veto: Error {}
        let navigator = try NavigationFixture.navigator(timelineLimit: 2)
        try navigator.push("/a")
        let locations = navigator.historyLocations
        _ = navigator.observe { _ in throw Veto() }
        try expectUnchanged(navigator) { try navigator.push("/b") }
        #expect(navigator.historyLocations == locations)
    }

    @Test func cancellingDuringDeliverySkipsTheCancelledHandler() throws {
        let navigator = try NavigationFixture.navigator()
        var second: ObservationToken?
        var calls = 0
        _ = navigator.observe { _ in second?.cancel() }
        second = navigator.observe { _ in calls += 1 }
        try navigator.push("/a")
        #expect(calls == 0)
    }
}

@Suite("Navigator: observing by event name")
struct ObserverEventNameTests {
    @Test func changeHearsEverythingAndAnOperationNameOnlyItself() throws {
        let navigator = try NavigationFixture.navigator()
        var all: [String] = []
        var popTos: [String] = []
        _ = try navigator.observe(event: "change") { all.append($0.operation.rawValue) }
        _ = try navigator.observe(event: "pop_to") { popTos.append($0.to.path) }
        try navigator.push("/a"); try navigator.push("/b"); try navigator.popTo("/a")
        #expect(all == ["push", "push", "pop_to"])
        #expect(popTos == ["/a"])
    }

    @Test func anUnknownEventNameListsTheKnownOnes() throws {
        let navigator = try NavigationFixture.navigator()
        do {
            _ = try navigator.observe(event: "pushed") { _ in }
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("no event \"pushed\"; events: change, reset, restore, go, push, push_stack"))
        }
    }
}

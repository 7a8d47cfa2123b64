import Testing
@testable import Switchyard

@Suite("Navigator: timeline")
struct TimelineTests {
    @Test func backAndForwardFollowBrowserSemanticsWithClampedCounts() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a"); try navigator.push("/b"); try navigator.sheet("/c/1")
        #expect(try navigator.back(2) == true)
        #expect(navigator.stackPaths == ["/", "/a"] && navigator.kinds == [.root])
        #expect(navigator.canBack && navigator.canForward)
        #expect(try navigator.forward(10) == true)   // clamped
        #expect(navigator.kinds == [.root, .sheet] && navigator.path == "/c/1")
        #expect(try navigator.forward() == false)
        #expect(try navigator.back(100) == true)
        #expect(navigator.path == "/" && !navigator.canBack)
        #expect(try navigator.back() == false)
        #expect(try navigator.back(0) == false)
        try expectUnchanged(navigator) { _ = try navigator.back(-1) }
        try expectUnchanged(navigator) { _ = try navigator.forward(-2) }
    }

    @Test func aNewOperationAfterBackDropsTheForwardEntries() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a"); try navigator.push("/b")
        try navigator.back()
        try navigator.push("/c/1")
        #expect(navigator.historyLocations == ["/", "/a", "/c/1"])
        #expect(!navigator.canForward)
    }

    @Test func backRestoresTheWholeStateIncludingOverlaysAndQueue() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.startFlow([FlowStep("/a"), FlowStep("/b"), FlowStep("/c/1")])
        try navigator.alert(Alert(title: "Hi"))
        try navigator.next()           // the top screen changes: the alert goes with it
        #expect(!navigator.alertActive && navigator.queue.count == 1)
        try navigator.back()
        #expect(navigator.alertActive && navigator.queue.map(\.path) == ["/b", "/c/1"])
    }

    @Test func theTimelineIsBoundedAndDropsTheOldestEntries() throws {
        let navigator = try NavigationFixture.navigator(timelineLimit: 3)
        for id in 1...5 { try navigator.push("/c/\(id)") }
        #expect(navigator.historyLocations == ["/c/3", "/c/4", "/c/5"])
        #expect(try navigator.back(9) == true)
        #expect(navigator.path == "/c/3")
        #expect(navigator.stack.count == 4)   // the state is whole; only history is short
        try navigator.setTimelineLimit(2)
        #expect(navigator.historyLocations == ["/c/3", "/c/4"])   // the current entry is kept
        #expect(navigator.path == "/c/3")
    }

    @Test func aFullTimelineKeepsItsOrderThroughWrapsBackAndFailedRecords() throws {
        let navigator = try NavigationFixture.navigator(timelineLimit: 4)
        for id in 1...6 { try navigator.push("/c/\(id)") }   // wrapped: the oldest slots were reused
        #expect(navigator.historyLocations == ["/c/3", "/c/4", "/c/5", "/c/6"])
        let token = navigator.observe { event in
            if event.to.path == "/c/fail" { throw NavigationError(.invalidCount(-1, operation: .push)) }
        }
        try expectUnchanged(navigator) { try navigator.push("/c/fail") }          // full, at the newest
        try expectUnchanged(navigator) { try navigator.go("/c/fail", replace: true) }
        try navigator.back(2)
        try expectUnchanged(navigator) { try navigator.push("/c/fail") }          // drops forward entries
        #expect(navigator.historyLocations == ["/c/3", "/c/4", "/c/5", "/c/6"] && navigator.path == "/c/4")
        try navigator.push("/c/7")
        #expect(navigator.historyLocations == ["/c/3", "/c/4", "/c/7"] && !navigator.canForward)
        for id in 8...9 { try navigator.push("/c/\(id)") }
        #expect(navigator.historyLocations == ["/c/4", "/c/7", "/c/8", "/c/9"])
        try navigator.setTimelineLimit(6)
        try navigator.push("/c/10")
        #expect(navigator.historyLocations == ["/c/4", "/c/7", "/c/8", "/c/9", "/c/10"])
        token.cancel()
        #expect(try navigator.back(10) && navigator.path == "/c/4")
    }

    @Test func snapshotsShareStructureInsteadOfCopyingStacks() throws {
        let navigator = try NavigationFixture.navigator(timelineLimit: 2000)
        for id in 1...49 { try navigator.push("/c/\(id)") }
        var step = 0
        while navigator.history.count < 1000 {
            step += 1
            switch step % 3 {
            case 0: try navigator.go("/c/top\(step)")
            case 1: try navigator.push("/c/extra\(step)")
            default: _ = try navigator.pop()
            }
        }
        var nodes = Set<ObjectIdentifier>()
        var screensHeld = 0
        var bottoms = Set<ObjectIdentifier>()
        for entry in navigator.history {
            var node: ScreenStack.Node? = entry.state.environments[0].current.topNode
            screensHeld += entry.state.environments[0].current.count
            while let current = node {
                nodes.insert(ObjectIdentifier(current))
                if current.below == nil { bottoms.insert(ObjectIdentifier(current)) }
                node = current.below
            }
        }
        #expect(screensHeld > 40_000)              // what 1,000 copies would have held
        #expect(nodes.count < 1_100)               // what is actually held: about one node per entry
        #expect(bottoms.count == 1)                // every snapshot shares the same root node
    }

    @Test func extremeCountsAreClampedNotCrashes() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a"); try navigator.push("/b")
        #expect(try navigator.back(Int.max) == true)
        #expect(navigator.historyIndex == 0)
        #expect(try navigator.forward(Int.max) == true)
        #expect(navigator.path == "/b")
        #expect(try navigator.pop(Int.max) == true)
        #expect(navigator.stackPaths == ["/"])
        let tabbed = try NavigationFixture.navigator(tabs: ["/home"])
        try expectUnchanged(tabbed) { try tabbed.tab(Int.min) }
        try expectUnchanged(tabbed) { try tabbed.tab(Int.max) }
    }

    @Test func theLimitCannotChangeFromInsideAnOperation() throws {
        let navigator = try NavigationFixture.navigator()
        var caught: (any Error)?
        _ = navigator.observe { _ in
            do { try navigator.setTimelineLimit(1) } catch { caught = error }
        }
        try navigator.push("/a")
        #expect((caught as? NavigationError)?.reason == .busy("change the timeline limit", inFlight: .push))
        #expect(navigator.history.count == 2)
    }
}

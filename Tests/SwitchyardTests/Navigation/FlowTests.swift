import Testing
@testable import Switchyard

@Suite("Navigator: flows")
struct FlowTests {
    @Test func aFlowShowsTheFirstStepAndQueuesTheRestToExhaustion() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.declareFlow("signup", steps: [FlowStep("/a", as: .cover), FlowStep("/b"),
                                                    FlowStep("/c/1", as: .sheet), FlowStep("/c/2")])
        try navigator.startFlow("signup")
        #expect(navigator.kinds == [.root, .cover] && navigator.path == "/a")
        #expect(navigator.queue.map(\.path) == ["/b", "/c/1", "/c/2"])
        try navigator.next()
        #expect(navigator.stackPaths == ["/a", "/b"])
        try navigator.next()
        #expect(navigator.kinds == [.root, .cover, .sheet])
        try navigator.nextOrDismiss()
        #expect(navigator.stackPaths == ["/c/1", "/c/2"] && navigator.queue.isEmpty)
        try expectUnchanged(navigator) { try navigator.next() }
        #expect(throws: NavigationError(.emptyQueue(operation: .next))) { try navigator.next() }
        try navigator.nextOrDismiss()   // queue empty: dismisses the sheet
        #expect(navigator.kinds == [.root, .cover])
        try navigator.nextOrDismiss()
        #expect(navigator.kinds == [.root])
        try expectUnchanged(navigator) { try navigator.nextOrDismiss() }
    }

    @Test func eachFlowOperationIsOneTimelineEntry() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.startFlow([FlowStep("/a", as: .sheet), FlowStep("/b")])
        #expect(navigator.history.map(\.operation) == [.reset, .startFlow])
        try navigator.next()
        #expect(navigator.history.map(\.operation) == [.reset, .startFlow, .next])
    }

    /// SwiftfulRouting's back-and-forth inside a flow (issue 33 item 5): a step whose screen was
    /// dismissed is offered again by `next`, and the flow goes on from there.
    @Test func aStepDismissedInsideAFlowIsOfferedAgain() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.startFlow([FlowStep("/a"), FlowStep("/b"), FlowStep("/c/1")])
        try navigator.next()
        #expect(navigator.queue.map(\.path) == ["/c/1"])
        _ = try navigator.pop()
        #expect(navigator.queue.map(\.path) == ["/b", "/c/1"])
        try navigator.next()
        #expect(navigator.stackPaths == ["/", "/a", "/b"] && navigator.queue.map(\.path) == ["/c/1"])
        try navigator.next()
        _ = try navigator.pop(2)
        #expect(navigator.queue.map(\.path) == ["/b", "/c/1"])
        try navigator.back()
        #expect(navigator.queue.isEmpty, "back brings the screens, and with them the steps they showed")
        _ = try navigator.popToRoot()
        #expect(navigator.queue.map(\.path) == ["/a", "/b", "/c/1"], "the first step too")
        #expect(try navigator.cancelFlow() == true)
        #expect(navigator.queue.isEmpty)
    }

    @Test func aFlowEndedByNextOrDismissOffersNothingAgain() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.startFlow([FlowStep("/a", as: .cover), FlowStep("/b")])
        try navigator.next()
        try navigator.nextOrDismiss()
        #expect(navigator.kinds == [.root] && navigator.queue.isEmpty)
        #expect(try navigator.cancelFlow() == false)
    }

    @Test func cancelEmptiesTheQueueAndStartingAnotherGoesInFrontOfIt() throws {
        let navigator = try NavigationFixture.navigator()
        #expect(try navigator.cancelFlow() == false)
        try navigator.startFlow([FlowStep("/a"), FlowStep("/b")])
        try navigator.startFlow([FlowStep("/c/1"), FlowStep("/c/2"), FlowStep("/c/3")])
        #expect(navigator.queue.map(\.path) == ["/c/2", "/c/3", "/b"])
        #expect(try navigator.cancelFlow() == true)
        #expect(navigator.queue.isEmpty && navigator.path == "/c/1")
    }

    @Test func unknownAndEmptyFlowsAreClearErrors() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.declareFlow("tour", steps: [FlowStep("/a")])
        try expectUnchanged(navigator) { try navigator.startFlow("tuor") }
        #expect(throws: NavigationError(.unknownFlow("tuor", available: ["tour"]))) { try navigator.startFlow("tuor") }
        try expectUnchanged(navigator) { try navigator.startFlow([FlowStep]()) }
        #expect(throws: NavigationError(.emptyFlow("x"))) { try navigator.declareFlow("x", steps: []) }
    }

    @Test func aFailingStepLeavesTheQueueWhereItWas() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.startFlow([FlowStep("/a"), FlowStep("/locked"), FlowStep("/b")])
        try expectUnchanged(navigator) { try navigator.next() }
        #expect(navigator.queue.map(\.path) == ["/locked", "/b"])
    }

    @Test func dismissingTheCoverAFlowOpenedDropsTheRestOfTheFlow() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.startFlow([FlowStep("/a", as: .cover), FlowStep("/b")])
        try navigator.dismissAll()
        // Before, the queue outlived its cover and `next` pushed /b onto the root stack.
        #expect(navigator.queue.isEmpty && navigator.kinds == [.root])
        #expect(throws: NavigationError(.emptyQueue(operation: .next))) { try navigator.next() }
        #expect(navigator.stackPaths == ["/"])
        // Back along the timeline: the cover and its flow come back together.
        try navigator.back()
        #expect(navigator.kinds == [.root, .cover] && navigator.queue.map(\.path) == ["/b"])
    }

    @Test func aFlowStartedInsideAFlowRunsFirstAndTheOuterOneGoesOn() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.startFlow([FlowStep("/a", as: .cover), FlowStep("/b"), FlowStep("/news")])
        try navigator.startFlow([FlowStep("/c/1", as: .sheet), FlowStep("/c/2")])
        #expect(navigator.queue.map(\.path) == ["/c/2", "/b", "/news"])
        try navigator.next()
        #expect(navigator.stackPaths == ["/c/1", "/c/2"])
        // Dismissing the inner flow's sheet drops nothing more of it; the outer flow goes on in its cover.
        try navigator.dismissEnvironment()
        #expect(navigator.kinds == [.root, .cover] && navigator.queue.map(\.path) == ["/b", "/news"])
        try navigator.startFlow([FlowStep("/c/3", as: .sheet), FlowStep("/c/4")])
        try navigator.dismissEnvironment()   // the inner flow's sheet, with its /c/4
        #expect(navigator.queue.map(\.path) == ["/b", "/news"])
        try navigator.next()
        #expect(navigator.stackPaths == ["/a", "/b"])
    }

    @Test func aSavedQueueKeepsTheEnvironmentsOfItsFlows() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.startFlow([FlowStep("/a", as: .cover), FlowStep("/b")])
        let json = try navigator.save()
        #expect(json.contains("\"queueEnvironments\":[2,2],\"queueShown\":[2,null]"))
        let copy = try NavigationFixture.navigator()
        try copy.restore(json)
        try copy.dismissAll()
        #expect(copy.queue.isEmpty)
        let wrong = json.replacingOccurrences("\"queueEnvironments\":[2,2]", with: "\"queueEnvironments\":[2,3]")
        #expect { try copy.restore(wrong) } throws: { "\($0)".contains("a queued step runs in environment 3, but there are 2") }
        let uneven = json.replacingOccurrences("\"queueShown\":[2,null]", with: "\"queueShown\":[2]")
        #expect { try copy.restore(uneven) } throws: { "\($0)".contains("1 queueShown for 2 queued steps") }
        // A save from before queues named their environments (or kept the steps shown): the steps run
        // in the root.
        let old = json.replacingOccurrences(#"{"path":"\/a","presentation":"cover"},"#, with: "")
            .replacingOccurrences(",\"queueEnvironments\":[2,2],\"queueShown\":[2,null]", with: "")
        #expect(old != json)
        try copy.restore(old)
        try copy.dismissAll()
        #expect(copy.queue.map(\.path) == ["/b"])
    }
}

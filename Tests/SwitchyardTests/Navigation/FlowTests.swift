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
        #expect(throws: NavigationError.emptyQueue(operation: .next)) { try navigator.next() }
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

    @Test func popsInsideAFlowKeepTheQueue() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.startFlow([FlowStep("/a"), FlowStep("/b"), FlowStep("/c/1")])
        try navigator.next()
        _ = try navigator.pop()
        #expect(navigator.queue.map(\.path) == ["/c/1"])
        try navigator.next()
        #expect(navigator.stackPaths == ["/", "/a", "/c/1"])
    }

    @Test func cancelEmptiesTheQueueAndStartingAnotherReplacesIt() throws {
        let navigator = try NavigationFixture.navigator()
        #expect(try navigator.cancelFlow() == false)
        try navigator.startFlow([FlowStep("/a"), FlowStep("/b")])
        try navigator.startFlow([FlowStep("/c/1"), FlowStep("/c/2"), FlowStep("/c/3")])
        #expect(navigator.queue.map(\.path) == ["/c/2", "/c/3"])
        #expect(try navigator.cancelFlow() == true)
        #expect(navigator.queue.isEmpty && navigator.path == "/c/1")
    }

    @Test func unknownAndEmptyFlowsAreClearErrors() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.declareFlow("tour", steps: [FlowStep("/a")])
        try expectUnchanged(navigator) { try navigator.startFlow("tuor") }
        #expect(throws: NavigationError.unknownFlow("tuor", available: ["tour"])) { try navigator.startFlow("tuor") }
        try expectUnchanged(navigator) { try navigator.startFlow([FlowStep]()) }
        #expect(throws: NavigationError.emptyFlow("x")) { try navigator.declareFlow("x", steps: []) }
    }

    @Test func aFailingStepLeavesTheQueueWhereItWas() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.startFlow([FlowStep("/a"), FlowStep("/locked"), FlowStep("/b")])
        try expectUnchanged(navigator) { try navigator.next() }
        #expect(navigator.queue.map(\.path) == ["/locked", "/b"])
    }
}

import Testing
@testable import Switchyard

@Suite("Navigator: guards that wait (pending navigations and settle)")
struct PendingNavigationTests {
    /// The shared routes plus `/pay` and `/account/:id`, whose guards wait, and `/parented` whose
    /// parent waits; a flow that starts on `/pay`.
    static func navigator() throws -> Navigator {
        let routes = try NavigationFixture.routes()
        try routes.add("/pay", payload: RouteDefinition(title: "Pay", guard: { _ in .pending("payment") }))
        try routes.add("/account/:id", payload: RouteDefinition(guard: { info in .pending("account \(info.params["id"]!)") }))
        try routes.add("/parented", payload: RouteDefinition(parent: "/pay"))
        let navigator = Navigator(routes: routes)
        navigator.notFound = RouteDefinition(title: "Not found")
        try navigator.declareFlow("checkout", steps: [FlowStep("/a"), FlowStep("/pay", as: .sheet)])
        try navigator.reset()
        return navigator
    }

    @Test func aWaitingGuardHoldsTheOperationUntilItIsSettled() throws {
        let navigator = try Self.navigator()
        let before = try navigator.save()
        try navigator.push("/pay")
        #expect(navigator.path == "/" && navigator.history.count == 1)
        #expect(navigator.pendingNavigation == PendingNavigation(key: "payment", path: "/pay", operation: .push))
        #expect(try navigator.settle("payment", with: .allow))
        #expect(navigator.stackPaths == ["/", "/pay"] && navigator.screen.title == "Pay")
        #expect(navigator.pendingNavigation == nil && navigator.history.count == 2)
        #expect(navigator.history.last?.operation == .push)
        try navigator.back()
        #expect(try navigator.save().contains("\"pending\"") == false && before.contains("pending") == false)
    }

    @Test func settlingWithABlockDropsItAndARedirectGoesElsewhere() throws {
        let navigator = try Self.navigator()
        try navigator.push("/pay")
        let held = try navigator.save()
        #expect(try navigator.settle("payment", with: .block) == false)
        #expect(navigator.path == "/" && navigator.pendingNavigation == nil && navigator.history.count == 1)
        try navigator.restore(held)
        try navigator.settle("payment", with: .redirect("/login?next=/pay"))
        #expect(navigator.stackPaths == ["/", "/login"] && navigator.query == ["next": "/pay"])
    }

    @Test func aNewNavigationCancelsItAndAFailedOneDoesNot() throws {
        let navigator = try Self.navigator()
        try navigator.push("/pay")
        try expectUnchanged(navigator) { try navigator.push("/locked") }
        #expect(navigator.pendingNavigation?.key == "payment")
        try navigator.push("/")                    // already there: no navigation, nothing cancelled
        #expect(navigator.pendingNavigation?.key == "payment")
        try navigator.push("/account/7")           // held too: it replaces the first
        #expect(navigator.pendingNavigation?.key == "account 7")
        try navigator.push("/a")
        #expect(navigator.pendingNavigation == nil)
        #expect(throws: NavigationError(.unknownPendingKey("account 7", pending: nil))) {
            try navigator.settle("account 7", with: .allow)
        }
    }

    @Test func settlingAnUnknownKeyIsAnErrorThatChangesNothing() throws {
        let navigator = try Self.navigator()
        try navigator.push("/pay")
        try expectUnchanged(navigator) { try navigator.settle("payments", with: .allow) }
        #expect("\(NavigationError(.unknownPendingKey("payments", pending: "payment")))"
                == "settle: no navigation is pending under \"payments\"; the pending one is \"payment\"")
        #expect("\(NavigationError(.unknownPendingKey("x", pending: nil)))" == "settle: no navigation is pending under \"x\" (none is pending)")
    }

    @Test func aSettledOperationThatFailsStaysPendingAndChangesNothing() throws {
        let navigator = try Self.navigator()
        try navigator.push("/pay")
        try expectUnchanged(navigator) { try navigator.settle("payment", with: .redirect("/locked")) }
        #expect(navigator.pendingNavigation?.key == "payment")
        try navigator.settle("payment", with: .allow)
        #expect(navigator.path == "/pay")
    }

    @Test func everyOperationThatLandsCanWait() throws {
        let cases: [(operation: NavigationOperation, run: (Navigator) throws -> Void, check: (Navigator) -> Bool)] = [
            (.go, { try $0.go("/pay", replace: true) }, { $0.stackPaths == ["/pay"] && $0.history.count == 1 }),
            (.pushStack, { try $0.pushStack(["/a", "/pay", "/b"]) }, { $0.stackPaths == ["/", "/a", "/pay", "/b"] }),
            (.sheet, { try $0.sheet("/pay", options: ScreenOptions(params: ["amount": "3"]), detents: try SheetDetents(["medium", "large"])) },
             { $0.kinds == [.root, .sheet] && $0.params == ["amount": "3"] && $0.state.top.detents?.selected == "medium" }),
            (.cover, { try $0.cover("/pay") }, { $0.kinds == [.root, .cover] }),
            (.modal, { try $0.modal("/pay", options: ScreenOptions(transition: .slide)) }, { $0.modals.first?.transition == .slide }),
            (.open, { try $0.open("app://pay") }, { $0.stackPaths == ["/", "/pay"] }),
            (.startFlow, { try $0.startFlow([FlowStep("/pay", as: .cover), FlowStep("/b")]) }, { $0.path == "/pay" && $0.queue == [FlowStep("/b")] }),
            (.reset, { try $0.reset("/pay") }, { $0.stackPaths == ["/pay"] && $0.history.count == 1 }),
        ]
        for (operation, run, check) in cases {
            let navigator = try Self.navigator()
            try run(navigator)
            #expect(navigator.pendingNavigation?.operation == operation && navigator.path == "/", "\(operation)")
            try navigator.settle("payment", with: .allow)
            #expect(check(navigator), "\(operation): \(navigator.stackPaths)")
        }
    }

    @Test func flowsAndParentsWaitOnTheStepOrParentThatIsGuarded() throws {
        let navigator = try Self.navigator()
        try navigator.startFlow("checkout")
        try navigator.next()
        #expect(navigator.pendingNavigation == PendingNavigation(key: "payment", path: "/pay", operation: .next))
        #expect(navigator.queue == [FlowStep("/pay", as: .sheet)])
        try navigator.settle("payment", with: .allow)
        #expect(navigator.kinds == [.root, .sheet] && navigator.path == "/pay" && navigator.queue.isEmpty)

        try navigator.reset("/parented")
        try navigator.up()
        #expect(navigator.pendingNavigation?.operation == .up)
        try navigator.settle("payment", with: .allow)
        #expect(navigator.stackPaths == ["/pay"])
    }

    @Test func aPendingNavigationIsSavedRestoredAndRolledBack() throws {
        let navigator = try Self.navigator()
        try navigator.sheet("/pay", options: ScreenOptions(params: ["amount": "3"]), detents: try SheetDetents(["medium", "large"], selected: "large"))
        let saved = try navigator.save()
        let elsewhere = try Self.navigator()
        try elsewhere.restore(saved)
        #expect(elsewhere.pendingNavigation == PendingNavigation(key: "payment", path: "/pay", operation: .sheet))
        #expect(try elsewhere.save() == saved)
        try elsewhere.settle("payment", with: .allow)
        #expect(elsewhere.params == ["amount": "3"] && elsewhere.state.top.detents?.selected == "large")

        let checkpoint = navigator.checkpoint()
        try navigator.push("/a")
        #expect(navigator.pendingNavigation == nil)
        try navigator.rollBack(to: checkpoint)
        #expect(navigator.pendingNavigation?.key == "payment")
    }

    @Test func aDocumentWithAMalformedPendingNavigationIsRefused() throws {
        let navigator = try Self.navigator()
        try navigator.push("/pay")
        let saved = try navigator.save()
        for (from, to, reason) in [
            ("\"operation\":\"push\"", "\"operation\":\"pop\"", "pending: pop cannot be pending"),
            ("\"arguments\":[\"\\/pay\"]", "\"arguments\":[]", "pending: push takes 1 arguments, got 0"),
            ("\"operation\":\"push\"", "\"operation\":\"start_flow\"", "pending: no flow named \"/pay\" is declared"),
        ] {
            let broken = saved.replacingOccurrences(of: from, with: to)
            #expect(broken != saved, "\(from)")
            #expect(throws: NavigationError(.invalidDocument(reason))) { try navigator.restore(broken) }
        }
        #expect(navigator.pendingNavigation?.key == "payment")
    }

    @Test func aStartScreenCannotWait() throws {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition(guard: { _ in .pending("boot") }))
        let navigator = Navigator(routes: routes)
        #expect(throws: NavigationError(.invalidArgument(
            operation: .start, reason: "the guard of / answered pending (\"boot\"), but a start screen cannot wait"))) {
            try navigator.relandStart()
        }
        #expect(navigator.pendingNavigation == nil && navigator.isAtStart)
    }
}

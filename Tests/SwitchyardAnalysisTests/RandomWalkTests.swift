import Testing
@testable import Switchyard
@testable import SwitchyardAnalysis

@Suite("RandomWalk: seeded walks, invariants, shrinking")
struct RandomWalkTests {
    /// /account is guarded (a signed-out user goes to /login), but /settings links to
    /// /account/billing, which is not.
    private func app(billingGuarded: Bool = false) throws -> Navigator {
        let routes = RouteTable<RouteDefinition>()
        let toLogin: (RouteInfo) throws -> GuardDecision = { _ in .redirect("/login") }
        try routes.add("/", payload: RouteDefinition(links: ["/account", "/settings", "/news", "/login"]))
        try routes.add("/login", payload: RouteDefinition(links: ["/"]))
        try routes.add("/news", payload: RouteDefinition(links: ["/news/1", "/news/2", "/"]))
        try routes.add("/news/:id", payload: RouteDefinition(links: ["/news", "/news/:id/comments"]))
        try routes.add("/account", payload: RouteDefinition(guard: toLogin, links: ["/account/billing"]))
        try routes.add("/account/billing", payload: RouteDefinition(guard: billingGuarded ? toLogin : nil))
        try routes.add("/settings", payload: RouteDefinition(links: ["/settings/about", "/account/billing"]))
        try routes.add("/settings/about", payload: RouteDefinition(links: ["/settings"]))
        try routes.add("/help", payload: RouteDefinition(entry: true))
        let navigator = Navigator(routes: routes)
        try navigator.reset()
        return navigator
    }

    private let signedOut: (Navigator) -> WalkViolation? = { navigator in
        navigator.path.hasPrefix("/account")
            ? WalkViolation(invariant: "signed out never sees /account", message: "at \(navigator.path)") : nil
    }

    @Test func findsTheBypassAndShrinksItToTheTwoLinks() throws {
        let base = try app()
        for seed: UInt64 in 1...20 {
            let report = try RandomWalk(seed: seed, start: { try base.fresh() }, invariants: signedOut).run()
            let finding = try #require(report.finding)
            #expect(finding.violation == WalkViolation(invariant: "signed out never sees /account", message: "at /account/billing"))
            #expect(finding.steps == [WalkStep(WalkMove(.follow, "/settings")), WalkStep(WalkMove(.follow, "/account/billing"))])
        }
    }

    @Test func theSameSeedWalksTheSameWay() throws {
        let base = try app(billingGuarded: true)
        func walk(_ seed: UInt64) throws -> WalkReport {
            try RandomWalk(steps: 30, runs: 10, seed: seed, start: { try base.fresh() }, invariants: signedOut).run()
        }
        #expect(try walk(5) == walk(5))
        let report = try walk(5)
        #expect(report.finding == nil)
        #expect(report.runs == 10 && report.steps == 300)
        #expect(report.screens > 5 && report.states > report.screens)
    }

    @Test func possibleMovesFollowConcreteLinksAndOpenEntryRoutes() throws {
        let navigator = try app()
        try navigator.push("/news/1")
        // "/news/:id/comments" filled from the screen; "/help" is an entry route.
        #expect(WalkMove.possible(in: navigator).map(\.description) == [
            "follow /news", "follow /news/1/comments", "back", "pop", "dismiss", "open /help",
        ])
    }

    @Test func possibleMovesAreThoseOfTheTopMostLayer() throws {
        let navigator = try app()
        try navigator.push("/news/1")
        try navigator.modal("/settings")
        // The modal's links, dismissing it and the timeline; not the stack hidden beneath it.
        #expect(WalkMove.possible(in: navigator).map(\.description) == [
            "follow /settings/about", "follow /account/billing", "back", "dismiss", "open /help",
        ])
        try navigator.alert(Alert(title: "Leave?", buttons: [AlertButton("Stay"), AlertButton("Go")]))
        // Nothing behind an alert can be tapped: only its buttons.
        #expect(WalkMove.possible(in: navigator).map(\.description) == ["choose Stay", "choose Go"])
    }

    @Test func aFailedMoveIsAStepThatChangesNothing() throws {
        let navigator = try app(billingGuarded: true)
        let walk = RandomWalk(seed: 1, start: { try navigator.fresh() })
        // The guard blocks by redirecting to /login: no failure. A pop at the root is not possible,
        // so a replay skips it.
        let replay = try walk.replay([WalkMove(.pop), WalkMove(.follow, "/login"), WalkMove(.back)])
        #expect(replay.steps == [WalkStep(WalkMove(.follow, "/login")), WalkStep(WalkMove(.back))])
        #expect(replay.violation == nil)
    }

    @Test func aRichStateSurvivesSaveAndRestore() throws {
        let navigator = try app()
        try navigator.push("/settings")
        try navigator.sheet("/news")
        try navigator.push("/news/2")
        try navigator.alert(Alert(title: "Leave?", buttons: [AlertButton("Stay"), AlertButton("Go")]))
        try navigator.back()
        #expect(navigator.saveAndRestoreProblem() == nil)
        // What the check compares: a copy that restored another save differs, and says where.
        let copy = try navigator.fresh()
        #expect(copy.history.count != navigator.history.count)
    }

    @Test func aRaisingCallbackIsAViolationNamingTheMove() throws {
        struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition(links: ["/crash"]))
        try routes.add("/crash", payload: RouteDefinition(title: .computed { _ in throw Boom() }))
        let navigator = Navigator(routes: routes)
        try navigator.reset()
        let report = try RandomWalk(seed: 3, start: { try navigator.fresh() }).run()
        #expect(report.finding?.violation == WalkViolation(invariant: WalkViolation.BuiltIn.callbacksDoNotRaise,
                                                          message: "follow /crash raised: boom"))
        #expect(report.finding?.steps == [WalkStep(WalkMove(.follow, "/crash"))])
    }
}

import Testing
@testable import Switchyard
@testable import SwitchyardAnalysis

/// A walk answers the navigations held for an answer (issue 34, item 7): a guard's or a leave
/// guard's hold is settled allowing or refused, a loader's settled (with no data; any other
/// navigation refuses it by cancelling it), and a session flag's `set` move revalidates.
@Suite("RandomWalk: held navigations and session flags")
struct WalkHoldTests {
    private func app() throws -> Navigator {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition(links: ["/pay", "/album", "/draft"]))
        try routes.add("/pay", payload: RouteDefinition(guard: { _ in .pending("payment") }))
        var album = RouteDefinition()
        album.load = { _ in .pending("credits") }
        try routes.add("/album", payload: album)
        try routes.add("/draft", payload: RouteDefinition(leave: { _, _ in throw LeaveHold(key: "discard") }))
        let navigator = Navigator(routes: routes)
        try navigator.reset()
        return navigator
    }

    private func moves(_ navigator: Navigator) -> [String] { WalkMove.possible(in: navigator).map(\.description) }

    @Test func aGuardsHoldIsSettledOrRefused() throws {
        let navigator = try app()
        try navigator.push("/pay")
        #expect(moves(navigator).prefix(2) == ["settle payment", "refuse payment"])
        let refused = navigator.checkpoint()
        try WalkMove(.refuse, "payment").apply(to: navigator)
        #expect(navigator.pendingNavigation == nil && !navigator.hasChanged(since: refused))
        try navigator.push("/pay")
        try WalkMove(.settle, "payment").apply(to: navigator)
        #expect(navigator.path == "/pay")
    }

    @Test func aLeaveGuardsHoldIsSettledOrRefused() throws {
        let navigator = try app()
        try navigator.push("/draft")
        try navigator.pop()
        #expect(navigator.pendingNavigation?.kind == .leave)
        #expect(moves(navigator).prefix(2) == ["settle discard", "refuse discard"])
        try WalkMove(.refuse, "discard").apply(to: navigator)
        #expect(navigator.path == "/draft" && navigator.pendingNavigation == nil)
        try navigator.pop()
        try WalkMove(.settle, "discard").apply(to: navigator)
        #expect(navigator.path == "/")
    }

    @Test func aLoadersHoldIsSettledWithNoData() throws {
        let navigator = try app()
        try navigator.push("/album")
        #expect(navigator.pendingNavigation?.kind == .load)
        // A loader's hold takes data, not a refusal: only settle (no data) is offered for it.
        #expect(moves(navigator).prefix(2) == ["settle credits", "follow /pay"])
        try WalkMove(.settle, "credits").apply(to: navigator)
        #expect(navigator.path == "/album" && navigator.pendingNavigation == nil)
    }

    @Test func aSetMoveChangesTheFlagThenRevalidates() throws {
        let routes = RouteTable<RouteDefinition>()
        nonisolated(unsafe) var signedIn = true
        try routes.add("/", payload: RouteDefinition(links: ["/account"]))
        try routes.add("/account", payload: RouteDefinition(guard: { _ in signedIn ? .allow : .redirect("/") }))
        let navigator = Navigator(routes: routes)
        try navigator.reset()
        try navigator.push("/account")
        var set: [String] = []
        try WalkMove(.set, "signed_in=false").apply(to: navigator, setFlag: { set.append($0); signedIn = false })
        #expect(set == ["signed_in=false"])
        #expect(navigator.path == "/")   // revalidated: the guard now redirects
    }

    @Test func aWalkOffersTheFlagMovesAndFindsWhatASignOutLeavesUp() throws {
        // /billing's guard also lets in whoever was signed in when it was last asked: a stale mark.
        let routes = RouteTable<RouteDefinition>()
        nonisolated(unsafe) var signedIn = false
        nonisolated(unsafe) var visited = false
        try routes.add("/", payload: RouteDefinition(links: ["/billing"]))
        try routes.add("/billing", payload: RouteDefinition(guard: { _ in
            if signedIn { visited = true }
            return signedIn || visited ? .allow : .redirect("/")
        }, links: ["/"]))
        let base = Navigator(routes: routes)
        try base.reset()
        var walk = RandomWalk(steps: 30, runs: 50, seed: 3, start: {
            signedIn = false
            visited = false
            return try base.fresh()
        }, invariants: { navigator in
            !signedIn && navigator.path == "/billing"
                ? WalkViolation(invariant: "signed out sees no billing", message: "at \(navigator.path)") : nil
        })
        walk.flagMoves = { [WalkMove(.set, signedIn ? "signed_in=false" : "signed_in=true")] }
        walk.setFlag = { signedIn = $0 == "signed_in=true" }
        let finding = try #require(try walk.run().finding)
        #expect(finding.violation.invariant == "signed out sees no billing")
        #expect(finding.steps.map(\.move.description).last == "set signed_in=false")
        #expect(finding.steps.map(\.move.description).contains("set signed_in=true"))
        // Without the flag moves, nothing signs in: the walk cannot meet it.
        walk.flagMoves = { [] }
        #expect(try walk.run().finding == nil)
    }
}

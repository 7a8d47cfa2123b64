import Testing
@testable import Switchyard
@testable import SwitchyardAnalysis

/// `walk` opens typed entry routes with values that fit and with wrong ones (issue 33).
@Suite struct TypedEntryWalkTests {
    private func app() throws -> Navigator {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition())
        try routes.add("/album/:id", parameterTypes: ["id": .int], payload: RouteDefinition(entry: true))
        try routes.add("/view/:mode/:page?", parameterTypes: ["mode": .oneOf(["grid", "list"]), "page": .int],
                       payload: RouteDefinition(entry: true))
        try routes.add("/user/:name", payload: RouteDefinition(entry: true))   // untyped: nothing to draw
        let navigator = Navigator(routes: routes)
        try navigator.reset()
        return navigator
    }

    @Test func entryRoutesWithTypedParametersAreOpenedWithRightAndWrongValues() throws {
        #expect(WalkMove.possible(in: try app()).map(\.description) == [
            "open /album/7", "open /album/x7", "open /view/grid", "open /view/x-other",
        ])
    }

    @Test func aWrongValueNeverLandsOnTheTypedRouteInAWalk() throws {
        let report = try RandomWalk(steps: 20, runs: 10, seed: 3, start: { try self.app() }, invariants: { navigator in
            let screen = navigator.screen
            guard screen.pattern == "/album/:id", screen.parameters["id"] == "x7" else { return nil }
            return WalkViolation(invariant: "typed", message: "a wrong id landed")
        }).run()
        #expect(report.finding == nil)
        #expect(report.screens >= 3)
    }
}

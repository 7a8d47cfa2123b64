import Testing
@testable import Switchyard

/// A screen keeps its title, view, computed links and what the call that showed it gave (passed
/// params, a modal's transition) together, and nothing for a route with none of them: each part must
/// come back alone, in any combination, through a push, a stack copy, a restore and a twin route.
@Suite("Screen: title, view, links and extras kept together")
struct ScreenRenderedPartsTests {
    private func navigator() throws -> Navigator {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition(title: "Home"))
        try routes.add("/bare/:id", payload: RouteDefinition())
        try routes.add("/titled", payload: RouteDefinition(title: "Only a title"))
        try routes.add("/viewed", payload: RouteDefinition(view: "Only a view"))
        try routes.add("/linked/:id", payload: RouteDefinition(linkFunction: { info in ["/bare/" + info.params["id"]!] }))
        try routes.add("/all/:id", payload: RouteDefinition(title: .computed { "All \($0.params["id"]!)" }, view: "Everything",
                                                            linkFunction: { _ in ["/titled"] }))
        let navigator = Navigator(routes: routes)
        try navigator.reset()
        return navigator
    }

    private struct Parts: Equatable {
        var title: String?
        var view: String?
        var links: [String]?
        var passed: [String: String]
        var transition: ModalTransition?

        init(_ screen: Screen) {
            title = screen.title
            view = screen.view
            links = screen.computedLinks
            passed = screen.passedParams
            transition = screen.transition
        }

        init(title: String? = nil, view: String? = nil, links: [String]? = nil, passed: [String: String] = [:],
             transition: ModalTransition? = nil) {
            self.title = title
            self.view = view
            self.links = links
            self.passed = passed
            self.transition = transition
        }
    }

    @Test func eachPartComesBackAloneAndTogetherAndABareScreenHasNone() throws {
        let navigator = try navigator()
        try navigator.push("/bare/1")
        #expect(Parts(navigator.screen) == Parts())
        try navigator.push("/titled")
        #expect(Parts(navigator.screen) == Parts(title: "Only a title"))
        try navigator.push("/viewed")
        #expect(Parts(navigator.screen) == Parts(view: "Only a view"))
        try navigator.push("/linked/7")
        #expect(Parts(navigator.screen) == Parts(links: ["/bare/7"]))
        try navigator.push("/all/3")
        #expect(Parts(navigator.screen) == Parts(title: "All 3", view: "Everything", links: ["/titled"]))
        try navigator.push("/bare/2", options: ScreenOptions(params: ["note": "kept"]))
        #expect(Parts(navigator.screen) == Parts(passed: ["note": "kept"]))
        try navigator.push("/titled", options: ScreenOptions(params: ["note": "both"]))
        #expect(Parts(navigator.screen) == Parts(title: "Only a title", passed: ["note": "both"]))
        try navigator.modal("/viewed", options: ScreenOptions(transition: .moveTop))
        #expect(navigator.modals.map(Parts.init) == [Parts(view: "Only a view", transition: .moveTop)])

        // Each screen as the stack holds it, and after a save and a restore into a new navigator.
        let expected = [Parts(title: "Home"), Parts(), Parts(title: "Only a title"), Parts(view: "Only a view"),
                        Parts(links: ["/bare/7"]), Parts(title: "All 3", view: "Everything", links: ["/titled"]),
                        Parts(passed: ["note": "kept"]), Parts(title: "Only a title", passed: ["note": "both"])]
        #expect(navigator.stack.map(Parts.init) == expected)
        let copy = try self.navigator()
        try copy.restore(try navigator.save())
        #expect(copy.stack.map(Parts.init) == expected)
        #expect(copy.modals.map(Parts.init) == [Parts(view: "Only a view", transition: .moveTop)])
        #expect(copy.state == navigator.state)
    }

    @Test func aScreenPushedAgainFromAnotherStateKeepsItsParts() throws {
        // A screen already in a stack is copied when placed again (a new node with the same parts).
        let navigator = try navigator()
        try navigator.push("/all/5", options: ScreenOptions(params: ["note": "n"]))
        let screen = navigator.screen
        try navigator.popToRoot()
        var state = navigator.state
        state.push(screen)
        #expect(Parts(state.screen) == Parts(title: "All 5", view: "Everything", links: ["/titled"], passed: ["note": "n"]))
        #expect(state.top.current.count == 2)
        #expect(Parts(navigator.history[1].state.screen) == Parts(state.screen))
    }

    @Test func pushingThePathOnTopIsANoOpOnlyWithoutAQueryOrFragment() throws {
        // The top screen's path as a match stores it (in its parameters) and as a bare screen does.
        let unlanded = Navigator(routes: try navigator().routes)
        try unlanded.push("/")
        #expect(unlanded.history.count == 1 && unlanded.stackPaths == ["/"])
        let navigator = try navigator()
        try navigator.push("/bare/1")
        try navigator.push("/bare/1")
        #expect(navigator.stackPaths == ["/", "/bare/1"] && navigator.history.count == 2)
        try navigator.push("/bare/2?x=1")
        try navigator.push("/bare/2")
        try navigator.push("/bare/3#top")
        try navigator.push("/bare/3")
        #expect(navigator.stackPaths == ["/", "/bare/1", "/bare/2", "/bare/2", "/bare/3", "/bare/3"])
        try navigator.push("/bare/9")
        try navigator.push("/bare/1")   // the length of the path on top, another path
        #expect(navigator.stackPaths.suffix(2) == ["/bare/9", "/bare/1"])
    }
}

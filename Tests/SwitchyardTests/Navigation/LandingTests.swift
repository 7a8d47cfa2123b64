import Testing
@testable import Switchyard

@Suite("Navigator: guards, redirects and re-entrancy")
struct LandingTests {
    @Test func routeRedirectsAndGuardRedirectsRunOnEveryLanding() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/old")
        #expect(navigator.path == "/a")
        try navigator.sheet("/private")
        #expect(navigator.path == "/login" && navigator.query == ["next": "/private"])
        try navigator.modal("/old")
        #expect(navigator.modals.map(\.path) == ["/a"])
        try navigator.go("/private?token=1")
        #expect(navigator.path == "/private")
        try navigator.startFlow([FlowStep("/old", as: .cover)])
        #expect(navigator.path == "/a" && navigator.kinds.last == .cover)
    }

    @Test func aBlockingGuardFailsTheOperationAndChangesNothing() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        for attempt in [{ try navigator.push("/locked") }, { try navigator.go("/locked") },
                        { try navigator.sheet("/locked") }, { try navigator.modal("/locked") },
                        { try navigator.open("app://locked") }, { try navigator.reset("/locked") },
                        { try navigator.startFlow([FlowStep("/locked")]) }] {
            try expectUnchanged(navigator, attempt)
        }
        #expect(throws: NavigationError(.blocked(path: "/locked", pattern: "/locked"))) { try navigator.push("/locked") }
    }

    @Test func aRedirectLoopIsReportedWithItsChain() throws {
        let navigator = try NavigationFixture.navigator()
        #expect(throws: NavigationError(.redirectLoop(["/loop1", "/loop2", "/loop1"]))) { try navigator.push("/loop1") }
        #expect("\(NavigationError(.redirectLoop(["/a", "/b", "/a"])))" == "redirect loop: /a → /b → /a")
        try expectUnchanged(navigator) { try navigator.push("/loop2") }
    }

    @Test func longRedirectChainsAreBounded() throws {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/n/:k", payload: RouteDefinition(redirect: .computed { info in
            "/n/\(Int(info.params["k"]!)! + 1)"
        }))
        let navigator = Navigator(routes: routes)
        navigator.maxRedirects = 5
        do {
            try navigator.push("/n/0")
            Issue.record("expected too many redirects")
        } catch let error as NavigationError {
            guard case let .tooManyRedirects(chain, limit) = error.reason else { Issue.record("\(error)"); return }
            #expect(error.code == "too_many_redirects" && error.path == "/n/0")
            #expect(limit == 5)
            #expect(chain.first == "/n/0" && chain.count == 7)
        }
        #expect(navigator.path == "/")
    }

    @Test func aComputedRedirectReturningNilStays() throws {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/maybe", payload: RouteDefinition(title: "Maybe", redirect: .computed { info in
            info.query["go"].map { "/\($0)" }
        }))
        try routes.add("/there", payload: RouteDefinition(title: "There"))
        let navigator = Navigator(routes: routes)
        try navigator.push("/maybe")
        #expect(navigator.screen.title == "Maybe")
        try navigator.push("/maybe?go=there")
        #expect(navigator.path == "/there")
    }

    @Test func callbackErrorsPropagateAndChangeNothing() throws {
        struct Boom: Error {}
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/bad-title", payload: RouteDefinition(title: .computed { _ in throw Boom() }))
        try routes.add("/bad-guard", payload: RouteDefinition(guard: { _ in throw Boom() }))
        try routes.add("/bad-validator", validator: { _ in throw Boom() }, payload: RouteDefinition())
        let navigator = Navigator(routes: routes)
        for path in ["/bad-title", "/bad-guard", "/bad-validator"] {
            try expectUnchanged(navigator) { try navigator.push(path) }
            #expect(throws: Boom.self) { try navigator.push(path) }
        }
    }

    @Test func validatorValuesReachTheScreenInfo() throws {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/n/:k", validator: { info in Int(info.params["k"]!) }, payload: RouteDefinition())
        let navigator = Navigator(routes: routes)
        try navigator.push("/n/42")
        #expect(navigator.info.value as? Int == 42)
        #expect(navigator.info.pattern == "/n/:k")
    }

    @Test func goingWhereYouAlreadyAreRunsNoValidator() throws {
        // "Already there" is decided before the match runs anything, plain path or not.
        let routes = RouteTable<RouteDefinition>()
        var validated: [String] = []
        try routes.add("/n/:k", validator: { info in validated.append(info.path); return true }, payload: RouteDefinition())
        let navigator = Navigator(routes: routes)
        try navigator.push("/n/1")
        try navigator.push("/n/1")
        try navigator.push("/n/./1")
        try navigator.go("/n/1")
        #expect(validated == ["/n/1"])
        #expect(navigator.stackPaths == ["/", "/n/1"] && navigator.history.count == 2)
    }

    @Test func navigatingFromInsideACallbackIsAReentrancyError() throws {
        let routes = RouteTable<RouteDefinition>()
        let navigator = Navigator(routes: routes)
        var caught: [NavigationError] = []
        func attempt(_ body: () throws -> Void) {
            do { try body() } catch let error as NavigationError { caught.append(error) } catch {}
        }
        try routes.add("/a", payload: RouteDefinition(title: "A"))
        try routes.add("/guarded", payload: RouteDefinition(guard: { _ in attempt { try navigator.push("/a") }; return .allow }))
        try routes.add("/titled", payload: RouteDefinition(title: .computed { _ in attempt { try navigator.go("/a") }; return "T" }))
        try routes.add("/validated", validator: { _ in attempt { try navigator.sheet("/a") }; return true },
                       payload: RouteDefinition())
        try navigator.push("/guarded")
        try navigator.push("/titled")
        try navigator.push("/validated")
        #expect(caught.map(\.reason) == [.reentrant(attempted: .push, inFlight: .push),
                           .reentrant(attempted: .go, inFlight: .push),
                           .reentrant(attempted: .sheet, inFlight: .push)])
        #expect(navigator.stackPaths == ["/", "/guarded", "/titled", "/validated"])
        #expect("\(caught[0])".contains("cannot push while push is in progress"))
    }

    @Test func reentrancyFromAnObserverIsAnErrorAndTheNavigatorStillWorks() throws {
        let navigator = try NavigationFixture.navigator()
        var inner: (any Error)?
        let token = navigator.observe { _ in
            do { try navigator.push("/b") } catch { inner = error }
        }
        try navigator.push("/a")
        #expect((inner as? NavigationError)?.reason == .reentrant(attempted: .push, inFlight: .push))
        #expect(navigator.stackPaths == ["/", "/a"])
        token.cancel()
        try navigator.push("/b")
        #expect(navigator.stackPaths == ["/", "/a", "/b"])
    }

    @Test func notFoundGuardsAndTitlesApplyToo() throws {
        let navigator = try NavigationFixture.navigator(notFound: false)
        navigator.notFound = RouteDefinition(title: .computed { "Missing \($0.path)" })
        try navigator.push("/nowhere?x=1")
        #expect(navigator.screen.title == "Missing /nowhere")
        #expect(navigator.query == ["x": "1"])
        navigator.notFound = RouteDefinition(guard: { _ in .block })
        try expectUnchanged(navigator) { try navigator.push("/nowhere/else") }
    }

    @Test func resetToAPathDoesNotLandTheSlashScreenFirst() throws {
        var calls = 0
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition(guard: { _ in calls += 1; return .allow }))
        try routes.add("/x", payload: RouteDefinition(title: "X"))
        let navigator = Navigator(routes: routes)
        try navigator.reset("/x")
        #expect(calls == 0 && navigator.stackPaths == ["/x"] && navigator.screen.title == "X")
        try navigator.reset()
        #expect(calls == 1 && navigator.stackPaths == ["/"])
    }
}

@testable import Switchyard

/// The route map most navigation tests share.
enum NavigationFixture {
    static func routes() throws -> RouteTable<RouteDefinition> {
        let routes = RouteTable<RouteDefinition>()
        try routes.add("/", payload: RouteDefinition(title: "Home", view: "Welcome"))
        try routes.add("/a", payload: RouteDefinition(title: "A"))
        try routes.add("/b", payload: RouteDefinition(title: "B"))
        try routes.add("/c/:id", payload: RouteDefinition(title: .computed { "C \($0.params["id"] ?? "?")" }))
        try routes.add("/news", payload: RouteDefinition(title: "News"))
        try routes.add("/news/latest", payload: RouteDefinition(title: "Latest"))
        try routes.add("/news/:slug", payload: RouteDefinition(title: .computed { "Story \($0.params["slug"]!)" }))
        try routes.add("/s", payload: RouteDefinition(title: "Sheet route", presentation: .sheet))
        try routes.add("/k", payload: RouteDefinition(title: "Cover route", presentation: .cover))
        try routes.add("/old", payload: RouteDefinition(redirect: "/a"))
        try routes.add("/locked", payload: RouteDefinition(guard: { _ in .block }))
        try routes.add("/login", payload: RouteDefinition(title: "Login"))
        try routes.add("/private", payload: RouteDefinition(guard: { info in
            info.query["token"] == nil ? .redirect("/login?next=/private") : .allow
        }))
        try routes.add("/loop1", payload: RouteDefinition(redirect: "/loop2"))
        try routes.add("/loop2", payload: RouteDefinition(guard: { _ in .redirect("/loop1") }))
        try routes.add("/home", payload: RouteDefinition(title: "Home tab"))
        try routes.add("/search", payload: RouteDefinition(title: "Search"))
        try routes.add("/search/:q", payload: RouteDefinition(title: .computed { "Results for \($0.params["q"]!)" }))
        try routes.add("/settings", payload: RouteDefinition(title: "Settings"))
        return routes
    }

    /// A navigator over `routes()`, landed on its start screen(s).
    static func navigator(notFound: Bool = true, tabs: [String] = [], timelineLimit: Int = 100) throws -> Navigator {
        let navigator = Navigator(routes: try routes(), timelineLimit: timelineLimit)
        if notFound { navigator.notFound = RouteDefinition(title: "Not found") }
        if tabs.isEmpty { try navigator.reset() } else { try navigator.declareTabs(tabs) }
        return navigator
    }
}

extension Navigator {
    var stackPaths: [String] { stack.map(\.path) }
    var kinds: [EnvironmentKind] { state.environments.map(\.kind) }
    var historyLocations: [String] { history.map(\.location) }
}

/// Asserts that `operation` throws and leaves everything (state, timeline, ids) exactly as it was.
func expectUnchanged(_ navigator: Navigator, sourceLocation: SourceLocation = #_sourceLocation,
                     _ operation: () throws -> Void) throws {
    let before = try navigator.save()
    let state = navigator.state
    #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try operation() }
    #expect(navigator.state == state, sourceLocation: sourceLocation)
    #expect(try navigator.save() == before, sourceLocation: sourceLocation)
}

import Testing

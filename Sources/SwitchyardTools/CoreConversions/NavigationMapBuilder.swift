import Switchyard
import SwitchyardLua

/// Builds the graph writers' `NavigationMap` from a loaded runtime: every route (declaration order),
/// the not-found route, declared links resolved to the routes they open, fixed redirects, where each
/// flow starts and its consecutive steps; with `showingState`, the navigator's state over it.
enum NavigationMapBuilder {
    static func map(_ runtime: SwitchyardRuntime, showingState: Bool = false) -> NavigationMap {
        let table = runtime.routeTable
        let patterns = PatternIndex(table)
        func target(_ link: String, in table: RouteTable<RouteDefinition>) -> NavigationMap.Target {
            NavigationMapBuilder.target(link, in: table, patterns: patterns)
        }
        var routes = table.routes.map { route in
            var drawn = NavigationMap.Route(pattern: route.pattern.text, name: route.name, title: fixedTitle(route.payload),
                                            presentation: route.payload.presentation,
                                            isGuarded: route.payload.guard != nil)
            drawn.parameterTypes = route.parameterTypes?.entries.map { "\($0.name): \($0.type.name)" } ?? []
            if !route.layouts.isEmpty { drawn.layout = route.layouts.map(\.label).joined(separator: " › ") }
            return drawn
        }
        if let notFound = runtime.notFound {
            routes.append(NavigationMap.Route(pattern: "(not found)", title: fixedTitle(notFound), isNotFound: true,
                                              isGuarded: notFound.guard != nil))
        }
        // Two links of one route often lead to the same route ("/album/1", "/album/2"): one edge each way.
        var edges: [NavigationMap.Edge] = []
        var drawn: Set<NavigationMap.Edge> = []
        func draw(_ edge: NavigationMap.Edge) {
            if drawn.insert(edge).inserted { edges.append(edge) }
        }
        for (index, route) in table.routes.enumerated() {
            for link in route.payload.links {
                draw(.init(from: index, to: target(link, in: table), kind: .link))
            }
            if let parent = route.payload.parent {
                draw(.init(from: index, to: target(parent, in: table), kind: .parent))
            }
            if case .to(let path)? = route.payload.redirect {
                draw(.init(from: index, to: target(path, in: table), kind: .redirect))
            }
        }
        if let notFound = runtime.notFound {
            for link in notFound.links {
                draw(.init(from: routes.count - 1, to: target(link, in: table), kind: .link))
            }
        }
        for name in runtime.flows.keys.sorted() {
            let steps = runtime.flows[name]!
            for position in steps.indices.dropFirst() {
                guard case .route(let from) = target(steps[position - 1].path, in: table) else { continue }
                draw(.init(from: from, to: target(steps[position].path, in: table),
                           kind: .flow(name: name, step: position + 1, presentation: steps[position].presentation)))
            }
        }
        let starts = runtime.flows.keys.sorted().compactMap { name in
            runtime.flows[name]!.first.map { step in
                NavigationMap.FlowStart(name: name, to: target(step.path, in: table),
                                        presentation: step.presentation)
            }
        }
        return NavigationMap(routes: routes, edges: edges, tabs: runtime.tabs, flowStarts: starts,
                             overlay: showingState ? overlay(runtime) : nil)
    }

    /// The navigator's state as route indices: the not-found screen is the last node, when declared.
    private static func overlay(_ runtime: SwitchyardRuntime) -> NavigationMap.Overlay {
        let navigator = runtime.navigator
        var indexOfPattern: [String: Int] = [:]
        for (index, route) in runtime.routeTable.routes.enumerated() where indexOfPattern[route.pattern.text] == nil {
            indexOfPattern[route.pattern.text] = index
        }
        let notFound = runtime.notFound == nil ? nil : runtime.routeTable.routes.count
        func node(_ screen: Screen) -> Int? {
            screen.pattern.map { indexOfPattern[$0] } ?? notFound
        }
        let trail = navigator.state.environments.flatMap(\.stack).compactMap(node)
        let visited = Set(navigator.history.compactMap { node($0.state.screen) })
        return NavigationMap.Overlay(current: node(navigator.screen), trail: trail, visited: visited)
    }

    /// A link names a pattern ("/album/:id"), a template ("/album/:id/track/1") or a concrete path
    /// ("/album/12"): the route with that pattern text, else for a template the route its shape
    /// matches (validators are not run: ":id" is no real id for them to judge), else the route the
    /// path matches.
    static func target(_ link: String, in table: RouteTable<RouteDefinition>, patterns: PatternIndex) -> NavigationMap.Target {
        let normalized = PathResolver.normalize(link)
        if let exact = patterns.first[normalized] {
            return .route(exact)
        }
        if isTemplate(normalized) {
            return table.firstMatch(normalized).map { .route(patterns.node(of: $0)) } ?? .unmatched(link)
        }
        if let match = try? table.match(link) {
            return .route(patterns.node(of: match.route.id))
        }
        return .unmatched(link)
    }

    /// Each pattern text's first route, so that resolving a link is one lookup, not a scan of the
    /// routes (a scan per link made `graph` quadratic in routes: 9.5 s for a 16,000-route chain).
    /// Nodes are the table's `routes`, which leave out a removed route (`remove_route`): then a route's
    /// node is not its id, and `nodeOfRoute` maps one to the other.
    struct PatternIndex {
        let first: [String: Int]
        private let nodeOfRoute: [RouteID: Int]?

        init(_ table: RouteTable<RouteDefinition>) {
            var first: [String: Int] = [:]
            let routes = table.routes
            for (index, route) in routes.enumerated() where first[route.pattern.text] == nil {
                first[route.pattern.text] = index
            }
            self.first = first
            nodeOfRoute = routes.count == table.count ? nil
                : Dictionary(uniqueKeysWithValues: routes.enumerated().map { ($0.element.id, $0.offset) })
        }

        /// The node of a route a lookup found (a lookup never finds a removed one).
        func node(of route: RouteID) -> Int {
            nodeOfRoute?[route] ?? route.rawValue
        }
    }

    private static func isTemplate(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(":") || $0.hasPrefix("*") }
    }

    private static func fixedTitle(_ definition: RouteDefinition) -> String? {
        if case .fixed(let text) = definition.title { return text }
        return nil
    }
}

import Switchyard
import SwitchyardLua

/// Builds the graph writers' `NavigationMap` from a loaded runtime: every route (declaration order),
/// the not-found route, declared links resolved to the routes they open, and consecutive flow steps.
enum NavigationMapBuilder {
    static func map(_ runtime: SwitchyardRuntime) -> NavigationMap {
        let table = runtime.routeTable
        var routes = table.routes.map { route in
            NavigationMap.Route(pattern: route.pattern.text, name: route.name, title: fixedTitle(route.payload),
                                presentation: presentation(route.payload.presentation))
        }
        if let notFound = runtime.notFound {
            routes.append(NavigationMap.Route(pattern: "(not found)", title: fixedTitle(notFound), isNotFound: true))
        }
        var edges: [NavigationMap.Edge] = []
        for (index, route) in table.routes.enumerated() {
            for link in route.payload.links {
                edges.append(.init(from: index, to: target(link, in: table), kind: .link))
            }
        }
        for name in runtime.flows.keys.sorted() {
            let steps = runtime.flows[name]!
            for position in steps.indices.dropFirst() {
                guard case .route(let from) = target(steps[position - 1].path, in: table) else { continue }
                edges.append(.init(from: from, to: target(steps[position].path, in: table),
                                   kind: .flow(name: name, step: position + 1, presentation: presentation(steps[position].presentation))))
            }
        }
        return NavigationMap(routes: routes, edges: edges, tabs: runtime.tabs)
    }

    /// A link names a pattern ("/album/:id") or a concrete path ("/album/12"): the route with that
    /// pattern text, else the route the path matches (a placeholder matches as a value would).
    static func target(_ link: String, in table: RouteTable<RouteDefinition>) -> NavigationMap.Target {
        let normalized = PathResolver.normalize(link)
        if let exact = table.routes.firstIndex(where: { $0.pattern.text == normalized }) {
            return .route(exact)
        }
        if let match = try? table.match(link) {
            return .route(match.route.id.rawValue)
        }
        return .unmatched(link)
    }

    private static func fixedTitle(_ definition: RouteDefinition) -> String? {
        if case .fixed(let text) = definition.title { return text }
        return nil
    }

    private static func presentation(_ presentation: Presentation) -> NavigationMap.Presentation {
        switch presentation {
        case .push: .push
        case .sheet: .sheet
        case .cover: .cover
        }
    }
}

/// Where a landing ended: the new screen, and how its route asks to be shown by a deep link.
struct Landing {
    let screen: Screen
    let presentation: Presentation
}

extension Navigator {
    /// Resolves `target` (relative to `current`) to a screen: matches it, follows route redirects and
    /// guards (bounded, loops reported with their chain), then renders title and view.
    func land(_ target: String, relativeTo current: String) throws -> Landing {
        try land(Location(parsing: target, relativeTo: current))
    }

    /// `lenient`: a path no route matches gives a bare screen instead of not-found or an error (the
    /// start screens: a fresh navigator shows `/` whether or not a route matches it).
    func land(_ start: Location, lenient: Bool = false) throws -> Landing {
        var location = start
        var chain = [location.text]
        while true {
            guard let resolution = try resolve(location, lenient: lenient) else {
                return Landing(screen: .bare(id: makeID(), path: location.path), presentation: .push)
            }
            guard let next = try redirection(resolution.definition, resolution.info) else {
                return Landing(screen: try screen(for: resolution), presentation: resolution.definition.presentation)
            }
            location = Location(parsing: next, relativeTo: location.path)
            let text = location.text
            let seen = chain.contains(text)
            chain.append(text)
            if seen { throw NavigationError.redirectLoop(chain) }
            if chain.count > maxRedirects + 1 { throw NavigationError.tooManyRedirects(chain, limit: maxRedirects) }
        }
    }

    /// What a location resolved to: its route's definition (or not-found's) and the match info.
    private struct Resolution {
        let definition: RouteDefinition
        let info: RouteInfo
        let matched: Bool
    }

    /// The route (or not-found) for a location; nil only when lenient and nothing matched.
    private func resolve(_ location: Location, lenient: Bool) throws -> Resolution? {
        if let match = try routes.match(location.text) {
            return Resolution(definition: match.route.payload, info: match.info, matched: true)
        }
        if lenient { return nil }
        guard let notFound else {
            throw NavigationError.unknownPath(location.path,
                                              suggestions: routes.suggestions(for: location.path).map(\.pattern.text))
        }
        let info = RouteInfo(path: location.path, pattern: "", params: [:], query: location.query,
                             fragment: location.fragment, value: nil)
        return Resolution(definition: notFound, info: info, matched: false)
    }

    /// Where the route sends this landing instead: its redirect first, then its guard.
    private func redirection(_ definition: RouteDefinition, _ info: RouteInfo) throws -> String? {
        if let target = try definition.redirect?.target(for: info) { return target }
        switch try definition.guard?(info) ?? .allow {
        case .allow: return nil
        case .block: throw NavigationError.blocked(path: info.path, pattern: info.pattern.isEmpty ? "the not-found route" : info.pattern)
        case let .redirect(target): return target
        }
    }

    private func screen(for resolution: Resolution) throws -> Screen {
        let (info, definition) = (resolution.info, resolution.definition)
        return Screen(id: makeID(), path: info.path, pattern: resolution.matched ? info.pattern : nil,
                      params: info.params, query: info.query, fragment: info.fragment,
                      title: try definition.title?.render(info), view: try definition.view?.render(info),
                      value: info.value)
    }
}

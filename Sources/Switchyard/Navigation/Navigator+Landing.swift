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
    /// `location` is consumed: a landing without redirects neither copies nor changes it.
    func land(_ location: consuming Location, lenient: Bool = false) throws -> Landing {
        var chain: [String] = []   // filled on the first redirect: most landings have none
        while true {
            // The match's definition and info are read where they are: only the screen copies the info.
            if let match = try routes.match(location.text) {
                let definition = match.route.payload
                guard let next = try redirection(definition, match.info) else {
                    return Landing(screen: try screen(for: match.info, matched: true, definition: definition),
                                   presentation: definition.presentation)
                }
                try follow(next, from: &location, chain: &chain)
                continue
            }
            if lenient { return Landing(screen: .bare(id: makeID(), path: location.path), presentation: .push) }
            guard let notFound else {
                throw NavigationError.unknownPath(location.path,
                                                  suggestions: routes.suggestions(for: location.path).map(\.pattern.text))
            }
            let info = RouteInfo(path: location.path, pattern: "", params: [:], query: location.query,
                                 fragment: location.fragment, value: nil)
            guard let next = try redirection(notFound, info) else {
                return Landing(screen: try screen(for: info, matched: false, definition: notFound),
                               presentation: notFound.presentation)
            }
            try follow(next, from: &location, chain: &chain)
        }
    }

    /// Moves `location` to a redirect's target, recording the chain; throws on a loop or a chain
    /// longer than `maxRedirects`.
    private func follow(_ next: String, from location: inout Location, chain: inout [String]) throws {
        if chain.isEmpty { chain.append(location.text) }
        location = Location(parsing: next, relativeTo: location.path)
        let text = location.text
        let seen = chain.contains(text)
        chain.append(text)
        if seen { throw NavigationError.redirectLoop(chain) }
        if chain.count > maxRedirects + 1 { throw NavigationError.tooManyRedirects(chain, limit: maxRedirects) }
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

    /// The landed screen: `info` as matched (`matched` false for not-found), title and view rendered.
    private func screen(for info: RouteInfo, matched: Bool, definition: RouteDefinition) throws -> Screen {
        Screen(id: makeID(), info: info, matched: matched,
               title: try definition.title?.render(info), view: try definition.view?.render(info))
    }
}

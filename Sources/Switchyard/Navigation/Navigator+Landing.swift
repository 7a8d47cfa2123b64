/// Where a landing ended: the new screen, and how its route asks to be shown by a deep link.
struct Landing {
    let screen: Screen
    let presentation: Presentation
    /// Whether a redirect or guard sent it elsewhere: if not, the screen is at the location asked for.
    let redirected: Bool
}

extension Navigator {
    /// Resolves `target` (relative to `current`) to a screen: matches it, follows route redirects and
    /// guards (bounded, loops reported with their chain), then renders title and view.
    func land(_ target: String, relativeTo current: String) throws -> Landing {
        try land(Location(parsing: target, relativeTo: current))
    }

    /// `lenient`: a path no route matches gives a bare screen instead of not-found or an error (the
    /// start screens: a fresh navigator shows `/` whether or not a route matches it).
    func land(_ location: consuming Location, lenient: Bool = false) throws -> Landing {
        let found: RouteResolution
        do { found = try routes.resolve(location) } catch let raised as ValidatorRaised {
            return try errorLanding(raised, redirected: false)
        }
        return try land(found, at: location, lenient: lenient)
    }

    /// Lands a match already made for `location`, then follows redirects and guards. `location` is
    /// consumed: a landing without redirects neither copies nor changes it.
    /// `askingGuards: false` (a preview) lands as though every guard allowed. `passed` parameters join
    /// the path's (`ScreenOptions.params`) before any guard, title or view sees the info.
    func land(_ match: consuming RouteResolution, at location: consuming Location,
              lenient: Bool = false, askingGuards: Bool = true, passing passed: [String: String] = [:],
              extra: RouteMeta? = nil) throws -> Landing {
        try checkLimits(location)
        var found = match
        var chain: [String] = []   // filled on the first redirect: most landings have none
        while true {
            if let route = found.route {
                if passed.isEmpty, extra == nil, beforeHooks.isEmpty, let presentation = routes[payloadOf: route].presentationIfBare {
                    return bareLanding(consume found, route: route, presentation, redirected: !chain.isEmpty)
                }
                // The definition is copied out of the table: its callbacks may declare routes.
                let definition = routes[payloadOf: route]
                let info = try found.info.passing(passed, inFlight ?? .push, extra: extra)
                guard let next = try redirection(definition, info, route: route, askingGuard: askingGuards) else {
                    if askingGuards, let action = definition.action {
                        // Run after the commit (an action may navigate); in place of a screen when
                        // the route has nothing to show.
                        let landed = LandedAction(run: action, info: info)
                        if definition.title == nil && definition.view == nil { throw ActionOnlyLanding(action: landed) }
                        landedActions.append(landed)
                        hasLandedActions = true
                    }
                    return Landing(screen: try screen(for: info, route: route, definition: definition, holding: askingGuards),
                                   presentation: definition.presentation, redirected: !chain.isEmpty)
                }
                try follow(next, from: &location, chain: &chain)
            } else {
                if lenient {
                    return Landing(screen: .bare(id: makeID(), path: location.path), presentation: .push,
                                   redirected: !chain.isEmpty)
                }
                guard let notFound else {
                    throw NavigationError(.unknownPath(location.path,
                                                      suggestions: routes.suggestions(for: location.path).map(\.pattern.text)))
                }
                let missing = try RouteInfo(path: location.path, pattern: "", params: [:], query: location.query,
                                            fragment: location.fragment, value: nil).passing(passed, inFlight ?? .push, extra: extra)
                guard let next = try redirection(notFound, missing, route: nil, askingGuard: askingGuards) else {
                    return Landing(screen: try screen(for: missing, route: nil, definition: notFound, holding: askingGuards),
                                   presentation: notFound.presentation, redirected: !chain.isEmpty)
                }
                try follow(next, from: &location, chain: &chain)
            }
            // A redirect's target whose validator raised lands its error screen (a preview, which
            // lands nothing for real, reports the error).
            do { found = try routes.resolve(location) } catch let raised as ValidatorRaised where askingGuards {
                return try errorLanding(raised, passing: passed, extra: extra, redirected: true)
            }
        }
    }

    /// `land(_:)` with `options` given to the screen.
    func land(options: ScreenOptions, at location: consuming Location) throws -> Landing {
        let landed: Landing
        do {
            let found = try routes.resolve(location)
            landed = try land(found, at: location, passing: options.params, extra: options.extra)
        } catch let raised as ValidatorRaised {
            landed = try errorLanding(raised, passing: options.params, extra: options.extra, redirected: false)
        }
        var key: ScreenCallbacksKey?
        if let callbacks = options.callbacks {
            let made = ScreenCallbacksKey()
            screenCallbacks[made] = callbacks
            key = made
            watchesDepartures = true
        }
        guard let extras = options.extras(callbacksKey: key) else { return landed }
        return Landing(screen: landed.screen.keeping(extras), presentation: landed.presentation, redirected: landed.redirected)
    }

    /// Refuses a location longer than `limits.pathBytes` or with more than `limits.queryItems`.
    @inline(__always)
    func checkLimits(_ location: borrowing Location) throws(NavigationError) {
        try limits.check(path: location.path, queryItems: location.query.count, inFlight ?? .push)
    }

    /// The landing on a route whose definition has nothing to run or render: the definition is read
    /// in place (not copied), and nothing can send it elsewhere.
    func bareLanding(_ found: __owned RouteResolution, route: RouteID, _ presentation: Presentation,
                     redirected: Bool) -> Landing {
        Landing(screen: Screen(id: makeID(), info: found.info, route: route, recycling: &spareNode),
                presentation: presentation, redirected: redirected)
    }

    /// Moves `location` to a redirect's target, recording the chain; throws on a loop or a chain
    /// longer than `maxRedirects`.
    private func follow(_ next: String, from location: inout Location, chain: inout [String]) throws {
        if chain.isEmpty { chain.append(location.text) }
        location = Location(parsing: next, relativeTo: location.path)
        try checkLimits(location)
        let text = location.text
        let seen = chain.contains(text)
        chain.append(text)
        if seen { throw NavigationError(.redirectLoop(chain)) }
        if chain.count > maxRedirects + 1 { throw NavigationError(.tooManyRedirects(chain, limit: maxRedirects)) }
    }

    /// Where the route sends this landing instead: its redirect first, then its guard. Each answer
    /// joins the chain of the operation in flight (a preview's answers are nobody's chain).
    private func redirection(_ definition: RouteDefinition, _ info: RouteInfo, route: RouteID?, askingGuard: Bool) throws -> String? {
        if let target = try definition.redirect?.target(for: info) {
            if askingGuard { recordChainStep(.redirected(route: route, path: info.path, to: target)) }
            return target
        }
        guard askingGuard else { return nil }
        let decision: GuardDecision
        if beforeHooks.isEmpty {
            guard let guardian = definition.guard else { return nil }
            decision = try self.decision(for: info.path, { try guardian(info) })
            recordChainStep(.guarded(route: route, path: info.path, decision))
        } else {
            // The global hooks first, then the route's guard; a settled answer stands for both.
            var hooked: (GuardDecision, byHook: BeforeHook?)?
            decision = try self.decision(for: info.path) {
                hooked = try askBeforeHooks(info, then: definition.guard, route: route)
                return hooked!.0
            }
            if let hook = hooked?.byHook {
                if case .block = decision {
                    throw NavigationError(.blocked(path: info.path, pattern: "the nav.before hook" + (hook.site.map { " at " + $0 } ?? "")))
                }
            } else if definition.guard != nil {
                recordChainStep(.guarded(route: route, path: info.path, decision))
            } else if hooked == nil {
                recordChainStep(.hooked(site: nil, path: info.path, decision))   // a hook's pending, settled
            }
        }
        switch decision {
        case .allow: return nil
        case .block: throw NavigationError(.blocked(path: info.path, pattern: info.pattern.isEmpty ? "the not-found route" : info.pattern))
        case let .redirect(target): return target
        case let .pending(key): throw GuardHold(key: key, path: info.path)
        }
    }

    /// What the route `path` lands on would answer now, asked without landing anything: its redirect
    /// rule's target, else its guard's decision (nil: neither). For `:explain`, which says what the
    /// winner's guard would do. Runs the app's callbacks as a landing does; they may not navigate.
    ///
    ///     try navigator.askRoute(of: "/account")   // (route, .guarded(..., .redirect("/login?next=%2Faccount")))
    package func askRoute(of path: String) throws -> ChainStep? {
        try enter(.preview)
        defer { finishOperation() }
        let location = Location(parsing: path, relativeTo: self.path)
        let found = try routes.resolve(location)
        guard let route = found.route else { return nil }
        let definition = routes[payloadOf: route]
        if let target = try definition.redirect?.target(for: found.info) {
            return .redirected(route: route, path: found.info.path, to: target)
        }
        guard let guardian = definition.guard else { return nil }
        return .guarded(route: route, path: found.info.path, try guardian(found.info))
    }

    /// The landed screen: `info` as `route` matched it (nil for not-found), title, view and computed
    /// links rendered.
    /// A loader runs first (after the guards allowed): its data is in the info the title, view and
    /// links see. `holding: false` (a preview) lands a loader's pending answer with no data instead of
    /// holding anything.
    private func screen(for info: __owned RouteInfo, route: RouteID?, definition: RouteDefinition,
                        holding: Bool) throws -> Screen {
        if definition.leave != nil { watchesDepartures = true }
        var info = info
        do {
            if !definition.layoutLoads.isEmpty {
                // The layouts' loaders, outermost first; the route's own sees what they returned.
                var loaded: [Any?] = []
                for (stage, load) in definition.layoutLoads.enumerated() {
                    switch try load(info, settledLoad(for: info.path, stage: stage)) {
                    case let .data(data): loaded.append(data)
                    case let .pending(key):
                        if holding { throw GuardHold(key: key, path: info.path, loading: true, stage: stage) }
                        loaded.append(nil)
                    }
                    info.layoutData = loaded   // an inner layout's loader sees the outer ones' data
                }
            }
            if let load = definition.load {
                switch try loadAnswer(for: info.path, stage: definition.layoutLoads.count, { try load(info) }) {
                case let .data(data): info.data = data
                case let .pending(key):
                    if holding { throw GuardHold(key: key, path: info.path, loading: true, stage: definition.layoutLoads.count) }
                }
            }
            return Screen(id: makeID(), info: info, route: route,
                          title: try definition.title?.render(info), view: try definition.view?.render(info),
                          links: try definition.linkFunction?(info))
        } catch let hold as GuardHold {
            throw hold
        } catch {
            // A callback raised: the error screen lands in its place when one catches the error.
            return try errorLanding(for: info, route: route, definition: definition, raised: error)
        }
    }
}

extension RouteInfo {
    /// This info with `passed` beside the path's parameters. A name the path captures is an error:
    /// the path says what the screen is, and a passed value must not quietly contradict it.
    func passing(_ passed: [String: String], _ operation: NavigationOperation,
                 extra: RouteMeta? = nil) throws(NavigationError) -> RouteInfo {
        guard !passed.isEmpty else {
            guard let extra else { return self }
            var info = self
            info.extra = extra
            return info
        }
        var merged = params.dictionary
        for name in passed.keys.sorted() {
            guard merged[name] == nil else {
                throw NavigationError(.invalidArgument(operation: operation,
                                                       reason: "the parameter \(name) is captured from the path \(path); a passed parameter needs another name"))
            }
            merged[name] = passed[name]
        }
        var info = self
        info.params = Parameters(merged)
        if let extra { info.extra = extra }
        return info
    }
}

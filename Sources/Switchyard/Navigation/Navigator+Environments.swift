// Operations that present, dismiss and switch environments: sheets, covers, tabs, deep links, reset.
extension Navigator {
    /// Presents `path` in a new sheet environment with its own push stack (always a new environment,
    /// even over a screen at the same location).
    ///
    ///     try navigator.sheet("/compose");  navigator.environments.last == .sheet
    ///
    /// `options` give the sheet's first screen parameters and callbacks.
    public func sheet(_ path: String, options: ScreenOptions = ScreenOptions()) throws {
        try present(path, as: .sheet, operation: .sheet, options: options)
    }

    /// A resizable sheet: `detents` are the heights it may take (the Lua API's `detents` option).
    ///
    ///     try navigator.sheet("/filters", detents: SheetDetents(["medium", "large"]))
    package func sheet(_ path: String, options: ScreenOptions = ScreenOptions(), detents: SheetDetents?) throws {
        try present(path, as: .sheet, operation: .sheet, options: options, detents: detents)
    }

    /// Presents `path` in a new full-screen cover environment with its own push stack.
    ///
    ///     try navigator.cover("/login")
    public func cover(_ path: String, options: ScreenOptions = ScreenOptions()) throws {
        try present(path, as: .cover, operation: .cover, options: options)
    }

    private func present(_ path: String, as kind: EnvironmentKind, operation: NavigationOperation,
                         options: ScreenOptions, detents: SheetDetents? = nil) throws {
        try holding(HeldCall(operation: operation, arguments: [path], options: options, detents: detents)) {
            try transact(operation) { state in
                let location = Location(parsing: path, relativeTo: state.screen.path)
                state.present(try land(options: options, at: location).screen, as: kind, detents: detents)
            }
        }
    }

    /// Presents an external page over everything (SwiftfulRouting's showSafari): an environment of kind
    /// `.browser` whose one screen's location is the URL (no route is looked up). Nothing navigates
    /// inside or over it: `dismiss()` closes it.
    ///
    ///     try navigator.browser("https://example.com/help");  try navigator.dismiss()
    package func browser(_ url: String) throws {
        _ = try DeepLink.parse(url)   // a well-formed scheme://... or the same error a deep link gets
        guard !url.contains(where: \.isWhitespace) else {
            throw NavigationError(.invalidArgument(operation: .browser, reason: "\"\(url)\" is not a URL: it contains white space"))
        }
        try transact(.browser) { state in
            try limits.check(path: url, queryItems: 0, .browser)
            state.present(.bare(id: makeID(), path: url), as: .browser)
        }
    }

    /// Changes the top sheet's detent (a timeline entry). Throws when the top environment is not a
    /// sheet with detents, or it has no detent by that name.
    ///
    ///     try navigator.setDetent("large")
    package func setDetent(_ name: String) throws {
        try transact(.setDetent) { state in
            guard let detents = state.top.detents else {
                throw NavigationError(.invalidArgument(operation: .setDetent, reason: "the top environment is not a sheet with detents"))
            }
            guard let chosen = detents.selecting(name) else {
                throw NavigationError(.invalidArgument(operation: .setDetent, reason: SheetDetents.unknown(name, among: detents.available)))
            }
            state.top.detents = chosen
        }
    }

    /// Dismisses the top-most layer, the one a person sees: the alert (by choosing its cancel-style
    /// button, `Alert.cancelButton`; an alert without one throws, naming its buttons), else the top
    /// modal, else one screen: pops the top environment's stack, or dismisses the environment when
    /// its root is showing (SwiftfulRouting's dismissScreen). Throws at the root screen of the root.
    ///
    ///     try navigator.sheet("/compose");  try navigator.dismiss()
    public func dismiss() throws {
        if let alert = state.alert {
            guard let cancel = alert.cancelButton else {
                throw NavigationError(.invalidArgument(operation: .dismiss, reason: alert.noCancelReason))
            }
            return try choose(cancel.label)
        }
        try transact(.dismiss) { state in
            if !state.modals.isEmpty {
                state.modals.removeLast()
            } else if state.top.current.count > 1 {
                state.top.current.truncate(to: state.top.current.count - 1)
            } else if state.environmentCount > 1 {
                state.dismissTop()
            } else {
                throw NavigationError(.nothingToDismiss(operation: .dismiss, reason: "already at the root screen"))
            }
        }
    }

    /// `dismiss()` handing `result` to the departing top screen's `onResult` after it commits.
    ///
    ///     try navigator.dismiss(result: ["colour": "blue"])
    package func dismiss(result: Any?) throws {
        try handingResult(result) { try dismiss() }
    }

    /// Dismisses the top sheet or cover with everything pushed on it. Throws when none is presented.
    package func dismissEnvironment() throws {
        try transact(.dismissEnvironment) { state in
            guard state.environmentCount > 1 else {
                throw NavigationError(.nothingToDismiss(operation: .dismissEnvironment, reason: "no sheet or cover is presented"))
            }
            state.dismissTop()
        }
    }

    /// Dismisses every sheet and cover (the root's stack stays). False when none was presented.
    @discardableResult
    package func dismissAll() throws -> Bool {
        try transact(.dismissAll) { state in state.dismissPresented() }
    }

    /// Selects a tab by name (first segment of its path), dismissing any sheet or cover over it.
    ///
    ///     try navigator.declareTabs(["/home", "/search"]);  try navigator.tab("search")
    public func tab(_ name: String) throws {
        try selectTab(named: name) { tabs in tabs.firstIndex(of: name) }
    }

    /// Selects a tab by its 1-based position.
    package func tab(_ index: Int) throws {
        try selectTab(named: String(index)) { tabs in (1...tabs.count).contains(index) ? index - 1 : nil }
    }

    private func selectTab(named name: String, _ find: ([String]) -> Int?) throws {
        try transact(.tab) { state in
            let tabs = state.root.tabs
            guard !tabs.isEmpty else { throw NavigationError(.noTabs) }
            guard let index = find(tabs) else { throw NavigationError(.unknownTab(name, available: tabs)) }
            state.dismissPresented()
            state.root.selectTab(index)
        }
    }

    /// Opens a deep link: `scheme://host/path` → `/host/path`. Back to the root screen (of the tab the
    /// path names, with tabs), then pushes the target, or presents it as `?presentation=sheet|cover`
    /// or its route's default presentation says.
    ///
    ///     try navigator.open("myapp://album/123?presentation=sheet")
    ///
    /// A route with a `parent` builds its back stack: the root, then each ancestor (landed, guards and
    /// all), then the target, as one operation.
    ///
    ///     // route("/album/:id/track/:n", parent = "/album/:id"), route("/album/:id", parent = "/library")
    ///     try navigator.open("myapp://album/7/track/2")   // / › /library › /album/7 › /album/7/track/2
    public func open(_ url: String) throws {
        let location = try DeepLink.parse(url)
        if location.query["presentation"] == "modal" { return try openAsModal(url, location) }
        let asked = try location.query["presentation"].map { (text) throws(NavigationError) in
            guard let presentation = Presentation(rawValue: text) else {
                throw NavigationError(.invalidArgument(operation: .open, reason: "invalid presentation \"\(text)\": expected push, sheet, cover or modal"))
            }
            return presentation
        }
        try holding(HeldCall(operation: .open, arguments: [url])) {
            try transact(.open) { state in
                let landed = try land(location)
                if try showAncestorsForOpen(of: landed.screen, in: &state) {
                    state.show(landed.screen, as: asked ?? landed.presentation)
                } else {
                    state.showFromRoot(landed.screen, as: asked ?? landed.presentation)
                }
            }
        }
    }

    /// Starts over with a new timeline, alert, modals and queue. Without a path: `/` (or each tab's
    /// root), landed on its route if one matches. With a path: that screen as the root screen, or with
    /// tabs, pushed on the tab it names as a deep link would.
    ///
    ///     try navigator.reset("/login")
    public func reset(_ path: String? = nil) throws {
        try holding(HeldCall(operation: .reset, arguments: path.map { [$0] } ?? [])) {
            try replaceTimeline(.reset) {
                let fresh = try resetState(path)
                return Timeline(start: TimelineEntry(operation: .reset, state: fresh), limit: timelineLimit)
            }
        }
    }

    /// Whether nothing has navigated yet: the timeline holds only the start entry.
    package var isAtStart: Bool { timeline.count == 1 && timeline.current.operation == .start }

    /// Lands the start screen again on the routes declared since, when nothing has navigated yet
    /// (declarations are not navigation: the timeline keeps its single start entry). Returns whether
    /// it did. Scripts call this after declaring routes or tabs, in whatever order they come.
    ///
    ///     try table.add("/", payload: RouteDefinition(title: .fixed("Home")))
    ///     try navigator.relandStart()      // navigator.screen.title == "Home"
    @discardableResult
    package func relandStart() throws -> Bool {
        guard isAtStart else { return false }
        do {
            try replaceTimeline(.start) {
                Timeline(start: TimelineEntry(operation: .start, state: try startState()), limit: timelineLimit)
            }
        } catch let hold as GuardHold {
            throw NavigationError(.invalidArgument(operation: .start, reason: "the guard of \(hold.path) answered pending (\"\(hold.key)\"), but a start screen cannot wait"))
        }
        return true
    }

    private func resetState(_ path: String?) throws -> NavigationState {
        guard let path else { return try startState() }
        guard !tabPaths.isEmpty else {
            return NavigationState(root: NavigationEnvironment(kind: .root, root: try rootLanding(path, .reset).screen))
        }
        var fresh = try startState()
        fresh.showFromRoot(try rootLanding(path, .reset).screen, as: .push)
        return fresh
    }

    private func startState() throws -> NavigationState {
        let operation = inFlight ?? .start
        guard !tabPaths.isEmpty else {
            return NavigationState(root: NavigationEnvironment(kind: .root, root: try rootLanding("/", operation, lenient: true).screen))
        }
        let stacks = try tabPaths.map { ScreenStack(root: try rootLanding($0, operation, lenient: true).screen) }
        return NavigationState(root: NavigationEnvironment(kind: .root, tabs: tabPaths.map(Self.tabName),
                                                           stacks: stacks, selectedTab: 0))
    }
}

extension Navigator {
    /// The landing of a path `reset` or the start puts at the bottom of a stack. An action-only route
    /// (an `action`, no title nor view) lands no screen, so it cannot be one: an error naming the
    /// route and saying so, rather than the landing's internal signal.
    fileprivate func rootLanding(_ path: String, _ operation: NavigationOperation, lenient: Bool = false) throws -> Landing {
        do { return try land(Location(parsing: path), lenient: lenient) } catch let only as ActionOnlyLanding {
            let route = only.action.info.pattern
            throw NavigationError(.invalidArgument(operation: operation, reason: "\(path) matches the action-only route \(route) (an action with no title nor view): it shows no screen, so it cannot be a root or a tab's root screen; navigate to it (nav.push, nav.open) to run its action"))
        }
    }
}

extension NavigationState {
    /// With only the root environment left: selects the tab `screen`'s path names (if any), pops to
    /// that stack's root and shows `screen` there.
    mutating func showFromRoot(_ screen: Screen, as presentation: Presentation) {
        let tabs = root.tabs
        if let index = tabs.firstIndex(of: Navigator.tabName(screen.path)) {
            root.selectTab(index)
        }
        top.current.truncate(to: 1)
        show(screen, as: presentation)
    }
}

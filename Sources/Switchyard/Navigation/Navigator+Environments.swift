// Operations that present, dismiss and switch environments: sheets, covers, tabs, deep links, reset.
extension Navigator {
    /// Presents `path` in a new sheet environment with its own push stack (always a new environment,
    /// even over a screen at the same location).
    ///
    ///     try navigator.sheet("/compose");  navigator.state.environments.last?.kind == .sheet
    public func sheet(_ path: String) throws { try present(path, as: .sheet, operation: .sheet) }

    /// Presents `path` in a new full-screen cover environment with its own push stack.
    public func cover(_ path: String) throws { try present(path, as: .cover, operation: .cover) }

    private func present(_ path: String, as kind: EnvironmentKind, operation: NavigationOperation) throws {
        try transact(operation) { state in
            state.present(try land(path, relativeTo: state.screen.path).screen, as: kind)
        }
    }

    /// Dismisses one screen: pops the top environment's stack, or dismisses the environment when its
    /// root is showing (SwiftfulRouting's dismissScreen). Throws at the root screen of the root.
    public func dismiss() throws {
        try transact(.dismiss) { state in
            if state.top.current.count > 1 {
                state.top.current.truncate(to: state.top.current.count - 1)
            } else if state.environments.count > 1 {
                state.environments.removeLast()
            } else {
                throw NavigationError.nothingToDismiss(operation: .dismiss, reason: "already at the root screen")
            }
        }
    }

    /// Dismisses the top sheet or cover with everything pushed on it. Throws when none is presented.
    public func dismissEnvironment() throws {
        try transact(.dismissEnvironment) { state in
            guard state.environments.count > 1 else {
                throw NavigationError.nothingToDismiss(operation: .dismissEnvironment, reason: "no sheet or cover is presented")
            }
            state.environments.removeLast()
        }
    }

    /// Dismisses every sheet and cover (the root's stack stays). False when none was presented.
    @discardableResult
    public func dismissAll() throws -> Bool {
        try transact(.dismissAll) { state in state.dismissPresented() }
    }

    /// Selects a tab by name (first segment of its path), dismissing any sheet or cover over it.
    ///
    ///     try navigator.declareTabs(["/home", "/search"]);  try navigator.tab("search")
    public func tab(_ name: String) throws {
        try selectTab(named: name) { tabs in tabs.firstIndex(of: name) }
    }

    /// Selects a tab by its 1-based position.
    public func tab(_ index: Int) throws {
        try selectTab(named: String(index)) { tabs in (1...tabs.count).contains(index) ? index - 1 : nil }
    }

    private func selectTab(named name: String, _ find: ([String]) -> Int?) throws {
        try transact(.tab) { state in
            let tabs = state.environments[0].tabs
            guard !tabs.isEmpty else { throw NavigationError.noTabs }
            guard let index = find(tabs) else { throw NavigationError.unknownTab(name, available: tabs) }
            state.dismissPresented()
            state.environments[0].selectedTab = index
        }
    }

    /// Opens a deep link: `scheme://host/path` → `/host/path`. Back to the root screen (of the tab the
    /// path names, with tabs), then pushes the target, or presents it as `?presentation=sheet|cover`
    /// or its route's default presentation says.
    ///
    ///     try navigator.open("myapp://album/123?presentation=sheet")
    public func open(_ url: String) throws {
        let location = try DeepLink.parse(url)
        let asked = try location.query["presentation"].map { (text) throws(NavigationError) in try Presentation(parsing: text) }
        try transact(.open) { state in
            let landed = try land(location)
            state.dismissPresented()
            state.showFromRoot(landed.screen, as: asked ?? landed.presentation)
        }
    }

    /// Starts over with a new timeline, alert, modals and queue. Without a path: `/` (or each tab's
    /// root), landed on its route if one matches. With a path: that screen as the root screen, or with
    /// tabs, pushed on the tab it names as a deep link would.
    ///
    ///     try navigator.reset("/login")
    public func reset(_ path: String? = nil) throws {
        try replaceTimeline(.reset) {
            let fresh = try resetState(path)
            return Timeline(start: TimelineEntry(operation: .reset, state: fresh), limit: timelineLimit)
        }
    }

    /// Whether nothing has navigated yet: the timeline holds only the start entry.
    public var isAtStart: Bool { history.count == 1 && history[0].operation == .start }

    /// Lands the start screen again on the routes declared since, when nothing has navigated yet
    /// (declarations are not navigation: the timeline keeps its single start entry). Returns whether
    /// it did. Scripts call this after declaring routes or tabs, in whatever order they come.
    ///
    ///     try table.add("/", payload: RouteDefinition(title: .fixed("Home")))
    ///     try navigator.relandStart()      // navigator.screen.title == "Home"
    @discardableResult
    public func relandStart() throws -> Bool {
        guard isAtStart else { return false }
        try replaceTimeline(.start) {
            Timeline(start: TimelineEntry(operation: .start, state: try startState()), limit: timelineLimit)
        }
        return true
    }

    private func resetState(_ path: String?) throws -> NavigationState {
        guard let path else { return try startState() }
        guard !tabPaths.isEmpty else {
            return NavigationState(root: NavigationEnvironment(kind: .root, root: try land(Location(parsing: path)).screen))
        }
        var fresh = try startState()
        fresh.showFromRoot(try land(Location(parsing: path)).screen, as: .push)
        return fresh
    }

    private func startState() throws -> NavigationState {
        guard !tabPaths.isEmpty else {
            return NavigationState(root: NavigationEnvironment(kind: .root, root: try land(Location(parsing: "/"), lenient: true).screen))
        }
        let stacks = try tabPaths.map { ScreenStack(root: try land(Location(parsing: $0), lenient: true).screen) }
        return NavigationState(root: NavigationEnvironment(kind: .root, tabs: tabPaths.map(Self.tabName),
                                                           stacks: stacks, selectedTab: 0))
    }
}

extension NavigationState {
    /// With only the root environment left: selects the tab `screen`'s path names (if any), pops to
    /// that stack's root and shows `screen` there.
    mutating func showFromRoot(_ screen: Screen, as presentation: Presentation) {
        let tabs = environments[0].tabs
        if let index = tabs.firstIndex(of: Navigator.tabName(screen.path)) {
            environments[0].selectedTab = index
        }
        top.current.truncate(to: 1)
        show(screen, as: presentation)
    }
}

extension Navigator {
    /// Asks again the `before` hooks and route guards of every screen shown, environment by
    /// environment from the root, each stack (every tab's) from the bottom up, and acts on the first
    /// that now blocks or redirects (go_router's `refreshListenable`: signing out deep in a guarded
    /// area). A block removes that screen and those above it in its stack (the bottom screen of a
    /// sheet or cover: that environment and those over it; the bottom of a root stack stays, there
    /// being nothing under it), and the sheets and covers over it when it is a selected stack; a redirect does the same and then lands its target in the screen's
    /// place, asking that landing's guards. One transaction, one timeline entry, leave guards asked
    /// as any removal asks them; returns false when every answer allowed (a `pending` answer
    /// counts as allowing: revalidation never waits).
    ///
    ///     signedIn = false
    ///     try navigator.revalidate()    // the account screens are gone
    @discardableResult
    package func revalidate() throws -> Bool {
        try transact(.revalidate) { state in
            var environments = state.environments
            for level in environments.indices {
                var stacks = environments[level].stacks
                for tab in stacks.indices {
                    for (index, screen) in stacks[tab].screens.enumerated() {
                        guard let decision = try recheck(screen) else { continue }
                        switch decision {
                        case .block where index == 0:
                            if level == 0 { continue }
                            environments.removeSubrange(level...)
                            state = NavigationState(environments: environments, alert: state.alert, modals: state.modals,
                                                    queue: state.queuedSteps)
                            return
                        case .block:
                            stacks[tab].truncate(to: index)
                        case let .redirect(target):
                            let landed = try land(target, relativeTo: screen.path).screen
                            stacks[tab].truncate(to: max(index, 1))
                            if index == 0 { stacks[tab].replaceTop(with: landed) } else { stacks[tab].push(landed) }
                        case .allow, .pending:
                            continue
                        }
                        let environment = environments[level]
                        // Sheets and covers over the selected stack were presented over what it showed.
                        if tab == environment.selectedTab { environments.removeSubrange((level + 1)...) }
                        environments[level] = NavigationEnvironment(kind: environment.kind, tabs: environment.tabs, stacks: stacks,
                                                                    selectedTab: environment.selectedTab, detents: environment.detents)
                        state = NavigationState(environments: environments, alert: state.alert, modals: state.modals,
                                                queue: state.queuedSteps)
                        return
                    }
                }
            }
        }
    }

    /// What `screen`'s hooks and route guards say now; nil when nothing is asked or all allow. (A
    /// not-found screen's guard is not asked again: only the hooks are.)
    private func recheck(_ screen: Screen) throws -> GuardDecision? {
        let guardian = screen.route.flatMap { routes[payloadOf: $0].guard }
        guard guardian != nil || !beforeHooks.isEmpty else { return nil }
        let (decision, hook) = try askBeforeHooks(screen.info, then: guardian, route: screen.route)
        if hook == nil, guardian != nil { recordChainStep(.guarded(route: screen.route, path: screen.path, decision)) }
        return decision == .allow ? nil : decision
    }
}

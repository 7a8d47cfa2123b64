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
        try transact(.revalidate) { state in try applyRechecks(to: &state) }
    }

    /// Revalidation's walk over `state` (above), shared with Back and Forward: with `arrivals`, only
    /// the screens with those ids are asked (those a timeline `move` brings back), and a block or
    /// `pending` answer refuses the move (`refusal`) instead of removing the screen: a timeline move
    /// shows a recorded state or nothing, it does not wait. A redirect applies as revalidation's does.
    func applyRechecks(to state: inout NavigationState, arrivals: Set<Int>? = nil,
                       move: NavigationOperation? = nil) throws {
            var environments = state.environments
            for level in environments.indices {
                var stacks = environments[level].stacks
                for tab in stacks.indices {
                    for (index, screen) in stacks[tab].screens.enumerated() {
                        if let arrivals, !arrivals.contains(screen.id) { continue }
                        guard let (decision, hook) = try recheck(screen) else { continue }
                        if let move { try refuseMove(move, to: screen, decision, hook: hook) }
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

    /// Throws the refusal of a timeline `move` that would show `screen` again, for a block or pending
    /// answer, naming who answered and where it is declared.
    private func refuseMove(_ move: NavigationOperation, to screen: Screen, _ decision: GuardDecision,
                            hook: BeforeHook?) throws {
        let who = hook.map { ChainStep.hookSubject($0.site) } ?? ChainStep.subject("guard", screen.route, routes)
        switch decision {
        case .block:
            throw NavigationError(.invalidArgument(operation: move, reason:
                "\(who) blocked \(screen.path), which \(move.rawValue) would show again; nothing changed"))
        case let .pending(key):
            throw NavigationError(.invalidArgument(operation: move, reason:
                "\(who) held \(screen.path) pending \"\(key)\", which \(move.rawValue) would show again; a timeline move does not wait (settle it, then navigate there); nothing changed"))
        case .allow, .redirect:
            return
        }
    }

    /// The screens `target` shows that `current` does not (by id): those a timeline move to `target`
    /// brings back. Nil when none of them can be refused (no `before` hook, no guarded route among
    /// them), so that a Back with no guards only reads its target's routes.
    func arrivalsToAsk(in target: NavigationState, from current: NavigationState) -> Set<Int>? {
        if beforeHooks.isEmpty {
            let guarded = target.environments.contains { environment in
                environment.stacks.contains { stack in
                    stack.screens.contains { screen in screen.route.map { routes[payloadOf: $0].guard != nil } ?? false }
                }
            }
            guard guarded else { return nil }
        }
        var shown = Set<Int>()
        for environment in current.environments {
            for stack in environment.stacks { for screen in stack.screens { shown.insert(screen.id) } }
        }
        var arriving = Set<Int>()
        for environment in target.environments {
            for stack in environment.stacks { for screen in stack.screens where !shown.contains(screen.id) { arriving.insert(screen.id) } }
        }
        return arriving.isEmpty ? nil : arriving
    }

    /// What `screen`'s hooks and route guards say now; nil when nothing is asked or all allow. (A
    /// not-found screen's guard is not asked again: only the hooks are.)
    private func recheck(_ screen: Screen) throws -> (GuardDecision, hook: BeforeHook?)? {
        let guardian = screen.route.flatMap { routes[payloadOf: $0].guard }
        guard guardian != nil || !beforeHooks.isEmpty else { return nil }
        let (decision, hook) = try askBeforeHooks(screen.info, then: guardian, route: screen.route)
        if hook == nil, guardian != nil { recordChainStep(.guarded(route: screen.route, path: screen.path, decision)) }
        return decision == .allow ? nil : (decision, hook)
    }
}

import Switchyard

extension WalkMove {
    /// The moves possible in `navigator`'s current state, in a fixed order (the same state, the same
    /// list, so a seeded walk repeats): its links, back, forward, pop, dismiss, dismiss the
    /// environment, the other tabs, next in a flow, the flows to start and the
    /// `entry` routes to open. Links and entry routes with a placeholder nobody can fill are left out.
    ///
    ///     WalkMove.possible(in: navigator)   // [follow /settings, follow /login, open /settings]
    public static func possible(in navigator: Navigator) -> [WalkMove] {
        possible(in: navigator, opening: entryMoves(of: navigator))
    }

    /// The `open` moves of the routes declared `entry = true` (a walk asks once, not at every step); an
    /// entry route with typed parameters is opened with values that fit and with wrong ones
    /// (`TypedSamples`).
    static func entryMoves(of navigator: Navigator) -> [WalkMove] {
        navigator.routes.routes.filter { $0.payload.entry }.flatMap { route -> [WalkMove] in
            if isConcrete(route.pattern.text) { return [WalkMove(.open, route.pattern.text)] }
            return TypedSamples.paths(of: route).map { WalkMove(.open, $0) }
        }
    }

    ///
    /// A person acts on the top-most layer only: while an alert is up the only moves are its buttons
    /// (nothing behind it can be tapped); while a modal is up, its links, dismissing it and the
    /// timeline, not the stack beneath it.
    ///
    /// What comes from outside the screen comes whatever is up: the answer a pending navigation waits
    /// for (settled allowing, or refused: a loader's hold is settled with no data, and refused by any
    /// other navigation, which cancels it) and the session flags' changes (`flags`, `set` moves).
    static func possible(in navigator: Navigator, opening entries: [WalkMove], flags: [WalkMove] = []) -> [WalkMove] {
        let state = navigator.state
        var moves: [WalkMove] = []
        if let pending = navigator.pendingNavigation {
            moves.append(WalkMove(.settle, pending.key))
            if pending.kind != .load { moves.append(WalkMove(.refuse, pending.key)) }
        }
        moves += flags
        if let alert = state.alert { return moves + alert.labels.map { WalkMove(.choose, $0) } }
        let modal = state.modals.last
        for link in navigator.links(of: modal ?? state.screen) where isConcrete(link) {
            moves.append(WalkMove(.follow, link))
        }
        if navigator.canBack { moves.append(WalkMove(.back)) }
        if navigator.canForward { moves.append(WalkMove(.forward)) }
        let depth = state.currentStackDepth
        let environments = state.environmentCount
        if modal != nil {
            moves.append(WalkMove(.dismiss))
        } else {
            if depth > 1 { moves.append(WalkMove(.pop)) }
            if depth > 1 || environments > 1 { moves.append(WalkMove(.dismiss)) }
            if environments > 1 { moves.append(WalkMove(.dismissEnvironment)) }
            let root = state.root
            for (index, name) in root.tabs.enumerated() where index != root.selectedTab || environments > 1 {
                moves.append(WalkMove(.tab, name))
            }
            if state.hasQueuedSteps { moves.append(WalkMove(.next)) }
        }
        for name in navigator.flows.keys.sorted() { moves.append(WalkMove(.startFlow, name)) }
        moves += entries
        return moves
    }

    /// Whether a path has no placeholder (`:id`) or wildcard left to fill.
    static func isConcrete(_ path: String) -> Bool {
        !path.utf8.contains(UInt8(ascii: ":")) && !path.utf8.contains(UInt8(ascii: "*"))
    }
}

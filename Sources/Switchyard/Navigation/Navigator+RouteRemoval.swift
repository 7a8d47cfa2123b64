/// Removing a route (`remove_route` in Lua, issue 33) while the navigator runs. A screen names its
/// route by index, and every state of the timeline holds screens: a route is removed only when no
/// state the navigator can show (now, by Back or by Forward) holds a screen of it, so no screen ever
/// shows, or comes back for, a route that is gone.
extension Navigator {
    /// Where a screen of `route` is held, the state on view first, then the timeline's nearest entry:
    /// "/beta on the root stack now", "/beta in a modal now", "/beta on tab search's stack 2 steps back
    /// in the timeline"; nil when no state holds one.
    ///
    ///     navigator.placeHolding(route: id)   // "/beta on the sheet stack now"
    package func placeHolding(route: RouteID) -> String? {
        if let place = Self.place(of: route, in: state) { return place + " now" }
        let entries = history
        let current = historyIndex
        let nearestFirst = entries.indices.filter { $0 != current }.sorted { abs($0 - current) < abs($1 - current) }
        for position in nearestFirst {
            guard let place = Self.place(of: route, in: entries[position].state) else { continue }
            let steps = abs(position - current)
            return place + " \(steps) step\(steps == 1 ? "" : "s") \(position < current ? "back" : "forward") in the timeline"
        }
        return nil
    }

    /// Where in `state` a screen of `route` is: a modal, or a stack (the top environment first).
    private static func place(of route: RouteID, in state: NavigationState) -> String? {
        if let modal = state.modals.last(where: { $0.route == route }) { return "\(modal.location) in a modal" }
        for environment in state.environments.reversed() {
            for (tab, stack) in environment.tabStacks.enumerated() {
                guard let screen = stack.last(where: { $0.route == route }) else { continue }
                let stackName = tab < environment.tabs.count
                    ? "tab \(environment.tabs[tab])'s stack" : "the \(environment.kind.rawValue) stack"
                return "\(screen.location) on \(stackName)"
            }
        }
        return nil
    }

    /// Removes `route` from the table (`RouteTable.removeRoute`), refused with where a screen of it is
    /// while any state of the timeline holds one, or while an operation runs (a callback removing the
    /// route its own navigation is landing).
    ///
    ///     try navigator.removeRoute(table.route(named: "beta")!.id)
    package func removeRoute(_ route: RouteID) throws(RouteRemovalRefusal) {
        if let operation = inFlight { throw .duringNavigation(operation.rawValue) }
        if let place = Self.place(of: route, in: state) { throw .held(place + " now", onView: true) }
        if let place = placeHolding(route: route) { throw .held(place, onView: false) }
        routes.removeRoute(route)
    }
}

/// Why a route could not be removed.
package enum RouteRemovalRefusal: Error, Equatable, CustomStringConvertible {
    /// A state the navigator can show holds a screen of it: where (`Navigator.placeHolding`), and
    /// whether that is the state on view or one of the timeline's.
    case held(String, onView: Bool)
    /// An operation is running: its name.
    case duringNavigation(String)

    package var description: String {
        switch self {
        case let .held(place, onView):
            return "a screen of it is still there: \(place)"
                + (onView ? "" : " (Back or Forward would show it again; nav.reset() starts a fresh timeline)")
        case .duringNavigation(let operation):
            return "not while nav.\(operation) runs"
        }
    }
}

// Screens leaving the state: their routes' leave guards are asked before an operation commits, and
// their own callbacks (`ScreenOptions.onResult`, `onDismiss`) run after it has.
extension Navigator {
    /// A leave guard, as `RouteDefinition.leave` holds it.
    typealias LeaveGuard = (_ leaving: RouteInfo, _ to: RouteInfo) throws -> Bool

    /// The screens of `old` that `new` no longer holds and that have departure work, topmost first
    /// (modals, then each environment from the top, each stack from its top).
    func departures(from old: NavigationState, to new: NavigationState) -> [Screen] {
        var kept = Set<Int>()
        for environment in new.environments {
            for stack in environment.tabStacks { for screen in stack { kept.insert(screen.id) } }
        }
        for screen in new.modals { kept.insert(screen.id) }
        var departing: [Screen] = []
        func consider(_ screen: Screen) {
            if !kept.contains(screen.id) && hasDepartureWork(screen) { departing.append(screen) }
        }
        old.modals.reversed().forEach(consider)
        for environment in old.environments.reversed() {
            for stack in environment.tabStacks { stack.reversed().forEach(consider) }
        }
        return departing
    }

    private func hasDepartureWork(_ screen: Screen) -> Bool {
        if let key = screen.callbacksKey, let callbacks = screenCallbacks[key], !callbacks.ran { return true }
        return leaveGuard(of: screen) != nil
    }

    private func leaveGuard(of screen: Screen) -> LeaveGuard? {
        screen.route.flatMap { routes[payloadOf: $0].leave }
    }

    /// Asks the leave guard of each departing screen's route; the first false blocks the operation.
    func askLeaveGuards(of departing: [Screen], to destination: Screen) throws {
        for screen in departing {
            guard let leave = leaveGuard(of: screen), let pattern = screen.pattern else { continue }
            if screen.id == leaveAllowed {   // its pending answer was settled: allow
                recordChainStep(.left(route: screen.route, path: screen.path, allowed: true))
                continue
            }
            let allowed: Bool
            do { allowed = try leave(screen.info, destination.info) } catch var hold as LeaveHold {
                hold.screen = screen
                hold.destination = destination.path
                throw hold
            }
            recordChainStep(.left(route: screen.route, path: screen.path, allowed: allowed))
            if !allowed {
                throw NavigationError(.leaveBlocked(path: screen.path, pattern: pattern))
            }
        }
    }

    /// Runs each departing screen's `onResult` (with `departureResult` when it is the screen it names)
    /// and `onDismiss`, once. Should one throw, none counts as run (the caller undoes the operation).
    /// Callbacks that ran are let go: the screen never runs them again.
    func runDepartureCallbacks(of departing: [Screen]) throws {
        var ran: [(ScreenCallbacksKey, ScreenCallbacks)] = []
        do {
            for screen in departing {
                guard let key = screen.callbacksKey, let callbacks = screenCallbacks[key], !callbacks.ran else { continue }
                callbacks.ran = true
                screenCallbacks[key] = nil
                ran.append((key, callbacks))
                let result = departureResult.flatMap { $0.screen == screen.id ? $0.value : nil }
                try callbacks.onResult?(result)
                try callbacks.onDismiss?(screen)
            }
        } catch {
            for (key, callbacks) in ran {
                callbacks.ran = false
                screenCallbacks[key] = callbacks
            }
            throw error
        }
    }

    /// `body` with `value` as the result of the screen on top now, for its `onResult`.
    func handingResult<T>(_ value: Any?, _ body: () throws -> T) rethrows -> T {
        // The top-most layer is the one that goes: a modal when one is shown.
        departureResult = (state.modals.last?.id ?? screen.id, value)
        defer { departureResult = nil }
        return try body()
    }
}

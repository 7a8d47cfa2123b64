/// Ceilings on what one navigation state may hold, so that no script can make the navigator grow
/// without bound (the timeline is bounded by `Navigator.timelineLimit`). The defaults are far above
/// what any real app reaches; an operation that would pass one throws a `NavigationError` (code
/// "limit_reached") and changes nothing.
///
///     navigator.limits.screensPerStack = 500
///     try navigator.push("/x/501")   // "stack limit of 500 screens reached (push; ...)"
public struct NavigatorLimits: Equatable, Sendable {
    /// Screens in one push stack (each tab, sheet and cover has its own).
    ///
    ///     navigator.limits.screensPerStack = 500
    public var screensPerStack = 10_000
    /// The root plus the sheets and covers presented over it.
    package var environments = 100
    /// Modals over the top screen.
    package var modals = 100
    /// Buttons of one alert.
    package var alertButtons = 100_000
    /// Flow steps waiting in the queue.
    var queuedSteps = 1_000
    /// Query items of one screen's location.
    var queryItems = 1_000
    /// Bytes of one screen's path.
    var pathBytes = 65_536
    /// The largest timeline limit (`Navigator.timelineLimit`) a restored document may carry: each
    /// entry can hold one operation's growth. (The embedder's own `setTimelineLimit` is not held to it.)
    var timelineEntries = 10_000

    /// The default limits. Not public: an embedder changes a navigator's own (`navigator.limits`),
    /// which start as these.
    ///
    ///     var limits = NavigatorLimits();  limits.screensPerStack = 500;  navigator.limits = limits
    package init() {}

    /// What one screen costs beyond its path, measured on a 64-bit Linux build (the screen object,
    /// its route info and parameters), rounded up.
    static let screenOverheadBytes = 512

    /// Limits under which a navigator's screens hold at most about `bytes` (what `--max-memory`
    /// gives the Lua heap): the path length and the stack depth shrink with the budget, so the
    /// navigator cannot hold much more than the script could itself. Half the budget goes to one
    /// state; the timeline's snapshots share its screens and add at most one operation's growth
    /// each (see docs/reliability.md).
    ///
    ///     NavigatorLimits.fitting(bytes: 64 << 20).screensPerStack == 226
    package static func fitting(bytes: Int) -> NavigatorLimits {
        var limits = NavigatorLimits()
        limits.environments = 16
        limits.modals = 16
        limits.pathBytes = min(limits.pathBytes, max(1_024, bytes >> 14))
        let perScreen = screenOverheadBytes + 2 * limits.pathBytes   // the path and its parameter values
        let screens = bytes / 2 / perScreen
        let stacks = limits.environments + 1   // the modals count as one more stack
        limits.screensPerStack = min(limits.screensPerStack, max(16, screens / stacks))
        limits.queuedSteps = min(limits.queuedSteps, max(16, screens))
        limits.alertButtons = min(limits.alertButtons, max(16, screens))
        limits.timelineEntries = 100   // the other half of the budget is for the default 100 entries
        return limits
    }

    /// Throws when `state` passes a limit on what it holds. Only what an operation can grow is read:
    /// the top stack's depth (one field), and the layers (environments, alert, modals, queue) when
    /// there are any. A screen's own size is checked where it lands (`check(path:queryItems:)`).
    @inline(__always)
    func check(_ state: NavigationState, _ operation: NavigationOperation) throws(NavigationError) {
        if state.top.current.count > screensPerStack {
            throw NavigationError(.limitReached("stack limit of \(screensPerStack) screens", operation: operation, setting: "screensPerStack"))
        }
        guard state.hasLayers else { return }
        try checkLayers(state, operation)
    }

    /// Throws when a restored `state` passes a limit anywhere, not only where an operation grows it:
    /// every environment's stacks, the selected tab's and the parked ones, and the layers.
    func checkRestored(_ state: NavigationState) throws(NavigationError) {
        for environment in state.environments {
            for stack in environment.stacks where stack.count > screensPerStack {
                throw NavigationError(.limitReached("stack limit of \(screensPerStack) screens", operation: .restore, setting: "screensPerStack"))
            }
        }
        try checkLayers(state, .restore)
    }

    /// Throws when a timeline limit asked for passes `timelineEntries`.
    func check(timelineLimit: Int, _ operation: NavigationOperation) throws(NavigationError) {
        if timelineLimit > timelineEntries {
            throw NavigationError(.limitReached("timeline limit of \(timelineEntries) entries", operation: operation, setting: "timelineEntries"))
        }
    }

    /// Throws when a location to land is too long or has too many query items.
    @inline(__always)
    func check(path: String, queryItems: Int, _ operation: NavigationOperation) throws(NavigationError) {
        if path.utf8.count > pathBytes {
            throw NavigationError(.limitReached("path limit of \(pathBytes) bytes", operation: operation, setting: "pathBytes"))
        }
        if queryItems > self.queryItems {
            throw NavigationError(.limitReached("query limit of \(self.queryItems) items", operation: operation, setting: "queryItems"))
        }
    }

    private func checkLayers(_ state: NavigationState, _ operation: NavigationOperation) throws(NavigationError) {
        if state.environmentCount > environments {
            throw NavigationError(.limitReached("environment limit of \(environments) (the root, sheets and covers)",
                                                operation: operation, setting: "environments"))
        }
        if state.modals.count > modals {
            throw NavigationError(.limitReached("modal limit of \(modals)", operation: operation, setting: "modals"))
        }
        if state.queue.count > queuedSteps {
            throw NavigationError(.limitReached("flow queue limit of \(queuedSteps) steps", operation: operation, setting: "queuedSteps"))
        }
        if let alert = state.alert, alert.buttons.count > alertButtons {
            throw NavigationError(.limitReached("alert limit of \(alertButtons) buttons", operation: operation, setting: "alertButtons"))
        }
    }
}

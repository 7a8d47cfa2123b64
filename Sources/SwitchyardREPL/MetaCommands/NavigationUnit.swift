import Switchyard
import SwitchyardLua
import SwitchyardTools

/// The rollback unit: each line typed at the prompt (Lua, a `?` help line or a meta-command) runs as
/// one unit, put back as it was when it fails; after it the person sees what navigation did: the
/// screen and the state tree, why a chain landed elsewhere, the invariants it broke, and the
/// `:watch` map redrawn.
final class NavigationUnit {
    let host: ScriptHost
    let style: TerminalStyle
    /// `:trace`: navigation events as they happen, and Lua tracebacks in error reports.
    private(set) var tracing = false
    private lazy var navigationTrace = NavigationTrace(style: style)
    /// Where `:watch` redraws the map after every navigation.
    let watch: MapWatch
    /// The live view in the browser, while `:serve` runs it: sent the state after each line.
    var liveView: LiveViewSession?

    init(host: ScriptHost, style: TerminalStyle) {
        self.host = host
        self.style = style
        watch = MapWatch(host: host, style: style)
    }

    var runtime: SwitchyardRuntime { host.runtime }

    /// `:trace on` / `:trace off`.
    func setTracing(_ on: Bool) {
        tracing = on
        if on { navigationTrace.follow(runtime.navigator) } else { navigationTrace.stop() }
    }

    /// How a line typed at the prompt went: whether it ran without error, and whether the navigation
    /// state changed because of it.
    struct UnitOutcome {
        let succeeded: Bool
        let changed: Bool
    }

    /// Runs one line typed at the prompt as one unit: when `body` fails (returns false) after it
    /// changed the navigator, the navigator is put back as it was before the line, and the person is
    /// told. Then, if the state changed after all, prints the new screen and state tree; if a guard
    /// holds what the line asked for, says so.
    @discardableResult
    func asOneUnit(_ body: () -> Bool) -> UnitOutcome {
        let navigator = runtime.navigator
        if tracing { navigationTrace.follow(navigator) }
        let before = navigator.state
        let entries = navigator.history.count
        let index = navigator.historyIndex
        let checkpoint = navigator.checkpoint()
        let pending = navigator.pendingNavigation
        let succeeded = body()
        if !succeeded, runtime.navigator === navigator, navigator.hasChanged(since: checkpoint) {
            do {
                try navigator.rollBack(to: checkpoint)
                TerminalText.print(style.dim("rolled back: the navigator is where it was before this line (\(navigator.path))"))
            } catch {
                StandardError.write(style.red("could not roll back: \(error)"))
            }
        }
        let after = runtime.navigator
        guard after !== navigator || after.state != before || after.history.count != entries
                || after.historyIndex != index else {
            if let held = after.pendingNavigation, held != pending {
                TerminalText.print(StateTreePrinter(style: style).line(for: NavigationSnapshot.Pending(held)))
            }
            liveView?.publishIfRoutesChanged(host)
            return UnitOutcome(succeeded: succeeded, changed: false)
        }
        showScreenAndState()
        tellWhatTheChainDid(after.lastAction)
        InvariantWarnings(host: host, style: style).write()
        watch.redraw()
        liveView?.publish(host)
        return UnitOutcome(succeeded: succeeded, changed: succeeded)
    }

    func showScreenAndState() {
        TerminalText.print(ScreenPrinter(style: style).render(ScreenSnapshot(runtime.navigator)))
        TerminalText.print(StateTreePrinter(style: style).render(NavigationSnapshot(runtime.navigator)))
    }

    /// After a navigation that landed somewhere other than asked (a guard or a route's redirect sent
    /// it on), or threw an alert away unanswered, one line for each such step: the screen alone would
    /// not say why.
    private func tellWhatTheChainDid(_ action: NavigationEvent?) {
        guard let action else { return }
        for step in action.chain {
            switch step {
            case .guarded(let route?, _, .redirect) where runtime.guardSources(of: runtime.routeTable[route]) != nil:
                // A group's guard answers under the route's name: say whose guards were asked.
                let sources = runtime.guardSources(of: runtime.routeTable[route]) ?? ""
                TerminalText.print(style.yellow(step.text(runtime.routeTable) + " (guards: \(sources))"))
            case .redirected, .guarded(_, _, .redirect), .hooked(_, _, .redirect), .droppedAlert:
                TerminalText.print(style.yellow(step.text(runtime.routeTable)))
            default: continue
            }
        }
    }
}

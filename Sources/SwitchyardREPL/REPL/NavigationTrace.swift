import Switchyard
import SwitchyardTools

/// `:trace on`: a line per navigation event as it happens ("· push  / → /album/1  deeper"), so a script
/// that navigates several times in one input shows every step. Follows the runtime when `:reload`
/// replaces its navigator.
///
///     let trace = NavigationTrace(style: style)
///     trace.follow(runtime.navigator)   // before each input; re-attaches when the navigator changed
final class NavigationTrace {
    private let style: TerminalStyle
    private var token: ObservationToken?
    private weak var navigator: Navigator?

    init(style: TerminalStyle) {
        self.style = style
    }

    func follow(_ current: Navigator) {
        guard current !== navigator || token?.isActive != true else { return }
        token?.cancel()
        navigator = current
        let routes = current.routes
        token = current.observe { [style] event in
            TerminalText.print(style.dim("· \(event.operation.rawValue)  \(TerminalText.escaped(event.from.location)) → \(TerminalText.escaped(event.to.location))  \(event.direction.rawValue)"))
            // How it got there: each redirect, guard and leave answer, and an alert thrown away.
            for step in event.chain { TerminalText.print(style.dim("    ↳ " + TerminalText.escaped(step.text(routes), keepingLines: true))) }
        }
    }

    func stop() {
        token?.cancel()
        token = nil
        navigator = nil
    }
}

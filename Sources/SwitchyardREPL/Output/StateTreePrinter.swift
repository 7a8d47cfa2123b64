import SwitchyardTools
/// Prints the navigation state as a compact tree, one line per environment, nested by presentation:
///
///     root [home* · search · library]  / › /album/12
///       sheet (medium* · large, drag indicator)  /album/12/share
///         cover  /login
///     alert  Delete album? — This cannot be undone. [Delete] [Cancel]  :dismiss chooses [Cancel]   ("confirmation" for that style)
///     modals  /help › /tip (move-top, spring, top)
///     pending  push /checkout  waits for nav.settle("payment", ...)
///     matched  layout /news (news) › /news/:id
///
/// The current location (the top screen of the top environment) is bold on a terminal.
package struct StateTreePrinter: Sendable {
    package let style: TerminalStyle

    init(style: TerminalStyle = .plain) {
        self.style = style
    }

    package func render(_ state: NavigationSnapshot) -> String {
        var lines: [String] = []
        for (depth, environment) in state.environments.enumerated() {
            let isTop = depth == state.environments.count - 1
            lines.append(String(repeating: "  ", count: depth) + line(for: environment, isTop: isTop))
        }
        if let flow = state.flow {
            let remaining = flow.remaining.isEmpty ? "(no steps left)" : flow.remaining.map(esc).joined(separator: " › ")
            lines.append("\(style.magenta("flow")) \(esc(flow.name)): \(remaining)")
        }
        if let alert = state.alert {
            lines.append(alertLine(alert))
        }
        if !state.modals.isEmpty {
            lines.append("\(style.magenta("modals"))  \(state.modals.map(esc).joined(separator: " › "))")
        }
        if let pending = state.pending {
            lines.append(line(for: pending))
        }
        if let matched = state.matched {
            lines.append("\(style.magenta("matched"))  \(esc(matched))")
        }
        return lines.joined(separator: "\n")
    }

    private func line(for environment: NavigationSnapshot.Environment, isTop: Bool) -> String {
        var label = style.magenta(environment.kind)
        if !environment.tabs.isEmpty {
            let names = environment.tabs.enumerated().map { index, tab in
                index == environment.selectedTab ? esc(tab.name) + "*" : esc(tab.name)
            }
            label += " [" + names.joined(separator: " · ") + "]"
        }
        if !environment.detents.isEmpty {
            let names = environment.detents.map { $0 == environment.detent ? $0 + "*" : $0 }
            label += " (" + names.joined(separator: " · ") + (environment.dragIndicator ? ", drag indicator" : "") + ")"
        }
        return label + "  " + stackText(environment.stack, isTop: isTop)
    }

    private func stackText(_ stack: [NavigationSnapshot.Screen], isTop: Bool) -> String {
        guard !stack.isEmpty else { return style.dim("(empty)") }
        return stack.enumerated().map { index, screen in
            isTop && index == stack.count - 1 ? style.bold(esc(screen.path)) : esc(screen.path)
        }.joined(separator: " › ")
    }

    /// "pending  push /checkout  waits for nav.settle("payment", ...)": also printed alone when a line
    /// typed at the prompt was held by a guard (the state itself did not change).
    package func line(for pending: NavigationSnapshot.Pending) -> String {
        "\(style.yellow("pending"))  \(pending.operation) \(esc(pending.path))  " + style.dim("waits for nav.settle(\"\(esc(pending.key))\", ...)")
    }

    private func alertLine(_ alert: NavigationSnapshot.Alert) -> String {
        var text = "\(style.yellow(alert.style))  \(esc(alert.title))"
        if let message = alert.message, !message.isEmpty { text += " — \(esc(message))" }
        if !alert.buttons.isEmpty { text += " " + alert.buttons.map { "[\(esc($0))]" }.joined(separator: " ") }
        // Which button a dismissal chooses, so `:dismiss` holds no surprise.
        text += "  " + style.dim(alert.cancel.map { ":dismiss chooses [\(esc($0))]" } ?? ":choose a button (no Cancel to dismiss with)")
        return text
    }

    /// Paths, names, titles and labels are the script's (or a restored document's): escaped.
    private func esc(_ text: String) -> String { TerminalText.escaped(text) }
}

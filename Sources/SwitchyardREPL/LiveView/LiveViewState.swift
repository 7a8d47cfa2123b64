import SwitchyardTools
import FoundationEssentials
import Switchyard
import SwitchyardLua

/// The state message the live view's page draws: what a phone would show (each environment a
/// column of cards, modals, the alert, the tab bar, the top card's title, text and links), the
/// timeline, the last action's chain, broken invariants, a pending navigation, and which map nodes
/// to highlight. Everything a script supplied travels as JSON strings; the page sets them as text.
///
///     LiveViewState.json(host, nodes: ["/": "r0"], sequence: 1, move: nil)   // {"type":"state",...}
enum LiveViewState {
    struct Card: Encodable {
        let path: String
        let title: String?
        let node: String?
        /// How a modal is shown ("move-top, spring, top"); nil for other screens.
        var style: String? = nil
    }

    struct Tab: Encodable {
        let name: String
        let selected: Bool
    }

    struct Environment: Encodable {
        let kind: String
        let stack: [Card]
        let tabs: [Tab]
        let detents: [String]
        let detent: String?
        let dragIndicator: Bool
    }

    struct AlertBox: Encodable {
        let title: String
        let message: String?
        let buttons: [String]
        let cancel: String?
        let style: String
    }

    struct Top: Encodable {
        let path: String
        let title: String?
        let view: String?
        let links: [String]
        let presentation: String?
        /// The records the top screen's route matched, outer first, when it is in a layout ("layout
        /// /news (news)", ..., "/news/:id"); absent otherwise (issue 33).
        let matched: [String]?
    }

    struct Pending: Encodable {
        let key: String
        let operation: String
        let path: String
    }

    struct Move: Encodable {
        let line: String
        let error: String?
    }

    struct Message: Encodable {
        var type = "state"
        let sequence: Int
        let screen: Top
        let environments: [Environment]
        let modals: [Card]
        let alert: AlertBox?
        let timeline: [String]
        let timelineIndex: Int
        let canBack: Bool
        let canForward: Bool
        let operation: String?
        let chain: [String]
        let warnings: [String]
        let pending: Pending?
        let current: String?
        let onStacks: [String]
        let move: Move?
    }

    /// "layout /news (news)", then the route's pattern: nil for a screen whose route is in no layout.
    private static func matchedChain(of screen: Screen) -> [String]? {
        let layouts = screen.parameters.layouts
        guard !layouts.isEmpty, let pattern = screen.pattern else { return nil }
        return layouts.map(\.label) + [pattern]
    }

    static func json(_ host: ScriptHost, nodes: [String: String], sequence: Int, move: (line: String, error: String?)?) -> String {
        let runtime = host.runtime
        let navigator = runtime.navigator
        func card(_ screen: Screen) -> Card {
            Card(path: screen.location, title: screen.title, node: node(screen))
        }
        func node(_ screen: Screen) -> String? {
            screen.pattern.flatMap { nodes[$0] } ?? (screen.pattern == nil ? nodes["(not found)"] : nil)
        }
        let environments = navigator.state.environments.map { environment in
            Environment(kind: environment.kind.rawValue, stack: environment.stack.map(card),
                        tabs: environment.tabs.enumerated().map { Tab(name: $0.element, selected: $0.offset == environment.selectedTab) },
                        detents: environment.detents?.available ?? [], detent: environment.detents?.selected,
                        dragIndicator: environment.detents?.showsDragIndicator ?? false)
        }
        let shown = ScreenSnapshot(navigator)
        let alert = navigator.alert.map {
            AlertBox(title: $0.title, message: $0.message, buttons: $0.labels, cancel: $0.cancelButton?.label, style: $0.style.rawValue)
        }
        let violations = runtime.invariants.isEmpty ? []
            : ((try? host.interruptible { () throws(LuaError) in runtime.checkInvariants() }) ?? [])
        let onStacks = navigator.state.environments.flatMap { $0.stack.compactMap(node) } + navigator.modals.compactMap(node)
        let current = navigator.modals.last.flatMap(node) ?? node(navigator.screen)
        let message = Message(
            sequence: sequence,
            screen: Top(path: shown.path, title: shown.title, view: shown.view, links: shown.links, presentation: shown.presentation,
                        matched: matchedChain(of: navigator.screen)),
            environments: environments,
            modals: navigator.modals.map { modal in
                Card(path: modal.location, title: modal.title, node: node(modal), style: modal.modalStyleText)
            },
            alert: alert,
            timeline: navigator.history.map(\.location),
            timelineIndex: navigator.historyIndex,
            canBack: navigator.canBack,
            canForward: navigator.historyIndex < navigator.history.count - 1,
            operation: navigator.lastAction.map { "\($0.operation)" },
            chain: navigator.lastAction?.chain.map { $0.text(runtime.routeTable) } ?? [],
            warnings: violations.map { violation in "\(violation)" + (violation.site.map { " (declared at \($0))" } ?? "") },
            pending: navigator.pendingNavigation.map { Pending(key: $0.key, operation: $0.operation.rawValue, path: $0.path) },
            current: current,
            onStacks: onStacks,
            move: move.map { Move(line: $0.line, error: $0.error) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(message) else { return #"{"type":"error","message":"the state could not be encoded"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}

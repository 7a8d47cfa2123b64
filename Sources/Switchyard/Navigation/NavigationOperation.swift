/// The operations of the navigator, named as the Lua API names them (`nav.pop_to` → `.popTo`, raw
/// value "pop_to"). Timeline entries and change events carry one.
///
///     navigator.observe(only: [.push, .popTo]) { event in print(event.operation.rawValue) }
public enum NavigationOperation: String, Codable, Sendable, CaseIterable {
    case start, reset, restore
    case go, push, sheet, cover, open
    case pop, popTo = "pop_to", popToRoot = "pop_to_root"
    case dismiss, dismissEnvironment = "dismiss_environment", dismissAll = "dismiss_all"
    case back, forward, tab
    case startFlow = "start_flow", next, nextOrDismiss = "next_or_dismiss", cancelFlow = "cancel_flow"
    case alert, choose, dismissAlert = "dismiss_alert"
    case modal, dismissModal = "dismiss_modal"
}

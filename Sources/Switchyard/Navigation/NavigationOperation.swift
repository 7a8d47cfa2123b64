/// The operations of the navigator, named as the Lua API names them (`nav.pop_to` → `.popTo`, raw
/// value "pop_to"). Timeline entries and change events carry one. `package`: the tools switch over
/// it; a host reads an event's operation by name (`NavigationEvent.name`).
///
///     navigator.observe(only: [.push, .popTo]) { event in print(event.operation.rawValue) }
package enum NavigationOperation: String, Codable, Sendable, CaseIterable {
    case start, reset, restore
    case go, push, pushStack = "push_stack", sheet, cover, browser, open
    case pop, popTo = "pop_to", popToRoot = "pop_to_root", up
    case dismiss, dismissEnvironment = "dismiss_environment", dismissAll = "dismiss_all", setDetent = "set_detent"
    case back, forward, tab
    case startFlow = "start_flow", next, nextOrDismiss = "next_or_dismiss", cancelFlow = "cancel_flow"
    case alert, choose, dismissAlert = "dismiss_alert"
    case modal, dismissModal = "dismiss_modal"
    /// `nav.revalidate()`: the guards of the screens already shown asked again.
    case revalidate
    /// What is in flight while `preview` lands a screen: it records nothing and no observer hears it.
    case preview

    /// The operations an observer can hear (all but `start` and `preview`).
    package static var observable: [NavigationOperation] { allCases.filter { $0 != .start && $0 != .preview } }
}

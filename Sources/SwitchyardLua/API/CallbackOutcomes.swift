import Switchyard

/// What the scenario toolkit's coverage (`switchyard test --coverage`, in SwitchyardTesting) hears
/// from this target: the guard decisions and validator outcomes of the Lua route callbacks, and the
/// flow `nav.start_flow` is starting. Only the toolkit implements it.
package protocol CallbackOutcomeRecorder: AnyObject {
    func guardDecided(_ decision: GuardDecision, site: String?, pattern: String)
    func validated(accepted: Bool, site: String?, pattern: String)
    /// A route's `action` ran (after the navigation that landed its route committed).
    func actionRan(site: String?, pattern: String)
    /// The flow being started while `nav.start_flow(name)` runs (its event does not name it).
    var startingFlow: String? { get set }
}

/// The one place a runtime's route callbacks find the recorder: each callback holds this box, made
/// with the runtime, so a recorder set later (before a test run) is heard by routes declared earlier.
/// With no recorder, a callback pays one nil check after its Lua call.
package final class CallbackOutcomes {
    package var recorder: (any CallbackOutcomeRecorder)?

    package init() {}
}

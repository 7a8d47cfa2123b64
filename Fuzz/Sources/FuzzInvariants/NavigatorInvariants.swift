@testable import Switchyard

/// What every navigator state must satisfy (docs/navigation.md), whatever was done to it: the location is the top
/// screen of the top environment, the timeline is within its bound with a valid cursor, screen ids are
/// unique in each state, and no operation is left in flight (which would refuse every later one).
///
///     NavigatorInvariants.check(navigator, context: "after restore")
public enum NavigatorInvariants {
    public static func check(_ navigator: Navigator, context: @autoclosure () -> String) {
        let state = navigator.state
        guard let top = state.environments.last, let topScreen = top.stack.last else {
            return invariant(false, "\(context()): a state without a top screen")
        }
        invariant(state.environments.first?.kind == .root && !state.environments.dropFirst().contains { $0.kind == .root },
                  "\(context()): environments \(state.environments.map(\.kind))")
        invariant(navigator.screen.id == topScreen.id && navigator.path == topScreen.path,
                  "\(context()): the location \(navigator.path) is not the top of the top environment (\(topScreen.path))")
        let history = navigator.history
        invariant(history.count <= navigator.timelineLimit,
                  "\(context()): \(history.count) timeline entries over the bound \(navigator.timelineLimit)")
        invariant(history.indices.contains(navigator.historyIndex), "\(context()): history index \(navigator.historyIndex) of \(history.count)")
        invariant(history[navigator.historyIndex].state == state, "\(context()): the current state is not the timeline's current entry")
        for entry in history {
            let ids = entry.state.environments.flatMap { $0.tabStacks.joined().map(\.id) } + entry.state.modals.map(\.id)
            invariant(Set(ids).count == ids.count, "\(context()): screen ids repeat within one state: \(ids)")
        }
    }

    /// An error that says an operation is still in flight after the call that started it returned.
    public static func isLeftInFlight(_ error: any Error) -> Bool {
        switch (error as? NavigationError)?.reason {
        case .reentrant?, .busy?: true
        default: false
        }
    }
}

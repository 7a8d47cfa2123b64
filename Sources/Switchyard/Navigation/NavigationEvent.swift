/// A change of state, delivered to observers after the operation applied. `from` and `to` are the
/// top screens before and after (equal for alert and modal operations); the full state is
/// `navigator.state`.
///
///     let token = navigator.observe { event in print("\(event.operation.rawValue): \(event.from.path) → \(event.to.path)") }
public struct NavigationEvent {
    public let operation: NavigationOperation
    public let from: Screen
    public let to: Screen
}

/// Keeps an observer registered until `cancel()` (dropping the token does not cancel, so a Lua
/// handle may be collected without silencing its handler).
///
///     let token = navigator.observe { _ in redraw() }
///     token.cancel()
public final class ObservationToken {
    private weak var navigator: Navigator?
    let key: Int

    init(navigator: Navigator, key: Int) {
        self.navigator = navigator
        self.key = key
    }

    /// Stops delivery. Cancelling twice, or after the navigator is gone, does nothing.
    public func cancel() { navigator?.removeObserver(key) }

    /// False once cancelled.
    public var isActive: Bool { navigator?.hasObserver(key) ?? false }
}

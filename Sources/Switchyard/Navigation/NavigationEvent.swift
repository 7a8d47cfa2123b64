/// A change of state, delivered to observers after the operation applied. `from` and `to` are the
/// top screens before and after (equal for alert and modal operations); the navigator says the rest
/// (`navigator.stack`, `navigator.environments`).
///
///     let token = navigator.observe { event in print("\(event.name): \(event.from.path) → \(event.to.path)") }
public struct NavigationEvent: Sendable {
    /// The operation that made the change, by the name the Lua API gives it: "push", "pop_to",
    /// "sheet", "dismiss", "back", "start_flow", "alert"... (`nav.on(name, fn)` takes the same names).
    ///
    ///     navigator.observe { event in if event.name == "push" { print(event.to.path) } }
    public var name: String { operation.rawValue }
    /// The operation that made the change, for the tools that switch over every kind.
    package let operation: NavigationOperation
    /// The screen on top before the change.
    ///
    ///     navigator.observe { event in print(event.from.path, "→", event.to.path) }
    public let from: Screen
    /// The screen on top after the change.
    ///
    ///     navigator.observe { event in print(event.to.title ?? "untitled") }
    public let to: Screen
    /// How it went beyond matching paths: each redirect, guard answer and leave answer, in order
    /// (empty when nothing sent it elsewhere). `ChainStep.text` says each for a person.
    package var chain: [ChainStep] = []

    /// Whether the move went deeper into the map, back up it, or across (SwiftUI Router's
    /// `NavigationAction.direction`), from the two paths.
    package var direction: NavigationDirection { NavigationDirection(from: from.path, to: to.path) }
}

/// Which way a move went, segment by segment: `/` → `/news` → `/news/latest` is deeper, the reverse
/// higher, and anything else (`/news` → `/settings`, or staying at one path) sideways.
///
///     NavigationDirection(from: "/news", to: "/news/latest") == .deeper
package enum NavigationDirection: String, Sendable, CaseIterable {
    case deeper, higher, sideways

    public init(from old: String, to new: String) {
        let before = old.split(separator: "/"), after = new.split(separator: "/")
        if after.count > before.count && after.starts(with: before) {
            self = .deeper
        } else if before.count > after.count && before.starts(with: after) {
            self = .higher
        } else {
            self = .sideways
        }
    }
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
    ///
    ///     let token = navigator.observe { _ in };  token.cancel()
    public func cancel() { navigator?.removeObserver(key) }

    /// False once cancelled.
    package var isActive: Bool { navigator?.hasObserver(key) ?? false }
}

/// What a route's guard says about a landing.
///
///     RouteDefinition(guard: { info in loggedIn ? .allow : .redirect("/login?next=\(info.path)") })
public enum GuardDecision: Equatable, Sendable {
    /// Land as asked.
    case allow
    /// Refuse: the whole operation fails with a `NavigationError` (code "blocked") and nothing changes.
    case block
    /// Land on this path instead (relative paths resolve against the guarded path).
    case redirect(String)
    /// Wait: the operation changes nothing yet and becomes the navigator's `pendingNavigation` under
    /// this key, until `settle(key, with:)` gives the real answer (a guard that must ask a server).
    case pending(String)
}

/// What a route's guard says about a landing.
///
///     RouteDefinition(guard: { info in loggedIn ? .allow : .redirect("/login?next=\(info.path)") })
public enum GuardDecision: Equatable, Sendable {
    /// Land as asked.
    case allow
    /// Refuse: the whole operation fails with `NavigationError.blocked` and nothing changes.
    case block
    /// Land on this path instead (relative paths resolve against the guarded path).
    case redirect(String)
}

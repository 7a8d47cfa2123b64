/// One step of how a navigation went, beyond matching its path: a route's redirect rule, a guard's
/// answer, a leave guard's answer. A change's steps are `NavigationEvent.chain`, in the order they
/// happened; a landing on a route with none of these has no steps.
///
/// Steps are recorded as plain values (a route id and the paths), never as text: a navigation that
/// sends nobody elsewhere records nothing, and the text is made only when someone reads it.
///
///     try navigator.push("/account")   // its guard answers "/login?next=%2Faccount"
///     navigator.lastAction?.chain      // [.guarded(route: account, path: "/account", .redirect("/login?next=%2Faccount"))]
package enum ChainStep: Equatable, Sendable {
    /// The validator of a candidate route accepted `path` or rejected it (with `mismatch()`'s reason,
    /// if it gave one); after a rejection the next candidate was tried.
    case validated(route: RouteID, path: String, accepted: Bool, reason: String?)
    /// The route's `redirect` rule sent `path` to `to` (nil route: the not-found route's).
    case redirected(route: RouteID?, path: String, to: String)
    /// The route's guard answered this for `path` (nil route: the not-found route's guard).
    case guarded(route: RouteID?, path: String, GuardDecision)
    /// A global `before` hook (declared at `site`) answered this for `path`; only an answer that
    /// is not "allow" joins the chain (every landing asks the hooks).
    case hooked(site: String?, path: String, GuardDecision)
    /// The leave guard of the screen at `path` (of `route`) allowed it to go, or refused.
    case left(route: RouteID?, path: String, allowed: Bool)
    /// The operation moved away from the screen an alert was over, and the alert went with it
    /// without any of its buttons running (a script's navigation; a person cannot tap behind one).
    case droppedAlert(title: String)

    /// Whether the step sent the landing somewhere other than asked.
    public var redirects: Bool {
        switch self {
        case .redirected: true
        case .guarded(_, _, .redirect): true
        case .hooked(_, _, .redirect): true
        default: false
        }
    }

    /// The step for a person, naming the route and where it was declared:
    /// "guard at app.lua:31 redirected /account → /login?next=%2Faccount".
    public func text<Payload>(_ routes: RouteTable<Payload>) -> String {
        switch self {
        case let .validated(route, path, accepted, reason):
            "\(Self.subject("validator", route, routes)) " + (accepted ? "accepted \(path)"
                : "rejected \(path)" + (reason.map { " (\($0))" } ?? "") + "; the next candidate was tried")
        case let .redirected(route, path, to):
            "\(Self.subject("redirect", route, routes)) sent \(path) → \(to)"
        case let .guarded(route, path, decision):
            switch decision {
            case .allow: "\(Self.subject("guard", route, routes)) allowed \(path)"
            case .block: "\(Self.subject("guard", route, routes)) blocked \(path)"
            case let .redirect(to): "\(Self.subject("guard", route, routes)) redirected \(path) → \(to)"
            case let .pending(key): "\(Self.subject("guard", route, routes)) held \(path) pending \"\(key)\""
            }
        case let .hooked(site, path, decision):
            switch decision {
            case .allow: "\(Self.hookSubject(site)) allowed \(path)"
            case .block: "\(Self.hookSubject(site)) blocked \(path)"
            case let .redirect(to): "\(Self.hookSubject(site)) redirected \(path) → \(to)"
            case let .pending(key): "\(Self.hookSubject(site)) held \(path) pending \"\(key)\""
            }
        case let .left(route, path, allowed):
            "\(Self.subject("leave guard", route, routes)) \(allowed ? "let \(path) go" : "kept \(path)")"
        case let .droppedAlert(title):
            "dismissed the alert '\(title)' without a choice"
        }
    }

    /// "nav.before hook at app.lua:3".
    static func hookSubject(_ site: String?) -> String {
        "nav.before hook" + (site.map { " at " + $0 } ?? "")
    }

    /// "guard at app.lua:31", or "guard of /account" when the declaration site is unknown, or "guard
    /// of the not-found route".
    public static func subject<Payload>(_ what: String, _ route: RouteID?, _ routes: RouteTable<Payload>) -> String {
        guard let route, route.rawValue < routes.count else { return "\(what) of the not-found route" }
        let declared = routes[route]
        if let site = declared.site { return "\(what) at \(site)" }
        return "\(what) of \(declared.pattern.text)"
    }
}

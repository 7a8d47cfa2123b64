import Switchyard

/// One problem `MapCrawl` found in a navigation map: what, how bad, the route it belongs to (its
/// pattern and declaration site) and the path that shows it.
///
///     let report = try MapCrawl(navigator: navigator).run()
///     for finding in report.findings where finding.severity == .error { print(finding.kind, finding.message) }
public struct Finding: Equatable, Sendable {
    public enum Severity: String, Sendable { case error, warning }

    public enum Kind: String, CaseIterable, Sendable {
        /// A link, flow step, tab root or redirect target that lands on not-found or matches no route.
        case deadLink = "dead-link"
        /// A redirect chain that loops or exceeds the limit.
        case redirectLoop = "redirect-loop"
        /// A validator, guard, title, view or links function raised while landing a screen.
        case callbackError = "callback-error"
        /// A title, view, links function or loader raised while landing, and the route's (or the
        /// app's) error screen landed in its place: the app copes, but the callback still raised.
        case caughtError = "caught-error"
        /// A link placeholder the declaring screen has no value for.
        case unfillableLink = "unfillable-link"
        /// A route the crawl never landed (and not declared `entry`).
        case unreachable
        /// A link whose guard blocks from where it is declared.
        case blocked
        /// A route that can never win: better-ranked routes without validators match every path it does.
        case shadowed

        public var severity: Severity {
            switch self {
            case .deadLink, .redirectLoop, .callbackError, .unfillableLink: .error
            case .unreachable, .blocked, .shadowed, .caughtError: .warning
            }
        }
    }

    public let kind: Kind
    public let message: String
    /// The route's pattern; "(not found)" for the not-found route, "flow NAME" for a flow's step,
    /// "(start)" for a start screen no route matches.
    public let route: String
    public let path: String
    /// The declaration site ("app.lua:12") when known.
    public let site: String?
    /// Where the route stands in the report: its rank (the not-found route and flows after every route).
    let order: Int

    public var severity: Severity { kind.severity }

    init(_ kind: Kind, _ message: String, route: String, path: String, site: String?, order: Int) {
        self.kind = kind
        self.message = message
        self.route = route
        self.path = path
        self.site = site
        self.order = order
    }

    /// Report order: by route (rank order), then kind, path and message, so that the same map gives
    /// the same report.
    static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.order != b.order { return a.order < b.order }
        if a.route != b.route { return a.route < b.route }
        let (ka, kb) = (Kind.allCases.firstIndex(of: a.kind)!, Kind.allCases.firstIndex(of: b.kind)!)
        if ka != kb { return ka < kb }
        if a.path != b.path { return a.path < b.path }
        return a.message < b.message
    }
}

/// What a crawl found and how far it went.
public struct MapCrawlReport: Sendable {
    /// In report order (see `Finding`), each once.
    public let findings: [Finding]
    /// Distinct locations landed.
    public let screens: Int
    /// Distinct states (location, environment kinds, next flow step) expanded.
    public let states: Int
    /// Whether `maxScreens` stopped the crawl before it ran out of places to go.
    public let truncated: Bool

    public var errors: Int { findings.count { $0.severity == .error } }
    public var warnings: Int { findings.count { $0.severity == .warning } }
}

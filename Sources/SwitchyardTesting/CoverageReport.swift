import SwitchyardLua

/// The totals of `ScenarioCoverage`: per route its landings and the outcomes its guard and
/// validator gave, per flow the steps that ran, and whether the not-found screen was shown (it is
/// not a route in these totals).
///
/// Outcome coverage counts, for each guarded route, which of allow, block and redirect were seen
/// (a `pending` answer is counted but is not one of the three), and for each validated route which
/// of accept and reject.
///
/// ```swift
/// let report = coverage.report
/// print("\(report.routesLanded) of \(report.routes.count) routes landed")
/// ```
public struct CoverageReport: Sendable, Equatable {
    public enum GuardOutcome: String, Sendable, CaseIterable, Comparable {
        case allow, block, redirect, pending

        /// The outcomes a guarded route is expected to show, for outcome coverage.
        public static let covered: [GuardOutcome] = [.allow, .block, .redirect]

        public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    public enum ValidatorOutcome: String, Sendable, CaseIterable, Comparable {
        case accept, reject

        public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    public struct Route: Sendable, Equatable {
        public var pattern: String
        /// "file:line" of the declaration; nil for a route declared without one (from Swift).
        public var site: String?
        public var landings: Int
        /// Declared links, and how many of them were followed.
        public var links: Int
        public var linksFollowed: Int
        /// nil when the route has no guard (or no validator).
        public var guardOutcomes: [GuardOutcome: Int]?
        public var validatorOutcomes: [ValidatorOutcome: Int]?
        /// How many times a value did not fit the route's typed parameters (issue 33); nil for an
        /// untyped route.
        public var typeRefusals: Int? = nil
        /// Per key of the route's query schema (issue 33), the query values its landings read; nil
        /// for a route without a schema.
        public var queryValues: [String: QueryKeyCoverage]? = nil

        /// How many times the route's `action` ran; nil for a route without one. An action that ran
        /// covers its route as a landing does (an action-only route never lands).
        public var actionsRun: Int? = nil

        var covered: Bool { landings > 0 || (actionsRun ?? 0) > 0 }

        /// Declaration-site order: by file, then by line as a number ("app.lua:9" before "app.lua:10").
        static func precedes(_ a: Route, _ b: Route) -> Bool {
            let (fileA, lineA) = split(a.site), (fileB, lineB) = split(b.site)
            return (fileA, lineA, a.pattern) < (fileB, lineB, b.pattern)
        }

        private static func split(_ site: String?) -> (String, Int) {
            guard let site, let colon = site.lastIndex(of: ":"), let line = Int(site[site.index(after: colon)...]) else {
                return (site ?? "", 0)
            }
            return (String(site[..<colon]), line)
        }
    }

    /// One query key's landings: how many gave it a value, how many read its default, and for an
    /// enumeration how many read each word (every word listed, so an unseen one shows as 0).
    public struct QueryKeyCoverage: Sendable, Equatable {
        public var given = 0
        public var defaulted = 0
        public var words: [String: Int]?
    }

    public struct Flow: Sendable, Equatable {
        public var name: String
        public var steps: Int
        public var ran: Int
    }

    /// A layout (issue 33) and how many screens were landed inside it.
    public struct Layout: Sendable, Equatable {
        /// "layout /news (news)"
        public var label: String
        public var site: String?
        public var landings: Int
    }

    public var routes: [Route]
    public var flows: [Flow]
    /// How many times the not-found screen was landed.
    public var notFoundShown: Int
    /// The declared layouts in declaration-site order; empty when the app has none.
    public var layouts: [Layout] = []
    public var layoutsLandedIn: Int { layouts.count { $0.landings > 0 } }

    /// How many times an error screen landed in place of a route whose callback raised.
    public var errorScreensShown: Int

    public init(routes: [Route], flows: [Flow], notFoundShown: Int, errorScreensShown: Int = 0) {
        self.routes = routes
        self.flows = flows
        self.notFoundShown = notFoundShown
        self.errorScreensShown = errorScreensShown
    }

    public var routesLanded: Int { routes.count(where: \.covered) }
    public var uncovered: [Route] { routes.filter { !$0.covered } }

    public var links: Int { routes.reduce(0) { $0 + $1.links } }
    public var linksFollowed: Int { routes.reduce(0) { $0 + $1.linksFollowed } }

    public var guarded: Int { routes.count { $0.guardOutcomes != nil } }
    public var guardOutcomesTotal: Int { guarded * GuardOutcome.covered.count }
    public var guardOutcomesSeen: Int { seen(GuardOutcome.covered, in: \.guardOutcomes) }
    /// All guarded routes' outcomes added up, pending included.
    public var guardOutcomeCounts: [GuardOutcome: Int] { summed(\.guardOutcomes) }

    public var validated: Int { routes.count { $0.validatorOutcomes != nil } }
    public var validatorOutcomesTotal: Int { validated * ValidatorOutcome.allCases.count }
    public var validatorOutcomesSeen: Int { seen(ValidatorOutcome.allCases, in: \.validatorOutcomes) }
    public var validatorOutcomeCounts: [ValidatorOutcome: Int] { summed(\.validatorOutcomes) }

    /// Over all routes, how many of `outcomes` each one showed at least once.
    private func seen<Outcome>(_ outcomes: [Outcome], in counts: KeyPath<Route, [Outcome: Int]?>) -> Int {
        routes.reduce(0) { sum, route in sum + outcomes.count { (route[keyPath: counts]?[$0] ?? 0) > 0 } }
    }

    /// Every route's counts added up, outcome by outcome.
    private func summed<Outcome>(_ counts: KeyPath<Route, [Outcome: Int]?>) -> [Outcome: Int] {
        routes.reduce(into: [:]) { sum, route in
            for (outcome, count) in route[keyPath: counts] ?? [:] { sum[outcome, default: 0] += count }
        }
    }

    public var flowSteps: Int { flows.reduce(0) { $0 + $1.steps } }
    public var flowStepsRan: Int { flows.reduce(0) { $0 + $1.ran } }
}

import SwitchyardLua
import SwitchyardTesting

/// `switchyard test --coverage-json FILE`: the coverage totals as JSON (`SortedJSON`).
///
/// - `routes`: `total` declared, `landed`, `uncovered` (the never-landed patterns, in declaration-site
///   order) and `each` route's `pattern`, `site`, `landings`, `links`, `links_followed`, and its
///   `guard` and `validator` outcome counts (absent when it has none; every outcome named, 0 when
///   unseen).
/// - `links`: `total` declared on routes, `followed` (a declared link counts once however often).
/// - `guards`: `total` routes with a guard; `outcomes_total` (3 per guarded route: allow, block,
///   redirect), `outcomes_seen` (how many of those were seen), `outcomes` (every answer counted,
///   pending included).
/// - `validators`: the same with 2 outcomes per validated route (accept, reject).
/// - `flows`: `total` declared steps, `ran` (each step once), `each` flow's `name`, `steps`, `ran`.
/// - `not_found_shown`: whether the not-found screen was landed (it is not a route in the totals).
/// - `layouts` (only for an app with layouts): each layout's `label`, `site` and `landings` (screens
///   landed inside it).
///
///     {"flows":{"each":[],"ran":0,"total":0},"guards":{"outcomes":{"allow":1,"block":1,"pending":0,
///      "redirect":0},"outcomes_seen":2,"outcomes_total":3,"total":1},"links":{"followed":1,"total":2},
///      "not_found_shown":false,"routes":{"each":[...],"landed":3,"total":4,"uncovered":["/settings"]},
///      "validators":{...}}
package struct CoverageJSON: Sendable {
    private struct RouteEntry: Encodable {
        var pattern: String
        var site: String?
        var landings: Int
        var links: Int
        var links_followed: Int
        var `guard`: [String: Int]?
        var validator: [String: Int]?
        /// Values the route's typed parameters refused (issue 33); absent for an untyped route.
        var type_refusals: Int?
        /// Per key of the route's query schema (issue 33): values given, defaults read, each word read.
        var query: [String: QueryKey]?
    }

    private struct QueryKey: Encodable {
        var given: Int
        var defaulted: Int
        var words: [String: Int]?
    }

    private struct Routes: Encodable {
        var total: Int
        var landed: Int
        var uncovered: [String]
        var each: [RouteEntry]
    }

    private struct Links: Encodable {
        var total: Int
        var followed: Int
    }

    private struct Outcomes: Encodable {
        var total: Int
        var outcomes_total: Int
        var outcomes_seen: Int
        var outcomes: [String: Int]
    }

    private struct FlowEntry: Encodable {
        var name: String
        var steps: Int
        var ran: Int
    }

    private struct Flows: Encodable {
        var total: Int
        var ran: Int
        var each: [FlowEntry]
    }

    private struct LayoutEntry: Encodable {
        var label: String
        var site: String?
        var landings: Int
    }

    private struct Document: Encodable {
        var routes: Routes
        var links: Links
        var guards: Outcomes
        var validators: Outcomes
        var flows: Flows
        var not_found_shown: Bool
        /// Absent for an app without layouts (issue 33).
        var layouts: [LayoutEntry]?
    }

    init() {}

    package func document(for report: CoverageReport) -> String {
        let document = Document(
            routes: Routes(total: report.routes.count, landed: report.routesLanded, uncovered: report.uncovered.map(\.pattern),
                           each: report.routes.map { route in
                               RouteEntry(pattern: route.pattern, site: route.site, landings: route.landings,
                                          links: route.links, links_followed: route.linksFollowed,
                                          guard: route.guardOutcomes.map(Self.named), validator: route.validatorOutcomes.map(Self.named),
                                          type_refusals: route.typeRefusals,
                                          query: route.queryValues?.mapValues { QueryKey(given: $0.given, defaulted: $0.defaulted, words: $0.words) })
                           }),
            links: Links(total: report.links, followed: report.linksFollowed),
            guards: Outcomes(total: report.guarded, outcomes_total: report.guardOutcomesTotal,
                             outcomes_seen: report.guardOutcomesSeen, outcomes: Self.named(report.guardOutcomeCounts)),
            validators: Outcomes(total: report.validated, outcomes_total: report.validatorOutcomesTotal,
                                 outcomes_seen: report.validatorOutcomesSeen, outcomes: Self.named(report.validatorOutcomeCounts)),
            flows: Flows(total: report.flowSteps, ran: report.flowStepsRan,
                         each: report.flows.map { FlowEntry(name: $0.name, steps: $0.steps, ran: $0.ran) }),
            not_found_shown: report.notFoundShown > 0,
            layouts: report.layouts.isEmpty ? nil
                : report.layouts.map { LayoutEntry(label: $0.label, site: $0.site, landings: $0.landings) })
        return SortedJSON.text(of: document)
    }

    /// Every outcome named, those never seen as 0: a reader need not know which keys may be missing.
    private static func named<Outcome: RawRepresentable<String> & CaseIterable>(_ counts: [Outcome: Int]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: Outcome.allCases.map { ($0.rawValue, counts[$0] ?? 0) })
    }
}

import Switchyard
import SwitchyardLua

/// What `switchyard test --coverage` records while scenarios run: landings per route, declared links
/// followed, flow steps run, guard and validator outcomes, and the not-found screen shown. One
/// recorder serves a whole run (every file's runtime is handed the same one), so it sums over files.
///
/// Routes are keyed by declaration site and pattern: two apps' "/" (declared in two app.lua files)
/// stay two routes, while two spec files loading the same app.lua share its routes.
///
/// Nothing here is on the navigator's landing path: landings are heard as a navigator observer, and
/// guard and validator outcomes from the Lua callbacks' Swift wrappers (`RouteCallbacks`), which
/// look at the runtime's `CallbackOutcomes` recorder only after their Lua call. With coverage off,
/// none of it runs.
///
/// ```swift
/// let coverage = ScenarioCoverage()
/// runtime.coverage = coverage
/// _ = runtime.runScenarios(files: ["specs/nav_spec.lua"])
/// print(coverage.report.routesLanded, "of", coverage.report.routes.count)
/// ```
public final class ScenarioCoverage: CallbackOutcomeRecorder {
    /// A route as coverage tells routes apart.
    struct RouteKey: Hashable {
        var site: String?
        var pattern: String
    }

    /// A flow as coverage tells flows apart: flows have no declaration site, so two apps' flows of one
    /// name are one flow only when their steps agree.
    struct FlowKey: Hashable {
        var name: String
        var steps: [FlowStep]
    }

    private struct RouteRecord {
        var declared = false
        var links: [String] = []
        var guarded = false
        var validated = false
        var landings = 0
        var followed: Set<Int> = []
        var guardOutcomes: [CoverageReport.GuardOutcome: Int] = [:]
        var validatorOutcomes: [CoverageReport.ValidatorOutcome: Int] = [:]
        var typed = false
        var typeRefusals = 0
        var queryValues: [String: CoverageReport.QueryKeyCoverage]?
        var hasAction = false
        var actionsRun = 0
    }

    private var routes: [RouteKey: RouteRecord] = [:]
    private var flows: [FlowKey: Set<Int>] = [:]
    private var notFoundShown = 0
    /// Screens landed inside each layout, keyed by its label and site (issue 33).
    private var layouts: [LayoutKey: Int] = [:]
    private struct LayoutKey: Hashable {
        var label: String
        var site: String?
    }

    private var errorScreensShown = 0
    /// Patterns as written in `route(...)` to patterns as the table keeps them ("album//:id/" is
    /// "/album/:id"), so outcomes heard from callbacks meet the landings of the same route.
    private var normalized: [String: String] = [:]
    /// The flow `nav.start_flow(name)` is starting, while it runs: the `start_flow` event does not
    /// carry the name.
    package var startingFlow: String?

    public init() {}

    // MARK: Declarations

    /// Adds the routes and flows a runtime declared to the totals (landed or not). Called after each
    /// file's scenarios, when the file has declared everything it will.
    func declare(routes table: RouteTable<RouteDefinition>, flows declared: [String: [FlowStep]]) {
        for route in table.routes {
            let key = key(of: route)
            let definition = table[payloadOf: route.id]
            routes[key, default: RouteRecord()].declared = true
            routes[key]!.links = definition.links
            routes[key]!.guarded = definition.guard != nil
            routes[key]!.validated = route.hasValidator
            routes[key]!.typed = route.parameterTypes != nil
            if let schema = route.querySchema, routes[key]!.queryValues == nil {
                routes[key]!.queryValues = Self.emptyQueryValues(schema)
            }
            for layout in route.layouts {
                let key = LayoutKey(label: layout.label, site: tidy(layout.site))
                if layouts[key] == nil { layouts[key] = 0 }
            }
            routes[key]!.hasAction = definition.action != nil
        }
        for (name, steps) in declared {
            let key = FlowKey(name: name, steps: steps)
            if flows[key] == nil { flows[key] = [] }
        }
    }

    // MARK: Callback outcomes

    package func guardDecided(_ decision: GuardDecision, site: String?, pattern: String) {
        let outcome: CoverageReport.GuardOutcome
        switch decision {
        case .allow: outcome = .allow
        case .block: outcome = .block
        case .redirect: outcome = .redirect
        case .pending: outcome = .pending
        }
        routes[key(site: site, pattern: pattern), default: RouteRecord()].guardOutcomes[outcome, default: 0] += 1
    }

    package func validated(accepted: Bool, site: String?, pattern: String) {
        routes[key(site: site, pattern: pattern), default: RouteRecord()]
            .validatorOutcomes[accepted ? .accept : .reject, default: 0] += 1
    }

    package func actionRan(site: String?, pattern: String) {
        routes[key(site: site, pattern: pattern), default: RouteRecord()].actionsRun += 1
    }

    /// A value the route's typed parameters refused (issue 33): the path went on to the next candidate.
    func typeRefused(_ route: Route<RouteDefinition>) {
        routes[key(of: route), default: RouteRecord()].typeRefusals += 1
    }

    /// Every declared key at zero, an enumeration's words listed.
    private static func emptyQueryValues(_ schema: QuerySchema) -> [String: CoverageReport.QueryKeyCoverage] {
        var values: [String: CoverageReport.QueryKeyCoverage] = [:]
        for entry in schema.entries {
            var key = CoverageReport.QueryKeyCoverage()
            if case .oneOf(let words)? = entry.type { key.words = Dictionary(words.map { ($0, 0) }) { first, _ in first } }
            values[entry.key] = key
        }
        return values
    }

    /// The declared query values a landed screen read (issue 33): given or filled in by a default.
    private func countQuery(of screen: Screen, route: Route<RouteDefinition>, key: RouteKey) {
        guard let schema = route.querySchema else { return }
        var values = routes[key, default: RouteRecord()].queryValues ?? Self.emptyQueryValues(schema)
        for entry in schema.entries {
            let given = screen.query[entry.key]
            guard let read = given ?? entry.defaultValue else { continue }
            if given != nil { values[entry.key]?.given += 1 } else { values[entry.key]?.defaulted += 1 }
            if values[entry.key]?.words?[read] != nil { values[entry.key]?.words?[read]! += 1 }
        }
        routes[key]!.queryValues = values
    }

    private func key(site: String?, pattern: String) -> RouteKey {
        if let text = normalized[pattern] { return RouteKey(site: tidy(site), pattern: text) }
        let text = (try? Pattern(pattern).text) ?? pattern
        normalized[pattern] = text
        return RouteKey(site: tidy(site), pattern: text)
    }

    private func key(of route: Route<RouteDefinition>) -> RouteKey {
        RouteKey(site: tidy(route.site), pattern: route.pattern.text)
    }

    /// Sites with their "dir/.." steps taken ("specs/../app.lua:3" is "app.lua:3"): a spec
    /// `require`s its app through its own folder, and two folders' specs loading one app.lua must
    /// meet at one route.
    private var tidied: [String: String] = [:]

    private func tidy(_ site: String?) -> String? {
        guard let site, site.contains("..") else { return site }
        if let done = tidied[site] { return done }
        let done = ScriptFile.tidied(site)
        tidied[site] = done
        return done
    }

    // MARK: Landings

    /// What the recorder remembers of one navigator between its events.
    private final class Watch {
        /// The highest screen id seen: ids only grow, so a screen above it was landed since.
        var lastID = -1
        var queue: [FlowStep] = []
        /// Flows started on this navigator, latest first: a step two flows share is the latest's.
        var started: [String] = []
        /// Each route's key, made once per navigator rather than once per landing.
        var keys: [RouteID: RouteKey] = [:]
    }

    /// Records what `navigator` shows now, then hears its changes until `token.cancel()` (a fresh
    /// navigator per test need not cancel: it goes with its observer).
    @discardableResult
    func watch(_ navigator: Navigator) -> ObservationToken {
        let watch = Watch()
        landings(on: navigator, operation: .start, watch)
        watch.queue = navigator.queue
        return navigator.observe { [unowned navigator, self] event in
            self.heard(event, on: navigator, watch)
        }
    }

    private func heard(_ event: NavigationEvent, on navigator: Navigator, _ watch: Watch) {
        // A start screen re-landed while a file declares its routes (or tabs) is not a screen the
        // tests showed: each test's own start screen is counted on its fresh navigator.
        if event.operation == .start {
            watch.lastID = max(watch.lastID, navigator.state.environments.flatMap { $0.tabStacks.joined() }.map(\.id).max() ?? -1)
            return
        }
        // Only a change whose top screen is new, or that shows a modal over the same top, can have
        // landed anything: pops, dismissals, back and forward, tabs and alerts are not looked through.
        if event.to.id > watch.lastID {
            let from = event.from
            landings(on: navigator, operation: event.operation, watch)
            followed(from: from, to: event.to, on: navigator, watch)
        } else if event.operation == .modal {
            landings(on: navigator, operation: event.operation, watch)
        }
        guard !navigator.flows.isEmpty else { return }
        stepsRan(event.operation, on: navigator, watch)
        watch.queue = navigator.queue
    }

    /// The screens landed since the last event: a push lands one, a deep link or `push_stack` a
    /// stack of them, a sheet its own. Any screen may be new after a reset or restore; otherwise only
    /// the top environment's selected stack and the modals can hold new ones. A screen of no route
    /// is the not-found screen, except the start screens a reset or a restore puts down without a
    /// route (bare) and browser pages (their path is a URL).
    private func landings(on navigator: Navigator, operation: NavigationOperation, _ watch: Watch) {
        let state = navigator.state
        let lastID = watch.lastID
        var newest = lastID
        func look(_ screens: [Screen]) {
            for screen in screens where screen.id > lastID {
                landed(screen, on: navigator, operation, watch)
                newest = max(newest, screen.id)
            }
        }
        if [.start, .reset, .restore].contains(operation) {
            for environment in state.environments { environment.tabStacks.forEach(look) }
        } else {
            look(navigator.stack)
        }
        look(state.modals)
        watch.lastID = newest
    }

    private func landed(_ screen: Screen, on navigator: Navigator, _ operation: NavigationOperation, _ watch: Watch) {
        // An error screen landed in place of its route: the route's own screen never showed.
        if screen.failure != nil {
            errorScreensShown += 1
        } else if let id = screen.route {
            let key = key(of: id, on: navigator, watch)
            routes[key, default: RouteRecord()].landings += 1
            countQuery(of: screen, route: navigator.routes[id], key: key)
            for layout in screen.parameters.layouts {
                layouts[LayoutKey(label: layout.label, site: tidy(layout.site)), default: 0] += 1
            }
        } else if ![.start, .reset, .restore].contains(operation), screen.path.hasPrefix("/") {
            notFoundShown += 1
        }
    }

    private func key(of id: RouteID, on navigator: Navigator, _ watch: Watch) -> RouteKey {
        if let key = watch.keys[id] { return key }
        let key = key(of: navigator.routes[id])
        watch.keys[id] = key
        return key
    }

    /// A move from a screen of a route to a screen one of the route's links leads to, filled with the
    /// first screen's parameters (`Navigator.links(of:)`).
    private func followed(from: Screen, to: Screen, on navigator: Navigator, _ watch: Watch) {
        guard let id = from.route, !navigator.routes[payloadOf: id].links.isEmpty else { return }
        let key = key(of: id, on: navigator, watch)
        for (index, link) in navigator.links(of: from).enumerated() where Self.link(link, from: from.path, leadsTo: to.path) {
            routes[key, default: RouteRecord()].followed.insert(index)
        }
    }

    /// Whether a filled link reaches `path`: segment by segment, a placeholder the screen could not
    /// fill (":name") matching any one segment and a splat ("*") the rest. Query and fragment are not
    /// compared (a link names a place, not its state).
    static func link(_ link: String, from current: String, leadsTo path: String) -> Bool {
        let place = link.prefix { $0 != "?" && $0 != "#" }
        let wanted = PathResolver.resolve(String(place), against: current).split(separator: "/")
        let actual = path.split(separator: "/")
        for (offset, segment) in wanted.enumerated() {
            if segment.hasPrefix("*") { return true }
            guard offset < actual.count else { return false }
            if segment.hasPrefix(":") { continue }
            if segment != actual[offset] { return false }
        }
        return wanted.count == actual.count
    }

    /// The flow step an event ran: the first of a named flow started by `nav.start_flow(name)`, or
    /// the queued step `next` (or `next_or_dismiss`) took. A queued step is credited to the flow
    /// whose remaining steps the queue started with, the latest started first: the same path at two
    /// places of one flow is told apart by what follows it.
    private func stepsRan(_ operation: NavigationOperation, on navigator: Navigator, _ watch: Watch) {
        switch operation {
        case .startFlow:
            guard let name = startingFlow, let steps = navigator.flows[name] else { return }
            watch.started.removeAll { $0 == name }
            watch.started.insert(name, at: 0)
            flows[FlowKey(name: name, steps: steps), default: []].insert(0)
        case .next, .nextOrDismiss:
            let queue = watch.queue
            guard !queue.isEmpty, navigator.queue.count < queue.count else { return }   // a dismissal, not a step
            let names = watch.started + navigator.flows.keys.sorted().filter { !watch.started.contains($0) }
            for name in names {
                guard let steps = navigator.flows[name] else { continue }
                if let index = (1..<max(steps.count, 1)).first(where: { queue.starts(with: steps[$0...]) }) {
                    flows[FlowKey(name: name, steps: steps), default: []].insert(index)
                    return
                }
            }
        default:
            return
        }
    }

    // MARK: Reading

    /// The totals so far, routes in declaration-site order (file, then line), flows by name.
    public var report: CoverageReport {
        let routeEntries = routes.filter(\.value.declared).map { key, record in
            CoverageReport.Route(
                pattern: key.pattern, site: key.site, landings: record.landings,
                links: record.links.count, linksFollowed: record.followed.count,
                guardOutcomes: record.guarded ? record.guardOutcomes : nil,
                validatorOutcomes: record.validated ? record.validatorOutcomes : nil,
                typeRefusals: record.typed ? record.typeRefusals : nil, queryValues: record.queryValues,
                actionsRun: record.hasAction ? record.actionsRun : nil)
        }
        let flowEntries = flows.map { key, ran in
            CoverageReport.Flow(name: key.name, steps: key.steps.count, ran: ran.count)
        }
        var report = CoverageReport(routes: routeEntries.sorted(by: CoverageReport.Route.precedes),
                                    flows: flowEntries.sorted { ($0.name, $0.steps) < ($1.name, $1.steps) },
                                    notFoundShown: notFoundShown, errorScreensShown: errorScreensShown)
        report.layouts = layouts.map { CoverageReport.Layout(label: $0.key.label, site: $0.key.site, landings: $0.value) }
            .sorted { ($0.site ?? "", $0.label) < ($1.site ?? "", $1.label) }
        return report
    }
}

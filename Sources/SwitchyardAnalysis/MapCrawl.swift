import Switchyard

/// Crawls a navigation map by really navigating: breadth first from the start screen, every tab
/// root, every flow's steps, the not-found screen, the given entries and each route declared
/// `entry`, following declared links, flow steps, redirects and tab switches with the app's own
/// validators, guards and callbacks. Reports what a user would run into (`Finding.Kind`).
///
///     let report = try MapCrawl(navigator: runtime.navigator, entries: ["myapp://album/7"]).run()
///     report.errors == 0   // no dead link, redirect loop, callback error or unfillable link
///
/// A state is the top screen's location, the environment kinds above the root and the next queued
/// flow step: two ways to one such state are crawled once. Each state's moves start from a
/// checkpoint of it, so branches never see each other's navigation. `maxScreens` bounds the
/// distinct locations (a link function may make new ones forever).
public struct MapCrawl {
    public let navigator: Navigator
    /// Paths or deep-link URLs (`scheme://host/path`) the app is entered by, besides its start.
    public var entries: [String]
    public var maxScreens: Int
    /// The not-found route's declaration site, which the core does not know.
    public var notFoundSite: String?
    /// Flow names → declaration sites, when known.
    public var flowSites: [String: String]
    /// Told the navigator the crawl drives before anything lands on it: a scripting layer whose
    /// callbacks read "the" navigator points them at this one for the crawl.
    public var willCrawl: ((Navigator) -> Void)?
    /// Asked before each move: true ends the crawl where it is (a person pressed Ctrl-C). The
    /// report is then partial.
    public var shouldStop: () -> Bool = { false }

    public init(navigator: Navigator, entries: [String] = [], maxScreens: Int = 10_000,
                notFoundSite: String? = nil, flowSites: [String: String] = [:]) {
        self.navigator = navigator
        self.entries = entries
        self.maxScreens = maxScreens
        self.notFoundSite = notFoundSite
        self.flowSites = flowSites
    }

    /// Crawls from a fresh navigator over the same routes (the given one is left alone).
    public func run() -> MapCrawlReport {
        let crawl = CrawlRun(self)
        crawl.crawl()
        return crawl.report()
    }
}

/// The mutable part of one crawl.
final class CrawlRun {
    private let settings: MapCrawl
    private let routes: RouteTable<RouteDefinition>
    private let ranks: [Int32]
    private var navigator: Navigator!
    private var queue: [Navigator.Checkpoint] = []
    private var states: Set<String> = []
    private var locations: Set<String> = []
    private var landed: Set<RouteID> = []
    private var attempted: Set<String> = []
    private var findings: [Finding] = []
    private var reported: Set<String> = []
    /// Routes on a redirect loop already reported.
    private var inReportedLoop: Set<RouteID> = []
    private var truncated = false
    private var expanded = 0
    /// The flow whose step the current move shows, if any.
    private var flow: String?
    /// How the current move's last held navigation was settled, for a finding its landing makes.
    private var settledHold: String?

    init(_ settings: MapCrawl) {
        self.settings = settings
        routes = settings.navigator.routes
        ranks = routes.ranks
    }

    func crawl() {
        navigator = settings.navigator.unlandedCopy()
        settings.willCrawl?(navigator)
        do { try navigator.reset() } catch {
            // The start screen itself cannot land: nothing else can be crawled.
            classify(error, move: .entry("/"), from: navigator.screen, target: "/")
            return
        }
        let start = navigator.checkpoint()
        note(navigator.screen)
        enqueue(start)
        for move in origins() where !settings.shouldStop() { attempt(move, from: start) }
        var head = 0
        while head < queue.count && !settings.shouldStop() {
            let state = queue[head]
            head += 1
            expanded += 1
            try? navigator.rollBack(to: state)
            let screen = navigator.screen
            for move in moves(from: screen) where !settings.shouldStop() { attempt(move, from: state) }
        }
        followRedirectsOfUnreachedRoutes(from: start)
    }

    /// A redirect loop among routes nothing reaches is still a defect waiting for the link that will
    /// reach it (`/loop1 ⇄ /loop2` once showed only as two unreachable routes). Each route the crawl
    /// never asked for that can send a landing elsewhere (it has a redirect or a guard) is landed once
    /// from the start screen, its parameters filled with "1", only to follow its redirects and guard
    /// answers: a loop is reported with its chain. Nothing else of the probe counts: the route stays
    /// unreachable, its screen is not crawled, and any other error is left to the moves that reach it.
    private func followRedirectsOfUnreachedRoutes(from start: Navigator.Checkpoint) {
        for route in routes.rankedRoutes where !landed.contains(route.id) && !inReportedLoop.contains(route.id) {
            guard route.payload.redirect != nil || route.payload.guard != nil,
                  let path = Self.samplePath(route.pattern), !attempted.contains(Location(parsing: path).text) else { continue }
            try? navigator.rollBack(to: start)
            do { try navigator.push(path) } catch let error as NavigationError {
                switch error.reason {
                case .redirectLoop(let chain), .tooManyRedirects(let chain, _):
                    reportLoop(error, chain: chain, how: "followed from \(route.pattern.text), which nothing reaches",
                               asked: path, fallback: navigator.screen)
                default: continue
                }
            } catch { continue }
        }
    }

    /// A path `pattern` matches with every parameter "1", optional segments dropped and a splat empty.
    static func samplePath(_ pattern: Pattern) -> String? {
        var parts: [String] = []
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): parts.append(text)
            case .parameter: parts.append("1")
            case .optional, .splat: continue
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The crawl's starts besides the start screen: tab roots, flows, the not-found screen, entries.
    private func origins() -> [CrawlMove] {
        var moves: [CrawlMove] = navigator.tabs.map { .tab($0) }
        moves += navigator.flows.keys.sorted().map { .startFlow($0) }
        if navigator.notFound != nil {
            var probe = "/switchyard-check-not-found"
            while routes.firstMatch(probe) != nil { probe += "-" }
            moves.append(.notFound(probe))
        }
        moves += settings.entries.map { .entry($0) }
        for route in routes.rankedRoutes where route.payload.entry {
            if let path = Self.concretePath(route.pattern) { moves.append(.entry(path)) }
        }
        return moves
    }

    /// An entry pattern's path when it needs no parameter value (optional segments dropped, a
    /// splat empty); nil when it does: the crawl does not guess values.
    static func concretePath(_ pattern: Pattern) -> String? {
        var parts: [String] = []
        for segment in pattern.segments {
            switch segment {
            case .literal(let text): parts.append(text)
            case .parameter: return nil
            case .optional, .splat: continue
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private func moves(from screen: Screen) -> [CrawlMove] {
        var moves: [CrawlMove] = []
        for link in navigator.links(of: screen) {
            if let placeholder = Self.placeholder(in: link) {
                report(.unfillableLink, "link \(link) has no value for \(placeholder) on \(screen.location)",
                       about: screen, path: screen.location)
            } else if !link.contains("://") {   // a web address opens a browser, not a screen
                moves.append(.link(link))
            }
        }
        if !navigator.queue.isEmpty { moves.append(.next) }
        if navigator.tabs.count > 1 { moves += navigator.tabs.map { .tab($0) } }
        return moves
    }

    /// The first `:name` segment left in a filled link.
    static func placeholder(in link: String) -> String? {
        let path = link.split(separator: "?", maxSplits: 1).first ?? ""
        return path.split(separator: "/").first { $0.hasPrefix(":") }.map(String.init)
    }

    private func attempt(_ move: CrawlMove, from state: Navigator.Checkpoint) {
        try? navigator.rollBack(to: state)
        let source = navigator.screen
        let target = move.target ?? flowTarget(move)
        flow = flowName(of: move)   // before the move: it takes the step off the queue
        settledHold = nil
        if let target {
            let location = target.contains("://") ? try? DeepLink.parse(target) : Location(parsing: target, relativeTo: source.path)
            if let location { attempted.insert(location.text) }
        }
        do {
            try move.apply(to: navigator)
            try settleHolds()
        } catch {
            classify(error, move: move, from: source, target: target)
            return
        }
        let screen = navigator.screen
        if let failure = screen.failure, screen.id != source.id {
            let raised = failure.message + (failure.site.map { " at " + $0 } ?? "")
            report(.caughtError, "\(raised) (landing \(target ?? "?") by \(move.description) from \(source.location)); its error screen landed",
                   about: screen, path: screen.location)
        }
        if screen.route == nil, screen.id != source.id || screen.path != source.path {
            if case .notFound = move {} else { reportDead(move, from: source, target: target, landed: screen) }
        }
        note(screen)
        enqueue(navigator.checkpoint())
    }

    /// A move a guard, leave guard or loader holds (`nav.pending`) is settled so the crawl goes on
    /// past it: allowing (a loader's hold with no data, so its screen must cope with a fetch that
    /// brought nothing), again while the settled landing is held anew. Refusing is crawled too, in
    /// effect: a refusal leaves the state the move started from, which the crawl already has. What
    /// the settled landing throws is the move's (a callback error, a dead link...).
    private func settleHolds() throws {
        var settled = 0
        while let pending = navigator.pendingNavigation, settled < Self.maxSettles {
            settled += 1
            settledHold = pending.kind == .load ? "after settling its loader's pending \"\(pending.key)\" with no data"
                : "after settling its pending \"\(pending.key)\" allowing"
            if pending.kind == .load {
                try navigator.settle(pending.key, loaded: nil)
            } else {
                try navigator.settle(pending.key, with: .allow)
            }
        }
    }

    /// How many holds in a row one move settles (each settled landing may be held again).
    static let maxSettles = 16

    private func flowTarget(_ move: CrawlMove) -> String? {
        switch move {
        case .startFlow(let name): navigator.flows[name]?.first?.path
        case .next: navigator.queue.first?.path
        case .tab(let name): navigator.tabPaths.first { Navigator.tabName($0) == name }
        default: nil
        }
    }

    private func note(_ screen: Screen) {
        if let route = screen.route { landed.insert(route) }
    }

    private func enqueue(_ checkpoint: Navigator.Checkpoint) {
        let state = navigator.state
        let location = state.screen.location
        var key = location
        for environment in state.environments.dropFirst() { key += "|" + environment.kind.rawValue }
        if let step = state.queue.first { key += "|next " + step.path }
        guard !states.contains(key) else { return }
        if !locations.contains(location) {
            guard locations.count < settings.maxScreens else {
                truncated = true
                return
            }
            locations.insert(location)
        }
        states.insert(key)
        queue.append(checkpoint)
    }

    // MARK: Findings

    private func classify(_ error: any Error, move: CrawlMove, from source: Screen, target: String?) {
        let asked = target ?? "?"
        if let error = error as? NavigationError {
            switch error.reason {
            case .unknownPath:
                reportDead(move, from: source, target: target, landed: nil)
            case .blocked(_, let pattern):
                // An entry's guard saying no from the start screen is the app working (a deep link
                // to a signed-in screen); only what the map declares is a finding.
                if case .entry = move { return }
                report(.blocked, "\(move.description) is blocked by the guard of \(pattern)", about: source,
                       path: source.location, inFlow: true)
            case .redirectLoop(let chain), .tooManyRedirects(let chain, _):
                attempted.formUnion(chain)   // the routes of the chain are reached, their redirect is the defect
                reportLoop(error, chain: chain, how: "from \(source.location) by \(move.description)", asked: asked,
                           fallback: source)
            default:
                return   // a limit, a held navigation: not a defect of the map
            }
            return
        }
        if error is GuardHold { return }
        // A query value that a route with `query_mismatch = "error"` refuses (issue 33): the link's fault.
        if let refusal = error as? QuerySchemaError {
            report(.deadLink, "\(move.description) is refused: \(refusal)", about: source, path: source.location)
            return
        }
        let culprit = target.map { Location(parsing: $0, relativeTo: source.path).path }
            .flatMap { routes.firstMatch($0) }.map { routes[$0] }
        reportRoute(.callbackError, "\(error) (landing \(asked) by \(move.description) from \(source.location)"
                    + (settledHold.map { ", " + $0 } ?? "") + ")",
                    route: culprit, path: asked, fallback: source)
    }

    /// A redirect loop (or a chain too long), reported once for the route that closes it; the routes
    /// on the chain are not probed again for the same loop.
    private func reportLoop(_ error: NavigationError, chain: [String], how: String, asked: String, fallback: Screen) {
        let onChain = chain.compactMap { routes.firstMatch($0) }
        inReportedLoop.formUnion(onChain)
        let culprit = onChain.last.map { routes[$0] }
        reportRoute(.redirectLoop, "\(error.description) (\(how))", route: culprit, path: chain.first ?? asked,
                    fallback: fallback)
    }

    /// A move that ended on not-found (or on no route at all): the link's fault, or the redirect's
    /// when the path it asked for matched a route that sent it on.
    private func reportDead(_ move: CrawlMove, from source: Screen, target: String?, landed: Screen?) {
        let asked = target ?? "?"
        // A typed route that refused the value says why (issue 33): `id "abc" is not an int (/album/:id)`,
        // or a route with a query schema: `query page "two" is not an int (/albums)`.
        let refused = target.flatMap { routes.typeRefusal(Location(parsing: $0, relativeTo: source.path).text) }
        let ending = (landed.map { "lands on not-found at \($0.location)" } ?? "matches no route")
            + (refused.map { ": \($0)" } ?? "")
        if let target, landed?.path != Location(parsing: target, relativeTo: source.path).path,
           let match = try? routes.match(Location(parsing: target, relativeTo: source.path).text) {
            let route = routes[match.route.id]
            reportRoute(.deadLink, "its redirect \(ending)", route: route, path: target,
                        fallback: source)
            return
        }
        switch move {
        case .tab:
            report(.deadLink, "tab root \(asked) \(ending)", route: "tabs", path: asked, site: nil, order: Int.max - 1)
        case .startFlow, .next:
            report(.deadLink, "flow step \(asked) \(ending)", about: source, path: asked, inFlow: true)
        case .entry:
            report(.deadLink, "entry \(asked) \(ending)", route: "(entries)", path: asked, site: nil, order: Int.max)
        default:
            report(.deadLink, "\(move.description) \(ending)", about: source, path: source.location)
        }
    }

    private func reportRoute(_ kind: Finding.Kind, _ message: String, route: Route<RouteDefinition>?, path: String,
                             fallback: Screen) {
        guard let route else { return report(kind, message, about: fallback, path: path) }
        report(kind, message, route: route.pattern.text, path: path, site: route.site,
               order: Int(ranks[route.id.rawValue]))
    }

    /// A finding about `screen`'s route (the not-found route or the start screen when it has none);
    /// `inFlow`: about the flow of the current move, when it shows a flow's step.
    private func report(_ kind: Finding.Kind, _ message: String, about screen: Screen, path: String,
                        inFlow: Bool = false) {
        if inFlow, let flow {
            return report(kind, message, route: "flow \(flow)", path: path, site: settings.flowSites[flow],
                          order: Int.max - 2)
        }
        if let route = screen.route {
            report(kind, message, route: routes[route].pattern.text, path: path, site: routes[route].site,
                   order: Int(ranks[route.rawValue]))
        } else if screen.id == 0 || navigator.notFound == nil {
            report(kind, message, route: "(start)", path: path, site: nil, order: -1)
        } else {
            report(kind, message, route: "(not found)", path: path, site: settings.notFoundSite, order: Int.max - 3)
        }
    }

    private func flowName(of move: CrawlMove) -> String? {
        switch move {
        case .startFlow(let name): return name
        case .next:
            guard let step = navigator.queue.first else { return nil }
            return navigator.flows.keys.sorted().first { navigator.flows[$0]!.contains(step) }
        default: return nil
        }
    }

    private func report(_ kind: Finding.Kind, _ message: String, route: String, path: String, site: String?,
                        order: Int) {
        let key = "\(kind.rawValue)\u{0}\(route)\u{0}\(message)"
        guard reported.insert(key).inserted else { return }
        findings.append(Finding(kind, message, route: route, path: path, site: site, order: order))
    }

    func report() -> MapCrawlReport {
        let shadows = ShadowedRoutes.find(in: routes)
        for shadow in shadows {
            let by = shadow.by.map { route in route.site.map { "\(route.pattern.text) (\($0))" } ?? route.pattern.text }
            report(.shadowed, "never wins: " + by.joined(separator: ", ") + " always match first",
                   route: shadow.route.pattern.text, path: shadow.route.pattern.text, site: shadow.route.site,
                   order: Int(ranks[shadow.route.id.rawValue]))
        }
        reportUnreachable(except: Set(shadows.map(\.route.id)))
        return MapCrawlReport(findings: findings.sorted(by: Finding.reportOrder), screens: locations.count,
                              states: expanded, truncated: truncated)
    }

    /// Routes never landed, not entries, not shadowed (said already) and not asked for by any move
    /// (a redirecting or blocking route is reached, then sends the landing elsewhere).
    private func reportUnreachable(except shadowed: Set<RouteID>) {
        var missing = Set(routes.routes.filter { !$0.payload.entry && !landed.contains($0.id) && !shadowed.contains($0.id) }.map(\.id))
        guard !missing.isEmpty else { return }
        for target in attempted.sorted() where !missing.isEmpty {
            if let route = try? routes.match(target)?.route.id { missing.remove(route) }
        }
        for route in routes.rankedRoutes where missing.contains(route.id) {
            report(.unreachable, "never landed: no link, tab, flow, redirect or entry reaches it",
                   route: route.pattern.text, path: route.pattern.text, site: route.site,
                   order: Int(ranks[route.id.rawValue]))
        }
    }
}

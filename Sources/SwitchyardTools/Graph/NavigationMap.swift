import Switchyard

/// The navigation map as the graph writers see it: routes as nodes, declared links and flow steps as
/// edges already resolved to route indices (the router resolves them; the writers only draw).
///
///     let map = NavigationMap(
///         routes: [.init(pattern: "/", title: "Home"), .init(pattern: "/album/:id", presentation: .sheet)],
///         edges: [.init(from: 0, to: .route(1), kind: .link)])
///     print(DotWriter().document(for: map))
package struct NavigationMap: Sendable, Equatable {
    package struct Route: Sendable, Equatable {
        package var pattern: String
        package var name: String?
        package var title: String?
        package var presentation: Presentation
        package var isNotFound: Bool
        /// A guard runs before it lands (drawn with a double border and "guarded").
        package var isGuarded: Bool
        /// Its typed parameters, "id: int" each (issue 33); empty for an untyped route.
        package var parameterTypes: [String] = []
        /// The layouts it is declared in, "layout /news (news)" or a chain of them outer first (issue 33);
        /// nil for a route in none. Its cluster is its layout's, not its first segment's.
        package var layout: String? = nil

        init(pattern: String, name: String? = nil, title: String? = nil,
                    presentation: Presentation = .push, isNotFound: Bool = false, isGuarded: Bool = false) {
            self.pattern = pattern
            self.name = name
            self.title = title
            self.presentation = presentation
            self.isNotFound = isNotFound
            self.isGuarded = isGuarded
        }
    }

    package enum Target: Sendable, Hashable {
        case route(Int)
        /// A link or flow step that no route matches: drawn as a dangling node so the mistake shows.
        case unmatched(String)
    }

    package enum EdgeKind: Sendable, Hashable {
        case link
        /// Step `index` (1-based) of the named flow, presented as `presentation`.
        case flow(name: String, step: Int, presentation: Presentation)
        /// A fixed `redirect = "/path"`: landing on the route lands on the target instead.
        case redirect
        /// The route's declared parent (a deep link builds the back stack through it; `up` goes there).
        case parent
    }

    /// Where a flow begins: its first step, and how that step is presented.
    package struct FlowStart: Sendable, Hashable {
        package var name: String
        package var to: Target
        package var presentation: Presentation

        init(name: String, to: Target, presentation: Presentation) {
            self.name = name
            self.to = to
            self.presentation = presentation
        }
    }

    /// A navigation state drawn over the map (`:watch`, `graph --state`): the screen showing, the
    /// stacks that lead to it, and every screen the timeline has shown, each as a route index.
    package struct Overlay: Sendable, Equatable {
        package var current: Int?
        /// The screens from the root stack up through each sheet or cover, bottom first.
        package var trail: [Int]
        package var visited: Set<Int>

        init(current: Int?, trail: [Int] = [], visited: Set<Int> = []) {
            self.current = current
            self.trail = trail
            self.visited = visited
        }
    }

    package struct Edge: Sendable, Hashable {
        package var from: Int
        package var to: Target
        package var kind: EdgeKind

        init(from: Int, to: Target, kind: EdgeKind) {
            self.from = from
            self.to = to
            self.kind = kind
        }
    }

    package var routes: [Route]
    package var edges: [Edge] { didSet { indexUnmatchedTargets() } }
    /// Tab root paths, in order; their routes are drawn as the entry points.
    package var tabs: [String]
    package var flowStarts: [FlowStart] { didSet { indexUnmatchedTargets() } }
    package var overlay: Overlay?
    /// The paths no route matches, in the order edges and flow starts first name them.
    package private(set) var unmatchedTargets: [String] = []
    /// Each of those paths' place in `unmatchedTargets`: a node's name is one lookup, where a search
    /// of the list per edge made `graph` quadratic in dangling links (8,000 took 11.6 s).
    private var unmatchedIndex: [String: Int] = [:]

    init(routes: [Route], edges: [Edge] = [], tabs: [String] = [], flowStarts: [FlowStart] = [],
                overlay: Overlay? = nil) {
        self.routes = routes
        self.edges = edges
        self.tabs = tabs
        self.flowStarts = flowStarts
        self.overlay = overlay
        indexUnmatchedTargets()
    }

    private mutating func indexUnmatchedTargets() {
        var targets: [String] = []
        var index: [String: Int] = [:]
        for target in edges.lazy.map(\.to) + flowStarts.map(\.to) {
            guard case .unmatched(let path) = target, index[path] == nil else { continue }
            index[path] = targets.count
            targets.append(path)
        }
        unmatchedTargets = targets
        unmatchedIndex = index
    }

    /// The consecutive pairs of the overlay's trail, drawn as the way to the current screen.
    var trailSteps: [(from: Int, to: Int)] {
        guard let trail = overlay?.trail, trail.count > 1 else { return [] }
        return zip(trail, trail.dropFirst()).map { ($0, $1) }
    }

    /// Routes grouped by the first static segment of their pattern ("/album/:id" and "/album/new" →
    /// "album"). A prefix with a single route is no group: it joins the ungrouped routes (prefix ""),
    /// with the root ("/"), top-level parameters and splats, and the not-found route.
    package var groups: [(prefix: String, label: String, routes: [Int])] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        var labels: [String: String] = [:]
        for (index, route) in routes.enumerated() {
            let prefix: String
            if let layout = route.layout {
                // A layout is a cluster of its own even with one route: it is a record the app declared.
                // Its key, "layout /news (news)", is no first segment (those hold no "/").
                prefix = layout
                labels[prefix] = layout
            } else {
                prefix = route.isNotFound ? "" : Self.groupPrefix(of: route.pattern)
            }
            if members[prefix] == nil { order.append(prefix) }
            members[prefix, default: []].append(index)
        }
        let isLoose = { (prefix: String) in prefix.isEmpty || (labels[prefix] == nil && members[prefix]!.count == 1) }
        let loose = order.filter(isLoose).flatMap { members[$0]! }.sorted()
        let grouped = order.filter { !isLoose($0) }.map { ($0, labels[$0] ?? "/" + $0, members[$0]!) }
        return (loose.isEmpty ? [] : [("", "", loose)]) + grouped
    }


    /// The node an edge ends at, as both writers name nodes: "r3" for route 3, "missing0" for the
    /// first path no route matches.
    func nodeID(of target: Target) -> String {
        switch target {
        case .route(let index): return "r\(index)"
        case .unmatched(let path): return "missing\(unmatchedIndex[path]!)"
        }
    }

    /// "signup #2 (cover)": a flow edge's label; push steps carry no presentation.
    static func flowLabel(name: String, step: Int, presentation: Presentation) -> String {
        name + " #\(step)" + (presentation == .push ? "" : " (\(presentation.rawValue))")
    }

    static func groupPrefix(of pattern: String) -> String {
        guard pattern.hasPrefix("/"), let first = pattern.split(separator: "/").first,
              let lead = first.first, lead != ":", lead != "*" else { return "" }
        return String(first)
    }

    func isTab(_ index: Int) -> Bool {
        tabs.contains(routes[index].pattern)
    }

    /// Whether any route declares a parent (the legends show the parent edge only then).
    package var hasParents: Bool { edges.contains { $0.kind == .parent } }
}

/// The navigation map as the graph writers see it: routes as nodes, declared links and flow steps as
/// edges already resolved to route indices (the router resolves them; the writers only draw).
///
///     let map = NavigationMap(
///         routes: [.init(pattern: "/", title: "Home"), .init(pattern: "/album/:id", presentation: .sheet)],
///         edges: [.init(from: 0, to: .route(1), kind: .link)])
///     print(DotWriter().document(for: map))
public struct NavigationMap: Sendable, Equatable {
    public struct Route: Sendable, Equatable {
        public var pattern: String
        public var name: String?
        public var title: String?
        public var presentation: Presentation
        public var isNotFound: Bool

        public init(pattern: String, name: String? = nil, title: String? = nil,
                    presentation: Presentation = .push, isNotFound: Bool = false) {
            self.pattern = pattern
            self.name = name
            self.title = title
            self.presentation = presentation
            self.isNotFound = isNotFound
        }
    }

    public enum Presentation: String, Sendable, Hashable {
        case push, sheet, cover
    }

    public enum Target: Sendable, Hashable {
        case route(Int)
        /// A link or flow step that no route matches: drawn as a dangling node so the mistake shows.
        case unmatched(String)
    }

    public enum EdgeKind: Sendable, Hashable {
        case link
        /// Step `index` (1-based) of the named flow, presented as `presentation`.
        case flow(name: String, step: Int, presentation: Presentation)
    }

    public struct Edge: Sendable, Hashable {
        public var from: Int
        public var to: Target
        public var kind: EdgeKind

        public init(from: Int, to: Target, kind: EdgeKind) {
            self.from = from
            self.to = to
            self.kind = kind
        }
    }

    public var routes: [Route]
    public var edges: [Edge]
    /// Tab root paths, in order; their routes are drawn as the entry points.
    public var tabs: [String]

    public init(routes: [Route], edges: [Edge] = [], tabs: [String] = []) {
        self.routes = routes
        self.edges = edges
        self.tabs = tabs
    }

    /// Routes grouped by the first static segment of their pattern ("/album/:id" and "/album/new" →
    /// "album"). A prefix with a single route is no group: it joins the ungrouped routes (prefix ""),
    /// with the root ("/"), top-level parameters and splats, and the not-found route.
    public var groups: [(prefix: String, routes: [Int])] {
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for (index, route) in routes.enumerated() {
            let prefix = route.isNotFound ? "" : Self.groupPrefix(of: route.pattern)
            if members[prefix] == nil { order.append(prefix) }
            members[prefix, default: []].append(index)
        }
        let loose = order.filter { $0.isEmpty || members[$0]!.count == 1 }.flatMap { members[$0]! }.sorted()
        let grouped = order.filter { !$0.isEmpty && members[$0]!.count > 1 }.map { ($0, members[$0]!) }
        return (loose.isEmpty ? [] : [("", loose)]) + grouped
    }

    public var unmatchedTargets: [String] {
        var seen: Set<String> = []
        return edges.compactMap { edge in
            guard case .unmatched(let path) = edge.to, seen.insert(path).inserted else { return nil }
            return path
        }
    }

    /// The node an edge ends at, as both writers name nodes: "r3" for route 3, "missing0" for the
    /// first path no route matches.
    func nodeID(of target: Target) -> String {
        switch target {
        case .route(let index): return "r\(index)"
        case .unmatched(let path): return "missing\(unmatchedTargets.firstIndex(of: path)!)"
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
}

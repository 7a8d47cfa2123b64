/// A layout (issue 33): a group that is a record of its own, as React Router's layout routes, Vue
/// Router's parent records and go_router's `ShellRoute` are. Every route declared inside it keeps a
/// reference to it, so a match can list the records it went through from the outside in
/// (`info.matched` in Lua). Immutable; shared by every route of the layout.
///
///     RouteLayout(prefix: "/news", name: "news", title: "News", meta: .record(["section": .string("news")]))
package final class RouteLayout: Sendable {
    /// The prefix the layout's routes are declared under ("/news").
    package let prefix: String
    package let name: String?
    /// The layout's own title and view: the shell around its routes, not theirs.
    package let title: String?
    package let view: String?
    /// Paths the layout's shell links to (a navigation bar): edges from every route inside.
    package let links: [String]
    /// The layout's own meta (its routes' meta has it merged under theirs).
    package let meta: RouteMeta?
    /// "file:line" of the declaration.
    package let site: String?
    /// Whether the layout has a guard or a leave guard (tools say a route inside is guarded).
    package let guarded: Bool
    package let leaveGuarded: Bool
    /// Whether the layout has a loader (`load`): `:trace on` lists it.
    package let loads: Bool

    package init(prefix: String, name: String? = nil, title: String? = nil, view: String? = nil,
                 links: [String] = [], meta: RouteMeta? = nil, site: String? = nil,
                 guarded: Bool = false, leaveGuarded: Bool = false, loads: Bool = false) {
        self.prefix = prefix
        self.name = name
        self.title = title
        self.view = view
        self.links = links
        self.meta = meta
        self.site = site
        self.guarded = guarded
        self.leaveGuarded = leaveGuarded
        self.loads = loads
    }

    /// "layout /news (news)": how tools name it.
    package var label: String { "layout \(prefix)" + (name.map { " (\($0))" } ?? "") }
}

extension Parameters {
    /// The layouts the route these parameters matched is declared in, outermost first; empty for a
    /// route in none and for parameters not made by a match.
    package var layouts: [RouteLayout] { origin.declaredLayouts }
}

extension Route {
    /// The layouts the route is declared in, outermost first (issue 33).
    package var layouts: [RouteLayout] { declaration.extras?.layouts ?? [] }
}

extension Parameters {
    /// The pattern and the name of the route these parameters matched ("" and nil for parameters not
    /// made by a match): the route's record in a matched chain.
    package var patternText: String { origin.patternText }
    package var routeName: String? { (origin as? RouteDeclaration)?.name }
}

extension RouteLayout {
    /// "layout /news (news) › /news/:id": a matched chain from the outside in, for `:explain` and
    /// `:state` (unescaped: the printer escapes it for its terminal).
    package static func chainText(_ layouts: [RouteLayout], route pattern: String) -> String {
        (layouts.map(\.label) + [pattern]).joined(separator: " › ")
    }
}

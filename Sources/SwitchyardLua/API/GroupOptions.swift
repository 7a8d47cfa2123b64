import Switchyard

/// The options of one `group(prefix, body, opts)` call, which every route declared inside it takes.
///
/// The merge rule (docs/routes.md, "Declaring routes"): guards and leave guards add up, outer group first and
/// the route's own last, and the first that does not allow decides; `title`, `view`, `presentation`
/// and `entry` are the route's own when it gives them, else the innermost group's that does.
///
/// ```lua
/// group("/admin", function()
///   route("users", {title = "Users"})       -- guarded by the group
/// end, {guard = function() return signed_in or "/login" end})
/// ```
struct GroupOptions {
    let prefix: String
    /// "file:line" of the `group` call: errors of its callbacks point there.
    let site: String?
    let title: LuaValue
    let view: LuaValue
    let presentation: LuaValue
    let guardFunction: LuaFunction?
    let leave: LuaFunction?
    /// nil: the group says nothing about `entry`.
    let entry: Bool?
    /// Laid under the meta of every route inside (issue 33); not a reason to merge definitions.
    let meta: RouteMeta?
    /// Set when the group is a layout (`layout(...)`, issue 33): a record of its own, with its guards.
    var layout: LayoutDeclaration? = nil
    /// The error screen of every route inside that has none of its own (the innermost group's or
    /// layout's).
    let error: LuaValue

    /// Whether the group gave any option (a plain group changes nothing about its routes).
    var hasOptions: Bool {
        !title.isNil || !view.isNil || !presentation.isNil || guardFunction != nil || leave != nil || entry != nil
            || layout?.guardFunction != nil || layout?.leave != nil || layout?.loadFunction != nil
            || !error.isNil
    }

    /// Checks every value's type now, so a wrong one is an error at the `group` call, not at the
    /// first route inside it.
    init(prefix: String, options: OptionTable, site: String?) throws(LuaError) {
        self.prefix = prefix
        self.site = site
        title = options["title"]
        view = options["view"]
        presentation = options["presentation"]
        guardFunction = try options.function("guard")
        leave = try options.function("leave")
        entry = options["entry"].isNil ? nil : try options.flag("entry")
        meta = try MetaOption.meta(options["meta"], context: "group \(prefix)")
        error = options["error"]
        let check = RouteCallbacks(subject: "group \(prefix)", site: site, mismatches: MismatchSignal())
        _ = try check.text(title, option: "title")
        _ = try check.text(view, option: "view")
        _ = try check.presentation(presentation)
        _ = try check.errorScreen(error)
    }

    /// "group /admin (app.lua:4), then its own (app.lua:5)": the guards a route inside `groups` runs,
    /// in order; nil when no group has a guard.
    static func guardSources(_ groups: [GroupOptions], ownGuard site: String?) -> String? {
        let guarding = groups.filter { $0.guardFunction != nil || $0.layout?.guardFunction != nil }
        guard !guarding.isEmpty else { return nil }
        var sources = guarding.map { group in
            (group.layout == nil ? "group " : "layout ") + group.prefix + (group.site.map { " (\($0))" } ?? "")
        }
        if let site { sources.append("its own (\(site))") }
        return sources.joined(separator: ", then ")
    }

    /// `definition` (the route's own options, `own`) with the enclosing `groups` (outermost first)
    /// merged in.
    static func merged(_ definition: RouteDefinition, own: RouteOptions, groups: [GroupOptions],
                       callbacks: RouteCallbacks) throws(LuaError) -> RouteDefinition {
        var merged = definition
        // Each group's callbacks report errors at the group's line and name the route they ran for;
        // none records coverage itself: the merged guard records its one decision for the route.
        func groupCallbacks(_ group: GroupOptions) -> RouteCallbacks {
            RouteCallbacks(subject: "\(callbacks.subject) (from \(group.layout == nil ? "group" : "layout") \(group.prefix))", site: group.site,
                           mismatches: callbacks.mismatches)
        }
        // A layout's callbacks report errors at the layout's line; its answer is the layout's, not the
        // route's, so they name the layout.
        func layoutCallbacks(_ layout: LayoutDeclaration) -> RouteCallbacks {
            RouteCallbacks(subject: "layout \(layout.record.prefix)", site: layout.record.site,
                           mismatches: callbacks.mismatches)
        }
        if !own.gives("title"), let group = groups.last(where: { !$0.title.isNil }) {
            merged.title = try groupCallbacks(group).text(group.title, option: "title")
        }
        if !own.gives("view"), let group = groups.last(where: { !$0.view.isNil }) {
            merged.view = try groupCallbacks(group).text(group.view, option: "view")
        }
        if !own.gives("presentation"), let group = groups.last(where: { !$0.presentation.isNil }) {
            merged.presentation = try groupCallbacks(group).presentation(group.presentation)
        }
        if !own.gives("error"), let group = groups.last(where: { !$0.error.isNil }) {
            merged.errorScreen = try groupCallbacks(group).errorScreen(group.error)
        }
        if !own.gives("entry"), let entry = groups.last(where: { $0.entry != nil })?.entry { merged.entry = entry }

        var silentOwn = callbacks
        silentOwn.outcomes = nil
        var guards: [(RouteInfo) throws -> GuardDecision] = []
        for group in groups {
            if let layout = group.layout, let guardian = try layout.guardian(layoutCallbacks(layout)) {
                guards.append(guardian)
            }
            if let guardian = try groupCallbacks(group).guardian(group.guardFunction.map(LuaValue.function) ?? .nil) {
                guards.append(guardian)
            }
        }
        if !guards.isEmpty {
            if let own = try silentOwn.guardian(own["guard"]) { guards.append(own) }
            merged.guard = callbacks.guardChain(guards)
        }
        // Every layout of the route gets a place in `layoutData` once one of them loads.
        let layouts = groups.compactMap(\.layout)
        if layouts.contains(where: { $0.loadFunction != nil }) {
            merged.layoutLoads = try layouts.map { (layout) throws(LuaError) in try layout.loader(layoutCallbacks(layout)) }
        }
        var leaves: [(RouteInfo, RouteInfo) throws -> Bool] = []
        for group in groups {
            if let layout = group.layout, let leave = try layout.leaveGuard(layoutCallbacks(layout)) {
                leaves.append(leave)
            }
            if let leave = try groupCallbacks(group).leaveGuard(group.leave.map(LuaValue.function) ?? .nil) {
                leaves.append(leave)
            }
        }
        if !leaves.isEmpty {
            if let own = definition.leave { leaves.append(own) }
            merged.leave = { leaving, destination in
                for leave in leaves where try !leave(leaving, destination) { return false }
                return true
            }
        }
        return merged
    }
}

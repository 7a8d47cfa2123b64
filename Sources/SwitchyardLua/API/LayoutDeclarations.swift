import Switchyard

/// `layout(prefix, function() ... end [, opts])` (issue 33): a group that is a record of its own.
/// Its routes are declared under `prefix` as a group's are, take its `meta` under theirs, and list it
/// in `info.matched`; its `title`, `view` and `links` are the layout's own (the shell around its
/// routes), not given to them. Its `guard` guards every route inside, once per navigation, before any
/// guard of theirs; its `leave` guard runs when a navigation leaves the layout (the new top is not
/// one of its routes).
///
/// ```lua
/// layout("/news", function()
///   route("/", {title = "Headlines"})
///   route(":id", {title = "Article"})
/// end, {name = "news", title = "News", meta = {section = "news"},
///       guard = function(info) return signed_in or "/login" end})
/// ```
final class LayoutDeclaration {
    let record: RouteLayout
    let guardFunction: LuaFunction?
    let leave: LuaFunction?
    /// `load`: asked once per navigation, after the guards, before any route inside lands.
    let loadFunction: LuaFunction?
    /// The operation a guard of the layout last allowed, and the one its leave guard last allowed:
    /// asked again inside the same operation, the layout's answer stands. An operation is its
    /// navigator and that navigator's count: each scenario runs on a fresh navigator whose count starts
    /// over, so a count alone would match another navigator's operation.
    private var allowed: Operation?
    private var left: Operation?
    /// The operation the loader last answered data for, and that data: the next landing inside the
    /// layout in the same operation gets it without asking again.
    private var loadedIn: Operation?
    private var loaded: Any?
    /// The navigator's operation in flight, nil between operations (`Navigator.navigationInFlight`).
    private let operation: () -> Operation?

    struct Operation {
        /// Weak: a navigator gone and another allocated at its address is not the same one.
        weak var navigator: Navigator?
        let number: Int

        func isSame(as other: Operation?) -> Bool {
            guard let other, let navigator, number == other.number else { return false }
            return navigator === other.navigator
        }
    }

    init(record: RouteLayout, guardFunction: LuaFunction?, leave: LuaFunction?, loadFunction: LuaFunction? = nil,
         operation: @escaping () -> Operation?) {
        self.record = record
        self.guardFunction = guardFunction
        self.leave = leave
        self.loadFunction = loadFunction
        self.operation = operation
    }

    /// The layout's guard for one route inside it: asked once per navigation (a `push_stack` or a deep
    /// link that lands three of its routes asks it once); only an allow is remembered, so a block, a
    /// redirect or a wait is asked again by the next navigation.
    func guardian(_ callbacks: RouteCallbacks) throws(LuaError) -> ((RouteInfo) throws -> GuardDecision)? {
        guard let inner = try callbacks.guardian(guardFunction.map(LuaValue.function) ?? .nil) else { return nil }
        return { [self] info in
            let current = operation()
            if let current, current.isSame(as: allowed) { return .allow }
            let decision = try inner(info)
            if decision == .allow { allowed = current }
            return decision
        }
    }

    /// The layout's loader for one route inside it (a layout without one answers no data, so each
    /// layout of a route keeps its place in `RouteInfo.layoutData`): asked once per navigation; the data
    /// a settle answered stands for the rest of that navigation, as an answer does.
    func loader(_ callbacks: RouteCallbacks) throws(LuaError) -> (RouteInfo, LoadAnswer?) throws -> LoadAnswer {
        guard let inner = try callbacks.loader(loadFunction.map(LuaValue.function) ?? .nil) else {
            return { _, _ in .data(nil) }
        }
        return { [self] info, settled in
            let current = operation()
            if let current, current.isSame(as: loadedIn) { return .data(loaded) }
            let answer = try settled ?? inner(info)
            if case let .data(data) = answer {
                loadedIn = current
                loaded = data
            }
            return answer
        }
    }

    /// The layout's leave guard for one route inside it: asked only when the destination is not in
    /// the layout, and once per navigation (a pop of several of its screens asks it once).
    func leaveGuard(_ callbacks: RouteCallbacks) throws(LuaError) -> ((RouteInfo, RouteInfo) throws -> Bool)? {
        guard let inner = try callbacks.leaveGuard(leave.map(LuaValue.function) ?? .nil) else { return nil }
        let record = record
        return { [self] leaving, destination in
            if destination.params.layouts.contains(where: { $0 === record }) { return true }
            let current = operation()
            if let current, current.isSame(as: left) { return true }
            let allowed = try inner(leaving, destination)
            if allowed { left = current }
            return allowed
        }
    }
}

extension GroupOptions {
    /// A layout's options as a group's: its prefix and meta pass to its routes; its title, view and
    /// links stay its own; its guards are the layout's (`LayoutDeclaration`), not a group's; its `error`
    /// is the error screen of the routes inside without one of their own, as a group's is.
    init(layout: LayoutDeclaration, site: String?, error: LuaValue = .nil) {
        prefix = layout.record.prefix
        self.site = site
        title = .nil
        view = .nil
        presentation = .nil
        guardFunction = nil
        leave = nil
        entry = nil
        meta = layout.record.meta
        self.layout = layout
        self.error = error
    }
}

extension SwitchyardRuntime {
    /// What `layout` takes: a record's options (`name`, `title`, `view`, `links`, `meta`) and the
    /// guards and error screen that apply to every route inside.
    static let layoutOptions: Set<String> = ["name", "title", "view", "links", "guard", "leave", "meta", "error", "load"]

    /// layout(prefix, function() ... end [, opts])
    func declareLayout(_ call: LuaCall) throws -> Int {
        let prefix = prefixed(try call.checkString(1, "layout"))
        let body = try call.checkFunction(2, "layout")
        if call.count > 3 {
            throw LuaError("layout \(prefix): unexpected argument #4 (a \(call.typeName(4)) value); "
                           + "layout takes (prefix, function() ... end [, options])")
        }
        let site = call.callerLocation
        let options = try OptionTable(call, index: 3, allowed: Self.layoutOptions, function: "layout",
                                      context: "layout", subject: prefix)
        let subject = "layout \(prefix)"
        let check = RouteCallbacks(subject: subject, site: site, mismatches: MismatchSignal())
        let name = try options.string("name")
        let title = try fixedText(options["title"], option: "title", subject: subject)
        let view = try fixedText(options["view"], option: "view", subject: subject)
        let links = try check.links(options["links"])
        if check.linkFunction(options["links"]) != nil {
            throw LuaError("\(subject): option 'links' of a layout must be a list of paths (a layout has no screen to compute them for)")
        }
        let guardFunction = try options.function("guard")
        let leave = try options.function("leave")
        let load = try options.function("load")
        let error = options["error"]
        _ = try check.errorScreen(error)   // a wrong shape is an error at the layout's line
        let record = RouteLayout(prefix: prefix, name: name, title: title, view: view, links: links,
                                 meta: try MetaOption.meta(options["meta"], context: subject), site: site,
                                 guarded: guardFunction != nil, leaveGuarded: leave != nil, loads: load != nil)
        let layout = LayoutDeclaration(record: record, guardFunction: guardFunction, leave: leave, loadFunction: load) {
            [unowned(unsafe) self] in
            let navigator = self.navigator
            return navigator.navigationInFlight.map { LayoutDeclaration.Operation(navigator: navigator, number: $0) }
        }
        groups.append(GroupOptions(layout: layout, site: site, error: error))
        defer { groups.removeLast() }
        try body.call()
        return 0
    }

    /// A layout's `title`/`view`: fixed text (a layout is no screen: there is no info to compute it from).
    private func fixedText(_ value: LuaValue, option: String, subject: String) throws(LuaError) -> String? {
        switch value {
        case .nil: return nil
        case .string(let text): return text.string
        case .integer, .number: return value.description
        default:
            throw LuaError("\(subject): option '\(option)' must be a string, got \(value.typeName)"
                           + (value.callableValue == nil ? "" : " (a layout's title is fixed text: a route inside computes its own)"))
        }
    }
}

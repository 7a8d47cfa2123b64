import Switchyard

/// `route`, `group`, `not_found`, `tabs`, `flow`: the declaring half of the Lua API.
extension SwitchyardRuntime {
    static let routeOptions: Set<String> = ["name", "title", "view", "validate", "guard", "redirect", "presentation", "links",
                                            "leave", "parent", "entry", "params", "meta",
                                            "load", "exact", "query", "query_mismatch", "error", "action"]
    static let notFoundOptions: Set<String> = ["title", "view", "guard", "redirect", "presentation", "links"]
    /// What a `group` may give every route inside it: the options that mean the same for a whole
    /// prefix. (`name`, `validate`, `redirect`, `links` and `parent` describe one route.)
    static let groupOptions: Set<String> = ["title", "view", "guard", "leave", "presentation", "entry", "meta", "error"]
    /// What `error_screen` takes when given a table (a function is the other form).
    static let errorScreenOptions: Set<String> = ["title", "view"]

    /// Defines a global Swift function of the runtime. The closure holds the runtime unowned: the
    /// runtime closes the Lua state when it goes, so no Lua code can call it afterwards.
    package func define(_ name: String, _ body: @escaping (SwitchyardRuntime, LuaCall) throws -> Int) throws(LuaError) {
        let function = try engine.makeFunction { [unowned(unsafe) self] call in try body(self, call) }
        try engine.globals.rawSet(.string(LuaString(name)), .function(function))
    }

    func installDeclarations() throws(LuaError) {
        try define("route") { runtime, call in try runtime.declareRoute(call) }
        try define("group") { runtime, call in try runtime.declareGroup(call) }
        try define("not_found") { runtime, call in try runtime.declareNotFound(call) }
        try define("error_screen") { runtime, call in try runtime.declareErrorScreen(call) }
        try define("tabs") { runtime, call in try runtime.declareTabs(call) }
        try define("flow") { runtime, call in try runtime.declareFlow(call) }
        try define("layout") { runtime, call in try runtime.declareLayout(call) }
        try define("remove_route") { runtime, call in try runtime.removeRoute(call) }
    }

    /// route(pattern, opts) -> route
    private func declareRoute(_ call: LuaCall) throws -> Int {
        let written = prefixed(try call.checkString(1, "route"))
        let site = call.callerLocation
        let options = try RouteOptions(call, index: 2, function: "route", allowed: Self.routeOptions, subject: written)
        let pattern = try PrefixRouteOption.pattern(written, exact: options["exact"])
        let callbacks = RouteCallbacks(subject: pattern, site: site, mismatches: mismatches, outcomes: callbackOutcomes)
        var definition = try options.definition(callbacks)
        // Only routes inside a group that gave options pay for the merge; others keep the definition
        // exactly as declared (and so the landing cost of a bare route).
        if groups.contains(where: { $0.hasOptions }) {
            definition = try GroupOptions.merged(definition, own: options, groups: groups, callbacks: callbacks)
        }
        let guardSources = groups.isEmpty ? nil : GroupOptions.guardSources(groups, ownGuard: options.gives("guard") ? site : nil)
        let name = try options.string("name")
        let types = try parameterTypes(options["params"], pattern: pattern)
        // Only a route that gives a query option pays for reading it (declarations stay as fast as they were).
        let querySchema = options["query"].isNil && options["query_mismatch"].isNil ? nil
            : try QuerySchemaOption.schema(options["query"], mismatch: options["query_mismatch"],
                                           pattern: (try? Pattern(pattern))?.text ?? pattern, find: stringFind(for: pattern))
        // Meta merges outer group first, the route's own last (issue 33).
        let ownMeta = try MetaOption.meta(options["meta"], context: "route \(pattern)")
        let meta = RouteMeta.merged(groups.reduce(nil as RouteMeta?) { RouteMeta.merged($0, $1.meta) }, ownMeta)
        // Only byte counts: route declaration stays as fast as it was. Meta is counted as its JSON.
        let charge = engine.limitsMemory
            ? HostMemoryCharge.route(pattern: pattern, name: name, site: site, definition) + (meta?.json.utf8.count ?? 0) : 0
        if charge > 0 { try engine.chargeHostMemory(charge, for: "route(\(HostMemoryCharge.shown(pattern)))") }
        let id: RouteID
        do {
            id = try routeTable.add(pattern, name: name, site: site, validator: try callbacks.validator(options["validate"]),
                                    parameterTypes: types, meta: meta, querySchema: querySchema,
                                    layouts: groups.compactMap { $0.layout?.record }, payload: definition)
        } catch {
            engine.refundHostMemory(charge)
            throw LuaError(bridging: error)
        }
        if guardSources != nil || !groupGuardSources.isEmpty {
            groupGuardSources[Self.sourceKey(site: site, pattern: routeTable[id].pattern.text)] = guardSources
        }
        if fitsAStartPath(id), navigator.isAtStart {
            try relandStartWhileDeclaring()
        }
        let (state, L) = call.stack
        try state.push(route: routeTable[id], rank: nil, on: L)
        return 1
    }

    /// The `params` option's types (issue 33); nil without one, or when the pattern is malformed (then
    /// `add` says so).
    private func parameterTypes(_ value: LuaValue, pattern: String) throws(LuaError) -> ParameterTypes? {
        guard !value.isNil, let compiled = try? Pattern(pattern) else { return nil }
        let globals = engine.globals
        return try ParameterTypeOption.types(value, pattern: compiled) { () throws(LuaError) -> LuaFunction in
            guard let library = try globals.rawGet("string").tableValue,
                  let find = try library.rawGet("find").functionValue else {
                throw LuaError("route \(compiled.text): option 'params': a 'match' type needs string.find")
            }
            return find
        }
    }

    /// `string.find` as the script has it now, for a `match` type of the `query` option (issue 33).
    private func stringFind(for pattern: String) -> () throws(LuaError) -> LuaFunction {
        let globals = engine.globals
        return { () throws(LuaError) -> LuaFunction in
            guard let library = try globals.rawGet("string").tableValue,
                  let find = try library.rawGet("find").functionValue else {
                throw LuaError("route \(pattern): option 'query': a 'match' type needs string.find")
            }
            return find
        }
    }

    /// group(prefix, function() ... end [, opts]): routes declared inside are relative to prefix, and
    /// take the group's options (see `GroupOptions`).
    private func declareGroup(_ call: LuaCall) throws -> Int {
        let prefix = prefixed(try call.checkString(1, "group"))
        let body = try call.checkFunction(2, "group")
        if call.count > 3 {
            throw LuaError("group \(prefix): unexpected argument #4 (a \(call.typeName(4)) value); "
                           + "group takes (prefix, function() ... end [, options])")
        }
        let options = try OptionTable(call, index: 3, allowed: Self.groupOptions, function: "group",
                                      context: "group", subject: prefix)
        groups.append(try GroupOptions(prefix: prefix, options: options, site: call.callerLocation))
        defer { groups.removeLast() }
        try body.call()
        return 0
    }

    /// not_found(opts): the fallback screen.
    private func declareNotFound(_ call: LuaCall) throws -> Int {
        let site = call.callerLocation
        let subject = "the not-found route"
        let options = try RouteOptions(call, index: 1, function: "not_found", allowed: Self.notFoundOptions, subject: subject)
        navigator.notFound = try options.definition(RouteCallbacks(subject: subject, site: site, mismatches: mismatches))
        notFoundSite = site
        if navigator.isAtStart, navigator.screen.route == nil { try relandStartWhileDeclaring() }
        return 0
    }

    /// error_screen{title = ..., view = ...} or error_screen(function(info, err) ... end): the screen
    /// that lands in place of any route without its own `error` option whose callbacks raise.
    private func declareErrorScreen(_ call: LuaCall) throws -> Int {
        if call.count != 1 {
            throw LuaError("error_screen takes one argument, {title = ..., view = ...} or function(info, err), got \(call.count)")
        }
        let callbacks = RouteCallbacks(subject: "the app's error screen", site: call.callerLocation, mismatches: mismatches)
        navigator.errorScreen = try callbacks.errorScreen(try call.value(1))
        return 0
    }

    /// Whether the route matches a path the start screen lands: "/", or a tab's root.
    private func fitsAStartPath(_ id: RouteID) -> Bool {
        let tabs = navigator.tabPaths
        return tabs.isEmpty ? routeTable.patternFits(id, "/") : tabs.contains { routeTable.patternFits(id, $0) }
    }

    /// A script that has not navigated yet sees its start screen landed on the routes declared so far
    /// (`route("/", {title = "Home"}) print(nav.title)` prints Home, and `save()` stores the route), as
    /// the REPL does after each chunk. Only a declaration that matches a start path re-lands it. A
    /// callback that fails here (a title reading a global the script sets later) leaves the start
    /// screen as it was: loading re-lands it once the file has run and reports the error then. A
    /// budget or Ctrl-C stop is not swallowed.
    private func relandStartWhileDeclaring() throws(LuaError) {
        do { try navigator.relandStart() } catch {
            let failure = LuaError(bridging: error)
            switch failure.kind {
            case .memoryLimit, .instructionLimit, .interrupted: throw failure
            case .syntax, .runtime, .errorInHandler: break
            }
        }
    }

    /// tabs{ "/home", "/search", ... }
    private func declareTabs(_ call: LuaCall) throws -> Int {
        try navigator.declareTabs(try call.checkTable(1, "tabs").strings(context: "tabs", expected: "a path"))
        return 0
    }

    /// flow(name, steps): steps are "/path" or {"/path", as = "sheet"|"cover"|"push"}.
    private func declareFlow(_ call: LuaCall) throws -> Int {
        let name = try call.checkString(1, "flow")
        let steps = try FlowStepList.parse(try call.checkTable(2, "flow"), context: "flow \(name)")
        // A flow declared again replaces the old one: only the difference is counted.
        let replaced = flows[name].map { HostMemoryCharge.flow(name: name, steps: $0) } ?? 0
        let charge = engine.limitsMemory ? HostMemoryCharge.flow(name: name, steps: steps) - replaced : 0
        if charge > 0 { try engine.chargeHostMemory(charge, for: "flow(\(HostMemoryCharge.shown(name)))") }
        do { try navigator.declareFlow(name, steps: steps) } catch {
            if charge > 0 { engine.refundHostMemory(charge) }
            throw error
        }
        if charge < 0 { engine.refundHostMemory(-charge) }
        return 0
    }

    /// The pattern under the enclosing groups' (and layouts') prefixes.
    func prefixed(_ pattern: String) -> String {
        guard let prefix = groups.last?.prefix else { return pattern }
        let base = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        if pattern.isEmpty || pattern == "/" { return base.isEmpty ? "/" : base }
        return base + (pattern.hasPrefix("/") ? pattern : "/" + pattern)
    }
}

/// The options table of `route`/`not_found`, checked for unknown keys (a typo should not pass
/// silently).
struct RouteOptions {
    private let options: OptionTable

    init(_ call: LuaCall, index: Int, function: String, allowed: Set<String>, subject: String) throws(LuaError) {
        options = try OptionTable(call, index: index, allowed: allowed, function: function, context: function, subject: subject)
    }

    subscript(name: String) -> LuaValue { options[name] }

    func string(_ name: String) throws(LuaError) -> String? { try options.string(name) }

    func flag(_ name: String) throws(LuaError) -> Bool { try options.flag(name) }

    /// Whether the table gave the option at all (a route's own `entry = false` overrides its group's).
    func gives(_ name: String) -> Bool { !options[name].isNil }

    func definition(_ callbacks: RouteCallbacks) throws(LuaError) -> RouteDefinition {
        var definition = RouteDefinition(title: try callbacks.text(self["title"], option: "title"),
                        view: try callbacks.text(self["view"], option: "view"),
                        guard: try callbacks.guardian(self["guard"]),
                        redirect: try callbacks.redirect(self["redirect"]),
                        presentation: try callbacks.presentation(self["presentation"]),
                        links: try callbacks.links(self["links"]),
                        linkFunction: callbacks.linkFunction(self["links"]),
                        entry: try flag("entry"),
                        parent: try string("parent"),
                        leave: try callbacks.leaveGuard(self["leave"]))
        definition.load = try callbacks.loader(self["load"])
        definition.errorScreen = try callbacks.errorScreen(self["error"])
        definition.action = try callbacks.action(self["action"])
        return definition
    }
}

/// Flow steps from Lua: "/path" or {"/path", as = "sheet"|"cover"|"push"}.
enum FlowStepList {
    static func parse(_ table: LuaTable, context: String) throws(LuaError) -> [FlowStep] {
        try table.array().enumerated().map { (offset, value) throws(LuaError) -> FlowStep in
            try step(value, number: offset + 1, context: context)
        }
    }

    private static func step(_ value: LuaValue, number: Int, context: String) throws(LuaError) -> FlowStep {
        if let path = value.stringValue { return FlowStep(path) }
        guard let table = value.tableValue, let path = try table.rawGet(1).stringValue else {
            throw LuaError("\(context): step \(number) must be a path or {path, as = \"sheet\"}, got \(value.typeName)")
        }
        let presentation = try table.rawGet("as")
        guard !presentation.isNil else { return FlowStep(path) }
        guard let word = presentation.stringValue else {
            throw LuaError("\(context): step \(number) 'as' must be \"push\", \"sheet\" or \"cover\", got \(presentation.typeName)")
        }
        do { return FlowStep(path, as: try Presentation(parsing: word)) } catch {
            throw LuaError("\(context): step \(number): \(error)")
        }
    }
}

import CLua
import CLuaShim
import Switchyard

/// The tables the Lua API hands out: info `{path, pattern, params, query, fragment, value}`,
/// screens `{id, path, pattern, params, query, fragment, title, view}`, steps, states, routes.
extension LuaState {
    /// [-0, +1]
    /// Built in one protected call from the strings' own bytes: `match` and every callback push one.
    /// `pathAt`: the stack index of a Lua string equal to the info's path (`match`'s argument, when
    /// the path needed no normalising), pushed as it is instead of interned again.
    func push(info: RouteInfo, pathAt pathIndex: Int32 = 0, on L: OpaquePointer) throws(LuaError) {
        try ensureStack(L, 6)
        var shape = sy_InfoTable()
        shape.pathindex = pathIndex
        let status = withLocation(path: pathIndex == 0 ? info.path : nil, pattern: info.pattern,
                                  fragment: info.fragment, in: &shape) { shape in
            pushInfoShaped(&shape, params: info.params, query: info.query, on: L)
        }
        try check(status, on: L)
        try setDeclaredFields(params: info.params, query: info.query, extra: info.extra, layoutData: info.layoutData, on: L)
        if let value = info.value {
            try push(anyValue: value, on: L)
            try setField("value", on: L)
        }
        if let data = info.data {
            try push(anyValue: data, on: L)
            try setField("data", on: L)
        }
        if let failure = info.failure {
            try push(failure: failure, on: L)
            try setField("error", on: L)
        }
    }

    /// An error screen's `info.error`: `{message, where, route}`. [-0, +1]
    func push(failure: LandingFailure, on L: OpaquePointer) throws(LuaError) {
        try push(fields: [(key: "message", value: failure.message), (key: "where", value: failure.site),
                          (key: "route", value: failure.route)], on: L)
    }

    /// [-0, +1]
    /// The info table of a match lent by `withMatch(utf8: path)`, `path` being the bytes of the Lua
    /// string at `pathIndex`. A lent plain path is its own info's path, and its parameters are slices
    /// of it: the table is built from those bytes in one protected call, the path pushed as the string
    /// it is. A resolved match (a query, dot segments, a validator) goes the way of any info.
    func push(match: RouteMatchView, path: UnsafeBufferPointer<UInt8>, pathAt pathIndex: Int32,
              on L: OpaquePointer) throws(LuaError) {
        try ensureStack(L, 6)
        let lent = match.hasDeclaredExtras ? nil : match.withUTF8Parts { pattern, parameters in
            var shape = sy_InfoTable()
            shape.pathindex = pathIndex
            (shape.pattern, shape.patternlen) = (LuaFields.chars(pattern), pattern.count)
            shape.patternslot = lua_Integer(match.route.rawValue + 1)
            return withUnsafeTemporaryAllocation(of: sy_Field.self, capacity: parameters.count) { fields in
                for (index, parameter) in parameters.enumerated() {
                    fields.initializeElement(at: index, to: LuaFields.field(parameter.name, parameter.value))
                }
                (shape.params, shape.nparams) = (UnsafePointer(fields.baseAddress), Int32(fields.count))
                return sy_pushinfo(L, &shape)
            }
        }
        if let lent { return try check(lent, on: L) }
        let info = match.info
        // A path that needed no normalising is pushed as the argument it is; compared as bytes (a
        // normalised path lost '/' or '.' characters, never only changed them).
        let same = info.path.utf8.elementsEqual(path)
        try push(info: info, pathAt: same ? pathIndex : 0, on: L)
    }

    /// `body` with the shape's `path`, `pattern` and `fragment` (nil ones left out) pointing at the
    /// strings' own bytes; returns what `body` returns.
    private func withLocation(path: String?, pattern: String?, fragment: String?, in shape: inout sy_InfoTable,
                              _ body: (inout sy_InfoTable) -> Int32) -> Int32 {
        LuaFields.withText(path) { path in
            LuaFields.withText(pattern) { pattern in
                LuaFields.withText(fragment) { fragment in
                    (shape.path, shape.pathlen) = path
                    (shape.pattern, shape.patternlen) = pattern
                    (shape.fragment, shape.fragmentlen) = fragment
                    return body(&shape)
                }
            }
        }
    }

    /// `{path, pattern, fragment, extra..., params = {...}, query = {...}}` in one protected call
    /// (`sy_pushinfo`): the shape that info and screen tables share. Returns a Lua status. [-0, +(0|1)]
    private func pushInfoShaped(_ shape: inout sy_InfoTable, params: Parameters,
                                query: [String: String], on L: OpaquePointer) -> Int32 {
        LuaFields.withParameters(params) { params in
            LuaFields.withQuery(query) { query in
                (shape.params, shape.nparams) = (params.baseAddress, Int32(params.count))
                (shape.query, shape.nquery) = (query.baseAddress, Int32(query.count))
                return sy_pushinfo(L, &shape)
            }
        }
    }

    /// A validator's value: the Lua value it returned, or a Swift value's description.
    func push(anyValue value: Any, on L: OpaquePointer) throws(LuaError) {
        switch value {
        case let lua as LuaValue: try push(lua, on: L)
        case let text as String: try push(string: text, on: L)
        case let number as Int: try push(.integer(Int64(number)), on: L)
        case let flag as Bool: try push(.boolean(flag), on: L)
        default: try push(string: String(describing: value), on: L)
        }
    }

    /// [-0, +1]
    /// Built like an info table, in one protected call, its `params` from the screen's path bytes
    /// (no dictionary): events hand observers two of these per operation.
    func push(screen: Screen, on L: OpaquePointer) throws(LuaError) {
        try ensureStack(L, 6)
        var shape = sy_InfoTable()
        let status = LuaFields.withBorrowed([("title", screen.title), ("view", screen.view),
                                             ("transition", screen.transition?.rawValue),
                                             ("background", screen.background?.rawValue),
                                             ("animation", screen.placement?.animation?.rawValue),
                                             ("alignment", screen.placement?.alignment?.rawValue)]) { extra in
            (shape.extra, shape.nextra) = (extra.baseAddress, Int32(extra.count))
            return withLocation(path: screen.path, pattern: screen.pattern, fragment: screen.fragment,
                                in: &shape) { shape in
                pushInfoShaped(&shape, params: screen.parameters, query: screen.query, on: L)
            }
        }
        try check(status, on: L)
        try setDeclaredFields(params: screen.parameters, query: screen.query, extra: screen.extra,
                              layoutData: screen.layoutData, on: L)
        lua_pushinteger(L, lua_Integer(screen.id))
        try setField("id", on: L)
        if let bounds = screen.placement?.usesDeviceBounds {
            lua_pushboolean(L, bounds ? 1 : 0)
            try setField("use_device_bounds", on: L)
        }
        if let data = screen.data {
            try push(anyValue: data, on: L)
            try setField("data", on: L)
        }
        if let failure = screen.failure {
            try push(failure: failure, on: L)
            try setField("error", on: L)
        }
    }

    /// A screen `preview` made: a screen table without `id` (the screen is not kept), with `links`. [-0, +1]
    func push(preview screen: Screen, links: [String], on L: OpaquePointer) throws(LuaError) {
        try push(screen: screen, on: L)
        lua_pushnil(L)
        try setField("id", on: L)
        try push(stringList: links, on: L)
        try setField("links", on: L)
    }

    /// A screen's parameters as `{name = value}`, from the path bytes (no dictionary). [-0, +1]
    func push(parameters: Parameters, on L: OpaquePointer) throws(LuaError) {
        try ensureStack(L, 4)
        if try pushTypedParameters(parameters, on: L) { return }
        let status = LuaFields.withParameters(parameters) { fields in
            sy_pushfields(L, fields.baseAddress, Int32(fields.count))
        }
        try check(status, on: L)
    }

    private func pushOptional(_ text: String?, field: String, on L: OpaquePointer) throws(LuaError) {
        guard let text else { return }
        try push(string: text, on: L)
        try setField(field, on: L)
    }

    /// [-0, +1]
    func push(screens: [Screen], on L: OpaquePointer) throws(LuaError) {
        try push(list: screens, on: L) { (screen) throws(LuaError) in try push(screen: screen, on: L) }
    }

    /// `{path, as}` [-0, +1]
    func push(step: FlowStep, on L: OpaquePointer) throws(LuaError) {
        try pushNewTable(on: L, array: 1, record: 2)
        try push(string: step.path, on: L)
        try setField("path", on: L)
        try push(string: step.presentation.rawValue, on: L)
        try setField("as", on: L)
    }

    /// [-0, +1]
    func push(steps: [FlowStep], on L: OpaquePointer) throws(LuaError) {
        try push(list: steps, on: L) { (step) throws(LuaError) in try push(step: step, on: L) }
    }

    /// `{title, message, buttons = {labels}, style}` [-0, +1]
    func push(alert: Alert, on L: OpaquePointer) throws(LuaError) {
        try pushNewTable(on: L, record: 4)
        try push(string: alert.title, on: L)
        try setField("title", on: L)
        try pushOptional(alert.message, field: "message", on: L)
        try push(stringList: alert.labels, on: L)
        try setField("buttons", on: L)
        try push(string: alert.style.rawValue, on: L)
        try setField("style", on: L)
    }

    /// `{kind, tabs, selected_tab, stack, tab_stacks, detents, detent, drag_indicator}` [-0, +1]
    func push(environment: NavigationEnvironment, on L: OpaquePointer) throws(LuaError) {
        try pushNewTable(on: L, record: 5)
        try push(string: environment.kind.rawValue, on: L)
        try setField("kind", on: L)
        try push(screens: environment.stack, on: L)
        try setField("stack", on: L)
        if let detents = environment.detents {
            try push(stringList: detents.available, on: L)
            try setField("detents", on: L)
            try push(string: detents.selected, on: L)
            try setField("detent", on: L)
            lua_pushboolean(L, detents.showsDragIndicator ? 1 : 0)
            try setField("drag_indicator", on: L)
        }
        guard !environment.tabs.isEmpty else { return }
        try push(stringList: environment.tabs, on: L)
        try setField("tabs", on: L)
        try push(string: environment.tabs[environment.selectedTab], on: L)
        try setField("selected_tab", on: L)
        try push(list: environment.tabStacks, on: L) { (stack) throws(LuaError) in try push(screens: stack, on: L) }
        try setField("tab_stacks", on: L)
    }

    /// `{environments, alert, modals, queue, path}` [-0, +1]
    func push(state: NavigationState, on L: OpaquePointer) throws(LuaError) {
        try pushNewTable(on: L, record: 5)
        try push(list: state.environments, on: L) { (environment) throws(LuaError) in
            try push(environment: environment, on: L)
        }
        try setField("environments", on: L)
        if let alert = state.alert {
            try push(alert: alert, on: L)
            try setField("alert", on: L)
        }
        try push(screens: state.modals, on: L)
        try setField("modals", on: L)
        try push(steps: state.queue, on: L)
        try setField("queue", on: L)
        try push(string: state.screen.path, on: L)
        try setField("path", on: L)
    }

    /// `{ {operation, location, current}... }` [-0, +1]
    func push(history: [TimelineEntry], current: Int, on L: OpaquePointer) throws(LuaError) {
        try pushNewTable(on: L, array: history.count)
        for (index, entry) in history.enumerated() {
            try pushNewTable(on: L, record: 3)
            try push(string: entry.operation.rawValue, on: L)
            try setField("operation", on: L)
            try push(string: entry.location, on: L)
            try setField("location", on: L)
            if index == current {
                lua_pushboolean(L, 1)
                try setField("current", on: L)
            }
            try setIndex(index + 1, on: L)
        }
    }

    /// `{operation, from, to, direction, chain}` [-0, +1]; `routes` names the chain's routes.
    func push(event: NavigationEvent, routes: RouteTable<RouteDefinition>, on L: OpaquePointer) throws(LuaError) {
        try pushNewTable(on: L, record: 5)
        try push(chain: event.chain, routes: routes, on: L)
        try setField("chain", on: L)
        try push(string: event.operation.rawValue, on: L)
        try setField("operation", on: L)
        try push(screen: event.from, on: L)
        try setField("from", on: L)
        try push(screen: event.to, on: L)
        try setField("to", on: L)
        try push(string: event.direction.rawValue, on: L)
        try setField("direction", on: L)
    }

    /// `{ {step, path, route, site, answer, to, text}... }`: a change's chain, each step a table of
    /// strings (absent fields left out). [-0, +1]
    func push(chain: [ChainStep], routes: RouteTable<RouteDefinition>, on L: OpaquePointer) throws(LuaError) {
        try pushNewTable(on: L, array: chain.count)
        for (index, step) in chain.enumerated() {
            try push(fields: Self.fields(of: step, routes), on: L)
            try setIndex(index + 1, on: L)
        }
    }

    private static func fields(of step: ChainStep, _ routes: RouteTable<RouteDefinition>) -> [(key: String, value: String?)] {
        func declared(_ route: RouteID?) -> (pattern: String?, site: String?) {
            guard let route, route.rawValue < routes.count else { return (nil, nil) }
            return (routes[route].pattern.text, routes[route].site)
        }
        let text = step.text(routes)
        switch step {
        case let .validated(route, path, accepted, reason):
            let (pattern, site) = declared(route)
            return [("step", "validator"), ("path", path), ("route", pattern), ("site", site),
                    ("answer", accepted ? "accept" : "reject"), ("reason", reason), ("text", text)]
        case let .redirected(route, path, to):
            let (pattern, site) = declared(route)
            return [("step", "redirect"), ("path", path), ("route", pattern), ("site", site), ("to", to), ("text", text)]
        case let .guarded(route, path, decision):
            let (pattern, site) = declared(route)
            var answer = "allow", to: String?, key: String?
            switch decision {
            case .allow: break
            case .block: answer = "block"
            case let .redirect(target): (answer, to) = ("redirect", target)
            case let .pending(held): (answer, key) = ("pending", held)
            }
            return [("step", "guard"), ("path", path), ("route", pattern), ("site", site), ("answer", answer),
                    ("to", to), ("key", key), ("text", text)]
        case let .hooked(site, path, decision):
            var answer = "allow", to: String?, key: String?
            switch decision {
            case .allow: break
            case .block: answer = "block"
            case let .redirect(target): (answer, to) = ("redirect", target)
            case let .pending(held): (answer, key) = ("pending", held)
            }
            return [("step", "before"), ("path", path), ("site", site), ("answer", answer),
                    ("to", to), ("key", key), ("text", text)]
        case let .left(route, path, allowed):
            let (pattern, site) = declared(route)
            return [("step", "leave"), ("path", path), ("route", pattern), ("site", site),
                    ("answer", allowed ? "allow" : "block"), ("text", text)]
        case let .droppedAlert(title):
            return [("step", "alert"), ("title", title), ("answer", "dropped"), ("text", text)]
        }
    }

    /// `{pattern, name, site, title, presentation, links, entry, rank, validated}` [-0, +1]
    /// `route()` returns one for every declaration: built in one protected call (`sy_pushroute`).
    func push(route: Route<RouteDefinition>, rank: Int?, on L: OpaquePointer) throws(LuaError) {
        try ensureStack(L, 6)
        var title: String?
        if case .fixed(let text)? = route.payload.title { title = text }
        var shape = sy_RouteShape()
        (shape.hasrank, shape.rank) = (rank == nil ? 0 : 1, lua_Integer(rank ?? 0))
        (shape.validated, shape.entry) = (route.hasValidator ? 1 : 0, route.payload.entry ? 1 : 0)
        let status = LuaFields.withText(route.pattern.text) { pattern in
            LuaFields.withText(route.name) { name in
                LuaFields.withText(route.site) { site in
                    LuaFields.withText(title) { title in
                        LuaFields.withText(route.payload.presentation.rawValue) { presentation in
                            LuaFields.withValues(route.payload.links) { links in
                                (shape.pattern, shape.patternlen) = pattern
                                (shape.name, shape.namelen) = name
                                (shape.site, shape.sitelen) = site
                                (shape.title, shape.titlelen) = title
                                (shape.presentation, shape.presentationlen) = presentation
                                (shape.links, shape.nlinks) = (links.baseAddress, Int32(links.count))
                                return sy_pushroute(L, &shape)
                            }
                        }
                    }
                }
            }
        }
        try check(status, on: L)
        // A typed route lists its types by parameter: {id = "int", layout = "grid|list"} (issue 33).
        if let types = route.parameterTypes {
            try push(fields: types.entries.map { ($0.name, $0.type.name) }, on: L)
            try setField("params", on: L)
        }
        // A route with a query schema lists it by key: {page = "int=1", tab = "info|tracks"} (issue 33).
        if let schema = route.querySchema {
            try push(fields: schema.entries.map { ($0.key, String($0.summary.dropFirst($0.key.count + 1))) }, on: L)
            try setField("query", on: L)
        }
        try setMeta(route.meta, on: L)
        try setLayouts(of: route, on: L)
    }

    /// What a route's declaration adds to the info or screen table on top, the same for both: the
    /// typed parameters, the query read through its schema, `meta`, `extra` and the matched chain
    /// of layouts. [-0, +0]
    func setDeclaredFields(params: Parameters, query: [String: String], extra: RouteMeta?, layoutData: [Any?]?,
                           on L: OpaquePointer) throws(LuaError) {
        try replaceTypedParameters(params, on: L)
        try replaceSchemaQuery(query, schema: params.querySchema, on: L)
        try setMeta(params.meta, on: L)
        if let extra {
            try push(meta: extra, on: L)
            try setField("extra", on: L)
        }
        try setMatched(params, data: layoutData, on: L)
    }
}

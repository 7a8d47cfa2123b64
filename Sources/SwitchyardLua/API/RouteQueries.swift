import Switchyard

/// `match`, `match_all`, `explain`, `url`, `routes`: the asking half of the Lua API.
extension SwitchyardRuntime {
    func installQueries() throws(LuaError) {
        try engine.globals.rawSet(.string(LuaString("match")), .function(try makeMatchFunction()))
        try define("match_all") { runtime, call in try runtime.matchAll(call) }
        try define("explain") { runtime, call in try runtime.explain(call) }
        try define("url") { runtime, call in try runtime.url(call) }
        try define("routes") { runtime, call in try runtime.listRoutes(call) }
        try define("preview") { runtime, call in try runtime.preview(call) }
        try define("mismatch") { runtime, call in try runtime.mismatch(call) }
    }

    /// preview(path) -> screen | nil: `{path, pattern, params, query, fragment, title, view, links}`
    private func preview(_ call: LuaCall) throws -> Int {
        let path = try call.checkString(1, "preview")
        guard let screen = try navigator.preview(path) else {
            try call.pushNil()
            return 1
        }
        let (state, L) = call.stack
        try state.push(preview: screen, links: navigator.links(of: screen), on: L)
        return 1
    }

    /// mismatch([reason]): raised in a validator, "no match here, try the next candidate".
    private func mismatch(_ call: LuaCall) throws -> Int {
        let reason = try call.optionalString(1, "mismatch")
        throw mismatches.raise(reason)
    }

    /// `match` is also the table of luassert's argument matchers (`match._`, `match.is_string()`);
    /// calling that table is calling this, the path then second (after the table itself).
    package func makeMatchCall() throws(LuaError) -> LuaFunction {
        try makeMatchFunction(argument: 2)
    }

    /// match_all(path) -> {info...} in rank order
    private func matchAll(_ call: LuaCall) throws -> Int {
        let path = try call.checkString(1, "match_all")
        let found = try routeTable.matchAll(path)
        let (state, L) = call.stack
        try state.push(list: found, on: L) { (match) throws(LuaError) in try state.push(info: match.info, on: L) }
        return 1
    }

    /// explain(path) -> string
    private func explain(_ call: LuaCall) throws -> Int {
        let path = try call.checkString(1, "explain")
        try call.push(string: routeTable.explain(path).description)
        return 1
    }

    /// url(name, params [, query]) -> path
    private func url(_ call: LuaCall) throws -> Int {
        let name = try call.checkString(1, "url")
        let params = call.isNil(2) ? [:] : try call.checkTable(2, "url").stringMap(context: "url", what: "params")
        let query = call.isNil(3) ? [:] : try call.checkTable(3, "url").stringMap(context: "url", what: "query")
        let path = try routeTable.url(name: name, params: params,
                                      query: query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        try call.push(string: path)
        return 1
    }

    /// routes() -> {route...} in declaration order, each with its rank (1 = most specific)
    /// routes([{case_insensitive = b}]) -> entries: the options first change the table for every
    /// route, declared or to come.
    private func listRoutes(_ call: LuaCall) throws -> Int {
        if call.count >= 1 && !call.isNil(1) {
            let options = try OptionTable(call, index: 1, allowed: ["case_insensitive"], function: "routes", context: "routes")
            if !options["case_insensitive"].isNil {
                do { try routeTable.setCaseInsensitive(try options.flag("case_insensitive")) } catch {
                    throw LuaError("routes: cannot ignore case: \(error)")
                }
            }
        }
        var ranks: [RouteID: Int] = [:]
        for (offset, route) in routeTable.rankedRoutes.enumerated() { ranks[route.id] = offset + 1 }
        let (state, L) = call.stack
        try state.push(list: routeTable.routes, on: L) { (route) throws(LuaError) in
            try state.push(route: route, rank: ranks[route.id], on: L)
        }
        return 1
    }
}

import Switchyard

/// Guards that wait (issue 14, item 15): a guard returns `nav.pending(key)`, the operation is held
/// (`nav.pending_navigation`), and `nav.settle(key, result)` finishes it with the answer the guard
/// would have given.
///
///     route("/checkout", {guard = function() return nav.pending("payment") end})
///     nav.push("/checkout")                -- held: nav.path is still "/"
///     nav.settle("payment", true)          -- now at /checkout
enum PendingGuards {
    /// What `nav.pending(key)` returns: a userdata holding the key, so no table or string a guard
    /// returns by accident can be taken for it.
    final class Marker {
        let key: String
        init(key: String) { self.key = key }
    }

    /// `nav.pending(key)` → the marker userdata.
    static func pending(_ runtime: SwitchyardRuntime, _ call: LuaCall) throws -> Int {
        let key = try call.checkString(1, "nav.pending")
        let metatable: LuaTable
        if let made = runtime.pendingMetatable { metatable = made } else {
            metatable = try runtime.engine.makeUserdataMetatable()
            try metatable.rawSet("__name", "pending navigation")
            runtime.pendingMetatable = metatable
        }
        try call.push(.userdata(try runtime.engine.makeUserdata(Marker(key: key), metatable: metatable)))
        return 1
    }

    /// `nav.settle(key [, result])` → true when the held operation went ahead, false when `result`
    /// blocked it.
    static func settle(_ runtime: SwitchyardRuntime, _ call: LuaCall) throws -> Int {
        let key = try call.checkString(1, "nav.settle")
        let result = try call.value(2)
        guard let decision = decision(result) else {
            throw LuaError("nav.settle: the result must be nil, true, false or a path, got a \(result.typeName) value")
        }
        if case .pending = decision { throw LuaError("nav.settle: the result must be nil, true, false or a path, not another nav.pending") }
        try call.push(bool: try runtime.navigator.settle(key, with: decision))
        return 1
    }

    /// A guard's answer: nil/true allow, false blocks, a string redirects, `nav.pending(key)` waits;
    /// nil for any other value.
    static func decision(_ value: LuaValue) -> GuardDecision? {
        switch value {
        case .nil, .boolean(true): .allow
        case .boolean(false): .block
        case .string(let path): .redirect(path.string)
        case .userdata(let userdata): (userdata.object as? Marker).map { .pending($0.key) }
        default: nil
        }
    }

    /// `nav.pending_navigation`: `{key, path, operation}`, with `kind = "leave"` and `to` when a leave
    /// guard holds it (a guard's hold has no `kind`, as before leave guards could wait), or nil.
    static func field(_ runtime: SwitchyardRuntime, _ call: LuaCall) throws -> Int {
        guard let pending = runtime.navigator.pendingNavigation else { try call.pushNil(); return 1 }
        let table = try runtime.engine.makeTable(recordCapacity: 5)
        if pending.kind == .leave {
            try table.rawSet("kind", .string(LuaString(pending.kind.rawValue)))
            if let to = pending.to { try table.rawSet("to", .string(LuaString(to))) }
        }
        try table.rawSet("key", .string(LuaString(pending.key)))
        try table.rawSet("path", .string(LuaString(pending.path)))
        try table.rawSet("operation", .string(LuaString(pending.operation.rawValue)))
        try call.push(reference: table)
        return 1
    }
}

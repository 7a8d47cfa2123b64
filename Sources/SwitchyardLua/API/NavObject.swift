import Switchyard

/// The global `nav`: a userdata whose `__index` is the table of operations (a plain table hit, no
/// Swift lookup by name) chained to a table of read-only fields (one Swift getter each), and whose
/// `__newindex` refuses every write ("nav.path is read-only"). A userdata rather than an empty
/// table, so that not even `rawset(nav, "path", ...)` can shadow a field (it raises "table
/// expected"). `getmetatable(nav)` returns a listing `{__name = "nav", __index = {push =
/// <function>, path = "read-only field", ...}}`, not the metatable itself, so scripts cannot
/// unprotect it and tools can still list the members.
package enum NavObject {
    typealias Body = @Sendable (SwitchyardRuntime, LuaCall) throws -> Int

    /// One operation or field. A struct rather than a tuple: a closure kept in a tuple inside an array
    /// is stored in its most general form, and every call then went through two reabstraction thunks.
    struct Member: Sendable {
        let name: String
        let body: Body

        init(_ name: String, _ body: @escaping Body) {
            self.name = name
            self.body = body
        }
    }

    static var operationNames: [String] { NavOperations.all.map(\.name) }
    static var fieldNames: [String] { NavFields.all.map(\.name) }

    static func install(in runtime: SwitchyardRuntime) throws(LuaError) {
        try NavEvents.prepare(runtime)
        try renew(in: runtime)
    }

    /// Sets the global `nav` to a new userdata with its own metatable, operations and fields: how
    /// each scenario test starts, so that what one test did to them through `debug` (an `__index`
    /// replaced, an operation removed) cannot reach the next. A `nav` kept from before still drives
    /// the runtime's navigator, as it did.
    package static func renew(in runtime: SwitchyardRuntime) throws(LuaError) {
        let engine = runtime.engine
        let operations = try table(of: NavOperations.all, runtime: runtime)
        let fields = try table(of: NavFields.all, runtime: runtime)
        let metatable = try engine.makeUserdataMetatable()
        guard let glue = try engine.run(source, chunkName: "=nav").first?.functionValue else { return }
        // Asked only when a script reads a member nav does not have: " (did you mean nav.push?)";
        // the names are listed then, not at every start.
        let hint = try engine.makeFunction { arguments in
            let members = (operationNames + fieldNames).map { "nav." + $0 }
            return [.string(LuaString(TypoSuggestion.hint(for: "nav." + (arguments.first?.stringValue ?? ""), among: members)))]
        }
        _ = try glue.call(.table(operations), .table(fields), .table(metatable), .function(hint))
        try engine.globals.rawSet("nav", .userdata(try engine.makeUserdata(Handle(), metatable: metatable)))
    }

    /// What the userdata holds: nothing; `nav` finds its navigator through the runtime.
    private final class Handle {}

    /// A table of Swift functions by name; each finds the runtime's current navigator when called.
    private static func table(of entries: [Member],
                              runtime: SwitchyardRuntime) throws(LuaError) -> LuaTable {
        let table = try runtime.engine.makeTable(recordCapacity: entries.count)
        for entry in entries {
            try table.rawSet(.string(LuaString(entry.name)), .function(try NavMemberFunction.make(entry.body, runtime: runtime)))
        }
        return table
    }

    private static let source = """
        local error, tostring, type = error, tostring, type
        return function(operations, fields, metatable, hint)
        -- what getmetatable(nav) shows instead of the real metatable (which stays out of reach):
        -- every member under __index, for tools such as the REPL's completion
        local listing = {}
        for name, operation in pairs(operations) do listing[name] = operation end
        for name in pairs(fields) do listing[name] = "read-only field" end
        local members = {__name = "nav", __index = listing}
        setmetatable(operations, {
          __index = function(_, key)
            local get = fields[key]
            if get then return get() end
            error("nav has no field '" .. tostring(key) .. "'" .. (type(key) == "string" and hint(key) or ""), 2)
          end,
        })
        metatable.__index = operations
        metatable.__newindex = function(_, key)
          error("nav." .. tostring(key) .. " is read-only", 2)
        end
        metatable.__tostring = function() return "nav: " .. fields.path() end
        metatable.__name = "nav"
        metatable.__metatable = members
        end
        """
}

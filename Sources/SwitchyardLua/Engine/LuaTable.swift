import CLua
import CLuaShim

/// A Lua table held from Swift.
///
/// ```swift
/// let config = try engine.run("return {name = 'music', tabs = {'/home', '/search'}}", chunkName: "=c")[0]
/// let name = try config.tableValue!.get("name")           // .string("music")
/// let tabs = try config.tableValue!.get("tabs").tableValue!.array()
/// ```
public final class LuaTable: LuaReference {
    /// `t[key]`, with `__index`: `try album.get("title").stringValue`.
    public func get(_ key: LuaValue) throws(LuaError) -> LuaValue {
        try withPushed { (L, t) throws(LuaError) -> LuaValue in
            try state.push(key, on: L)
            try state.check(sy_gettable(L, t), on: L)
            return try state.value(at: -1, on: L)
        }
    }

    /// `t[key] = value`, with `__newindex`: `try settings.set("theme", "dark")`.
    public func set(_ key: LuaValue, _ value: LuaValue) throws(LuaError) {
        try withPushed { (L, t) throws(LuaError) in
            try state.push(key, on: L)
            try state.push(value, on: L)
            try state.check(sy_settable(L, t), on: L)
        }
    }

    /// `rawget(t, key)`: no metamethods: `try engine.globals.rawGet("route").functionValue`.
    public func rawGet(_ key: LuaValue) throws(LuaError) -> LuaValue {
        try withPushed { (L, t) throws(LuaError) -> LuaValue in
            try state.push(key, on: L)
            lua_rawget(L, t)
            return try state.value(at: -1, on: L)
        }
    }

    /// `rawset(t, key, value)`: no metamethods: `try engine.globals.rawSet("app_version", "2.1")`.
    public func rawSet(_ key: LuaValue, _ value: LuaValue) throws(LuaError) {
        try withPushed { (L, t) throws(LuaError) in
            try state.push(key, on: L)
            try state.push(value, on: L)
            try state.check(sy_rawset(L, t), on: L)
        }
    }

    /// The table as a function when its metatable has `__call` (a luassert spy, an object with a
    /// call method): `lua_pcall` calls it as Lua would. nil for a plain table.
    package var callable: LuaFunction? {
        try? withPushed { (L, t) throws(LuaError) -> LuaFunction? in
            try state.ensureStack(L, 4)
            guard lua_getmetatable(L, t) != 0 else { return nil }
            try state.push(.string(LuaString("__call")), on: L)
            lua_rawget(L, -2)
            guard lua_type(L, -1) != LUA_TNIL else { return nil }
            return LuaFunction(state: state, ref: try state.reference(at: t, on: L))
        }
    }

    /// `#t`, with `__len`: `try tabs.length()` is 2 for `{'/home', '/search'}`.
    public func length() throws(LuaError) -> Int {
        try withPushed { (L, t) throws(LuaError) -> Int in
            var length: lua_Integer = 0
            try state.check(sy_len(L, t, &length), on: L)
            return Int(length)
        }
    }

    /// The border `rawlen` reports: for a sequence, its length.
    var rawLength: Int {
        (try? withPushed { (L, t) throws(LuaError) -> Int in Int(lua_rawlen(L, t)) }) ?? 0
    }

    /// `t[1]` ... `t[rawLength]`, raw: `try tabs.array().compactMap(\.stringValue)` is `["/home", "/search"]`.
    public func array() throws(LuaError) -> [LuaValue] {
        try withPushed { (L, t) throws(LuaError) -> [LuaValue] in
            let count = lua_rawlen(L, t)
            var values: [LuaValue] = []
            values.reserveCapacity(Int(count))
            guard count > 0 else { return values }
            for i in 1...count {
                try state.ensureStack(L, 2)
                lua_rawgeti(L, t, lua_Integer(i))
                values.append(try state.value(at: -1, on: L))
                lua_settop(L, -2)
            }
            return values
        }
    }

    /// Every key/value pair, in `next` order (raw, like `next`; no `__pairs`, but a `match(path)` table
    /// builds its `query` first, as its `__pairs` does, so the walk lists it):
    /// `for (key, value) in try config.pairs() { print(key, value) }`.
    public func pairs() throws(LuaError) -> [(key: LuaValue, value: LuaValue)] {
        try withPushed { (L, t) throws(LuaError) -> [(key: LuaValue, value: LuaValue)] in
            var result: [(key: LuaValue, value: LuaValue)] = []
            try state.ensureStack(L, 6)
            lua_pushnil(L)
            while true {
                var more: Int32 = 0
                try state.check(sy_next(L, t, &more), on: L)
                guard more != 0 else { return result }
                result.append((try state.value(at: -2, on: L), try state.value(at: -1, on: L)))
                lua_settop(L, -2)  // keep the key for the next step
            }
        }
    }

    /// The keys, in `next` order, e.g. for completion in a REPL: `try engine.globals.keys()`.
    public func keys() throws(LuaError) -> [LuaValue] { try pairs().map(\.key) }
}

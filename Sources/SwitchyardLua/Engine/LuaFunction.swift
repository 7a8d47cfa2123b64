/// A Lua function (or a Swift function seen from Lua) held from Swift.
///
/// ```swift
/// let add = try engine.run("return function(a, b) return a + b end", chunkName: "=f")[0].functionValue!
/// let sum = try add.call(2, 3)   // [.integer(5)]
/// ```
public final class LuaFunction: LuaReference {
    /// Calls through `lua_pcall` with the traceback handler; errors come back as `LuaError`:
    /// `try add.call([.integer(2), .integer(3)])` returns `[.integer(5)]`.
    @discardableResult
    public func call(_ arguments: [LuaValue]) throws(LuaError) -> [LuaValue] {
        try state.call(self, arguments)
    }

    /// The same call with the arguments listed: `try add.call(2, 3)` returns `[.integer(5)]`.
    @discardableResult
    public func call(_ arguments: LuaValue...) throws(LuaError) -> [LuaValue] {
        try state.call(self, arguments)
    }
}

/// A Lua coroutine held from Swift, as a script handed it over; Swift only holds it (and can hand
/// it back to Lua).
///
/// ```swift
/// let results = try engine.run("return coroutine.create(function() end)", chunkName: "=co")
/// if case .thread(let coroutine) = results[0] { try engine.globals.rawSet("saved", .thread(coroutine)) }
/// ```
public final class LuaThread: LuaReference {}

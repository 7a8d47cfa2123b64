/// A Lua function (or a Swift function seen from Lua) held from Swift.
///
/// ```swift
/// let add = try engine.run("return function(a, b) return a + b end", chunkName: "=f")[0].functionValue!
/// let sum = try add.call(2, 3)   // [.integer(5)]
/// ```
public final class LuaFunction: LuaReference {
    /// Calls through `lua_pcall` with the traceback handler; errors come back as `LuaError`.
    @discardableResult
    public func call(_ arguments: [LuaValue]) throws(LuaError) -> [LuaValue] {
        try state.call(self, arguments)
    }

    @discardableResult
    public func call(_ arguments: LuaValue...) throws(LuaError) -> [LuaValue] {
        try state.call(self, arguments)
    }
}

/// A Lua coroutine held from Swift.
public final class LuaThread: LuaReference {}

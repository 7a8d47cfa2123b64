import CLua
import CLuaShim

/// The Swift side of a function Lua can call: a box whose address sits in the C closure's upvalue
/// (C callbacks cannot capture context), entered from the shim's trampoline.
final class SwiftFunction {
    typealias Body = (LuaCall) throws -> Int

    /// The state outlives every box: boxes are released by `__gc`, at the latest in `lua_close`,
    /// which the state itself runs.
    unowned(unsafe) let state: LuaState
    let body: Body

    init(state: LuaState, body: @escaping Body) {
        self.state = state
        self.body = body
    }

    /// Called by the trampoline; must not raise: failures are pushed and reported by the return
    /// value, and the trampoline raises after this frame is gone.
    func invoke(_ L: OpaquePointer) -> Int32 {
        do {
            let count = try body(LuaCall(state: state, L: L))
            return Int32(count)
        } catch {
            return Self.fail(LuaError(bridging: error), state: state, on: L)
        }
    }

    /// Pushes the error's message for the shim to raise (after the Swift frame is gone) and returns
    /// the code that says how: SY_RAISE or SY_RAISE_WHERE. [-0, +1]
    static func fail(_ error: LuaError, state: LuaState, on L: OpaquePointer) -> Int32 {
        if error.kind != .runtime && error.kind != .syntax { state.propagatedKind = error.kind }
        // The message and the trampoline's "chunk:line" need two slots. If the body filled the frame
        // past what Lua can grow, its arguments and partial results are of no use any more: emptying
        // the frame leaves the LUA_MINSTACK slots every C function is given. (A failed push for
        // memory pushes the memory error object instead.)
        if lua_checkstack(L, 2) == 0 { lua_settop(L, 0) }
        var message = error.message
        _ = message.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { sy_pushlstring(L, $0.baseAddress, $0.count) }
        }
        return error.isLocated ? Int32(SY_RAISE) : Int32(SY_RAISE_WHERE)
    }

    /// Pushes a new C closure calling this box. [-0, +1]
    static func push(_ body: @escaping Body, state: LuaState, on L: OpaquePointer) throws(LuaError) {
        try state.ensureStack(L, 4)
        let box = Unmanaged.passRetained(SwiftFunction(state: state, body: body)).toOpaque()
        let status = sy_pushswiftfunction(
            L,
            // Borrowed, not retained, for the call: the closure being called holds the box in its upvalue,
            // and the closure is on Lua's stack until the call returns.
            { L, box in Unmanaged<SwiftFunction>.fromOpaque(box!)._withUnsafeGuaranteedRef { $0.invoke(L!) } },
            box,
            { box in Unmanaged<AnyObject>.fromOpaque(box!).release() })
        try state.check(status, on: L)
    }
}

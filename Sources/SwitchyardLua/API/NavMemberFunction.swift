import CLua
import CLuaShim

/// The box behind one `nav` member (`nav.push`, `nav.path`...) as Lua calls it: the runtime and the
/// member's body, held where the C closure's upvalue points. A call goes from the shim's trampoline to
/// the body through this box alone; made by `LuaEngine.makeFunction`, the body sat inside a closure of
/// its own that found the runtime, one more indirect call and closure context each call (26
/// instructions a `nav.push` + `nav.pop` pair; callgrind, `switchyard-bench --counted-loop
/// lua-push-pop parameter-heavy 1000`).
final class NavMemberFunction {
    /// The state outlives every box: boxes are released by `__gc`, at the latest in `lua_close`,
    /// which the state itself runs.
    unowned(unsafe) let state: LuaState
    /// Unretained, as in `SwitchyardRuntime.define` (the runtime owns the engine that owns this box),
    /// and lent as a guaranteed reference: an `unowned(unsafe)` field passed on is retained and
    /// released around every call it is passed to.
    let runtime: Unmanaged<SwitchyardRuntime>
    let body: NavObject.Body

    private init(state: LuaState, runtime: Unmanaged<SwitchyardRuntime>, body: @escaping NavObject.Body) {
        self.state = state
        self.runtime = runtime
        self.body = body
    }

    /// Called by the trampoline; must not raise, as `SwiftFunction.invoke`: a failure is pushed and
    /// reported by the return value, and the trampoline raises after this frame is gone.
    @inline(__always)
    private func invoke(_ L: OpaquePointer) -> Int32 {
        do {
            let count = try runtime._withUnsafeGuaranteedRef { runtime in try body(runtime, LuaCall(state: state, L: L)) }
            return Int32(count)
        } catch {
            return SwiftFunction.fail(LuaError(bridging: error), state: state, on: L)
        }
    }

    /// A Lua function running `body` with `runtime`, as `LuaEngine.makeFunction` makes one.
    static func make(_ body: @escaping NavObject.Body, runtime: SwitchyardRuntime) throws(LuaError) -> LuaFunction {
        let state = runtime.engine.state
        let L = try state.thread()
        return try state.balanced(L) { () throws(LuaError) -> LuaFunction in
            // [-0, +1]
            try state.ensureStack(L, 4)
            let box = Unmanaged.passRetained(NavMemberFunction(state: state, runtime: Unmanaged.passUnretained(runtime),
                                                               body: body)).toOpaque()
            let status = sy_pushswiftfunction(
                L,
                // Borrowed for the call, as in `SwiftFunction.push`: the closure being called holds the
                // box in its upvalue and is on Lua's stack until the call returns.
                { L, box in Unmanaged<NavMemberFunction>.fromOpaque(box!)._withUnsafeGuaranteedRef { $0.invoke(L!) } },
                box,
                { box in Unmanaged<AnyObject>.fromOpaque(box!).release() })
            try state.check(status, on: L)
            return LuaFunction(state: state, ref: try state.reference(at: -1, on: L))
        }
    }
}

import CLua
import CLuaShim

/// A Lua object held from Swift through a registry slot; the slot is released when the last
/// Swift reference goes away (or never needs to be, once the engine has closed). ``LuaTable``,
/// ``LuaFunction``, ``LuaUserdata`` and ``LuaThread`` are references.
///
/// ```swift
/// let table = try engine.makeTable()      // held while `table` lives
/// try engine.globals.rawSet("kept", .table(table))
/// ```
public class LuaReference {
    let state: LuaState
    let ref: Int32

    init(state: LuaState, ref: Int32) {
        self.state = state
        self.ref = ref
    }

    deinit { state.release(ref) }

    /// Whether both hold the same Lua object (Lua's raw equality).
    func isSameObject(as other: LuaReference) -> Bool {
        guard state === other.state, let L = state.current else { return false }
        if ref == other.ref { return true }
        guard lua_checkstack(L, 2) != 0 else { return false }
        sy_getref(L, ref)
        sy_getref(L, other.ref)
        defer { lua_settop(L, -3) }
        return lua_rawequal(L, -1, -2) != 0
    }

    /// Pushes the object, runs `body` with its stack index, and restores the stack.
    func withPushed<T>(_ body: (OpaquePointer, Int32) throws(LuaError) -> T) throws(LuaError) -> T {
        let L = try state.thread()
        return try state.balanced(L) { () throws(LuaError) -> T in
            try state.push(reference: self, on: L)
            return try body(L, lua_gettop(L))
        }
    }
}

import CLua
import CLuaShim

/// Swift → Lua: every entry goes through `sy_pcall` (message handler, budget, interrupt).
extension LuaState {
    /// Calls the function below `nargs` arguments on top of `L`; returns its results. [-(nargs+1), +0]
    func protectedCall(on L: OpaquePointer, arguments nargs: Int32) throws(LuaError) -> [LuaValue] {
        let base = lua_gettop(L) - nargs  // the function's slot
        if depth == 0 { propagatedKind = nil }
        depth += 1
        let status = sy_pcall(L, nargs, LUA_MULTRET)
        depth -= 1
        if status != LUA_OK {
            let error = popError(status: status, on: L)
            if depth == 0 { propagatedKind = nil }
            throw error
        }
        return try popValues(from: base, on: L)
    }

    func call(_ function: LuaReference, _ arguments: [LuaValue]) throws(LuaError) -> [LuaValue] {
        let L = try thread()
        return try balanced(L) { () throws(LuaError) -> [LuaValue] in
            try ensureStack(L, arguments.count + 4)
            try push(reference: function, on: L)
            for argument in arguments { try push(argument, on: L) }
            return try protectedCall(on: L, arguments: Int32(arguments.count))
        }
    }

    /// Compiles text as a function and leaves it on top. [-0, +1]
    func load(_ code: [UInt8], chunkName: String, on L: OpaquePointer) throws(LuaError) {
        try ensureStack(L, 4)
        let status = (code.isEmpty ? [0] : code).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sy_load(L, $0.baseAddress, code.count, chunkName) }
        }
        try check(status, on: L)
    }

    func run(_ code: [UInt8], chunkName: String) throws(LuaError) -> [LuaValue] {
        let L = try thread()
        return try balanced(L) { () throws(LuaError) -> [LuaValue] in
            try load(code, chunkName: chunkName, on: L)
            return try protectedCall(on: L, arguments: 0)
        }
    }
}

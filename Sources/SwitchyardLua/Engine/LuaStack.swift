import CLua
import CLuaShim

/// Moving values between Swift and a Lua stack. Nothing here can raise: allocation goes through
/// the shim's protected helpers and comes back as a thrown `LuaError`.
extension LuaState {
    /// [-0, +1]
    func push(_ value: LuaValue, on L: OpaquePointer) throws(LuaError) {
        try ensureStack(L, 4)
        switch value {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): try pushBytes(s.bytes, on: L)
        case .lightUserdata(let p): lua_pushlightuserdata(L, p)
        case .table(let r): try push(reference: r, on: L)
        case .function(let r): try push(reference: r, on: L)
        case .userdata(let r): try push(reference: r, on: L)
        case .thread(let r): try push(reference: r, on: L)
        }
    }

    /// [-0, +1]
    func push(reference: LuaReference, on L: OpaquePointer) throws(LuaError) {
        guard reference.state === self else { throw LuaError.foreignValue }
        try ensureStack(L, 1)
        sy_getref(L, reference.ref)
    }

    /// [-0, +1]
    func pushBytes(_ bytes: [UInt8], on L: OpaquePointer) throws(LuaError) {
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sy_pushlstring(L, $0.baseAddress, $0.count) }
        }
        try check(status, on: L)
    }

    /// [-0, +1]
    func push(string: String, on L: OpaquePointer) throws(LuaError) {
        var string = string
        let status = string.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { sy_pushlstring(L, $0.baseAddress, $0.count) }
        }
        try check(status, on: L)
    }

    /// Reads the value at `index` (no metamethods); references get a registry slot. [-0, +0]
    func value(at index: Int32, on L: OpaquePointer) throws(LuaError) -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if sy_isinteger(L, index) != 0 { return .integer(Int64(lua_tointegerx(L, index, nil))) }
            return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(LuaString(bytes: bytes(at: index, on: L)))
        case LUA_TLIGHTUSERDATA: return .lightUserdata(lua_touserdata(L, index))
        case LUA_TTABLE: return .table(LuaTable(state: self, ref: try reference(at: index, on: L)))
        case LUA_TFUNCTION: return .function(LuaFunction(state: self, ref: try reference(at: index, on: L)))
        case LUA_TUSERDATA: return .userdata(LuaUserdata(state: self, ref: try reference(at: index, on: L)))
        default: return .thread(LuaThread(state: self, ref: try reference(at: index, on: L)))
        }
    }

    /// The bytes of the string at `index`; only call when its type is LUA_TSTRING (then
    /// lua_tolstring converts nothing and cannot raise).
    func bytes(at index: Int32, on L: OpaquePointer) -> [UInt8] {
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return [] }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The string at `index` when it is a string (numbers are not converted). [-0, +0]
    static func string(at index: Int32, on L: OpaquePointer) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return nil }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// A registry reference to the value at `index`. [-0, +0]
    func reference(at index: Int32, on L: OpaquePointer) throws(LuaError) -> Int32 {
        try ensureStack(L, 4)
        lua_pushvalue(L, index)
        var ref: Int32 = LUA_NOREF
        try check(sy_ref(L, &ref), on: L)
        return ref
    }

    /// The values from `first` to the top, popped. [-(top-first+1), +0]
    func popValues(from first: Int32, on L: OpaquePointer) throws(LuaError) -> [LuaValue] {
        defer { lua_settop(L, first - 1) }
        let top = lua_gettop(L)
        guard top >= first else { return [] }
        var values: [LuaValue] = []
        values.reserveCapacity(Int(top - first + 1))
        for index in first...top { values.append(try value(at: index, on: L)) }
        return values
    }

    /// Throws the error a failed shim call left on top (popping it). [-(0|1), +0]
    func check(_ status: Int32, on L: OpaquePointer) throws(LuaError) {
        guard status != LUA_OK else { return }
        throw popError(status: status, on: L)
    }

    /// Turns the error object on top into a `LuaError`, popping it. [-1, +0]
    func popError(status: Int32, on L: OpaquePointer) -> LuaError {
        // read what the failed call recorded before describing runs anything
        let stop = sy_stop_reason(L)
        let traceback = sy_traceback(L).map { String(cString: $0) }
        let location = String(cString: sy_error_where(L))
        let isObjectString = lua_type(L, -1) == LUA_TSTRING
        sy_describe_error(L, -1)
        var message = Self.string(at: -1, on: L) ?? "error object could not be described"
        lua_settop(L, -2)
        if !isObjectString && !location.isEmpty { message = location + " " + message }
        let kind = errorKind(status: status, stop: stop, message: message)
        // Lua's own "not enough memory" becomes the cap's message; a host charge's refusal
        // (`chargeHost`: "app.lua:3: route(...) would keep N bytes, ...: memory limit ...") says more
        // and stays.
        if kind == .memoryLimit, let limit = memoryLimit, status == LUA_ERRMEM || !message.hasSuffix(LuaState.memoryMessage(limit)) {
            message = LuaState.memoryMessage(limit)
        }
        return LuaError(kind: kind, message: message, traceback: traceback, isLocated: true)
    }

    private func errorKind(status: Int32, stop: Int32, message: String) -> LuaError.Kind {
        switch status {
        case LUA_ERRSYNTAX: return .syntax
        case LUA_ERRERR: return .errorInHandler
        case LUA_ERRMEM: return memoryLimit != nil ? .memoryLimit : .runtime
        default:
            if stop == Int32(SY_STOP_INSTRUCTIONS) { return .instructionLimit }
            if stop == Int32(SY_STOP_INTERRUPT) { return .interrupted }
            if let kind = propagatedKind, kind == .memoryLimit,
                let limit = memoryLimit, message.hasSuffix(LuaState.memoryMessage(limit))
            {
                return .memoryLimit
            }
            return .runtime
        }
    }

    /// "memory limit of 64 MB exceeded"
    static func memoryMessage(_ bytes: Int) -> String {
        "memory limit of \(describe(bytes: bytes)) exceeded"
    }

    static func describe(bytes: Int) -> String {
        let mb = 1 << 20
        if bytes >= mb {
            if bytes % mb == 0 { return "\(bytes / mb) MB" }
            let tenths = (bytes * 10 + mb / 2) / mb
            return "\(tenths / 10).\(tenths % 10) MB"
        }
        if bytes % 1024 == 0 { return "\(bytes / 1024) KB" }
        return "\(bytes) bytes"
    }
}

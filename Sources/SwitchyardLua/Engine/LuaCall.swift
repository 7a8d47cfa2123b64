import CLua
import CLuaShim

/// A call from Lua into a Swift function in progress: its arguments (1-based, as in Lua) and a
/// place to push results. Reading never converts or raises; the fast path for API functions.
///
/// ```swift
/// let double = try engine.makeFunction { call in
///     guard let n = call.integer(1) else { throw LuaError("double: number expected") }
///     try call.push(.integer(n * 2))
///     return 1
/// }
/// ```
public struct LuaCall {
    /// Alive for the whole call: it owns the Lua state that is calling (no retain needed).
    unowned(unsafe) let state: LuaState
    let L: OpaquePointer

    /// How many arguments Lua passed: `guard call.count == 2 else { throw LuaError("pair: two arguments") }`.
    public var count: Int { Int(lua_gettop(L)) }

    /// Argument `index` as a `LuaValue` (references get a registry slot):
    /// `let options = try call.value(2).tableValue`.
    public func value(_ index: Int) throws(LuaError) -> LuaValue {
        try state.value(at: Int32(index), on: L)
    }

    /// All arguments: `let arguments = try call.values()`.
    public func values() throws(LuaError) -> [LuaValue] {
        let top = Int32(count)
        guard top > 0 else { return [] }
        var values: [LuaValue] = []
        values.reserveCapacity(Int(top))
        for index in 1...top { values.append(try state.value(at: index, on: L)) }
        return values
    }

    /// Lua's type name of argument `index` ("no value" when absent).
    package func typeName(_ index: Int) -> String {
        String(cString: lua_typename(L, lua_type(L, Int32(index))))
    }

    /// Whether argument `index` is nil or absent: `let title = call.isNil(2) ? "untitled" : call.string(2)`.
    public func isNil(_ index: Int) -> Bool { lua_type(L, Int32(index)) <= LUA_TNIL }
    package func isTable(_ index: Int) -> Bool { lua_type(L, Int32(index)) == LUA_TTABLE }
    func isFunction(_ index: Int) -> Bool { lua_type(L, Int32(index)) == LUA_TFUNCTION }

    /// The argument when it is a string (numbers are not converted):
    /// `guard let name = call.string(1) else { throw LuaError("greet: name expected") }`.
    public func string(_ index: Int) -> String? {
        // Static: it needs only `L`, and a method of `state` retained and released the state around
        // every call (46 of a `nav.push` + `nav.pop` pair's instructions; callgrind, `switchyard-bench
        // --counted-loop lua-push-pop parameter-heavy 1000`).
        LuaState.string(at: Int32(index), on: L)
    }

    /// The argument's bytes when it is a string (numbers are not converted), with no `String` made.
    /// Valid while the string stays on the stack, that is, for the whole call: Lua never moves a string.
    func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard lua_type(L, Int32(index)) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = lua_tolstring(L, Int32(index), &length) else { return nil }
        return UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// The argument when it is an integer or a float with an integral value: `let n = call.integer(1) ?? 1`.
    public func integer(_ index: Int) -> Int64? {
        guard lua_type(L, Int32(index)) == LUA_TNUMBER else { return nil }
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, Int32(index), &isInteger)
        return isInteger != 0 ? Int64(value) : nil
    }

    /// The argument when it is a number, integer or float: `let ratio = call.number(1) ?? 0.5`.
    public func number(_ index: Int) -> Double? {
        guard lua_type(L, Int32(index)) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, Int32(index), nil)
    }

    /// Lua truth of the argument.
    package func truthy(_ index: Int) -> Bool { lua_toboolean(L, Int32(index)) != 0 }

    /// The Swift object boxed in a userdata argument.
    package func object(_ index: Int) -> AnyObject? {
        guard let box = sy_tobox(L, Int32(index)) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(box).takeUnretainedValue()
    }

    /// Pushes one result (a function body returns how many it pushed): `try call.push(.integer(n * 2)); return 1`.
    public func push(_ value: LuaValue) throws(LuaError) { try state.push(value, on: L) }
    package func push(string: String) throws(LuaError) { try state.push(string: string, on: L) }
    package func push(reference: LuaReference) throws(LuaError) { try state.push(reference: reference, on: L) }
    // A C function is given LUA_MINSTACK (20) free slots, but a body may have used them up: each push
    // makes sure of its slot and throws when the stack cannot grow (at Lua's limit of 1,000,000 slots).
    func pushNil() throws(LuaError) { try reserveSlot(); lua_pushnil(L) }
    package func push(bool: Bool) throws(LuaError) { try reserveSlot(); lua_pushboolean(L, bool ? 1 : 0) }
    package func push(integer: Int64) throws(LuaError) { try reserveSlot(); lua_pushinteger(L, lua_Integer(integer)) }
    /// Pushes a body's only result when the body has pushed nothing before it: one of the LUA_MINSTACK
    /// slots Lua gives every C function is free, so there is no slot to make sure of (a Lua callback
    /// the body ran on this thread left the stack as it found it, and Lua never shrinks a frame below
    /// the top it gave the call). `nav.pop`'s answer: the `lua_checkstack` cost a `nav.push` +
    /// `nav.pop` pair about 25 instructions (callgrind, `--counted-loop lua-push-pop`).
    package func pushOnlyResult(bool: Bool) { lua_pushboolean(L, bool ? 1 : 0) }

    /// `LuaState.ensureStack(L, 1)`, written out here: calling that instead measured 49 instructions
    /// more a `nav.push` + `nav.pop` pair (callgrind, `--loop lua-push-pop`), even marked always-inline.
    @inline(__always)
    private func reserveSlot() throws(LuaError) {
        guard lua_checkstack(L, 1) != 0 else { throw LuaError.stackExhausted }
    }

    /// Pushes every value and returns how many (the usual `return` of a Swift function):
    /// `return try call.returning([.boolean(true), "done"])`.
    public func returning(_ values: [LuaValue]) throws(LuaError) -> Int {
        try state.ensureStack(L, values.count + 2)
        for value in values { try state.push(value, on: L) }
        return values.count
    }

    /// "chunk:line" of the Lua code that made this call (level 1), if it is Lua code.
    package var callerLocation: String? { state.location(level: 1, on: L) }

    /// "chunk:line" of the innermost Lua code on the stack outside the chunks named `skipped`
    /// (their `chunkName`s, "=assert"): where a spec called the library that called this.
    package func location(outside skipped: Set<String>) -> String? {
        var level: Int32 = 1
        while let source = sy_source(L, level) {
            if !skipped.contains(String(cString: source)), let location = state.location(level: level, on: L) {
                return location
            }
            level += 1
        }
        return nil
    }
}

extension LuaState {
    /// "chunk:line" of the function `level` levels up the stack of `L`, if it is Lua code.
    /// Every `route()` records one, so the buffer is on the stack rather than a fresh array.
    func location(level: Int32, on L: OpaquePointer) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(LUA_IDSIZE) + 32) { buffer in
            let length = Int(sy_where(L, level, buffer.baseAddress, buffer.count))
            guard length > 0 else { return nil }
            let text = UnsafeRawBufferPointer(start: buffer.baseAddress, count: length)
            // The slot of the line: its last digit and the one before, which `sy_where` wrote last.
            let slot = (Int(text[length - 1]) &+ 10 &* Int(text[max(length - 2, 0)])) & (recentLocations.count - 1)
            if let recent = recentLocations[slot], recent.utf8.elementsEqual(text) { return recent }
            let made = String(decoding: text, as: UTF8.self)
            recentLocations[slot] = made
            return made
        }
    }
}

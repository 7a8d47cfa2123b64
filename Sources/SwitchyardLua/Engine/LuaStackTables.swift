import CLua
import CLuaShim

/// Building tables directly on a Lua stack (no registry references in between): for API code that
/// returns tables to Lua or passes them to callbacks.
extension LuaState {
    /// [-0, +1]
    func pushNewTable(on L: OpaquePointer, array: Int = 0, record: Int = 0) throws(LuaError) {
        try ensureStack(L, 6)
        try check(sy_newtable(L, Int32(array), Int32(record)), on: L)
    }

    /// t[name] = v, raw, for the table below the value on top. [-1, +0]
    func setField(_ name: String, on L: OpaquePointer) throws(LuaError) {
        var name = name
        let status = name.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { sy_setfield(L, -2, $0.baseAddress, $0.count) }
        }
        try check(status, on: L)
    }

    /// `{key = value, ...}` built in one protected call; nil values are left out. [-0, +1]
    func push(fields: [(key: String, value: String?)], on L: OpaquePointer) throws(LuaError) {
        try ensureStack(L, 6)
        let status = LuaFields.withPooled(fields) { cFields in sy_pushfields(L, cFields.baseAddress, Int32(cFields.count)) }
        try check(status, on: L)
    }

    /// `push(fields:)` for fixed keys, fed from the values' own bytes. [-0, +1]
    func push(borrowedFields fields: [(key: StaticString, value: String?)], on L: OpaquePointer) throws(LuaError) {
        try ensureStack(L, 6)
        let status = LuaFields.withBorrowed(fields) { cFields in sy_pushfields(L, cFields.baseAddress, Int32(cFields.count)) }
        try check(status, on: L)
    }

    /// t[index] = v, raw, for the table below the value on top. [-1, +0]
    /// Three slots, reserved here rather than left to the caller's reserve: the key, and sy_rawset's
    /// copy of the table and the protected function it calls.
    func setIndex(_ index: Int, on L: OpaquePointer) throws(LuaError) {
        try ensureStack(L, 3)
        lua_pushinteger(L, lua_Integer(index))
        lua_rotate(L, -2, 1)
        try check(sy_rawset(L, -3), on: L)
    }

    /// A table of strings keyed by strings. [-0, +1]
    func push(stringMap map: [String: String], on L: OpaquePointer) throws(LuaError) {
        try push(fields: map.map { (key: $0.key, value: Optional($0.value)) }, on: L)
    }

    /// A sequence of strings. [-0, +1]
    func push(stringList list: [String], on L: OpaquePointer) throws(LuaError) {
        try pushNewTable(on: L, array: list.count)
        for (offset, value) in list.enumerated() {
            try push(string: value, on: L)
            try setIndex(offset + 1, on: L)
        }
    }

    /// A sequence built by `pushElement` for each element. [-0, +1]
    func push<S: Sequence>(list: S, on L: OpaquePointer,
                           _ pushElement: (S.Element) throws(LuaError) -> Void) throws(LuaError) {
        try pushNewTable(on: L, array: list.underestimatedCount)
        var index = 0
        for element in list {
            try pushElement(element)
            index += 1
            try setIndex(index, on: L)
        }
    }

    /// Calls `function` with the arguments `pushArguments` pushes (returning how many).
    func call(_ function: LuaReference,
              pushing pushArguments: (OpaquePointer) throws(LuaError) -> Int32) throws(LuaError) -> [LuaValue] {
        let L = try thread()
        return try balanced(L) { () throws(LuaError) -> [LuaValue] in
            try push(reference: function, on: L)
            let count = try pushArguments(L)
            return try protectedCall(on: L, arguments: count)
        }
    }
}

extension LuaCall {
    /// Direct access to the stack building helpers for API code in this module.
    var stack: (state: LuaState, L: OpaquePointer) { (state, L) }
}

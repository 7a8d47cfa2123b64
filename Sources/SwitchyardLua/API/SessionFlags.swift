import Switchyard

/// A session value the app's guards read (signed in or not, a role), declared with
/// `flag(name, values [, set])` so `switchyard walk` can change it as a move, as a sign-out changes it
/// under the screens already shown. The first value is the one the app starts with; `set(value)`,
/// when given, carries a change into the app's own state (`app.log_out()`), and `flags[name]` always
/// holds the current value, for guards that read it there.
///
///     flag("signed_in", {false, true}, function(on) if on then app.log_in("Ada") else app.log_out() end end)
///     set_flag("signed_in", false)     -- what a walk's move does: set it, then nav.revalidate()
package struct SessionFlag: SessionDeclaration {
    package let name: String
    /// The values a walk chooses among: booleans, numbers or strings (a spec writes them back as Lua).
    package let values: [LuaValue]
    /// "file:line" of the `flag` call.
    package let site: String?
    let set: LuaFunction?
    /// Index into `values` of the current value.
    package internal(set) var current = 0
}

extension SwitchyardRuntime {
    func installSessionFlags() throws(LuaError) {
        try engine.globals.rawSet("flags", .table(try engine.makeTable()))
        try define("flag") { runtime, call in try runtime.declareFlag(call) }
        try define("set_flag") { runtime, call in
            let name = try call.checkString(1, "set_flag")
            let value = try call.value(2)
            guard let flag = runtime.sessionFlags.firstIndex(where: { $0.name == name }) else {
                throw LuaError("set_flag: no flag \"\(name)\" is declared"
                               + TypoSuggestion.hint(for: name, among: runtime.sessionFlags.map(\.name)))
            }
            guard let index = runtime.sessionFlags[flag].values.firstIndex(of: value) else {
                throw LuaError("set_flag: \(Self.shown(value)) is not a value of the flag \"\(name)\" (declared at "
                               + "\(runtime.sessionFlags[flag].site ?? "?") with \(runtime.sessionFlags[flag].values.map(Self.shown).joined(separator: ", ")))")
            }
            let previous = runtime.sessionFlags[flag].current
            try runtime.setFlag(flag, to: index)
            let changed: Bool
            do { changed = try runtime.navigator.revalidate() } catch {
                // All or nothing: a revalidation that fails (a leave guard said no) puts the flag back.
                try? runtime.setFlag(flag, to: previous)
                throw LuaError(bridging: error)
            }
            try call.push(bool: changed)
            return 1
        }
    }

    /// flag(name, values [, set]): declares (or, by the same name, replaces) a session flag.
    private func declareFlag(_ call: LuaCall) throws -> Int {
        let name = try call.checkString(1, "flag")
        guard !name.isEmpty, !name.contains("="), !name.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw LuaError("flag: the name \(Self.shown(.string(LuaString(name)))) must be a word without \"=\" or line breaks (flag(\"signed_in\", {false, true}))")
        }
        let list = try call.checkTable(2, "flag")
        let values = try list.array()
        guard values.count >= 2 else {
            throw LuaError("flag \"\(name)\": give at least two values to choose among, the first the app starts with (flag(\"\(name)\", {false, true}))")
        }
        for value in values {
            switch value {
            case .boolean, .integer, .string: continue
            case .number(let number) where number.isFinite: continue
            default: throw LuaError("flag \"\(name)\": its values are booleans, numbers or strings, not a \(value.typeName)")
            }
        }
        if let duplicate = values.indices.first(where: { values[..<$0].contains(values[$0]) }) {
            throw LuaError("flag \"\(name)\": the value \(Self.shown(values[duplicate])) is given twice")
        }
        let set = call.isNil(3) ? nil : try call.checkCallable(3, "flag")
        try declare(SessionFlag(name: name, values: values, site: call.callerLocation, set: set), in: &sessionFlags, by: "flag")
        try flagsTable()?.rawSet(.string(LuaString(name)), values[0])
        return 0
    }

    /// Sets flag number `flag` to its value number `index`: `flags[name]`, then the flag's `set`
    /// function. Does not revalidate (`set_flag` and a walk's move do, after it).
    /// `set` runs first: should it raise, the flag keeps its value.
    package func setFlag(_ flag: Int, to index: Int) throws(LuaError) {
        let value = sessionFlags[flag].values[index]
        if let set = sessionFlags[flag].set { _ = try set.call(value) }
        try flagsTable()?.rawSet(.string(LuaString(sessionFlags[flag].name)), value)
        sessionFlags[flag].current = index
    }

    /// Every flag back to its first value, each `set` told: how each walk run starts.
    package func resetFlags() throws(LuaError) {
        for flag in sessionFlags.indices { try setFlag(flag, to: 0) }
    }

    private func flagsTable() throws(LuaError) -> LuaTable? {
        try engine.globals.rawGet("flags").tableValue
    }

    /// A flag's value as Lua writes it (`false`, `3`, `"admin"`), for messages and generated specs.
    package static func shown(_ value: LuaValue) -> String {
        switch value {
        case .boolean(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .number(let number): "\(number)"
        case .string(let text): "\"" + text.string.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\""
        default: value.typeName
        }
    }
}

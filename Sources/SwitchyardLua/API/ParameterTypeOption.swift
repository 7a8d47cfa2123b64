import CLua
import Switchyard

/// The `params` option of `route` (issue 33): `params = {id = "int", view = {"grid", "list"},
/// slug = {match = "^[a-z-]+$"}}`. Each entry names a parameter of the pattern and what it may hold;
/// a value that does not fit makes the route no match, and one that fits reaches scripts coerced.
enum ParameterTypeOption {
    static let typeNames = ["int", "number", "uuid", "bool"]

    /// The route's types from the option's table, for `RouteTable.add`: every key must be a parameter
    /// of `pattern`. `find` is `string.find` as the script had it at the declaration, which checks a
    /// `match` pattern (budgeted, in the script's engine).
    static func types(_ value: LuaValue, pattern: Pattern, find: () throws(LuaError) -> LuaFunction)
        throws(LuaError) -> ParameterTypes? {
        guard !value.isNil else { return nil }
        let subject = "route \(pattern.text): option 'params'"
        guard let table = value.tableValue else {
            throw LuaError("\(subject) must be a table such as {id = \"int\"}, got \(value.typeName)")
        }
        var declared: [(String, ParameterType)] = []
        let names = pattern.parameterNames
        for (key, spec) in try table.pairs() {
            guard let name = key.stringValue, names.contains(name) else {
                let near = key.stringValue.map { TypoSuggestion.nearest($0, among: names) } ?? []
                let hint = near.isEmpty ? "" : "did you mean '\(near[0])'? "
                throw LuaError("\(subject): '\(key)' is not a parameter of the pattern (\(hint)parameters: "
                               + (names.isEmpty ? "none" : names.joined(separator: ", ")) + ")")
            }
            declared.append((name, try type(spec, subject: "\(subject): \(name)", find: find)))
        }
        declared.sort { $0.0 < $1.0 }
        return ParameterTypes(declared, pattern: pattern)
    }

    /// One parameter's type: a type name, a list of words, or `{match = "lua pattern"}`.
    static func type(_ spec: LuaValue, subject: String, find: () throws(LuaError) -> LuaFunction)
        throws(LuaError) -> ParameterType {
        let expected = "\"int\", \"number\", \"uuid\", \"bool\", a list of words or {match = \"lua pattern\"}"
        if let word = spec.stringValue {
            switch word {
            case "int": return .int
            case "number": return .number
            case "uuid": return .uuid
            case "bool": return .bool
            default:
                let near = TypoSuggestion.nearest(word, among: typeNames)
                let hint = near.isEmpty ? "" : " (did you mean \"\(near[0])\"?)"
                throw LuaError("\(subject): unknown type \"\(word)\"\(hint); expected \(expected)")
            }
        }
        guard let table = spec.tableValue else { throw LuaError("\(subject) must be \(expected), got \(spec.typeName)") }
        let matchValue = try table.rawGet("match")
        if !matchValue.isNil {
            guard let luaPattern = matchValue.stringValue else {
                throw LuaError("\(subject): 'match' must be a Lua pattern string, got \(matchValue.typeName)")
            }
            let function = try find()
            // A malformed pattern is an error here, at the declaration, not at the first lookup.
            do { _ = try function.call(.string(LuaString("")), .string(LuaString(luaPattern))) } catch {
                throw LuaError("\(subject): 'match' pattern \"\(luaPattern)\" is malformed: \(error.message)")
            }
            // Unchecked here, where the engine is: the route table holding this check, like the
            // engine, is used only by the runtime's single owner (its thread), which is the only
            // caller of the check, as of the route's `validate`.
            nonisolated(unsafe) let ownerOnlyFunction = function
            let matcher = ParameterMatcher { text in
                try !(ownerOnlyFunction.call(.string(LuaString(text)), .string(LuaString(luaPattern))).first ?? .nil).isNil
            }
            return .matching(description: luaPattern, accepts: matcher)
        }
        let words = try table.array()
        guard !words.isEmpty, try table.pairs().count == words.count else {
            throw LuaError("\(subject) must be \(expected)")
        }
        var list: [String] = []
        for word in words {
            guard let text = word.stringValue ?? word.integerValue.map({ String($0) }) else {
                throw LuaError("\(subject): an enumeration lists strings, got \(word.typeName)")
            }
            list.append(text)
        }
        return .oneOf(list)
    }

    /// A coerced value as Lua sees it.
    static func luaValue(_ value: ParameterValue) -> LuaValue {
        switch value {
        case .integer(let number): .integer(Int64(number))
        case .number(let number): .number(number)
        case .boolean(let flag): .boolean(flag)
        case .text(let text): .string(LuaString(text))
        }
    }

    /// What `url()` writes for a value a script gave: numbers without a fraction as integers, booleans as
    /// true/false, strings as they are; nil for anything else.
    static func text(of value: LuaValue) -> String? {
        switch value {
        case .string(let text): text.string
        case .integer(let number): String(number)
        case .number(let number): Int64(exactly: number).map { String($0) } ?? LuaValue.format(number)
        case .boolean(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}

extension LuaState {
    /// Replaces the `params` of the info or screen table on top with one holding the typed values
    /// coerced (`info.params.id == 12`), the others as text. Only typed routes pay for it. [-0, +0]
    func replaceTypedParameters(_ params: Parameters, on L: OpaquePointer) throws(LuaError) {
        if try pushTypedParameters(params, on: L) { try setField("params", on: L) }
    }

    /// The params table of a typed route, its typed values coerced; false, and nothing pushed, for an
    /// untyped one. [-0, +(0|1)]
    func pushTypedParameters(_ params: Parameters, on L: OpaquePointer) throws(LuaError) -> Bool {
        let typed = params.typedValues
        guard !typed.isEmpty else { return false }
        try pushNewTable(on: L, record: params.count)
        for (name, value) in params {
            let coerced = typed.first { $0.name == name }.map { ParameterTypeOption.luaValue($0.value) }
            try push(coerced ?? .string(LuaString(value)), on: L)
            try setField(name, on: L)
        }
        return true
    }
}

/// An options table with its keys checked: a misspelt key is an error that lists the known ones
/// ("nav.push: unknown option 'on_dismis' (options: extra, on_dismiss, on_result, params)"), so a typo never
/// passes silently. `route()`, `not_found()`, `nav.alert` and every navigation option table read
/// their options through one.
///
///     let options = try OptionTable(table, allowed: ["params", "on_dismiss"], context: "nav.push")
///     let callback = try options.function("on_dismiss")
struct OptionTable {
    private var values: [String: LuaValue] = [:]
    private let caller: String
    private let subject: String?
    /// How errors name the call: "nav.push", "route /album/:id". Joined only when an error needs it:
    /// joining it for every `route()` declaration was 400 instructions of each (callgrind).
    var context: String { subject.map { caller + " " + $0 } ?? caller }

    /// No options at all (an absent table).
    init(context: String, subject: String? = nil) {
        caller = context
        self.subject = subject
    }

    /// `subject`, when given, follows `context` in errors ("route" "/album/:id").
    init(_ table: LuaTable, allowed: Set<String>, context: String, subject: String? = nil) throws(LuaError) {
        caller = context
        self.subject = subject
        for (key, value) in try table.pairs() {
            guard let name = key.stringValue, allowed.contains(name) else {
                let options = allowed.sorted()
                let near = key.stringValue.map { TypoSuggestion.nearest($0, among: options) } ?? []
                let hint = near.isEmpty ? "" : "did you mean " + near.map { "'\($0)'" }.joined(separator: ", ") + "? "
                throw LuaError("\(self.context): unknown option '\(key)' (\(hint)options: \(options.joined(separator: ", ")))")
            }
            values[name] = value
        }
    }

    /// The options at argument `index` of `call`, or none when it is nil.
    init(_ call: LuaCall, index: Int, allowed: Set<String>, function: String, context: String,
         subject: String? = nil) throws(LuaError) {
        guard !call.isNil(index) else { self.init(context: context, subject: subject); return }
        try self.init(try call.checkTable(index, function), allowed: allowed, context: context, subject: subject)
    }

    subscript(name: String) -> LuaValue { values[name] ?? .nil }

    var isEmpty: Bool { values.isEmpty }

    func string(_ name: String) throws(LuaError) -> String? {
        switch self[name] {
        case .nil: return nil
        case .string(let text): return text.string
        case let other: throw misuse(name, "a string", other)
        }
    }

    /// A string that must be one of `choices` ("move-top", "blur"...).
    func choice(_ name: String, among choices: [String]) throws(LuaError) -> String? {
        guard let word = try string(name) else { return nil }
        guard choices.contains(word) else {
            throw LuaError("\(context): option '\(name)' must be one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(word)\"")
        }
        return word
    }

    /// A function, or a callable table (a spy).
    func function(_ name: String) throws(LuaError) -> LuaFunction? {
        let value = self[name]
        if value == .nil { return nil }
        guard let function = value.callableValue else { throw misuse(name, "a function", value) }
        return function
    }

    /// A boolean; absent is false.
    func flag(_ name: String) throws(LuaError) -> Bool {
        switch self[name] {
        case .nil: return false
        case .boolean(let value): return value
        case let other: throw misuse(name, "true or false", other)
        }
    }

    func table(_ name: String) throws(LuaError) -> LuaTable? {
        switch self[name] {
        case .nil: return nil
        case .table(let table): return table
        case let other: throw misuse(name, "a table", other)
        }
    }

    private func misuse(_ name: String, _ expected: String, _ value: LuaValue) -> LuaError {
        LuaError("\(context): option '\(name)' must be \(expected), got \(value.typeName)")
    }
}

import SwitchyardLua
import SwitchyardTools

/// IPython's `?name` and `name?`: help on whatever the line names, without typing `help(...)`.
/// `?nav.push`, `string.gsub?`, `?app.log_in`, `?app.Album{id = "1"}` (any expression).
extension REPL {
    /// The Lua call a `?` line stands for, or nil when the line is no help request. A `?` is Lua
    /// only in a string or a comment (`-- really?`, `x = [[why?`): a line that compiles, or that
    /// Lua reads as the start of more, stays Lua.
    func helpCall(for line: String) -> String? {
        guard let call = Self.helpCall(for: line) else { return nil }
        let engine = host.engine
        return engine.compiles(line) || engine.compiles("return " + line) || engine.isIncomplete(line) ? nil : call
    }

    static func helpCall(for line: String) -> String? {
        let text = line.trimmingCharacters(in: " \t")
        let target: Substring
        if text.hasPrefix("?") {
            target = text.dropFirst()
        } else if text.hasSuffix("?") {
            target = text.dropLast()
        } else {
            return nil
        }
        let expression = String(target).trimmingCharacters(in: " \t?")
        guard !expression.isEmpty else { return "help()" }
        // A plain dotted name goes as a string, so a name that leads nowhere gets "did you mean".
        if APIHelp.isDottedName(expression) { return "help(\"\(expression)\")" }
        return "help((\(expression)))"
    }

    /// Runs a `?` line: never recorded (it looks, it does not set anything up), and rolled back like
    /// any other line should the expression navigate and fail.
    func showHelp(_ call: String) {
        commands.unit.asOneUnit {
            switch evaluator.evaluate(call) {
            case .failed(let error):
                report(error)
                return false
            case .incomplete:
                report(LuaError("? takes a name or an expression: ?nav.push, string.gsub?", kind: .syntax))
                return false
            case .values(let rendered):
                if !rendered.isEmpty { TerminalText.print(rendered.joined(separator: "\t")) }
                return true
            }
        }
    }
}

private extension String {
    /// Without Foundation, by index: reversing the text twice made about 2,500 allocations for a
    /// 1 KB line, every line typed.
    func trimmingCharacters(in set: String) -> String {
        let drop: (Character) -> Bool = { set.contains($0) }
        guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else { return "" }
        return String(self[first...last])
    }
}

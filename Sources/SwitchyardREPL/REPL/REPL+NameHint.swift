import SwitchyardLua
import SwitchyardTools

/// A misspelt global at the prompt: Lua says "attempt to call a nil value (global 'rute')"; the
/// REPL adds the nearest global names, " (did you mean route?)", as it does for `nav.psh`.
extension REPL {
    /// The error as the REPL reports it: its message, the hint when it names a global that is not
    /// set, then the traceback when tracing.
    func reportText(_ error: LuaError) -> String {
        let text = ErrorReport.text(error, traceback: commands.unit.tracing)
        guard let name = Self.missingGlobal(in: error.message),
              let globals = try? host.engine.globals.keys().compactMap(\.stringValue) else { return text }
        let hint = TypoSuggestion.hint(for: name, among: globals)
        guard !hint.isEmpty, text.hasPrefix(error.message) else { return text }
        return error.message + hint + text.dropFirst(error.message.count)
    }

    /// "x" from "... a nil value (global 'x')".
    static func missingGlobal(in message: String) -> String? {
        guard message.contains("a nil value (global '"), message.hasSuffix("')") else { return nil }
        guard let start = message.ranges(of: "(global '").last?.upperBound else { return nil }
        return String(message[start...].dropLast(2))
    }
}

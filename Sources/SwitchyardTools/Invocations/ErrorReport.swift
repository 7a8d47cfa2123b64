import Switchyard
import SwitchyardLua

/// How a Lua error reaches the user: "switchyard: app.lua:12: message" on stderr, with the traceback
/// when there is one (as `lua` prints it).
package enum ErrorReport {
    /// A Lua error's message (with its traceback when asked for), or any other error's description
    /// (a file that could not be read or written, a graphviz failure), for a terminal: the message
    /// quotes the script (its `error()` text, a path, a title), so its control characters are escaped.
    package static func text(_ error: any Error, traceback: Bool = true) -> String {
        TerminalText.escaped(unescapedText(error, traceback: traceback), keepingLines: true)
    }

    private static func unescapedText(_ error: any Error, traceback: Bool) -> String {
        if let raised = error as? ValidatorRaised { return unescapedText(raised.error, traceback: traceback) }
        guard let error = error as? LuaError else { return String(describing: error) }
        var text = error.message
        if traceback, let trace = error.traceback, !trace.isEmpty {
            text += trace.hasPrefix("\n") ? trace : "\n" + trace
        }
        return text
    }

    package static func write(_ error: any Error, traceback: Bool = true) {
        StandardError.write("switchyard: " + text(error, traceback: traceback))
    }
}

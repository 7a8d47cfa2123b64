import SwitchyardLua

/// How a Lua error reaches the user: "switchyard: app.lua:12: message" on stderr, with the traceback
/// when there is one (as `lua` prints it).
enum ErrorReport {
    /// A Lua error's message (with its traceback when asked for), or any other error's description
    /// (a file that could not be read or written, a graphviz failure).
    static func text(_ error: any Error, traceback: Bool = true) -> String {
        guard let error = error as? LuaError else { return String(describing: error) }
        var text = error.message
        if traceback, let trace = error.traceback, !trace.isEmpty {
            text += trace.hasPrefix("\n") ? trace : "\n" + trace
        }
        return text
    }

    static func write(_ error: any Error, traceback: Bool = true) {
        StandardError.write("switchyard: " + text(error, traceback: traceback))
    }
}

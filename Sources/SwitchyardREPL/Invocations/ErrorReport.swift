import SwitchyardLua

/// How a Lua error reaches the user: "switchyard: app.lua:12: message" on stderr, with the traceback
/// when there is one (as `lua` prints it).
enum ErrorReport {
    static func text(_ error: LuaError, traceback: Bool = true) -> String {
        var text = error.message
        if traceback, let trace = error.traceback, !trace.isEmpty {
            text += trace.hasPrefix("\n") ? trace : "\n" + trace
        }
        return text
    }

    static func write(_ error: LuaError, traceback: Bool = true) {
        StandardError.write("switchyard: " + text(error, traceback: traceback))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwitchyardLua
import SwitchyardTools

/// The plain `switchyard` form: run the `-e` chunks, then the files, then the REPL when asked for
/// (or when nothing else was given and stdin is a terminal; piped stdin runs as a script).
///
///     let status = ScriptInvocation.run(ScriptRequest(files: ["app.lua"]), options: SessionOptions())
package enum ScriptInvocation {
    /// `liveView`: `switchyard serve` — the live view starts on that address and port before the REPL.
    package static func run(_ request: ScriptRequest, options: SessionOptions,
                            liveView: (address: String, port: UInt16)? = nil) -> ExitStatus {
        InterruptSignal.install()
        let stdinIsTerminal = isatty(STDIN_FILENO) == 1
        var files = request.files
        let startsREPL = request.interactive || (request.chunks.isEmpty && files.isEmpty && stdinIsTerminal)
        if !startsREPL && request.chunks.isEmpty && files.isEmpty {
            files = [ScriptRequest.standardInput]
        }
        do {
            // A tour waits between steps only where someone reads along and the REPL follows.
            let host = try ScriptHost(options: options,
                                      pacedTour: startsREPL && stdinIsTerminal && isatty(STDOUT_FILENO) == 1)
            if let script = files.first {
                try host.setArguments(script: script, request.arguments)
            }
            for chunk in request.chunks {
                try host.runChunk(chunk)
            }
            for file in files {
                try host.runFile(file)
            }
            if startsREPL {
                try startREPL(host: host, options: options, stdinIsTerminal: stdinIsTerminal, liveView: liveView)
            }
            host.closeForExit()
            return .success
        } catch {
            ErrorReport.write(error)
            return .failure
        }
    }

    private static func startREPL(host: ScriptHost, options: SessionOptions, stdinIsTerminal: Bool,
                                  liveView: (address: String, port: UInt16)?) throws(LuaError) {
        let style = TerminalStyle.detect(noColorFlag: options.noColor)
        let reader: LineReader
        if stdinIsTerminal {
            // Ctrl-\ at an interactive prompt is ignored, as shells do: SIGQUIT would otherwise reach the
            // Swift runtime's crash reporter, which prints a crash report and holds the terminal.
            signal(SIGQUIT, SIG_IGN)
            let history = PersistentHistory(path: options.historyFile ?? PersistentHistory.defaultPath)
            reader = ReadlineEditor(history: history)
            TerminalText.print(style.dim("Switchyard 0.1.0 · Lua 5.4 — :help for commands, Ctrl-D to quit"))
        } else {
            reader = PlainLineReader()
        }
        let repl = try REPL(host: host, reader: reader, style: style)
        if let editor = reader as? ReadlineEditor {
            editor.completer = repl.commands.completion.completer.complete(line:wordStart:wordEnd:)
            repl.commands.completion.prepareCompletion()
        }
        if let liveView {
            do { try repl.commands.startLiveView(address: liveView.address, port: liveView.port) } catch {
                throw LuaError("switchyard serve: \(error.description)")
            }
        }
        repl.run()
    }
}

import SwitchyardLua

/// Runs the REPL's meta-commands against the script host, and owns what they share with TAB
/// completion (the completer) and with Lua evaluation (showing navigation after a change).
final class MetaCommands {
    let host: ScriptHost
    let style: TerminalStyle
    private(set) var tracing = false
    private(set) lazy var completer: LineCompleter = makeCompleter()
    private lazy var fields: LuaFieldLister? = try? LuaFieldLister(engine: host.engine)

    init(host: ScriptHost, style: TerminalStyle) {
        self.host = host
        self.style = style
    }

    func run(_ line: String) -> REPL.Outcome {
        let command: MetaCommand
        do {
            command = try MetaCommand(parsing: line)
        } catch {
            StandardError.write(style.red(error.description))
            return .next
        }
        do {
            return try execute(command)
        } catch {
            StandardError.write(style.red(ErrorReport.text(error, traceback: tracing)))
            return .next
        }
    }

    private func execute(_ command: MetaCommand) throws(LuaError) -> REPL.Outcome {
        switch command {
        case .help:
            print(helpText)
        case .quit:
            return .quit
        case .trace(let on):
            tracing = on
            print("trace \(on ? "on" : "off")")
        case .load(let file):
            try host.runFile(file)
        default:
            throw LuaError("\(command) needs the navigation API, which this build does not have yet")
        }
        return .next
    }

    /// Shows the screen and the state tree when the last input navigated.
    func showNavigationIfChanged() {}

    var helpText: String {
        let width = MetaCommand.catalogue.map { $0.name.count + $0.arguments.count + 1 }.max() ?? 0
        let lines = MetaCommand.catalogue.map { entry in
            let head = entry.arguments.isEmpty ? entry.name : entry.name + " " + entry.arguments
            return "  " + style.cyan(head) + String(repeating: " ", count: width - head.count + 2) + entry.summary
        }
        return (["Lua input runs as in `lua` (expressions print). Meta-commands:"] + lines).joined(separator: "\n")
    }

    private func makeCompleter() -> LineCompleter {
        var completer = LineCompleter(metaCommands: MetaCommand.names)
        completer.luaFields = { [weak self] chain in self?.fields?.keys(chain) ?? [] }
        return completer
    }
}

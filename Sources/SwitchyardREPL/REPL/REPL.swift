import SwitchyardLua
import SwitchyardTools
import SwitchyardTesting

/// The read-eval-print loop: Lua input as `lua` handles it, meta-commands starting with ":".
///
///     let repl = try REPL(host: host, reader: reader, style: style)
///     repl.run()   // returns at Ctrl-D or :quit
final class REPL {
    let host: ScriptHost
    let reader: LineReader
    let style: TerminalStyle
    let evaluator: ChunkEvaluator
    let commands: MetaCommands
    /// What was typed, numbered: `:lines` lists it, `_N` holds what line N printed.
    let inputLog: InputLog
    private var pending: [String] = []

    static let prompt = "> "
    static let continuationPrompt = ">> "

    init(host: ScriptHost, reader: LineReader, style: TerminalStyle) throws(LuaError) {
        self.host = host
        self.reader = reader
        self.style = style
        evaluator = try ChunkEvaluator(engine: host.engine, colored: style.enabled, beforePrinting: host.buildScenarioLibraries)
        commands = MetaCommands(host: host, style: style, evaluator: evaluator)
        inputLog = InputLog(reader: reader)
        commands.inputLog = inputLog
        // A tour's demo(line) runs here as a typed line: shown, recorded, its screen printed.
        host.tour.typeLine = { [unowned self] line in _ = handle(line) }
        // The live view's pages ask for moves while readline waits for a key: it runs them then.
        if let editor = reader as? ReadlineEditor {
            editor.sideInput = { [unowned self] in commands.liveView.map { ($0.server.moveDescriptor, runPageMoves) } }
        }
    }

    func run() {
        if host.runtime.routeTable.count > 0 {
            commands.unit.showScreenAndState()
        }
        commands.announceTour()
        while true {
            let prompt = pending.isEmpty ? style.green(Self.prompt) : style.green(Self.continuationPrompt)
            switch reader.read(prompt: prompt) {
            case .endOfInput:
                if commands.liveView != nil && !(reader is ReadlineEditor) { servePagesUntilInterrupted() }
                commands.liveView?.stop()
                return
            case .interrupted:
                pending = []
            case .line(let text):
                if case .quit = handle(text) { return }
            }
        }
    }

    /// Runs a line; a chunk is remembered in history once complete, as one entry (as `lua` does), so
    /// Up recalls all its lines together, and before it runs.
    func handle(_ text: String) -> LineOutcome {
        if pending.isEmpty, text.drop(while: \.isWhitespace).hasPrefix(":") {
            remember(text)
            return commands.run(text.trimmingWhitespace()) == .quit ? .quit : .next
        }
        if pending.isEmpty, let call = helpCall(for: text) {
            remember(text)
            showHelp(call)
            return .next
        }
        if pending.isEmpty && text.allSatisfy(\.isWhitespace) {
            commands.runNextTourStep()   // Enter alone moves a paced tour on
            return .next
        }
        pending.append(text)
        let chunk = pending.joined(separator: "\n")
        InterruptSignal.describe("the chunk `\(chunk)`")
        var needsMore = false
        // A complete chunk goes into the history before it runs: the line that hangs or crashes the
        // session is the one most wanted back.
        let unit = commands.unit.asOneUnit {
            switch evaluator.evaluate(chunk, beforeRunning: { remember(chunk) },
                                      resultName: { inputLog.lastNumber.map { "_\($0)" } }) {
            case .incomplete:
                needsMore = true
            case .values(let rendered):
                if !rendered.isEmpty { TerminalText.print(rendered.joined(separator: "\t")) }
            case .failed(let error):
                report(error)
                return false
            }
            return true
        }
        if !needsMore {
            pending = []
            if unit.succeeded { commands.record(chunk, navigated: unit.changed, typed: true) }
        }
        return .next
    }

    /// Whether the last line left a chunk unfinished (`>>` comes next): an attached REPL shows the
    /// prompt the host's REPL would.
    var isContinuingChunk: Bool { !pending.isEmpty }

    /// Ctrl-C at a `>>` prompt: the unfinished chunk is dropped, as `.interrupted` does in `run`.
    func discardPendingChunk() {
        pending = []
    }

    /// Into the history, and numbered for `:lines` and `_N`.
    func remember(_ text: String) {
        reader.remember(text)
        inputLog.remembered(text)
    }

    func report(_ error: LuaError) {
        StandardError.write(style.red(reportText(error)))
    }
}

private extension String {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

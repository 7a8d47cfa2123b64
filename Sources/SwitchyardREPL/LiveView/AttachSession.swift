#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SwitchyardLiveView
import SwitchyardTools

/// `switchyard attach LINK`: the REPL of a running Swift app that serves `LiveViewHost`, over its
/// live view's WebSocket. Lines are read here (readline, history, TAB) and run on the host, on its
/// runtime, under its sandbox and budget; what they print comes back and is shown with every
/// control character escaped (only colours pass). Ctrl-C while a line runs interrupts it on the
/// host; Ctrl-D or `:quit` detaches and leaves the host running.
///
/// The messages (JSON objects of strings to the host, as a page's are):
///
///     {"type":"attach"}                                   → {"type":"attached","output":"attached to …"}
///     {"type":"eval","id":"3","line":"nav.push('/a')"}    → {"type":"result","id":"3","output":"…","continuing":false}
///     {"type":"complete","id":"4","line":"nav.pu","start":"0","end":"6"} → {"type":"completion","id":"4","candidates":[…]}
///     {"type":"interrupt"}   (no answer: the running line fails with "interrupted")
///     {"type":"reset"}       (Ctrl-C at `>>`: the host drops the unfinished chunk)
package enum AttachSession {
    package static func run(link: String, options: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        let style = TerminalStyle.detect(noColorFlag: options.noColor)
        let connection: AttachConnection
        do {
            connection = try AttachConnection(link: link)
        } catch {
            StandardError.write(style.red("switchyard attach: \(error.description)"))
            return .failure
        }
        let stdinIsTerminal = isatty(STDIN_FILENO) == 1
        let reader: LineReader
        if stdinIsTerminal {
            signal(SIGQUIT, SIG_IGN)
            let editor = ReadlineEditor(history: PersistentHistory(path: options.historyFile ?? PersistentHistory.defaultPath))
            editor.completer = { line, start, end in connection.complete(line: line, start: start, end: end) }
            reader = editor
        } else {
            reader = PlainLineReader()
        }
        show(connection.banner)
        var continuing = false
        while true {
            let prompt = style.green(continuing ? REPL.continuationPrompt : REPL.prompt)
            switch reader.read(prompt: prompt) {
            case .endOfInput:
                TerminalText.print(style.dim("detached; the host runs on"))
                return .success
            case .interrupted:
                if continuing {
                    continuing = false
                    try? connection.send(["type": "reset"])
                }
            case .line(let text):
                if !text.allSatisfy(\.isWhitespace) { reader.remember(text) }
                do {
                    let answer = try connection.evaluate(text)
                    show(answer.output ?? "")
                    if answer.quit == true {
                        TerminalText.print(style.dim("detached; the host runs on"))
                        return .success
                    }
                    continuing = answer.continuing ?? false
                } catch {
                    StandardError.write(style.red("switchyard attach: \(error.description)"))
                    return .failure
                }
            }
        }
    }

    /// The host's output, its control characters escaped but for colours (`TerminalText.sanitized`).
    private static func show(_ output: String) {
        guard !output.isEmpty else { return }
        TerminalText.print(output, terminator: "")
        fflush(nil)
    }
}

/// One attached connection: the socket, and each request waited for by its id (state and map
/// messages, which the host sends every client after each change, are skipped).
final class AttachConnection {
    struct Answer: Decodable {
        let type: String
        let id: String?
        let output: String?
        let message: String?
        let continuing: Bool?
        let quit: Bool?
        let candidates: [String]?
        let hints: [String]?
        let appendsSpace: Bool?
        let closesQuote: Bool?
    }

    private let client: LiveViewSocketClient
    private var nextID = 1
    private(set) var banner = ""

    /// Connects and asks to attach: a wrong token, a view-only link or a live view that is not a
    /// host's is refused with the host's reason.
    init(link: String) throws(LiveViewError) {
        client = try LiveViewSocketClient(link: link)
        try send(["type": "attach"])
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            guard ContinuousClock.now < deadline else { throw LiveViewError("the host did not answer the attach within 10 s") }
            guard let answer = try next(timeout: 500) else { continue }
            switch answer.type {
            case "attached":
                banner = answer.output ?? ""
                return
            case "error":
                throw LiveViewError("refused: " + (answer.message ?? answer.output ?? "no reason given"))
            default: continue
            }
        }
    }

    func send(_ fields: [String: String]) throws(LiveViewError) {
        let text = Self.encoded(fields)
        // The server closes a connection whose message is over its limit: never send one.
        guard text.utf8.count <= LiveViewServer.messageLimit else {
            throw LiveViewError("a request of \(text.utf8.count) bytes is over the \(LiveViewServer.messageLimit) a host reads")
        }
        try client.send(text)
    }

    private static func encoded(_ fields: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Runs `line` on the host; a Ctrl-C meanwhile is sent on as an interrupt, and the answer still
    /// awaited (the host answers "interrupted").
    func evaluate(_ line: String) throws(LiveViewError) -> Answer {
        let id = takeID()
        _ = InterruptSignal.takePending()
        let request = ["type": "eval", "id": id, "line": line]
        let size = Self.encoded(request).utf8.count
        guard size <= LiveViewServer.messageLimit else {
            // Said here, the session going on: a long paste is not a reason to detach.
            return Answer(type: "result", id: id, output: "this line is too long for the host: its request is \(size) bytes, "
                          + "a host reads at most \(LiveViewServer.messageLimit) (split it, or :load a file on the host)\n",
                          message: nil, continuing: nil, quit: nil, candidates: nil, hints: nil, appendsSpace: nil, closesQuote: nil)
        }
        try send(request)
        while true {
            if InterruptSignal.takePending() { try send(["type": "interrupt"]) }
            guard let answer = try next(timeout: 200) else { continue }
            if answer.type == "error" { throw LiveViewError(answer.message ?? answer.output ?? "the host refused the line") }
            if answer.id == id { return answer }
        }
    }

    /// TAB on the host's routes, Lua names and meta-commands; nothing when the host takes over 5 s.
    func complete(line: String, start: Int, end: Int) -> LineCompleter.Completion {
        let id = takeID()
        guard (try? send(["type": "complete", "id": id, "line": line, "start": String(start), "end": String(end)])) != nil else {
            return LineCompleter.Completion(candidates: [])
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            guard let answer = try? next(timeout: 200) else { continue }
            guard answer.id == id else { continue }
            return LineCompleter.Completion(candidates: answer.candidates ?? [], appendsSpace: answer.appendsSpace ?? false,
                                            hints: answer.hints ?? [], closesQuote: answer.closesQuote ?? false)
        }
        return LineCompleter.Completion(candidates: [])
    }

    private func takeID() -> String {
        defer { nextID += 1 }
        return String(nextID)
    }

    /// The next answer, skipping the map and state the host broadcasts; nil at the timeout.
    private func next(timeout: Int32) throws(LiveViewError) -> Answer? {
        guard let text = try client.receive(timeout: timeout) else { return nil }
        if text.hasPrefix(#"{"type":"map""#) || text.hasPrefix(#"{"type":"state""#) { return nil }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(text.utf8)) else { return nil }
        return answer.type == "state" || answer.type == "map" ? nil : answer
    }
}

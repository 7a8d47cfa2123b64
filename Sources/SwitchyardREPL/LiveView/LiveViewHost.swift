#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import Switchyard
import SwitchyardLiveView
import SwitchyardLua
import SwitchyardTools
import Synchronization

/// The live view served by a Swift app on its own runtime: the page `switchyard serve` serves, and
/// `switchyard attach LINK` opening a REPL against the running app. Everything runs on the thread
/// that calls `handleRequests()` (the one that owns the runtime), under the runtime's own sandbox
/// and instruction budget; an attached REPL's Ctrl-C interrupts the Lua it runs at once.
///
///     let live = try LiveViewHost(runtime: runtime)
///     let links = try live.start(port: 0)            // 127.0.0.1, a free port
///     print("attach with: switchyard attach '\(links.navigate)'")
///     live.onChange = { navigator in model.show(navigator.path) }   // the app's own UI follows
///     live.serve(untilReadable: STDIN_FILENO)        // or poll `requestDescriptor` in your loop
///
/// What an attached REPL prints (its values, errors, the screen and state after a move) is what
/// the app's REPL would print; it is written to the attached terminal, not to the app's. The app's
/// stdout and stderr are redirected while a line runs, so anything the app's other threads print
/// in that moment goes to the attached terminal too.
public final class LiveViewHost {
    /// The two links, each with its token: `navigate` can drive the app (and attach a REPL),
    /// `view` only shows it.
    public struct Links: Sendable {
        public let navigate: String
        public let view: String
        public let port: UInt16
    }

    /// Called on the serving thread after a request (an attached REPL's line, a page's click)
    /// changed the navigation: the app's own UI model follows it here.
    public var onChange: ((Navigator) -> Void)?

    private let host: ScriptHost
    private let repl: REPL
    /// The connection whose line runs now: when it drops, the line is interrupted, so that a
    /// terminal closed on `while true do end` does not leave the app's thread running it for ever.
    private let evaluating = EvaluatingClient()
    /// The attached REPL at a `>>` prompt, if one is: the host's REPL has one unfinished chunk,
    /// and another terminal's line must not be joined to it.
    private var chunkOwner: Int?

    /// Output an attached line sends back, at most; the rest is cut with a note.
    static let outputLimit = 1 << 20

    /// Prepares the REPL the attached terminals share (its evaluator, meta-commands, completion)
    /// on `runtime`; nothing listens before `start`.
    public init(runtime: SwitchyardRuntime) throws {
        host = try ScriptHost(runtime: runtime, options: SessionOptions())
        repl = try REPL(host: host, reader: RemoteLineReader(), style: .plain)
    }

    /// Starts the server on `address` (127.0.0.1: this machine only) and `port` (0: a free one) and
    /// returns its links. Starting again stops the previous server.
    @discardableResult
    public func start(address: String = "127.0.0.1", port: UInt16 = 0) throws -> Links {
        try repl.commands.startLiveView(address: address, port: port)
        guard let session = repl.commands.liveView else { throw LiveViewError("the live view did not start") }
        // Only while a line runs: a Ctrl-C that crossed the line's answer must not stop the next line.
        session.server.onInterrupt { [evaluating] in
            evaluating.client.withLock { if $0 != nil { InterruptSignal.requestFromAnotherThread() } }
        }
        session.server.onDisconnect { [evaluating] client in
            evaluating.client.withLock { if $0 == client { InterruptSignal.requestFromAnotherThread() } }
        }
        let links = session.links
        fflush(nil)   // the links printed, through a pipe too: someone waits for them
        return Links(navigate: links.navigate, view: links.view, port: session.port)
    }

    /// Ends the server; the pages say the view ended, attached REPLs that the host went away.
    public func stop() {
        repl.commands.liveView?.stop()
        repl.commands.liveView = nil
    }

    /// Readable when a page or an attached REPL asked for something: watch it in the app's run loop
    /// (a DispatchSource, poll) and call `handleRequests()` on the runtime's thread. -1 before `start`.
    public var requestDescriptor: Int32 { repl.commands.liveView?.server.moveDescriptor ?? -1 }

    /// Runs what pages and attached REPLs asked for, oldest first.
    public func handleRequests() {
        guard let session = repl.commands.liveView else { return }
        for request in session.server.takeMoves() {
            let navigator = host.runtime.navigator
            let before = (state: navigator.state, entries: navigator.history.count, index: navigator.historyIndex)
            answer(request, session: session)
            let after = host.runtime.navigator
            if after !== navigator || after.state != before.state || after.history.count != before.entries
                || after.historyIndex != before.index {
                onChange?(after)
            }
        }
    }

    /// Serves on this thread until `descriptor` becomes readable (a line or the end of stdin, for a
    /// host run from a terminal or by a test) or the server stops.
    public func serve(untilReadable descriptor: Int32) {
        while requestDescriptor >= 0 {
            fflush(nil)   // what the app printed (its links, its model's lines) shows before the wait, through a pipe too
            var watched = [
                pollfd(fd: requestDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&watched, 2, -1) >= 0 || errno == EINTR else { return }
            if watched[1].revents != 0 { return }
            if watched[0].revents != 0 { handleRequests() }
        }
    }

    // MARK: - Requests

    private func answer(_ request: LiveViewServer.Move, session: LiveViewSession) {
        let fields = request.fields
        func reply(_ message: AttachReply) { session.server.reply(to: request.client, message.json) }
        switch fields["type"] {
        case nil:
            // A click runs as the Lua line it equals, as under `switchyard serve`; what the REPL would
            // print for it (the line, the screen) is not the app's to print: the page shows the line
            // and its error.
            _ = CapturedOutput.run(limit: 0) { repl.runPageMove(request, session: session) }
        case "attach"?:
            reply(AttachReply(type: "attached", output: "attached to \(CommandLine.arguments.first.map(Self.baseName) ?? "the host") "
                              + "(pid \(getpid())) at \(host.runtime.navigator.path) — :help for commands, Ctrl-D detaches\n"))
        case "reset"?:
            if chunkOwner == request.client {
                repl.discardPendingChunk()
                chunkOwner = nil
            }
        case "eval"?:
            let line = fields["line"] ?? ""
            if let owner = chunkOwner, owner != request.client {
                if session.server.isConnected(owner) {
                    reply(AttachReply(type: "result", id: fields["id"], output: "another attached REPL is in the middle of a "
                                      + "chunk (at its >> prompt): this line waits until it is finished; enter it again then\n"))
                    return
                }
                repl.discardPendingChunk()   // its terminal went away mid-chunk
                chunkOwner = nil
            }
            if let refusal = Self.refusal(of: line) {
                reply(AttachReply(type: "result", id: fields["id"], output: refusal + "\n", continuing: repl.isContinuingChunk))
                return
            }
            if !repl.isContinuingChunk, case .quit? = try? MetaCommand(parsing: Self.trimmed(line)),
               line.drop(while: \.isWhitespace).hasPrefix(":") {
                reply(AttachReply(type: "result", id: fields["id"], output: "", quit: true))
                return
            }
            evaluating.client.withLock { $0 = request.client }
            let routes = host.runtime.routeTable.count
            let output = CapturedOutput.run(limit: Self.outputLimit) { _ = repl.handle(line) }
            // A line that declared routes without navigating: the pages' map is laid out again.
            if host.runtime.routeTable.count != routes { session.publish(host) }
            evaluating.client.withLock { $0 = nil }
            _ = InterruptSignal.takePending()   // one that came after the line's own Lua ended
            chunkOwner = repl.isContinuingChunk ? request.client : nil
            reply(AttachReply(type: "result", id: fields["id"], output: output, continuing: repl.isContinuingChunk))
        case "complete"?:
            let line = fields["line"] ?? ""
            let utf8 = line.utf8.count
            let start = min(max(Int(fields["start"] ?? "") ?? utf8, 0), utf8)
            let end = min(max(Int(fields["end"] ?? "") ?? utf8, start), utf8)
            let completion = repl.commands.completion.completer.complete(line: line, wordStart: start, wordEnd: end)
            reply(AttachReply(type: "completion", id: fields["id"], completion: completion))
        case let other?:
            reply(AttachReply(type: "error", output: "the host does not know the request \"\(other)\" "
                              + "(attach, eval, complete, reset, interrupt)"))
        }
    }

    /// Meta-commands that make no sense from an attached REPL, with why.
    static func refusal(of line: String) -> String? {
        let trimmed = Self.trimmed(line)
        guard trimmed.hasPrefix(":"), case .serve? = try? MetaCommand(parsing: trimmed) else { return nil }
        return "\(trimmed): the host runs this live view, and an attached REPL cannot start or stop it"
    }

    private static func trimmed(_ line: String) -> String {
        String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    private static func baseName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}

/// What the host answers an attached REPL, as the JSON `switchyard attach` reads.
struct AttachReply: Encodable {
    var type: String
    var id: String?
    var output: String?
    var continuing: Bool?
    var quit: Bool?
    var candidates: [String]?
    var hints: [String]?
    var appendsSpace: Bool?
    var closesQuote: Bool?

    init(type: String, id: String? = nil, output: String? = nil, continuing: Bool? = nil, quit: Bool? = nil) {
        self.type = type
        self.id = id
        self.output = output
        self.continuing = continuing
        self.quit = quit
    }

    init(type: String, id: String?, completion: LineCompleter.Completion) {
        self.init(type: type, id: id)
        candidates = completion.candidates
        hints = completion.hints
        appendsSpace = completion.appendsSpace
        closesQuote = completion.closesQuote
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        guard let data = try? encoder.encode(self) else { return #"{"type":"error","output":"the reply could not be encoded"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The client number of the attached REPL whose line runs, shared with the server's threads.
final class EvaluatingClient: Sendable {
    let client = Mutex<Int?>(nil)
}

/// The host's REPL reads no terminal: attached REPLs send its lines.
final class RemoteLineReader: LineReader {
    func read(prompt: String) -> LineInput { .endOfInput }
    func remember(_ line: String) {}
}

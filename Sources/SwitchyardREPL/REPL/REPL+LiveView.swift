#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Switchyard
import SwitchyardLiveView
import SwitchyardTools

extension REPL {
    /// Runs the moves the live view's pages asked for, each as the Lua line it equals: printed,
    /// run as one unit (a refused move changes nothing), recorded by `:record`, and its error shown
    /// on the page too. Called between keystrokes, on the REPL's thread.
    func runPageMoves() {
        guard let session = commands.liveView else { return }
        for move in session.server.takeMoves() {
            guard move.fields["type"] == nil else {
                // `switchyard attach`'s requests: only a Swift host serving `LiveViewHost` runs them.
                session.server.reply(to: move.client, #"{"type":"error","message":"# + JSONStringLiteral.quoted(
                    "this live view is a switchyard REPL's: switchyard attach needs a Swift host that serves LiveViewHost") + "}")
                continue
            }
            runPageMove(move, session: session)
        }
    }

    /// One page move (see `runPageMoves`).
    func runPageMove(_ move: LiveViewServer.Move, session: LiveViewSession) {
        let line: String
        switch LiveViewMove.line(for: move.fields) {
        case .failure(let refusal):
            session.server.reply(to: move.client, #"{"type":"error","message":"# + JSONStringLiteral.quoted(refusal.description) + "}")
            return
        case .success(let text): line = text
        }
        TerminalText.print(style.dim("(page) ") + line)
        remember(line)
        if let alert = host.runtime.navigator.alert, !LiveViewMove.isAllowedBehindAlert(move.fields) {
            let refusal = MetaCommands.refusal(line, behind: alert)
            StandardError.write(style.red(refusal))
            session.lastMove = (line, refusal)
            session.publish(host)
            return
        }
        var failure: String?
        session.lastMove = (line, nil)
        InterruptSignal.describe("the page's move `\(line)`")
        let unit = commands.unit.asOneUnit {
            switch evaluator.evaluate(line, beforeRunning: {}, resultName: { nil }) {
            case .values(let rendered):
                if !rendered.isEmpty { TerminalText.print(rendered.joined(separator: "\t")) }
                return true
            case .incomplete:
                failure = "the page's move is not a complete line"
                return false
            case .failed(let error):
                report(error)
                failure = reportText(error)
                return false
            }
        }
        if unit.succeeded { commands.record(line, navigated: unit.changed, typed: true) }
        session.lastMove = (line, failure)
        session.publish(host)
    }

    /// With stdin at its end (a piped or detached `switchyard serve`), the pages still drive the
    /// navigator until Ctrl-C or SIGTERM: the REPL keeps running their moves.
    func servePagesUntilInterrupted() {
        guard let session = commands.liveView else { return }
        TerminalText.print(style.dim("input ended; the live view runs on (Ctrl-C ends it)"))
        var descriptors = [
            pollfd(fd: session.server.moveDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: InterruptSignal.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            _ = poll(&descriptors, nfds_t(descriptors[1].fd >= 0 ? 2 : 1), -1)
            if InterruptSignal.takePending() { return }
            if descriptors[0].revents != 0 { runPageMoves() }
        }
    }
}

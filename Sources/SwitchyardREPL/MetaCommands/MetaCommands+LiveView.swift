#if canImport(Glibc)
import Glibc
#endif
import SwitchyardTools
import SwitchyardLiveView

extension MetaCommands {
    /// `:serve [PORT]` starts the live view on 127.0.0.1 (a free port unless PORT) and prints its
    /// two links; `:serve` again says where it runs; `:serve stop` ends it.
    func serve(_ argument: String?) throws(LiveViewError) {
        switch argument {
        case "stop"?:
            guard let liveView else { TerminalText.print("the live view is not running (:serve starts it)"); return }
            liveView.stop()
            self.liveView = nil
            TerminalText.print("stopped the live view; its pages say so")
        case nil where liveView != nil:
            printLinks(of: liveView!)
        default:
            var port: UInt16 = 0
            if let argument {
                guard let number = UInt16(argument) else {
                    throw LiveViewError(":serve takes a port number (1–65535) or stop, not \"\(argument)\"")
                }
                port = number
            }
            try startLiveView(address: "127.0.0.1", port: port)
        }
    }

    /// Starts the server (stopping one already running) and sends it the current state.
    func startLiveView(address: String, port: UInt16) throws(LiveViewError) {
        liveView?.stop()
        liveView = nil
        let session = try LiveViewSession(address: address, port: port)
        liveView = session
        session.publish(host)
        if !address.hasPrefix("127.") {
            StandardError.write(style.red(style.bold("WARNING: the live view listens on \(address), not only on this machine: "
                + "anyone who can reach port \(session.port) and has a link below can see it, and with the first one navigate.")))
        }
        printLinks(of: session)
    }

    private func printLinks(of session: LiveViewSession) {
        TerminalText.print("live view on port \(session.port) (:serve stop ends it)")
        TerminalText.print("  navigate:  " + session.links.navigate)
        TerminalText.print("  view only: " + session.links.view + style.dim("   (for a projector: it cannot navigate)"))
        // Out at once even into a pipe: a program that starts the view for a class (or a benchmark)
        // reads the links before it types a line.
        fflush(nil)
    }
}

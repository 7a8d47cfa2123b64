import ArgumentParser
import SwitchyardREPL
import SwitchyardTools

struct AttachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Open the REPL of a running Swift app that serves the live view (LiveViewHost).",
        discussion: """
            LINK is the navigate link the app printed when it started its live view (with its \
            token). Lines typed here run in the app, on its own runtime, under its sandbox and \
            instruction budget; what they print is shown here, its control characters escaped. \
            Lua lines, meta-commands (:routes, :explain, :push, :state, :record …), TAB on route \
            paths and nav. members all work as in the REPL. Ctrl-C interrupts a line running in \
            the app; Ctrl-D or :quit detaches and leaves the app running. :serve is refused (the \
            app owns its live view); files that :record, :save and :graph write are written by \
            the app, on its machine. The view-only link cannot attach. See docs/live-view.md.

            EXAMPLES:
              switchyard attach 'http://127.0.0.1:8080/?token=3f9c…'   the app's REPL
              echo 'print(nav.path)' | switchyard attach "$LINK"   one line, then detach
            """
    )

    @Argument(help: ArgumentHelp("The navigate link the app printed (http://127.0.0.1:PORT/?token=…).", valueName: "LINK"))
    var link: String

    @Flag(name: .customLong("no-color"), help: "Never colour the prompt and messages (NO_COLOR does the same).")
    var noColor = false

    @Option(name: .customLong("history-file"), help: ArgumentHelp("Where the REPL keeps its history.", valueName: "PATH"),
            completion: .file())
    var historyFile: String?

    func run() throws {
        let status = AttachSession.run(link: link, options: SessionOptions(noColor: noColor, historyFile: historyFile))
        if status != .success { throw ExitCode(status.rawValue) }
    }
}

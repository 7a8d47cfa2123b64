import ArgumentParser
import SwitchyardREPL
import SwitchyardTools

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the app's scripts, show its navigation live in a browser, and drive it from the REPL.",
        discussion: """
            Starts a small web server on 127.0.0.1 and prints two links, each with a random token: \
            one whose page can navigate (click a link, a tab, back, forward, dismiss, an alert's \
            button), and one view-only, for a projector or a class. The page shows the map and the \
            state as a phone would, and follows every navigation made in the REPL; a click on the \
            page runs as the Lua line it equals, printed in the REPL (and recorded by :record). \
            In the REPL, :serve stop ends the view and :serve starts it again. \
            Nothing is fetched from the network: the page works offline. See docs/live-view.md.

            --listen ADDR listens on another address (0.0.0.0: every interface), so that other \
            machines can open the links: anyone who can reach the port and has a link can see the \
            app, and with the navigate link drive it. It is said loudly when it starts.

            When stdin is not a terminal, its lines run as the REPL's; at its end the view runs on \
            until Ctrl-C or SIGTERM.

            EXAMPLES:
              switchyard serve examples/tour.lua                 a free port, links printed
              switchyard serve app.lua --port 8080
              switchyard serve app.lua --listen 0.0.0.0 --port 8080   reachable from the class's machines
              switchyard serve --sandbox app.lua                 the page's moves run under the sandbox too
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The app's scripts, run in order.", valueName: "FILE"), completion: .file(extensions: ["lua"]))
    var files: [String]

    @Option(help: ArgumentHelp("The port to listen on (default: a free one).", valueName: "N"))
    var port: UInt16 = 0

    @Option(help: ArgumentHelp("The IPv4 address to listen on (default 127.0.0.1: this machine only).", valueName: "ADDR"))
    var listen = "127.0.0.1"

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("switchyard serve needs the app's script: switchyard serve app.lua") }
        let parts = listen.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else {
            throw ValidationError("--listen \(listen): give an IPv4 address such as 127.0.0.1 or 0.0.0.0")
        }
    }

    func run() throws {
        let status = ScriptInvocation.run(ScriptRequest(files: files, interactive: true), options: common.session,
                                          liveView: (listen, port))
        if status != .success { throw ExitCode(status.rawValue) }
    }
}

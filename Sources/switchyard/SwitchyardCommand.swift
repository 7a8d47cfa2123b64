import ArgumentParser
import SwitchyardREPL
#if canImport(Glibc)
import Glibc
#endif

/// `switchyard`: parses the command line (SPEC §5) and hands over to SwitchyardREPL.
@main
struct SwitchyardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "A path-based navigation router scripted in Lua: REPL, script runner, scenario tests, route graphs.",
        usage: """
            switchyard [options] [-e CODE ...] [FILE [ARGS ...]]
            switchyard [options] -i [FILE ...]
            switchyard test [PATH ...] [--junit FILE]
            switchyard routes FILE
            switchyard graph FILE [--format dot|mermaid] [-o FILE]
            """,
        discussion: """
            With no FILE the REPL starts when stdin is a terminal; otherwise stdin runs as a script. \
            FILE "-" is stdin. Options go before FILE: what follows FILE is the script's, in the `arg` \
            table (arg[0] = FILE). -e chunks run first, then the files, as in lua.

            EXAMPLES:
              switchyard -i examples/music/app.lua          explore an app's routes in the REPL
              switchyard app.lua --verbose                  run a script; arg[1] == "--verbose"
              switchyard -e 'print(1 + 1)'                  run a chunk and exit
              echo 'print(match("/"))' | switchyard         run stdin as a script
              switchyard -i app.lua flows.lua               run both files, then the REPL
              switchyard test specs/ --junit report.xml     run scenario tests (*_spec.lua)
              switchyard routes app.lua                     the route table in rank order
              switchyard graph app.lua -o map.png           the navigation map (png/svg via graphviz)
              switchyard graph app.lua --format mermaid     a Mermaid flowchart on stdout

            EXIT STATUS: 0 success, 1 script or test failure, 2 usage error.
            """,
        version: "switchyard 0.1.0 (Lua 5.4)",
        subcommands: [TestCommand.self, RoutesCommand.self, GraphCommand.self]
    )

    @OptionGroup var common: CommonOptions

    @Flag(name: .customShort("i"), help: "Run the files, then start the REPL.")
    var interactive = false

    @Option(name: .customShort("e"), help: ArgumentHelp("Run CODE before the files (repeatable).", valueName: "CODE"))
    var code: [String] = []

    @Argument(parsing: .captureForPassthrough,
              help: ArgumentHelp("The script (\"-\" for stdin) and its arguments; with -i, files to run before the REPL.",
                                 valueName: "FILE [ARGS]"))
    var scriptAndArguments: [String] = []

    func run() throws {
        let status = ScriptInvocation.run(request, options: common.session)
        if status != .success { throw ExitCode(status.rawValue) }
    }

    private var request: ScriptRequest {
        if interactive {
            return ScriptRequest(chunks: code, files: scriptAndArguments, interactive: true)
        }
        guard let script = scriptAndArguments.first else {
            return ScriptRequest(chunks: code, interactive: false)
        }
        return ScriptRequest(chunks: code, files: [script], arguments: Array(scriptAndArguments.dropFirst()))
    }

    /// argument-parser exits 64 (EX_USAGE) on a bad command line; SPEC §5 says 2.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            StandardError.write(fullMessage(for: error))
            Glibc.exit(ExitStatus.usage.rawValue)
        }
    }
}

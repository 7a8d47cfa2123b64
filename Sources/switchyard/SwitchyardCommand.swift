import ArgumentParser
import SwitchyardLua
import SwitchyardREPL
#if canImport(Glibc)
import Glibc
#endif
import SwitchyardTools

/// `switchyard`: parses the command line (docs/cli.md) and hands over to SwitchyardREPL.
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
            switchyard check FILE ... [--from PATH_OR_URL ...] [--format text|json]
            switchyard types [FILE ...] [-o DIR]
            switchyard walk FILE ... [--steps N] [--runs R] [--seed S]
            """,
        discussion: """
            With no FILE the REPL starts when stdin is a terminal; otherwise stdin runs as a script. \
            FILE "-" is stdin. Options go before FILE: what follows FILE is the script's, in the `arg` \
            table (arg[0] = FILE). -e chunks run first, then the files, as in lua.

            The first word that is not an option selects a subcommand when it is test, routes, graph, \
            types, check, walk or help; options may stand before or after it (switchyard --no-color test specs). A script \
            named like a subcommand runs by its path: switchyard ./test (or switchyard -- test).

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
              switchyard types app.lua                      editor completion and luacheck for app.lua
              switchyard check app.lua                      dead links, loops, unreachable routes
              switchyard walk app.lua --seed 1              random walks against invariants

            EXIT STATUS: 0 success, 1 script or test failure, 2 usage error.
            """,
        version: "switchyard 0.1.0 (Lua 5.4)",
        subcommands: [TestCommand.self, RoutesCommand.self, GraphCommand.self, TypesCommand.self, CheckCommand.self,
                      WalkCommand.self, ServeCommand.self, AttachCommand.self]
    )

    @OptionGroup var common: CommonOptions

    @Flag(name: .customShort("i"), help: "Run the files, then start the REPL.")
    var interactive = false

    @Option(name: .customShort("e"), help: ArgumentHelp("Run CODE before the files (repeatable).", valueName: "CODE"))
    var code: [String] = []

    // No FILE argument here: argument-parser's completion scripts take a positional argument of a
    // command that has subcommands for a word that may be one (`switchyard test --<TAB>` offered the
    // root's options, `walk ex<TAB>` nothing). The forms with FILE are read by `ScriptCommandLine`.

    /// `switchyard [options] [-e CODE ...]`: the REPL, or the chunks, with no file.
    func run() throws {
        let status = ScriptInvocation.run(ScriptRequest(chunks: code, interactive: interactive), options: common.session)
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// argument-parser exits 64 (EX_USAGE) on a bad command line; the documented status of a usage error
    /// is 2 (docs/cli.md). The subcommands are
    /// dispatched here because a root command with positional arguments never reaches them.
    static func main() {
        StandardOutput.retryInterruptedWrites()
        // From argv's bytes, not CommandLine.arguments: a file name that is not UTF-8 must keep its bytes.
        let arguments = (1..<Int(CommandLine.argc)).map { index in
            RawPath.decode(UnsafeRawBufferPointer(start: CommandLine.unsafeArgv[index],
                                                  count: strlen(CommandLine.unsafeArgv[index]!)))
        }
        if let selection = SubcommandSelection(arguments) {
            guard let subcommand = subcommandsByName[selection.name] else { showHelp(about: selection.arguments) }
            run(subcommand, selection.arguments)
        }
        if let typo = SubcommandTypo.message(for: arguments) {
            StandardError.write(typo)
            finish(ExitStatus.usage.rawValue)
        }
        let split = ScriptArgumentSplit(arguments)
        if let plain = PlainInvocation(split) {
            finish(ScriptInvocation.run(plain.request, options: SessionOptions()).rawValue)
        }
        // A FILE (or "--", after which one may come) is read by ScriptCommandLine; everything else,
        // help, --version and --generate-completion-script included, by the root command.
        if split.parsed.contains("--") || ScriptArgumentSplit.firstPositional(in: split.parsed) != nil {
            do {
                var line = try ScriptCommandLine.parse(split.parsed)
                line.scriptArguments = split.scriptArguments
                let status = ScriptInvocation.run(line.request, options: line.common.session)
                finish(status.rawValue)
            } catch {
                if ScriptCommandLine.exitCode(for: error) == .success {
                    print(helpMessage(for: self))
                    Glibc.exit(ExitStatus.success.rawValue)
                }
                // Said as the root command says it, with its usage: these are its forms.
                exit(with: ValidationError(ScriptCommandLine.message(for: error)), reportedBy: self)
            }
        }
        do {
            var command = try parseAsRoot(split.parsed)
            try command.run()
        } catch {
            exit(with: error, reportedBy: self)
        }
        finish(ExitStatus.success.rawValue)
    }

    /// Exits once standard output is really written: a full disk or a closed pipe is an error (exit
    /// 1), not a success that printed nothing.
    static func finish(_ status: Int32) -> Never {
        if let failure = StandardOutput.flush() {
            StandardError.write("switchyard: cannot write standard output: \(failure)")
            Glibc.exit(status == ExitStatus.success.rawValue ? ExitStatus.failure.rawValue : status)
        }
        Glibc.exit(status)
    }

    static let subcommandsByName: [String: any ParsableCommand.Type] = [
        "test": TestCommand.self, "routes": RoutesCommand.self, "graph": GraphCommand.self, "types": TypesCommand.self,
        "check": CheckCommand.self,
        "walk": WalkCommand.self,
        "serve": ServeCommand.self,
        "attach": AttachCommand.self,
    ]

    /// `switchyard help [test|routes|graph|types]`.
    private static func showHelp(about arguments: [String]) -> Never {
        let topic = ScriptArgumentSplit.firstPositional(in: arguments).flatMap { subcommandsByName[arguments[$0]] }
        TerminalText.print(helpMessage(for: topic ?? self))
        Glibc.exit(ExitStatus.success.rawValue)
    }

    private static func run(_ type: any ParsableCommand.Type, _ arguments: [String]) -> Never {
        do {
            var command = try type.parseAsRoot(arguments)
            try command.run()
        } catch {
            if type.exitCode(for: error) == .success, arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
                TerminalText.print(helpMessage(for: type))
                Glibc.exit(ExitStatus.success.rawValue)
            }
            exit(with: error, reportedBy: type)
        }
        finish(ExitStatus.success.rawValue)
    }

    /// A usage error says what was wrong and the usage of the command it was for, named as typed
    /// ("switchyard test ..."): subcommands are parsed on their own (see `main`), so their usage line
    /// is asked of the root, which knows their full name.
    private static func exit(with error: any Error, reportedBy type: any ParsableCommand.Type) -> Never {
        guard type.exitCode(for: error) == .validationFailure else { type.exit(withError: error) }
        if type == Self.self {
            StandardError.write(fullMessage(for: error))
        } else {
            StandardError.write("Error: \(type.message(for: error))\nUsage: \(usageString(for: type))\n  See 'switchyard help \(type._commandName)' for more.")
        }
        Glibc.exit(ExitStatus.usage.rawValue)
    }
}

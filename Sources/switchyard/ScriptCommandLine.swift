import ArgumentParser
import SwitchyardREPL
import SwitchyardTools

/// The command line of the forms that name files: `switchyard [options] [-e CODE ...] FILE [ARGS ...]`
/// and `switchyard [options] -i FILE ...` (the root command's options, and FILE). Kept apart from
/// `SwitchyardCommand`, whose subcommands a positional argument would hide from the completion
/// scripts argument-parser writes.
///
///     var line = try ScriptCommandLine.parse(["--sandbox", "app.lua"])   // files: ["app.lua"]
struct ScriptCommandLine: ParsableArguments {
    @OptionGroup var common: CommonOptions

    @Flag(name: .customShort("i"), help: "Run the files, then start the REPL.")
    var interactive = false

    @Option(name: .customShort("e"), help: ArgumentHelp("Run CODE before the files (repeatable).", valueName: "CODE"))
    var code: [String] = []

    @Argument(help: ArgumentHelp("The script (\"-\" for stdin), then its arguments; with -i, files to run before the REPL.",
                                 valueName: "FILE"))
    var files: [String] = []

    /// What followed FILE on the command line (see `ScriptArgumentSplit`).
    var scriptArguments: [String] = []

    var request: ScriptRequest {
        ScriptRequest(chunks: code, files: files, arguments: scriptArguments, interactive: interactive)
    }

    private enum CodingKeys: CodingKey {
        case common, interactive, code, files
    }
}

/// The subcommand a command line names: the first word that is neither an option nor an option's
/// value, wherever the options stand. `switchyard --no-color test specs` and `switchyard test
/// --no-color specs` both run `test` with `--no-color specs`. A script named like a subcommand runs
/// by a path (`switchyard ./test`) or after "--" (`switchyard -- test`).
///
///     SubcommandSelection(["--sandbox", "routes", "app.lua"])   // name: "routes", arguments: ["--sandbox", "app.lua"]
///     SubcommandSelection(["app.lua", "test"])                  // nil: app.lua is the script, "test" its arg[1]
struct SubcommandSelection {
    static let names: Set<String> = ["test", "routes", "graph", "types", "check", "walk", "serve", "attach", "help"]

    let name: String
    /// The command line without the subcommand's name.
    let arguments: [String]

    init?(_ arguments: [String]) {
        guard let index = ScriptArgumentSplit.firstPositional(in: arguments),
              Self.names.contains(arguments[index]) else { return nil }
        name = arguments[index]
        var rest = arguments
        rest.remove(at: index)
        self.arguments = rest
    }
}

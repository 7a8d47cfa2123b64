/// Lua's rule for the plain form: everything after the script name belongs to the script
/// (`switchyard app.lua -v` gives the script `arg[1] == "-v"`). argument-parser cannot say "stop at
/// the first positional" without also swallowing subcommands and `--help`, so the split happens
/// before parsing: the part up to and including FILE is parsed, the rest becomes `arg[1...]`.
///
///     ScriptArgumentSplit(["-e", "x=1", "app.lua", "-v"])   // parsed: ["-e", "x=1", "app.lua"], script: ["-v"]
///     ScriptArgumentSplit(["-i", "a.lua", "b.lua"])         // parsed: everything, script: []
struct ScriptArgumentSplit {
    let parsed: [String]
    let scriptArguments: [String]

    /// Options of any form that take the next word as their value, so that word is never FILE or a
    /// subcommand name (`-e test` is code, `--format mermaid graph` still selects `graph`). An array:
    /// a `Set`'s metadata made the runtime scan every protocol conformance in the binary at start-up.
    static let optionsWithValue: [String] = [
        "-e", "--max-instructions", "--max-memory", "--max-screens", "--history-file", "--junit", "--format", "-o",
        "--generate-completion-script",
    ]

    init(_ arguments: [String]) {
        // With -i every positional is a file to run, so nothing is the script's.
        guard let file = Self.firstPositional(in: arguments),
              !arguments[..<file].contains("-i") else {
            parsed = arguments
            scriptArguments = []
            return
        }
        parsed = Array(arguments[...file])
        scriptArguments = Array(arguments[(file + 1)...])
    }

    /// The index of the first word that is neither an option nor an option's value; nil when there
    /// is none before "--" (after it, the parser decides).
    ///
    ///     ScriptArgumentSplit.firstPositional(in: ["--no-color", "-e", "x", "test"])   // 3
    static func firstPositional(in arguments: [String]) -> Int? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            if optionsWithValue.contains(argument) {
                index += 2
            } else if argument.hasPrefix("-") && argument != "-" {
                index += 1
            } else {
                return index
            }
        }
        return nil
    }
}

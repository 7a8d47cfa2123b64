/// Lua's rule for the plain form: everything after the script name belongs to the script
/// (`switchyard app.lua -v` gives the script `arg[1] == "-v"`). argument-parser cannot say "stop at
/// the first positional" without also swallowing subcommands and `--help`, so the split happens
/// before parsing: the part up to and including FILE is parsed, the rest becomes `arg[1...]`.
///
///     ScriptArgumentSplit(["-e", "x=1", "app.lua", "-v"])   // parsed: ["-e", "x=1", "app.lua"], script: ["-v"]
///     ScriptArgumentSplit(["test", "specs"])                // parsed: everything, script: []
struct ScriptArgumentSplit {
    let parsed: [String]
    let scriptArguments: [String]

    static let subcommands: Set<String> = ["test", "routes", "graph", "help"]
    static let optionsWithValue: Set<String> = ["-e", "--max-instructions", "--max-memory", "--history-file"]

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "-i" || argument == "--" {
                break   // with -i every positional is a file to run; after "--" the parser takes over
            }
            if Self.optionsWithValue.contains(argument) {
                index += 2
                continue
            }
            if argument.hasPrefix("-") && argument != "-" {
                index += 1
                continue
            }
            if Self.subcommands.contains(argument) && index == 0 {
                break
            }
            parsed = Array(arguments[...index])
            scriptArguments = Array(arguments[(index + 1)...])
            return
        }
        parsed = arguments
        scriptArguments = []
    }
}

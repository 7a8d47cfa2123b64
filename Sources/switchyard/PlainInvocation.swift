import SwitchyardREPL
import SwitchyardTools

/// The plain forms of the command line, read without argument-parser: `switchyard`, `switchyard FILE
/// [ARGS ...]` and `-e CODE` chunks before them. argument-parser's first parse builds its model of every
/// option by reflection (about 8M instructions, a millisecond or more of each start-up), which these
/// forms do not need; anything else (another option, "--", help, a value that looks like an option)
/// goes to the parser, so its checks and messages stay the only ones.
///
///     PlainInvocation(ScriptArgumentSplit(["-e", "x = 1", "app.lua", "-v"]))?.request
///     // ScriptRequest(chunks: ["x = 1"], files: ["app.lua"], arguments: ["-v"])
///     PlainInvocation(ScriptArgumentSplit(["--sandbox", "app.lua"]))   // nil: the parser's job
struct PlainInvocation {
    let request: ScriptRequest

    init?(_ split: ScriptArgumentSplit) {
        var chunks: [String] = []
        var files: [String] = []
        var index = 0
        let words = split.parsed
        while index < words.count {
            let word = words[index]
            if word == "-e", index + 1 < words.count, !Self.looksLikeOption(words[index + 1]) {
                chunks.append(words[index + 1])
                index += 2
            } else if !Self.looksLikeOption(word), files.isEmpty {
                files.append(word)
                index += 1
            } else {
                return nil
            }
        }
        request = ScriptRequest(chunks: chunks, files: files, arguments: split.scriptArguments)
    }

    /// "-" alone is FILE (stdin), not an option.
    private static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-"
    }
}

#if canImport(Glibc)
import Glibc
#endif
import SwitchyardLua
import SwitchyardREPL

/// `switchyard tset`: the first word is a script to run unless it names a subcommand, so a misspelt
/// subcommand would read as a file that does not exist ("cannot open tset"). When no such file
/// exists and the word is a plain name close to a subcommand's, say which one was meant.
///
///     SubcommandTypo.message(for: ["tset", "examples"])   // "switchyard: no file or subcommand 'tset' (did you mean switchyard test?)"
enum SubcommandTypo {
    static func message(for arguments: [String]) -> String? {
        guard let index = ScriptArgumentSplit.firstPositional(in: arguments) else { return nil }
        let word = arguments[index]
        guard !word.contains("/"), !word.contains("."), access(word, F_OK) != 0 else { return nil }
        let near = TypoSuggestion.nearest(word, among: SubcommandSelection.names.sorted())
        guard !near.isEmpty else { return nil }
        let shown = RawPath.display(word)
        return "switchyard: no file or subcommand '\(shown)' (did you mean "
            + near.map { "switchyard \($0)" }.joined(separator: ", ") + "?)"
    }
}

import SwitchyardTools
/// Reads lines from stdin without readline, for piped input: no prompt, no editing, no history.
///
///     let reader = PlainLineReader()
///     reader.read(prompt: "> ")   // .line("nav.go('/')") or .endOfInput
package final class PlainLineReader: LineReader {
    /// Prompts go to stdout only when someone can see them.
    private let showsPrompt: Bool

    init(showsPrompt: Bool = false) {
        self.showsPrompt = showsPrompt
    }

    package func read(prompt: String) -> LineInput {
        if showsPrompt {
            TerminalText.print(prompt, terminator: "")
        }
        guard let line = readLine(strippingNewline: true) else {
            return InterruptSignal.takePending() ? .interrupted : .endOfInput
        }
        return .line(line)
    }

    package func remember(_ line: String) {}
}

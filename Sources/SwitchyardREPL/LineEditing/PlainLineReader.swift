/// Reads lines from stdin without readline, for piped input: no prompt, no editing, no history.
///
///     let reader = PlainLineReader()
///     reader.read(prompt: "> ")   // .line("nav.go('/')") or .endOfInput
public final class PlainLineReader: LineReader {
    /// Prompts go to stdout only when someone can see them.
    private let showsPrompt: Bool

    public init(showsPrompt: Bool = false) {
        self.showsPrompt = showsPrompt
    }

    public func read(prompt: String) -> LineInput {
        if showsPrompt {
            print(prompt, terminator: "")
        }
        guard let line = readLine(strippingNewline: true) else {
            return InterruptSignal.takePending() ? .interrupted : .endOfInput
        }
        return .line(line)
    }

    public func remember(_ line: String) {}
}

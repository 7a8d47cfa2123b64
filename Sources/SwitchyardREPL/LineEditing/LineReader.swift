/// What one attempt to read a line produced.
package enum LineInput: Equatable, Sendable {
    case line(String)
    /// Ctrl-C at the prompt: the typed text is gone and the caller shows a fresh prompt.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case endOfInput
}

/// A source of input lines for the REPL: GNU readline on a terminal, plain stdin otherwise.
///
///     let reader: LineReader = isatty(0) == 1 ? ReadlineEditor(settings) : PlainLineReader()
///     while case .line(let text) = reader.read(prompt: "> ") { ... }
package protocol LineReader: AnyObject {
    func read(prompt: String) -> LineInput
    /// Records a line the user entered (in memory and, when configured, on disk at once).
    func remember(_ line: String)
}

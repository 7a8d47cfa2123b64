@preconcurrency import CReadline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwitchyardTools

/// The REPL's line editor on a terminal: GNU readline through its callback interface, so that a
/// Ctrl-C at the prompt (delivered as EINTR to our poll) clears the line and returns `.interrupted`.
/// readline's own signal handlers are off; `InterruptSignal` owns SIGINT.
///
///     let editor = ReadlineEditor(history: PersistentHistory(path: PersistentHistory.defaultPath))
///     editor.completer = { line, start, end in completer.complete(line: line, wordStart: start, wordEnd: end) }
///     switch editor.read(prompt: "> ") { case .line(let text): ...; case .interrupted: ...; case .endOfInput: ... }
///
/// readline keeps global state, and its C callbacks cannot carry context: one editor per process,
/// its state in the `ReadlineState` globals below.
///
/// What a paste of random bytes can make readline do is bounded: a repeat count (Meta-digits) is at
/// most `countLimit`, and the line at most `lineLimit` bytes (more is cut, with a message), so that no
/// key costs more than count × line; history recalls at most `PersistentHistory.recallLimit` bytes.
package final class ReadlineEditor: LineReader {
    package let history: PersistentHistory
    /// Largest repeat count a key gets (readline's own is 1,000,000).
    package static let countLimit: Int32 = 100
    /// Longest line being edited, in bytes.
    package static let lineLimit: Int32 = 256 * 1024
    package var completer: ((String, Int, Int) -> LineCompleter.Completion)? {
        get { ReadlineState.completer }
        set { ReadlineState.completer = newValue }
    }

    /// Another source of work polled beside the keyboard (the live view's moves): its descriptor,
    /// and what to run when it is readable; the line being typed is redrawn after that ran.
    package var sideInput: () -> (descriptor: Int32, run: () -> Void)? = { nil }

    init(history: PersistentHistory) {
        self.history = history
        configureReadline()
        history.load()
    }

    package func read(prompt: String) -> LineInput {
        _ = InterruptSignal.takePending()
        InterruptSignal.describe("the line editor (readline)")
        ReadlineState.finished = false
        ReadlineState.line = nil
        rl_callback_handler_install(Self.readlinePrompt(prompt), handleLine)
        while !ReadlineState.finished {
            guard waitForInput() else {
                abandonLine()
                return .interrupted
            }
            rl_callback_read_char()
            if !ReadlineState.finished { boundTheLine() }
        }
        guard let line = ReadlineState.line else {
            TerminalText.print("")   // Ctrl-D leaves the cursor after the prompt
            return .endOfInput
        }
        return .line(line)
    }

    package func remember(_ line: String) {
        history.add(line)
    }

    /// Clamps the repeat count being typed and cuts the line at `lineLimit` (at a character's start).
    private func boundTheLine() {
        rl_numeric_arg = min(max(rl_numeric_arg, -Self.countLimit), Self.countLimit)
        guard rl_end > Self.lineLimit, let buffer = rl_line_buffer else { return }
        var end = Self.lineLimit
        while end > 0 && UInt8(bitPattern: buffer[Int(end)]) & 0xC0 == 0x80 { end -= 1 }
        let cut = rl_end - end
        rl_delete_text(end, rl_end)
        rl_point = min(rl_point, rl_end)
        rl_crlf()
        StandardError.write("switchyard: the line is limited to \(Self.lineLimit) bytes; \(cut) bytes after that were dropped")
        rl_forced_update_display()
    }

    /// Blocks until stdin is readable; false when Ctrl-C came first (the signal's self-pipe woke us).
    private func waitForInput() -> Bool {
        let side = sideInput()
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: InterruptSignal.wakeDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: side?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 3, -1)
            let pollError = errno   // takePending's read of the self-pipe sets errno (EAGAIN)
            if InterruptSignal.takePending() { return false }
            if ready > 0, descriptors[2].revents != 0, let side {
                // Output in the middle of a line being typed: clear it, run, then draw it again.
                rl_clear_visible_line()
                side.run()
                rl_on_new_line()
                rl_redisplay()
                descriptors[2].revents = 0
                if descriptors[0].revents == 0 { continue }
            }
            // Another signal (SIGALRM, SIGWINCH) interrupted the wait: wait again, not into readline's
            // own blocking read.
            if ready < 0 && pollError == EINTR { continue }
            // Readable stdin, or an error that readline will report as end of input; a stale byte
            // on the self-pipe alone (drained above) means wait again.
            if ready < 0 || descriptors[0].revents != 0 { return true }
        }
    }

    /// Ends the line being edited the way a shell does: "^C" after the text, a new line, and
    /// readline's callback state reset (its documented clean-up for a signal in callback mode).
    private func abandonLine() {
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_point = rl_end
        rl_redisplay()
        TerminalText.print("^C")
        rl_callback_handler_remove()
    }

    private func configureReadline() {
        rl_readline_name = UnsafePointer(strdup("switchyard"))
        rl_catch_signals = 0
        // Keep readline's SIGWINCH handler while the prompt waits in our poll, so a resized terminal
        // is noticed (applied at the next key) and long lines wrap at the new width.
        rl_persistent_signal_handlers = 1
        rl_completer_word_break_characters = UnsafePointer(ReadlineState.luaWordBreaks)
        rl_completion_word_break_hook = wordBreakCharacters
        rl_ignore_completion_duplicates = 0   // candidates are unique already; see matchesWithHints
        rl_attempted_completion_function = attemptCompletion
        rl_sort_completion_matches = 0
    }

    /// readline must be told which prompt bytes are invisible (colour escapes), or it misplaces the cursor.
    static func readlinePrompt(_ prompt: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in prompt.unicodeScalars {
            if scalar == "\u{1B}" { result += "\u{01}"; inEscape = true }
            result.unicodeScalars.append(scalar)
            if inEscape && scalar == "m" { result += "\u{02}"; inEscape = false }
        }
        return result
    }
}

/// readline's callbacks are C functions: what they need lives here.
enum ReadlineState {
    nonisolated(unsafe) static var finished = false
    nonisolated(unsafe) static var line: String?
    nonisolated(unsafe) static var completer: ((String, Int, Int) -> LineCompleter.Completion)?
    nonisolated(unsafe) static var candidates: [String] = []
    nonisolated(unsafe) static var nextCandidate = 0
    /// Lua's operators end a word; a path or a file name runs to the space or quote before it, so that
    /// `/now-playing/` is one word for TAB (with `-` as a break, it was "playing/").
    nonisolated(unsafe) static let luaWordBreaks = strdup(" \t\n\"'`><=;|&{}(),[]+-*%^#~\\")!
    nonisolated(unsafe) static let pathWordBreaks = strdup(" \t\n\"'`")!
}

/// readline asks before each completion which characters end the word under the cursor.
private func wordBreakCharacters() -> UnsafeMutablePointer<CChar>? {
    guard let buffer = rl_line_buffer else { return nil }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self),
                                    count: Int(max(rl_point, 0)))
    let start = (bytes.lastIndex { strchr(ReadlineState.pathWordBreaks, Int32($0)) != nil } ?? -1) + 1
    let before = String(decoding: bytes[..<start], as: UTF8.self)
    let word = String(decoding: bytes[start...], as: UTF8.self)
    switch CompletionContext.classify(before: before, word: word) {
    case .routePath, .fileName: return ReadlineState.pathWordBreaks
    default: return ReadlineState.luaWordBreaks
    }
}

private func handleLine(_ text: UnsafeMutablePointer<CChar>?) {
    ReadlineState.line = text.map { String(cString: $0) }
    free(text)
    ReadlineState.finished = true
    rl_callback_handler_remove()
}

private func attemptCompletion(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    rl_attempted_completion_over = 1   // never fall back to readline's file names
    guard let completer = ReadlineState.completer, let buffer = rl_line_buffer else { return nil }
    let completion = completer(String(cString: buffer), Int(start), Int(end))
    guard !completion.candidates.isEmpty || !completion.hints.isEmpty else { return nil }
    rl_completion_suppress_append = completion.appendsSpace ? 0 : 1
    // Inside a string readline closes the quote after a unique match: right for a finished path,
    // wrong for "/now-playing" when "/now-playing/queue" exists, which TAB should continue.
    rl_completion_suppress_quote = completion.closesQuote ? 0 : 1
    if completion.hints.isEmpty {
        ReadlineState.candidates = completion.candidates
        return rl_completion_matches(text, nextCompletionCandidate)
    }
    return matchesWithHints(typed: text.map { String(cString: $0) } ?? "", completion)
}

/// readline's match list by hand: entry 0 replaces the word, the rest are listed. A placeholder is only
/// listed, so entry 0 stops before one: the common prefix of everything offered, at least the typed
/// word. One hint alone still makes a list (readline then inserts entry 0 and lists the hint on the
/// second TAB) because duplicate removal, which would fold such a pair into one match, is off.
private func matchesWithHints(typed: String, _ completion: LineCompleter.Completion)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    let listed = completion.candidates + completion.hints
    var replacement = listed.dropFirst().reduce(listed[0]) { common, next in
        String(zip(common, next).prefix { $0 == $1 }.map(\.0))
    }
    let characters = Array(replacement)
    if let slash = characters.indices.dropLast().first(where: { characters[$0] == "/" && characters[$0 + 1] == ":" }) {
        replacement = String(characters[...slash])   // up to the slash before the placeholder
    }
    if replacement.count < typed.count { replacement = typed }
    let matches = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: listed.count + 2)
    matches[0] = strdup(replacement)
    for (offset, entry) in listed.enumerated() { matches[offset + 1] = strdup(entry) }
    matches[listed.count + 1] = nil
    return matches
}

private func nextCompletionCandidate(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
    if state == 0 { ReadlineState.nextCandidate = 0 }
    guard ReadlineState.nextCandidate < ReadlineState.candidates.count else { return nil }
    defer { ReadlineState.nextCandidate += 1 }
    return strdup(ReadlineState.candidates[ReadlineState.nextCandidate])
}

import SwitchyardTools
@preconcurrency import CReadline

/// What was typed at the prompt, numbered, for `:lines` and for `_N` (IPython's `Out[N]`): on a
/// terminal, the persistent history (earlier sessions' lines too), each entry numbered by its place
/// in it; from a pipe, this session's lines from 1.
///
///     > 6 * 7                  -- entry 12 of the history
///     42
///     > :lines 2
///       11  nav.push("/library")
///       12  6 * 7
///     > _12 + 1
///     43
final class InputLog {
    private let history: PersistentHistory?
    /// This session's lines, for a reader that keeps no history: the last `typedLimit` of them (a
    /// pipe may feed a session for ever), numbered from `typedDropped + 1`.
    private var typed: [String] = []
    private var typedDropped = 0
    /// As many lines as a terminal's history keeps (`PersistentHistory.limit`'s default).
    static let typedLimit = 1000
    /// The number of the entry remembered last: `_N` is the value it printed.
    private(set) var lastNumber: Int?

    init(reader: LineReader) {
        history = (reader as? ReadlineEditor)?.history
    }

    /// Called once the reader has remembered `text`.
    func remembered(_ text: String) {
        guard !text.allSatisfy(\.isWhitespace) else { return }
        if history != nil {
            // readline's numbering: history_base moves on as old entries are dropped past the limit,
            // so a number stays the same entry for the session.
            lastNumber = Int(history_base + history_length - 1)
        } else {
            typed.append(text)
            // Dropped a quarter at a time, so that a long pipe does not move the whole log each line.
            if typed.count > Self.typedLimit + Self.typedLimit / 4 {
                let dropped = typed.count - Self.typedLimit
                typed.removeFirst(dropped)
                typedDropped += dropped
            }
            lastNumber = typedDropped + typed.count
        }
    }

    /// The last `count` entries, oldest first, with their numbers.
    func last(_ count: Int) -> [(number: Int, text: String)] {
        if history != nil {
            let first = max(0, Int(history_length) - count)
            return (first..<Int(history_length)).compactMap { offset in
                let number = Int(history_base) + offset
                return history_get(Int32(number)).flatMap { $0.pointee.line.map { (number, String(cString: $0)) } }
            }
        }
        return typed.enumerated().suffix(count).map { (typedDropped + $0.offset + 1, $0.element) }
    }

    /// `:lines` as printed: the number, then the entry, its further lines indented under the first.
    func listing(last count: Int, style: TerminalStyle) -> String {
        let entries = last(count)
        guard !entries.isEmpty else { return style.dim("(nothing typed yet)") }
        let width = String(entries.last?.number ?? 0).count
        return entries.map { number, text in
            let label = String(repeating: " ", count: width - String(number).count) + String(number)
            let body = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { TerminalText.escaped(String($0)) }
                .joined(separator: "\n" + String(repeating: " ", count: width + 4))
            return "  " + style.dim(label) + "  " + body
        }.joined(separator: "\n")
    }
}

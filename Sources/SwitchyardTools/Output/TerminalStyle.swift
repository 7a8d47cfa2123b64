#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ANSI styling that switches itself off when colour is unwanted.
///
///     let style = TerminalStyle.detect(noColorFlag: options.noColor)
///     print(style.bold("Album"), style.dim("/album/12"))
///
/// Colour is used only when stdout is a terminal, `NO_COLOR` is unset (any value, even empty, disables
/// it, per no-color.org) and `--no-color` was not given.
package struct TerminalStyle: Sendable {
    package let enabled: Bool

    init(enabled: Bool) {
        self.enabled = enabled
    }

    package static let plain = TerminalStyle(enabled: false)

    package static func detect(noColorFlag: Bool, fileDescriptor: Int32 = STDOUT_FILENO) -> TerminalStyle {
        let noColorEnvironment = getenv("NO_COLOR") != nil
        return TerminalStyle(enabled: !noColorFlag && !noColorEnvironment && isatty(fileDescriptor) == 1)
    }

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }
    package func red(_ text: String) -> String { wrap(text, "31") }
    package func green(_ text: String) -> String { wrap(text, "32") }
    package func yellow(_ text: String) -> String { wrap(text, "33") }
    package func magenta(_ text: String) -> String { wrap(text, "35") }
    package func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Error messages and warnings, unbuffered, on file descriptor 2.
///
///     StandardError.write("switchyard: cannot open app.lua")
package enum StandardError {
    /// Writes `line` and a newline (unless it already ends in one), its control characters escaped
    /// but for colours (`TerminalText.sanitized`): messages quote scripts and documents.
    package static func write(_ line: String) {
        fflush(nil)   // what was printed before the error appears before it, even through a pipe
        let safe = TerminalText.sanitized(line)
        let text = safe.hasSuffix("\n") ? safe : safe + "\n"
        FileDescriptorIO.write(Array(text.utf8), to: STDERR_FILENO)
    }
}

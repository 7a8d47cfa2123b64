#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Error messages and warnings, unbuffered, on file descriptor 2.
///
///     StandardError.write("switchyard: cannot open app.lua")
package enum StandardError {
    /// Writes `line` and a newline (unless it already ends in one).
    package static func write(_ line: String) {
        fflush(nil)   // what was printed before the error appears before it, even through a pipe
        let text = line.hasSuffix("\n") ? line : line + "\n"
        FileDescriptorIO.write(Array(text.utf8), to: STDERR_FILENO)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Error messages and warnings, unbuffered, on file descriptor 2.
///
///     StandardError.write("switchyard: cannot open app.lua")
public enum StandardError {
    /// Writes `line` and a newline (unless it already ends in one).
    public static func write(_ line: String) {
        let text = line.hasSuffix("\n") ? line : line + "\n"
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}

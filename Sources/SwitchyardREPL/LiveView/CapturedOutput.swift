#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a piece of work wrote to stdout and stderr, for an attached REPL: the REPL's printers,
/// its error reports and the script's `print` all write to the process's descriptors 1 and 2, so
/// both are pointed at one unnamed temporary file while `body` runs (in the order written, as a
/// terminal would show them) and put back after.
///
///     let text = CapturedOutput.run(limit: 1 << 20) { _ = repl.handle("print(1)") }   // "1\n"
enum CapturedOutput {
    /// Reads back at most `limit` bytes; a longer output ends with a note of how much was left out.
    static func run(limit: Int, _ body: () -> Void) -> String {
        fflush(nil)
        guard let file = tmpfile() else {
            body()
            return "(the host could not capture this line's output: no temporary file)\n"
        }
        defer { fclose(file) }
        let capture = fileno(file)
        let savedOutput = dup(STDOUT_FILENO), savedError = dup(STDERR_FILENO)
        dup2(capture, STDOUT_FILENO)
        dup2(capture, STDERR_FILENO)
        body()
        fflush(nil)
        dup2(savedOutput, STDOUT_FILENO)
        dup2(savedError, STDERR_FILENO)
        close(savedOutput)
        close(savedError)
        let size = Int(lseek(capture, 0, SEEK_END))
        lseek(capture, 0, SEEK_SET)
        var bytes = [UInt8](repeating: 0, count: min(max(size, 0), limit))
        var filled = 0
        while filled < bytes.count {
            let count = bytes[filled...].withUnsafeMutableBytes { read(capture, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            filled += count
        }
        var text = String(decoding: bytes[..<filled], as: UTF8.self)
        if size > limit { text += "\n(\(size - limit) more bytes of output were left on the host)\n" }
        return text
    }
}

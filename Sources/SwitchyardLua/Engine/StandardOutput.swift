#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLuaShim

/// C's standard output, where Lua's `print` and `io.write` write: Lua flushes after each `print`, and a
/// failed write there (a full disk) is otherwise silent.
///
///     if let failure = StandardOutput.flush() { print("cannot write standard output: \(failure)") }
package enum StandardOutput {
    /// Makes a write a Ctrl-C interrupts go on rather than lose its bytes (SIGINT is installed without
    /// SA_RESTART so blocking reads return at once): once, first thing in `main`.
    package static func retryInterruptedWrites() {
        _ = sy_stdout_retry_interrupted()
    }

    /// Flushes what is buffered; what went wrong with a write since the start, or nil.
    package static func flush() -> String? {
        switch sy_flush_stdout() {
        case 0: return nil
        case -1: return "a write failed (a full disk, or a closed pipe)"
        case let code: return String(cString: strerror(code))
        }
    }
}

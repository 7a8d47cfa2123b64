#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT for the REPL: the handler only records the signal and, while Lua runs, calls the engine's
/// async-signal-safe interrupt; everything else happens after the interrupted system call returns.
///
///     InterruptSignal.install()
///     InterruptSignal.whileRunning(interrupt: engine.interruptFunction) { try engine.run(code, ...) }
public enum InterruptSignal {
    /// Written by the handler, read and cleared by the program. Plain globals with constant
    /// initialisers, touched once before the handler is installed so the handler never runs their
    /// lazy initialisation.
    nonisolated(unsafe) fileprivate static var pending: sig_atomic_t = 0
    nonisolated(unsafe) fileprivate static var interruptAction: (@convention(c) () -> Void)? = nil

    /// Installs the handler without SA_RESTART, so a blocking read or poll returns EINTR and the
    /// reader can react at once.
    public static func install() {
        pending = 0
        interruptAction = nil
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handleInterrupt
        #else
        action.__sigaction_u.__sa_handler = handleInterrupt
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    /// Was Ctrl-C pressed since the last call? Clears the record.
    public static func takePending() -> Bool {
        defer { pending = 0 }
        return pending != 0
    }

    /// Runs `body` with `interrupt` as what Ctrl-C calls (an async-signal-safe C function, such as
    /// the Lua engine's interrupt request), then goes back to only recording the signal.
    public static func whileRunning<T, E: Error>(interrupt: (@convention(c) () -> Void)?,
                                                 _ body: () throws(E) -> T) throws(E) -> T {
        pending = 0
        interruptAction = interrupt
        defer {
            interruptAction = nil
            pending = 0
        }
        return try body()
    }
}

private func handleInterrupt(_ signal: Int32) {
    InterruptSignal.pending = 1
    InterruptSignal.interruptAction?()
}

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
package enum InterruptSignal {
    /// Written by the handler, read and cleared by the program. Plain globals with constant
    /// initialisers, touched once before the handler is installed so the handler never runs their
    /// lazy initialisation.
    nonisolated(unsafe) fileprivate static var pending: sig_atomic_t = 0
    nonisolated(unsafe) fileprivate static var interruptAction: (@convention(c) () -> Void)? = nil
    /// The self-pipe: the handler writes a byte so a reader polling `wakeDescriptor` wakes up even
    /// when the signal arrived just before it started waiting.
    nonisolated(unsafe) fileprivate static var wakeWriter: Int32 = -1
    nonisolated(unsafe) package private(set) static var wakeDescriptor: Int32 = -1

    /// Installs the handler without SA_RESTART, so a blocking read or poll returns EINTR and the
    /// reader can react at once.
    package static func install() {
        pending = 0
        interruptAction = nil
        if wakeDescriptor < 0 {
            var descriptors: [Int32] = [-1, -1]
            if pipe(&descriptors) == 0 {
                for descriptor in descriptors {
                    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                }
                wakeDescriptor = descriptors[0]
                wakeWriter = descriptors[1]
            }
        }
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handleInterrupt
        #else
        action.__sigaction_u.__sa_handler = handleInterrupt
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        // A parent may have started us with SIGINT blocked (blocked masks survive exec); Ctrl-C must work.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }

    /// Was Ctrl-C pressed since the last call? Clears the record.
    package static func takePending() -> Bool {
        defer { pending = 0 }
        drainWakeBytes()
        return pending != 0
    }

    private static func drainWakeBytes() {
        guard wakeDescriptor >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeDescriptor, &bytes, bytes.count) > 0 {}
    }

    /// Runs `body` with `interrupt` as what Ctrl-C calls (an async-signal-safe C function, such as
    /// the Lua engine's interrupt request), then goes back to only recording the signal.
    /// A Ctrl-C that arrived after the prompt returned but before `body` started stays pending:
    /// `body` should check `takePending()` first and stop at once (see `ScriptHost.interruptible`).
    package static func whileRunning<T, E: Error>(interrupt: (@convention(c) () -> Void)?,
                                                 _ body: () throws(E) -> T) throws(E) -> T {
        interruptAction = interrupt
        defer {
            interruptAction = nil
            _ = takePending()
        }
        return try body()
    }
}

/// Only async-signal-safe steps: a store to a sig_atomic_t, write(2), and the Lua shim's interrupt.
private func handleInterrupt(_ signal: Int32) {
    let savedErrno = errno
    InterruptSignal.pending = 1
    InterruptSignal.interruptAction?()
    if InterruptSignal.wakeWriter >= 0 {
        var byte: UInt8 = 1
        _ = write(InterruptSignal.wakeWriter, &byte, 1)
    }
    errno = savedErrno
}

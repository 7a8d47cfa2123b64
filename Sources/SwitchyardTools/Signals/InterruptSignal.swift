#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM for the REPL and every command: the handler only records the signal and, while
/// Lua runs, calls the engine's async-signal-safe interrupt; everything else happens after the
/// interrupted system call returns.
///
///     InterruptSignal.install()
///     InterruptSignal.describe("the line `while true do end`")
///     InterruptSignal.whileRunning(interrupt: LuaEngine.holdingInterruptFunction, release: LuaEngine.releaseInterrupt) { ... }
///
/// The backstop for a hang no budget reaches: a first Ctrl-C that is not honoured within a second
/// says so on stderr ("still running ...; press Ctrl-C again"), and a second Ctrl-C after that notice
/// and at most `hardStopWindow` milliseconds after the first, or any SIGTERM, ends the process at
/// once (`_exit`), the terminal's settings restored and a message on stderr saying what was running.
/// History needs nothing: each entry is in the file before its line runs. Presses before the notice
/// count as the first: a paste holding Ctrl-C bytes, which the terminal turns into signals while the
/// program is busy with the paste, never ends a session that would have taken each.
package enum InterruptSignal {
    /// Written by the handler, read and cleared by the program. Plain globals with constant
    /// initialisers, touched once before the handler is installed so the handler never runs their
    /// lazy initialisation. Each is `@exclusivity(unchecked)`: a signal can arrive inside the
    /// program's own access to one of them, and the handler's write would then trap as a
    /// "simultaneous access" in a build that checks exclusivity at run time (seen in CI, a Ctrl-C
    /// during a paste). Safety: the handler and the program share them as C code shares globals with
    /// a handler (sig_atomic_t flags, fields written before the flag that publishes them).
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var pending: sig_atomic_t = 0
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var interruptAction: (@convention(c) () -> Void)? = nil
    /// The self-pipe: the handler writes a byte so a reader polling `wakeDescriptor` wakes up even
    /// when the signal arrived just before it started waiting.
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var wakeWriter: Int32 = -1
    @exclusivity(unchecked) nonisolated(unsafe) package private(set) static var wakeDescriptor: Int32 = -1
    /// When the Ctrl-C now pending came (CLOCK_MONOTONIC milliseconds).
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var pendingSince: Int = 0
    /// Set when the "still running" notice for the pending Ctrl-C was written: only then does another
    /// press end the process.
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var warned: sig_atomic_t = 0
    /// Nesting of `whileRunning`.
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var depth = 0
    /// The terminal's settings at `install`, put back by a hard stop (readline may hold it raw). On
    /// the heap, allocated once: AddressSanitizer saw `tcgetattr` write past a global `termios`
    /// (its instrumented global was laid out smaller than the C library's struct).
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var terminal: UnsafeMutablePointer<termios>? = nil
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var terminalSaved = false
    /// Whether stdout is the terminal too (only then does the hard stop write bracketed paste's "off").
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var outputIsTerminal = false
    /// What is running, as the hard stop's message says it: fixed storage the handler reads.
    fileprivate static let activityCapacity = 240
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var activity: UnsafeMutablePointer<UInt8>? = nil
    @exclusivity(unchecked) nonisolated(unsafe) fileprivate static var activityLength = 0

    /// Milliseconds after an unhonoured Ctrl-C within which a second one, once the notice said so,
    /// ends the process.
    package static let hardStopWindow = 5_000

    /// Installs the handlers; SIGINT's without SA_RESTART, so a blocking read or poll returns EINTR
    /// and the reader can react at once.
    package static func install() {
        pending = 0
        interruptAction = nil
        pendingSince = 0
        warned = 0
        depth = 0
        if activity == nil {
            activity = UnsafeMutablePointer<UInt8>.allocate(capacity: activityCapacity)
            describe("switchyard")
        }
        if !terminalSaved, isatty(STDIN_FILENO) == 1 {
            let saved = terminal ?? UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 16)
                .bindMemory(to: termios.self, capacity: 1)
            terminal = saved
            if tcgetattr(STDIN_FILENO, saved) == 0 {
                terminalSaved = true
                outputIsTerminal = isatty(STDOUT_FILENO) == 1
            }
        }
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
        for (signal, handler) in [(SIGINT, handleInterrupt), (SIGTERM, handleTermination), (SIGALRM, handleAlarm)]
            as [(Int32, @convention(c) (Int32) -> Void)] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
            #else
            action.__sigaction_u.__sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            // The alarm only prints: reads it interrupts go on (poll returns EINTR whatever the flag).
            action.sa_flags = signal == SIGALRM ? SA_RESTART : 0
            sigaction(signal, &action, nil)
        }
        // A parent may have started us with SIGINT blocked (blocked masks survive exec); Ctrl-C must work.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGALRM] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Says what runs from now on, for the hard stop's message ("the line `f()`", "`:graph`",
    /// "check of app.lua"). Control bytes are shown escaped; long text is cut.
    package static func describe(_ text: String) {
        guard let activity else { return }
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F {
                bytes += Array("\\x".utf8) + Array(String(byte, radix: 16).utf8)
            } else {
                bytes.append(byte)
            }
            if bytes.count > activityCapacity - 3 { break }
        }
        if bytes.count > activityCapacity - 3 { bytes = Array(bytes.prefix(activityCapacity - 3)) + Array("...".utf8) }
        activityLength = 0   // the handler reads no half-written text
        for (index, byte) in bytes.enumerated() { activity[index] = byte }
        activityLength = bytes.count
    }

    /// Was Ctrl-C pressed since the last call? Clears the record.
    package static func takePending() -> Bool {
        defer { pending = 0; warned = 0 }
        drainWakeBytes()
        return pending != 0
    }

    /// A Ctrl-C that came from elsewhere than this process's terminal (an attached REPL's, over the
    /// live view's socket), from any thread: recorded and passed to the running Lua as the handler
    /// does, but never the start of a hard stop (no notice, no second press ending the process),
    /// since a remote person must not be able to end the host.
    package static func requestFromAnotherThread() {
        pending = 1
        interruptAction?()
        if wakeWriter >= 0 {
            var byte: UInt8 = 1
            _ = write(wakeWriter, &byte, 1)
        }
    }

    /// Was Ctrl-C pressed and not yet taken? For a loop of Swift work to stop at (a crawl, a walk),
    /// which no Lua hook reaches. Does not clear it.
    package static var stopRequested: Bool { pending != 0 }

    private static func drainWakeBytes() {
        guard wakeDescriptor >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeDescriptor, &bytes, bytes.count) > 0 {}
    }

    /// Runs `body` with `interrupt` as what Ctrl-C calls (an async-signal-safe C function, such as
    /// the Lua engine's interrupt request), then goes back to only recording the signal and calls
    /// `release`. Nested calls keep the outermost's action: one Ctrl-C stops the whole command.
    /// A Ctrl-C that arrived after the prompt returned but before `body` started stays pending:
    /// `body` should check `takePending()` first and stop at once (see `ScriptHost.interruptible`).
    package static func whileRunning<T, E: Error>(interrupt: (@convention(c) () -> Void)?, release: () -> Void = {},
                                                 _ body: () throws(E) -> T) throws(E) -> T {
        depth += 1
        if depth == 1 { interruptAction = interrupt }
        defer {
            depth -= 1
            if depth == 0 {
                interruptAction = nil
                release()
                _ = takePending()
            }
        }
        return try body()
    }
}

private func monotonicMilliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
}

/// Writes `parts` to stderr with write(2) only.
private func writeToStandardError(_ parts: StaticString...) {
    for part in parts { _ = write(STDERR_FILENO, part.utf8Start, part.utf8CodeUnitCount) }
}

private func writeActivity() {
    if let activity = InterruptSignal.activity, InterruptSignal.activityLength > 0 {
        _ = write(STDERR_FILENO, activity, InterruptSignal.activityLength)
    }
}

/// Ends the process now: the terminal as it was at start, bracketed paste off, what was running said.
private func stopAtOnce(_ reason: StaticString, status: Int32) -> Never {
    if InterruptSignal.terminalSaved, let terminal = InterruptSignal.terminal {
        _ = tcsetattr(STDIN_FILENO, TCSANOW, terminal)
        if InterruptSignal.outputIsTerminal { _ = write(STDOUT_FILENO, "\u{1B}[?2004l", 8) }
    }
    writeToStandardError("\nswitchyard: ", reason, " while running ")
    writeActivity()
    writeToStandardError("; ended at once\n")
    _exit(status)
}

/// Only async-signal-safe steps: loads and stores of globals, clock_gettime, write(2), alarm, the
/// Lua shim's interrupt, and for a second press tcsetattr and _exit.
private func handleInterrupt(_ signal: Int32) {
    let savedErrno = errno
    let now = monotonicMilliseconds()
    if InterruptSignal.pending != 0 {
        let elapsed = now - InterruptSignal.pendingSince
        if elapsed > InterruptSignal.hardStopWindow {
            // too late to count as the second press: this one starts over
        } else if InterruptSignal.warned != 0 {
            stopAtOnce("a second Ctrl-C came before the first was honoured", status: 128 + SIGINT)
        } else {
            errno = savedErrno
            return   // the same press, as far as a person can tell
        }
    }
    InterruptSignal.pending = 1
    InterruptSignal.warned = 0
    InterruptSignal.pendingSince = now
    InterruptSignal.interruptAction?()
    if InterruptSignal.wakeWriter >= 0 {
        var byte: UInt8 = 1
        _ = write(InterruptSignal.wakeWriter, &byte, 1)
    }
    alarm(1)   // handleAlarm: say so if this press is still not honoured then
    errno = savedErrno
}

private func handleAlarm(_ signal: Int32) {
    let savedErrno = errno
    if InterruptSignal.pending != 0 {
        writeToStandardError("\nswitchyard: still running ")
        writeActivity()
        writeToStandardError("; press Ctrl-C again to end switchyard at once\n")
        InterruptSignal.warned = 1
    }
    errno = savedErrno
}

private func handleTermination(_ signal: Int32) {
    stopAtOnce("SIGTERM came", status: 128 + SIGTERM)
}

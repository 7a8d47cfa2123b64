import Foundation

/// `switchyard` through pipes, for a test that signals it while it runs: wait for a text on stderr
/// (a script prints it when it reaches the part that hangs), send a signal to the process alone (not
/// its group, as a terminal would), then wait for the exit. Every wait has a deadline, for a process
/// that never gets there; at the end anything still running is killed by its pid.
///
///     let run = try SignalledRun(["check", "loop.lua"], directory: dir)
///     defer { run.close() }
///     try run.waitForErrors("looping")
///     run.signal(SIGINT)
///     let status = try run.waitForExit()
final class SignalledRun {
    struct Timeout: Error, CustomStringConvertible {
        let expected: String
        let errors: String
        var description: String { "never saw \(expected.debugDescription) on stderr; it said:\n\(errors)" }
    }

    private let process = Process()
    private let collected = CollectedText()
    private let outputCollected = CollectedText()

    init(_ arguments: [String], directory: String) throws {
        process.executableURL = URL(fileURLWithPath: SwitchyardBinary.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        let errors = collected, output = outputCollected
        stderr.fileHandleForReading.readabilityHandler = { handle in errors.append(handle.availableData) }
        stdout.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var errors: String { collected.text }
    var output: String { outputCollected.text }

    /// Waits until stderr holds `text` (`count` times).
    func waitForErrors(_ text: String, count: Int = 1, deadline seconds: Double = 60) throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if errors.components(separatedBy: text).count - 1 >= count { return }
            usleep(20_000)
        }
        throw Timeout(expected: text, errors: errors)
    }

    /// Waits until the process has used `seconds` of CPU time (it is busy in what the test hangs on,
    /// which prints nothing).
    func waitForCPU(seconds: Double, deadline: Double = 60) throws {
        let end = Date().addingTimeInterval(deadline)
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        while Date() < end {
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
               let close = stat.lastIndex(of: ")") {
                // After "pid (name) ": state is field 3; utime and stime are fields 14 and 15.
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]),
                   (user + system) / ticksPerSecond >= seconds { return }
            }
            usleep(20_000)
        }
        throw Timeout(expected: "\(seconds) s of CPU", errors: errors)
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// The exit status, or for a process a signal ended, 128 + the signal (as a shell says it);
    /// nil when it was still running at the deadline.
    ///
    /// `children`: the process's children (`childPIDs()`), ended once it has ended: Foundation reports
    /// the end only when no child holds what it shares with the process any more.
    func waitForExit(deadline seconds: Double = 60, thenEnding children: [Int32] = []) -> Int32? {
        let end = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < end {
            if !children.isEmpty && hasEnded { for child in children { kill(child, SIGKILL) } }
            usleep(20_000)
        }
        guard !process.isRunning else { return nil }
        usleep(50_000)   // the pipes' last bytes
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// The process has exited (a zombie not yet reaped, or gone), whatever Foundation knows.
    private var hasEnded: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }

    /// The pids of the process's children (the programs a script started), for the test to end.
    /// Waits until a child process runs `command` (its /proc comm), and returns the children: a
    /// test that signals as soon as the script printed could otherwise signal before the child began.
    func waitForChild(running command: String, deadline: Double = 60) throws -> [Int32] {
        let end = Date().addingTimeInterval(deadline)
        while Date() < end {
            let children = childPIDs()
            let names = children.compactMap { try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8) }
            if names.contains(where: { $0.trimmingCharacters(in: .whitespacesAndNewlines) == command }) { return children }
            usleep(20_000)
        }
        throw Timeout(expected: "a child process running \(command)", errors: errors)
    }

    /// Waits until the process's main thread sleeps in waitpid (the kernel's `do_wait`): the chunk
    /// has reached `pclose`, past the last Lua instruction an interrupt could stop at. Seeing the
    /// child alone is not enough: on a loaded machine the child runs before the parent reaches
    /// `pclose`, and a signal then is honoured by the hook.
    func waitUntilWaitingForChild(deadline: Double = 60) throws {
        let end = Date().addingTimeInterval(deadline)
        while Date() < end {
            let channel = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/wchan", encoding: .utf8)) ?? ""
            if channel.hasPrefix("do_wait") { return }
            usleep(20_000)
        }
        throw Timeout(expected: "the process waiting for its child", errors: errors)
    }

    func childPIDs() -> [Int32] {
        let file = "/proc/\(pid)/task/\(pid)/children"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    func close() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Bytes a pipe's handler appends on its own queue, read by the test.
private final class CollectedText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ more: Data) { lock.withLock { data.append(more) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

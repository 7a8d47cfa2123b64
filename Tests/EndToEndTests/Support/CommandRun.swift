import Foundation
import Testing

/// Runs `switchyard` through pipes (stdin not a terminal) and collects what it printed.
///
///     let result = try CommandRun.switchyard(["-e", "print(1)"])
///     #expect(result.status == 0 && result.output == "1\n")
struct CommandRun {
    var status: Int32
    var output: String
    var errors: String
    /// Killed after `deadline` seconds: the hang a hostile test exists to rule out, failing that test
    /// instead of holding up the whole run.
    var timedOut = false

    /// `switchyard test SPEC` in `directory`: expects it to exit 0 with every one of `count` tests
    /// passed, saying what it printed otherwise (at the caller's line).
    static func expectSpecPasses(_ spec: String, in directory: String, count: Int,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try switchyard(["test", "--no-color", spec], directory: directory)
        #expect(result.status == 0, "\(result.output)\(result.errors)", sourceLocation: sourceLocation)
        #expect(result.output.contains("\(count) passed, 0 failed"), "\(result.output)", sourceLocation: sourceLocation)
    }

    static func switchyard(_ arguments: [String], input: String = "", directory: String? = nil,
                           environment: [String: String] = [:], deadline: Double = 120) throws -> CommandRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SwitchyardBinary.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? SwitchyardBinary.fixtures)
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = FileManager.default.temporaryDirectory.path   // keep the user's history out of it
        env.merge(environment) { $1 }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let killed = KillSwitch()
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) {
            if process.isRunning { killed.fire(); kill(process.processIdentifier, SIGKILL) }
        }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a chatty child never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        DispatchQueue.global().async(group: group) { errorData = stderr.fileHandleForReading.readDataToEndOfFile() }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CommandRun(status: process.terminationStatus,
                          output: String(decoding: outputData, as: UTF8.self),
                          errors: String(decoding: errorData, as: UTF8.self), timedOut: killed.fired)
    }
}

/// Whether the deadline's kill went off (set on a timer queue, read after the process ended).
private final class KillSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var fired: Bool { lock.withLock { value } }
    func fire() { lock.withLock { value = true } }
}

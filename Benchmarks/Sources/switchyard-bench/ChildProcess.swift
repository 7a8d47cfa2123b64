import Foundation

/// A program the benchmark runs to its end, reading one of its streams: the other goes to the
/// terminal (its standard error) or nowhere (its standard output), so no second pipe can fill while
/// the first is read. Its standard input is empty.
///
///     let finished = try ChildProcess.run(["hyperfine", "--version"], reading: .output)
///     finished.status   // 0
enum ChildProcess {
    enum Stream { case output, errors }

    struct Finished {
        let status: Int32
        let text: String
    }

    /// Runs `command` (a program found on PATH, and its arguments).
    static func run(_ command: [String], reading stream: Stream) throws -> Finished {
        try run(URL(fileURLWithPath: "/usr/bin/env"), command, reading: stream)
    }

    /// Runs the executable at `executable` with `arguments`.
    static func run(_ executable: URL, _ arguments: [String], reading stream: Stream) throws -> Finished {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        switch stream {
        case .output:
            process.standardOutput = pipe
        case .errors:
            process.standardOutput = FileHandle.nullDevice
            process.standardError = pipe
        }
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Finished(status: process.terminationStatus, text: text)
    }
}

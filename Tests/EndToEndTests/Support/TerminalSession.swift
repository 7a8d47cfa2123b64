import Foundation

/// `switchyard` in a real pseudo-terminal, driven through tmux: keys go in with `send-keys`, the
/// screen comes back with `capture-pane`. Each session has its own tmux server socket.
///
///     let session = try TerminalSession(arguments: ["-i", "app.lua"])
///     defer { session.close() }
///     try session.type(":go /al"); try session.press("Tab")
///     try session.waitFor("/album/")
final class TerminalSession {
    struct Timeout: Error, CustomStringConvertible {
        let expected: String
        let screen: String
        var description: String { "never saw \(expected.debugDescription) on the screen:\n\(screen)" }
    }

    let socket: String
    let home: String

    /// `home` is the HOME of the REPL (its history file lives there); a fresh directory by default.
    init(arguments: [String], home: String? = nil, directory: String = SwitchyardBinary.fixtures,
         environment: [String: String] = [:]) throws {
        let unique = UUID().uuidString.prefix(8)
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("sy-tmux-\(unique)").path
        self.home = home ?? FileManager.default.temporaryDirectory.appendingPathComponent("sy-home-\(unique)").path
        try FileManager.default.createDirectory(atPath: self.home, withIntermediateDirectories: true)
        var variables = ["HOME": self.home, "TERM": "xterm-256color", "INPUTRC": "/dev/null"]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.shellQuoted($0.value))" }
        let command = (["cd", Self.shellQuoted(directory), "&&", "exec", "env"] + assignments
                       + [Self.shellQuoted(SwitchyardBinary.path)] + arguments.map(Self.shellQuoted)).joined(separator: " ")
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "40", "-s", "e2e", command])
        try tmux(["set-option", "-t", "e2e", "remain-on-exit", "on"])
    }

    static var isAvailable: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: $0 + "/tmux") }
    }

    /// Types text literally (no key names).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "e2e", "-l", text])
    }

    /// Presses named keys: "Enter", "Tab", "C-c", "C-d", "Up".
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "e2e"] + keys)
    }

    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "e2e"])
    }

    /// Waits until `text` is on the screen. The deadline is for a hung REPL, not a speed target.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1, deadline seconds: Double = 20) throws -> String {
        let end = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < end {
            last = try screen()
            if last.components(separatedBy: text).count - 1 >= count { return last }
            usleep(50_000)
        }
        throw Timeout(expected: text, screen: last)
    }

    /// The exit status once the program has ended, nil while it runs.
    func exitStatus() throws -> Int32? {
        let fields = try tmux(["display-message", "-p", "-t", "e2e", "#{pane_dead} #{pane_dead_status}"])
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard fields.first == "1", fields.count > 1 else { return nil }
        return Int32(fields[1])
    }

    func waitForExit(deadline seconds: Double = 20) throws -> Int32 {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let status = try exitStatus() { return status }
            usleep(50_000)
        }
        throw Timeout(expected: "<exit>", screen: (try? screen()) ?? "")
    }

    func close() {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-S", socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

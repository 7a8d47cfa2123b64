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
    private let statusFile: String
    private let ownsHome: Bool
    private var serverPID: Int32?

    /// `home` is the HOME of the REPL (its history file lives there); a fresh directory by default.
    init(arguments: [String], home: String? = nil, directory: String = SwitchyardBinary.fixtures,
         environment: [String: String] = [:]) throws {
        let unique = UUID().uuidString.prefix(8)
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("sy-tmux-\(unique)").path
        self.home = home ?? FileManager.default.temporaryDirectory.appendingPathComponent("sy-home-\(unique)").path
        ownsHome = home == nil
        try FileManager.default.createDirectory(atPath: self.home, withIntermediateDirectories: true)
        var variables = ["HOME": self.home, "TERM": "xterm-256color", "INPUTRC": "/dev/null"]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.shellQuoted($0.value))" }
        statusFile = socket + ".status"
        // tmux 3.3 leaves #{pane_dead_status} empty here, so the shell records the exit status itself.
        // The runner's own NO_COLOR must not decide a test about colour: only `environment` sets it.
        let command = (["cd", Self.shellQuoted(directory), "&&", "env", "-u", "NO_COLOR"] + assignments
                       + [Self.shellQuoted(SwitchyardBinary.path)] + arguments.map(Self.shellQuoted)
                       + [";", "echo", "$?", ">", Self.shellQuoted(statusFile)]).joined(separator: " ")
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "40", "-s", "e2e", command], capturing: false)
        try tmux(["set-option", "-w", "-t", "e2e", "remain-on-exit", "on"])
        serverPID = Int32(try tmux(["display-message", "-p", "-t", "e2e", "#{pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static var isAvailable: Bool {
        (try? Spawn.run(["tmux", "-V"]).status) == 0
    }

    /// Types text literally (no key names).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "e2e", "-l", text])
    }

    /// Presses named keys: "Enter", "Tab", "C-c", "C-d", "Up".
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "e2e"] + keys)
    }

    /// The visible screen; with `escapes`, colours and attributes as escape sequences; with
    /// `history`, the lines scrolled or cleared off it too.
    func screen(escapes: Bool = false, history: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-N", "-t", "e2e"] + (escapes ? ["-e"] : []) + (history ? ["-S", "-"] : []))
    }

    /// Waits until `text` is on the screen (or, with `history`, was). The deadline is for a hung REPL,
    /// not a speed target: a minute, since a debug build on two cores shared with other builds (load
    /// 9) has taken seconds to answer a line.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1, history: Bool = false, deadline seconds: Double = 60) throws -> String {
        let end = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < end {
            last = try screen(history: history)
            if last.components(separatedBy: text).count - 1 >= count { return last }
            usleep(50_000)
        }
        throw Timeout(expected: text, screen: last)
    }

    /// From now on, every byte the program writes to its terminal is appended to `file` (tmux
    /// `pipe-pane`): what a test reads to prove a sequence never reached the terminal at all, which
    /// the emulated screen cannot show (a title or clipboard sequence leaves nothing on it).
    func recordOutput(to file: String) throws {
        FileManager.default.createFile(atPath: file, contents: nil)
        try tmux(["pipe-pane", "-o", "-t", "e2e", "cat >> " + Self.shellQuoted(file)])
    }

    /// The exit status once the program has ended, nil while it runs.
    func exitStatus() throws -> Int32? {
        guard let text = try? String(contentsOfFile: statusFile, encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Waits until the program has a child running `command` (its /proc comm: past the shell's `exec`,
    /// so past any `trap` before it) and its main thread sleeps in waitpid (the kernel's `do_wait`): a
    /// chunk that started the child has reached `pclose`, past the last Lua instruction a Ctrl-C could
    /// stop at. Seeing what the chunk printed before is not enough: on a loaded machine the Ctrl-C
    /// could come before the child runs, and the hook honours it at once (as `SignalledRun` found for
    /// `switchyard -e`). The pane runs a shell whose child is the program (`env` execs it).
    func waitUntilTheProgramWaits(forAChildRunning command: String, deadline seconds: Double = 60) throws {
        let shell = try tmux(["display-message", "-p", "-t", "e2e", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            for program in children.split(separator: " ") {
                let channel = (try? String(contentsOfFile: "/proc/\(program)/task/\(program)/wchan", encoding: .utf8)) ?? ""
                let grandchildren = (try? String(contentsOfFile: "/proc/\(program)/task/\(program)/children", encoding: .utf8)) ?? ""
                let names = grandchildren.split(separator: " ").compactMap {
                    (try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                if channel.hasPrefix("do_wait") && names.contains(command) { return }
            }
            usleep(20_000)
        }
        throw Timeout(expected: "the program waiting for its child running \(command)", screen: (try? screen()) ?? "")
    }

    func waitForExit(deadline seconds: Double = 60) throws -> Int32 {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let status = try exitStatus() { return status }
            usleep(50_000)
        }
        throw Timeout(expected: "<exit>", screen: (try? screen()) ?? "")
    }

    /// Ends the program and the tmux server this session started (by its pid, should kill-server fail).
    func close() {
        _ = try? tmux(["kill-server"])
        if let serverPID, kill(serverPID, 0) == 0 {
            kill(serverPID, SIGKILL)
        }
        try? FileManager.default.removeItem(atPath: socket)
        try? FileManager.default.removeItem(atPath: statusFile)
        if ownsHome { try? FileManager.default.removeItem(atPath: home) }
    }

    @discardableResult
    private func tmux(_ arguments: [String], capturing: Bool = true) throws -> String {
        try Spawn.run(["tmux", "-S", socket] + arguments, capturing: capturing).output
    }

    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Long listings (`:routes`, `:history`, `:state`, `:help`) through `$PAGER` (default `less -R`,
/// which keeps the colours) when they would scroll off a terminal; printed as they are otherwise.
///
///     Pager.show(longListing)
enum Pager {
    static func show(_ text: String) {
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1,
              text.utf8.reduce(0, { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }) + 1 >= rows else {
            return TerminalText.print(text)
        }
        let command = getenv("PAGER").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "less -R"
        if !page(TerminalText.sanitized(text) + "\n", through: command) { TerminalText.print(text) }
    }

    /// The terminal's height in rows (a large number when unknown, so nothing pages).
    private static var rows: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return Int.max }
        return Int(size.ws_row)
    }

    /// Runs `sh -c command` with `text` on its stdin and waits for it; false when it could not start.
    private static func page(_ text: String, through command: String) -> Bool {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptors[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, descriptors[1])
        var pid: pid_t = 0
        let arguments = ["sh", "-c", command]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawnp(&pid, "sh", &actions, nil, &argv, environ)
        close(descriptors[0])
        guard spawned == 0 else { close(descriptors[1]); return false }
        // A pager quit early (q in less) closes the pipe: writing then fails, which is fine.
        let ignored = signal(SIGPIPE, SIG_IGN)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
            if written <= 0 { break }
            bytes = bytes.dropFirst(written)
        }
        close(descriptors[1])
        signal(SIGPIPE, ignored)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return true
    }
}

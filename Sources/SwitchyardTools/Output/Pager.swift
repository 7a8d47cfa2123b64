#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Long listings (`:routes`, `:history`, `:state`, `:help`) through `$PAGER` (default `less -R`,
/// which keeps the colours) when they would scroll off a terminal; printed as they are otherwise,
/// and printed too when the pager did not show them: it could not start (`PAGER=no-such-pager`),
/// it failed, or it ended without reading a byte (`PAGER=true`).
///
///     Pager.show(longListing)
package enum Pager {
    package static func show(_ text: String) {
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

    /// Runs `sh -c command` with `text` on its stdin and waits for it. True when the pager showed the
    /// text: it exited with status 0 having read some of it (a person may quit `less` early, after
    /// reading the first page; a pager that read nothing showed nothing).
    private static func page(_ text: String, through command: String) -> Bool {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return false }
        let (input, output) = (descriptors[0], descriptors[1])
        // This end stays open here until the pager is done, so what it left unread can be measured,
        // and a pager that exits early costs no SIGPIPE; writing is non-blocking for the same reason.
        defer { close(input) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, output)
        var pid: pid_t = 0
        let arguments = ["sh", "-c", command]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawnp(&pid, "sh", &actions, nil, &argv, environ)
        guard spawned == 0 else { close(output); return false }
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        var bytes = Array(text.utf8)[...]
        var sent = 0
        var status: Int32 = 0
        var exited = false
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if written > 0 {
                sent += written
                bytes = bytes.dropFirst(written)
                continue
            }
            guard written < 0, errno == EAGAIN || errno == EINTR else { break }
            // The pipe is full: wait for the pager to read, or to end without reading the rest.
            if waitpid(pid, &status, WNOHANG) == pid { exited = true; break }
            var ready = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, 100)
        }
        close(output)
        if !exited { while waitpid(pid, &status, 0) < 0 && errno == EINTR {} }
        var unread: Int32 = 0
        if ioctl(input, UInt(FIONREAD), &unread) != 0 { unread = 0 }
        let succeeded = (status & 0x7f) == 0 && (status >> 8) & 0xff == 0
        return succeeded && sent > Int(unread)
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program with posix_spawn and waits for it with waitpid: for tmux, whose client forks the
/// server daemon, a direct wait on the client is all we want (no run-loop process monitoring).
///
///     let (status, output) = try Spawn.run(["tmux", "-V"])
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `capturing` false sends stdout to /dev/null (a daemon must not inherit our pipe).
    static func run(_ arguments: [String], capturing: Bool = true) throws -> (status: Int32, output: String) {
        var fds: [Int32] = [-1, -1]
        if capturing, pipe(&fds) != 0 { throw Failure(description: "pipe failed: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturing {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        // The test runner's threads block signals; a child must start with none blocked and the
        // default dispositions, or the REPL under test would never see its Ctrl-C (or tmux's SIGHUP).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGHUP, SIGTERM, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        if capturing { close(fds[1]) }
        guard spawned == 0 else {
            if capturing { close(fds[0]) }
            throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var output: [UInt8] = []
        if capturing {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fds[0], &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                output += buffer[0..<count]
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return ((status >> 8) & 0xFF, String(decoding: output, as: UTF8.self))
    }
}

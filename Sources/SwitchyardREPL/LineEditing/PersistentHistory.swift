@preconcurrency import CReadline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwitchyardTools

/// readline's history, kept on disk as it grows: read once at start, each entry appended the moment it
/// is entered (so a crash loses nothing). Once the file holds a quarter more than `limit` entries it is
/// rewritten with the last `limit`. A file that cannot be written costs one warning line on stderr and
/// the session goes on without saving. Several sessions may share the file: appending and trimming
/// happen under a lock (`flock` on PATH.lock), and trimming rewrites what the file holds then, so no
/// session's lines are lost to another's trim.
///
/// An entry may span lines (a multi-line chunk is one entry, as in `lua`, so Up recalls all of it).
/// The file is readline's format with timestamps, as bash writes it: a `#<seconds>` line starts each
/// entry, and the lines up to the next one are the entry's.
///
/// An entry longer than `recallLimit` bytes is kept whole in the file, but what Up recalls in readline
/// is a one-line Lua comment saying so: readline's editing and redisplay cost grows with the line's
/// length at every key, and a recalled 1 MB line with a paste behind it held the REPL for minutes.
///
///     let history = PersistentHistory(path: "~/.switchyard_history", limit: 1000)
///     history.load()
///     history.add("for i = 1, 3 do\n  print(i)\nend")
package final class PersistentHistory {
    package let path: String?
    package let limit: Int
    /// Longest entry readline's in-memory history recalls as it is.
    package static let recallLimit = 16 * 1024
    private var writable = true
    private var lastEntry: String?
    /// Entries in the file as far as this session knows (another session may append too).
    private var entriesInFile = 0

    /// `path` nil keeps history in memory only.
    init(path: String?, limit: Int = 1000) {
        self.path = path.map(Self.expandingTilde)
        self.limit = limit
        // Timestamps mark where an entry starts, so entries can hold newlines; readline writes them
        // with the comment character, which must be set for it to write or recognise them at all.
        history_comment_char = CChar(UInt8(ascii: "#"))
        history_write_timestamps = 1
    }

    /// The default file: `~/.switchyard_history`.
    package static var defaultPath: String? {
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        return home + "/.switchyard_history"
    }

    /// Replaces the in-memory history with the file's entries.
    package func load() {
        using_history()
        clear_history()
        stifle_history(Int32(limit))
        guard let path else { return }
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR { return warn("it is a directory") }
        // readline turns multi-line reading on for a file that starts with a timestamp, and leaves it on.
        history_multiline_entries = 0
        _ = read_history(path)
        // Entries beyond the limit were dropped as they were read, each moving history_base on.
        entriesInFile = Int(history_length + history_base - 1)
        shortenLongEntries()
        if !Self.startsWithTimestamp(path) {
            // A file from before entries had timestamps: rewrite it so the entries appended from now
            // on (each after its timestamp) are read back as entries.
            rewrite()
        }
    }

    package func add(_ entry: String) {
        guard !entry.allSatisfy(\.isWhitespace), entry != lastEntry else { return }
        lastEntry = entry
        add_history(entry)
        defer { shortenLongEntries(from: max(Int(history_length) - 1, 0)) }   // after the file has it whole
        guard path != nil, writable else { return }
        entriesInFile += 1
        append()
        if entriesInFile > limit + limit / 4 { rewrite() }
    }

    /// What Up recalls in place of an entry longer than `recallLimit`.
    static func placeholder(forEntryOf length: Int) -> String {
        "-- (a line of \(length) bytes, longer than \(recallLimit): kept in the history file, not recalled here)"
    }

    /// Puts `placeholder` in readline's memory for each entry from offset `start` on that is longer than
    /// `recallLimit` (the file keeps the entry: it is appended before this, and a trim rereads the file).
    private func shortenLongEntries(from start: Int = 0) {
        guard start < Int(history_length) else { return }
        for offset in start..<Int(history_length) {
            guard let entry = history_get(history_base + Int32(offset)), let line = entry.pointee.line else { continue }
            let length = strlen(line)
            guard length > Self.recallLimit else { continue }
            if let old = replace_history_entry(Int32(offset), Self.placeholder(forEntryOf: length), nil) {
                _ = free_history_entry(old)
            }
        }
    }

    /// The entries in memory, oldest first (for tests and `:history`-like views).
    var entries: [String] {
        (0..<history_length).compactMap { offset in
            history_get(history_base + offset).flatMap { $0.pointee.line.map { String(cString: $0) } }
        }
    }

    private func append() {
        guard let path else { return }
        locked {
            // append_history does not create the file.
            let status = access(path, F_OK) == 0 ? append_history(1, path) : write_history(path)
            if status != 0 { warn(String(cString: strerror(status))) }
        }
    }

    /// Trims the file to its last `limit` entries: reads it afresh under the lock (another session
    /// may have appended since), then writes that back. Not readline's history_truncate_file: it
    /// counts lines, and can cut a multi-line entry from its timestamp.
    private func rewrite() {
        guard let path, writable else { return }
        locked {
            if access(path, F_OK) == 0 {
                clear_history()
                history_multiline_entries = 0
                _ = read_history(path)
            }
            let status = write_history(path)
            shortenLongEntries()
            guard status == 0 else { return warn(String(cString: strerror(status))) }
            entriesInFile = Int(history_length)
        }
    }

    /// Runs `body` holding an exclusive lock on PATH.lock (a file of its own: readline may replace
    /// the history file by renaming). Without a lock file to be had, `body` runs anyway.
    private func locked(_ body: () -> Void) {
        guard let path else { return body() }
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        body()
        flock(descriptor, LOCK_UN)
    }

    private func warn(_ reason: String) {
        writable = false
        StandardError.write("switchyard: warning: history file \(path ?? "") is not writable (\(reason)); history will not be saved")
    }

    /// Whether the file is empty or begins with a `#<digits>` timestamp line.
    private static func startsWithTimestamp(_ path: String) -> Bool {
        guard let file = fopen(path, "r") else { return true }
        defer { fclose(file) }
        let first = getc(file), second = getc(file)
        if first == EOF { return true }
        return first == Int32(UInt8(ascii: "#")) && (Int32(UInt8(ascii: "0"))...Int32(UInt8(ascii: "9"))).contains(second)
    }

    private static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME") else { return path }
        return String(cString: home) + path.dropFirst()
    }
}

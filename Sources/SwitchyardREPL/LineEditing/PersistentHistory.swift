@preconcurrency import CReadline
import Foundation

/// readline's history, kept on disk as it grows: read once at start, each entry appended the moment it
/// is entered (so a crash loses nothing), the file trimmed to `limit` entries. A file that cannot be
/// written costs one warning line on stderr and the session goes on without saving.
///
///     let history = PersistentHistory(path: "~/.switchyard_history", limit: 1000)
///     history.load()
///     history.add("nav.go('/album/1')")
public final class PersistentHistory {
    public let path: String?
    public let limit: Int
    private var writable = true
    private var lastEntry: String?

    /// `path` nil keeps history in memory only.
    public init(path: String?, limit: Int = 1000) {
        self.path = path.map { NSString(string: $0).expandingTildeInPath }
        self.limit = limit
    }

    /// The default file: `~/.switchyard_history`.
    public static var defaultPath: String? {
        guard let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.switchyard_history"
    }

    public func load() {
        using_history()
        stifle_history(Int32(limit))
        guard let path else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return warn("it is a directory") }
            _ = read_history(path)
        }
    }

    public func add(_ entry: String) {
        guard !entry.allSatisfy(\.isWhitespace), entry != lastEntry else { return }
        lastEntry = entry
        add_history(entry)
        save(entry)
    }

    private func save(_ entry: String) {
        guard let path, writable else { return }
        let status: Int32
        if FileManager.default.fileExists(atPath: path) {
            status = append_history(1, path)
        } else {
            status = write_history(path)   // append_history does not create the file
        }
        guard status == 0 else { return warn(String(cString: strerror(status))) }
        _ = history_truncate_file(path, Int32(limit))
    }

    private func warn(_ reason: String) {
        writable = false
        StandardError.write("switchyard: warning: history file \(path ?? "") is not writable (\(reason)); history will not be saved")
    }
}

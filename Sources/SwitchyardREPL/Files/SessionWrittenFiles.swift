#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwitchyardLua

/// The files a REPL session wrote (`:save`, `:graph`, `:watch`, `:record`), and the rule for writing
/// another: a script the session loaded is never overwritten (`:record app.lua` was once a typo for
/// `:load` that replaced the app with a spec), and an existing file the session did not write is
/// replaced only when the command says so with `!` (`:save! state.json`). Files are known by their
/// resolved path, so `./app.lua` and a link to it are `app.lua`. Devices and pipes (`/dev/stdout`)
/// are not files anyone keeps, and are written as asked.
///
///     var files = SessionWrittenFiles()
///     try files.check("state.json", command: ":save", loaded: ["app.lua"], replacing: false)
///     // ... write it ...
///     files.wrote("state.json")
struct SessionWrittenFiles {
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    private var written: Set<String> = []

    /// Throws when `command` may not write `file` now; `loaded`: the scripts the session loaded.
    func check(_ file: String, command: String, loaded: [String], replacing: Bool) throws(Refusal) {
        guard let path = Self.resolved(file), Self.isRegularFile(path) else { return }   // new, or not a plain file
        let shown = RawPath.display(file)
        if loaded.contains(where: { Self.resolved($0) == path }) {
            throw Refusal(description: "\(command) will not overwrite \(shown): it is a script this session loaded"
                          + (command == ":record" ? " (to run it, :load \(shown))" : ""))
        }
        guard !written.contains(path), !replacing else { return }
        throw Refusal(description: "\(shown) exists and this session did not write it: \(command)! \(shown) replaces it")
    }

    /// Notes that the session wrote `file` (later writes to it need no `!`).
    mutating func wrote(_ file: String) {
        if let path = Self.resolved(file) { written.insert(path) }
    }

    /// The absolute path with links resolved; nil when nothing is there.
    private static func resolved(_ file: String) -> String? {
        RawPath.withSystemPath(file) { path -> String? in
            guard let result = realpath(path, nil) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}

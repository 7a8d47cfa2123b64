#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwitchyardLua

/// Whole text files (reports, graphs, saved states), with errors in the system's own words.
///
///     try TextFile.write(json, to: "state.json")
///     let json = try TextFile.read("state.json")
///     // TextFile.Failure: "cannot write /nope/state.json: No such file or directory"
package enum TextFile {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String

        init(_ verb: String, _ path: String, errno code: Int32) {
            description = "cannot \(verb) \(RawPath.display(path)): \(String(cString: strerror(code)))"
        }

        init(description: String) {
            self.description = description
        }
    }

    /// Writes a file through a temporary one renamed into place, so no reader ever sees half of it
    /// and a failure leaves the old file as it was. A device or a pipe (`/dev/stdout`, `/dev/full`)
    /// is written directly: renaming over it would replace it. Every write and the close are
    /// checked, so a full disk is an error, never "saved".
    package static func write(_ text: String, to path: String) throws(Failure) {
        var existing = stat()
        if RawPath.withSystemPath(path, { stat($0, &existing) }) == 0 && existing.st_mode & S_IFMT != S_IFREG {
            let descriptor = RawPath.withSystemPath(path) { open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
            guard descriptor >= 0 else { throw Failure("write", path, errno: errno) }
            let status = FileDescriptorIO.write(Array(text.utf8), to: descriptor)
            let closed = close(descriptor) == 0 ? 0 : errno
            if status != 0 || closed != 0 { throw Failure("write", path, errno: status != 0 ? status : closed) }
            return
        }
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = RawPath.withSystemPath(temporary) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw Failure("write", path, errno: errno) }
        let status = FileDescriptorIO.write(Array(text.utf8), to: descriptor)
        let closed = close(descriptor) == 0 ? 0 : errno
        let renamed = status == 0 && closed == 0
            && RawPath.withSystemPath(temporary, { from in RawPath.withSystemPath(path) { rename(from, $0) } }) == 0
        if !renamed {
            let code = status != 0 ? status : closed != 0 ? closed : errno
            _ = RawPath.withSystemPath(temporary) { unlink($0) }
            throw Failure("write", path, errno: code)
        }
    }

    package static func read(_ path: String) throws(Failure) -> String {
        let descriptor = RawPath.withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw Failure("read", path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
            throw Failure("read", path, errno: EISDIR)
        }
        guard let bytes = FileDescriptorIO.readAll(from: descriptor, limit: ScriptFile.sizeLimit) else {
            throw Failure(description: ScriptFile.tooLarge(path))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `path` names a directory; nil when nothing is there. Without `followingLinks` a symbolic
    /// link is not a directory, so a walk cannot loop.
    package static func isDirectory(_ path: String, followingLinks: Bool = true) -> Bool? {
        var status = stat()
        guard RawPath.withSystemPath(path, { followingLinks ? stat($0, &status) : lstat($0, &status) }) == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// Makes `path` a directory, with its missing parents (`mkdir -p`); one already there is fine.
    static func makeDirectory(_ path: String) throws(Failure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if isDirectory(prefix) != true {
                guard RawPath.withSystemPath(prefix, { mkdir($0, 0o755) }) == 0 || errno == EEXIST else {
                    throw Failure("create the directory", prefix, errno: errno)
                }
            }
            prefix += "/"
        }
    }
}

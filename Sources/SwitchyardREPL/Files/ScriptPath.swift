#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths of script files as `require` sees them: absolute, with `.` and `..` resolved by text (no
/// symbolic links followed: the spec and the app are compared as the person named them).
///
///     ScriptPath.absolute("examples/music/../music/app.lua")   // "/work/examples/music/app.lua"
enum ScriptPath {
    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// "/a/b/c.lua" → "/a/b"; "/a" → "".
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    private static var currentDirectory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(cString: buffer)
    }
}

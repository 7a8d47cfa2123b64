#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading Lua source files for `runFile` and `require`, as `luaL_loadfilex` would (a first line
/// starting with '#' is blanked so `#!/usr/bin/env switchyard` scripts load, lines keep their
/// numbers) — but in Swift, since luaL_loadfilex can raise while building the chunk name.
package enum ScriptFile {
    /// The most a script, a spec or a saved state may hold: far more than any real one, and a bound
    /// on what an endless input (`/dev/zero`, a runaway pipe) can make the process read.
    package static let sizeLimit = 64 * 1024 * 1024

    /// "cannot read /dev/zero: larger than 64 MB, the limit for scripts, specs and saved states"
    package static func tooLarge(_ path: String) -> String {
        "cannot read \(RawPath.display(path)): larger than \(sizeLimit >> 20) MB, the limit for scripts, specs and saved states"
    }

    static func read(_ path: String) throws(LuaError) -> [UInt8] {
        guard let file = RawPath.withSystemPath(path, { fopen($0, "rb") }) else {
            throw LuaError("cannot open \(RawPath.display(path)): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > sizeLimit { throw LuaError(tooLarge(path)) }
            if count < chunk.count { break }
        }
        if ferror(file) != 0 { throw LuaError("cannot read \(RawPath.display(path)): \(String(cString: strerror(errno)))") }
        return blankingShebang(bytes)
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return RawPath.withSystemPath(path, { stat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The directory part of `path` ("" for a bare file name).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// `path` with its "." steps and "folder/.." pairs taken out, by text (no link followed):
    /// "specs/../app.lua:3" is "app.lua:3". A ".." with no folder before it stays.
    package static func tidied(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
            } else if part != "." || parts.isEmpty {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// `path` from the root: the current directory joined before a relative one, then tidied.
    package static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return tidied(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return tidied(path) }
        return tidied(join(String(cString: buffer), path))
    }

    private static func blankingShebang(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.first == UInt8(ascii: "#") else { return bytes }
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        return Array(bytes[end...])
    }
}

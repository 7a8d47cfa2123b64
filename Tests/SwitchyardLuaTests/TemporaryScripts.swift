#if canImport(Glibc)
import Glibc
#endif

/// Writes Lua files into a fresh temporary directory; returns name → full path.
enum TemporaryScripts {
    static func write(_ files: [String: String]) throws -> [String: String] {
        var template = Array("/tmp/switchyard-lua-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TemporaryScriptsError() }
        let directory = String(cString: made)
        var paths: [String: String] = [:]
        for (name, text) in files {
            let path = directory + "/" + name
            if let slash = name.lastIndex(of: "/") {
                mkdir(directory + "/" + name[..<slash], 0o755)
            }
            guard let file = fopen(path, "w") else { throw TemporaryScriptsError() }
            fputs(text, file)
            fclose(file)
            paths[name] = path
        }
        paths[""] = directory
        return paths
    }
}

struct TemporaryScriptsError: Error {}

extension TemporaryScripts {
    static func overwrite(_ path: String, with text: String) throws -> String {
        guard let file = fopen(path, "w") else { throw TemporaryScriptsError() }
        fputs(text, file)
        fclose(file)
        return path
    }
}

import SwitchyardLua

/// Which files `switchyard test` runs: a file named on the command line runs whatever its name; a
/// directory is searched recursively for `*_spec.lua` (busted's convention), skipping hidden
/// directories and build output. Files run in path order, each once.
///
///     try ScenarioFiles.collect(["specs", "extra/checkout.lua"])
enum ScenarioFiles {
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "no such file or directory: \(RawPath.display(path))" }
    }

    static let suffix = "_spec.lua"

    /// `matching`, when given, decides which names in a folder are scenario files (`.busted`'s `pattern`).
    static func collect(_ paths: [String], matching: ((String) -> Bool)? = nil) throws(Missing) -> [String] {
        var files: [String] = []
        for path in paths {
            guard let isDirectory = TextFile.isDirectory(path) else { throw Missing(path: path) }
            files += isDirectory ? specs(under: path, matching: matching ?? { $0.hasSuffix(suffix) }).sorted() : [path]
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }

    /// Depth first; hidden directories and build output are not entered.
    private static func specs(under directory: String, matching: (String) -> Bool) -> [String] {
        guard let names = RawPath.names(in: directory) else { return [] }
        var found: [String] = []
        for name in names where !name.hasPrefix(".") && name != "node_modules" {
            let path = directory == "." ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if TextFile.isDirectory(path, followingLinks: false) == true {
                found += specs(under: path, matching: matching)
            } else if matching(name) {
                found.append(path)
            }
        }
        return found
    }
}

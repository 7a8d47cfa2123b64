import Foundation

/// Which files `switchyard test` runs: a file named on the command line runs whatever its name; a
/// directory is searched recursively for `*_spec.lua` (busted's convention), skipping hidden
/// directories and build output. Files run in path order, each once.
///
///     try ScenarioFiles.collect(["specs", "extra/checkout.lua"])
enum ScenarioFiles {
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "no such file or directory: \(path)" }
    }

    static let suffix = "_spec.lua"

    static func collect(_ paths: [String]) throws(Missing) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw Missing(path: path) }
            files += isDirectory.boolValue ? specs(under: path) : [path]
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }

    private static func specs(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name == ".build" || name == "node_modules" {
                enumerator.skipDescendants()
                continue
            }
            if name.hasSuffix(suffix) {
                found.append(directory == "." ? relative : (directory as NSString).appendingPathComponent(relative))
            }
        }
        return found.sorted()
    }
}

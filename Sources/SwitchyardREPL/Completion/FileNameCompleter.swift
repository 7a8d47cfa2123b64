import FoundationEssentials
import SwitchyardTools

/// File names for `:load`, `:save`, `:restore` and `:graph`: entries of the typed directory whose names
/// start with the typed part; directories end in "/" so TAB can continue. Dot-files only when asked for.
///
///     FileNameCompleter(base: "/work").complete("examples/mu")   // ["examples/music/"]
public struct FileNameCompleter: Sendable {
    public var base: String

    public init(base: String = FileManager.default.currentDirectoryPath) {
        self.base = base
    }

    public func complete(_ text: String) -> [String] {
        let slash = text.lastIndex(of: "/")
        let directory = slash.map { String(text[...$0]) } ?? ""
        let partial = slash.map { String(text[text.index(after: $0)...]) } ?? text
        let searched = directory.hasPrefix("/") ? directory : base + "/" + directory
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: searched) else { return [] }
        return entries
            .filter { $0.hasPrefix(partial) && (partial.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted()
            .map { entry in
                directory + entry + (TextFile.isDirectory(searched + entry) == true ? "/" : "")
            }
    }
}

import Foundation

/// The documentation a reader is sent to: README.md and every Markdown file of docs/, as paths from the
/// package root. docs/ is listed rather than named file by file, so a document added there is tested
/// (its Lua snippets run, its links followed) without a word changed in the tests.
enum DocumentationFiles {
    static func all() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: SwitchyardBinary.packageRoot + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    static func text(_ file: String) throws -> String {
        try String(contentsOfFile: SwitchyardBinary.packageRoot + "/" + file, encoding: .utf8)
    }

    /// The file among `all()` whose text holds `needle`: a test that checks one block finds it wherever
    /// the block was moved to. Nil when no document holds it.
    static func holding(_ needle: String) throws -> (file: String, text: String)? {
        for file in try all() {
            let text = try text(file)
            if text.contains(needle) { return (file, text) }
        }
        return nil
    }
}

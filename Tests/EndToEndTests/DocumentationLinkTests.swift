import Foundation
import Testing

/// Every relative link of the documentation leads somewhere: the file exists, and a `#heading` names a
/// heading of it (as GitHub makes anchors of headings). Moving a section between files cannot leave a
/// link behind pointing at the old place.
@Suite struct DocumentationLinkTests {
    /// README.md, docs/*.md and the benchmark package's Markdown (the README links to it).
    static func files() throws -> [String] {
        let benchmarks = try FileManager.default.contentsOfDirectory(atPath: SwitchyardBinary.packageRoot + "/Benchmarks")
            .filter { $0.hasSuffix(".md") }.sorted().map { "Benchmarks/" + $0 }
        return try DocumentationFiles.all() + benchmarks
    }

    @Test func everyRelativeLinkResolves() throws {
        var links = 0
        for file in try Self.files() {
            let text = try DocumentationFiles.text(file)
            links += Self.links(in: text).count
            for problem in Self.brokenLinks(in: text, of: file, root: SwitchyardBinary.packageRoot) {
                Issue.record("\(problem)")
            }
        }
        #expect(links > 20, "found only \(links) relative links")
    }

    @Test func aBrokenLinkIsReported() {
        let text = "# Title\n\n## A section\n\nSee [missing](nowhere.md), [bad anchor](#no-such-heading) and [good](#a-section).\n"
            + "Code is no link: ```` ```lua [code](nowhere-either.md) ```` and `[code](nor-here.md)`.\n"
        let problems = Self.brokenLinks(in: text, of: "docs/example.md", root: SwitchyardBinary.packageRoot)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.contains("nowhere.md") } && problems.contains { $0.contains("#no-such-heading") })
    }

    @Test func anchorsAreGitHubs() {
        #expect(Self.anchors(in: "## Teaching: help, step, pause\n### `nav.push` and more\n") == ["teaching-help-step-pause", "navpush-and-more"])
    }

    /// The relative links of Markdown text, outside fenced blocks and inline code: `(target, line)`.
    static func links(in text: String) -> [(target: String, line: Int)] {
        var found: [(String, Int)] = []
        var fenced = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            if fenced { continue }
            // Inline code is not a link, whatever it holds: a span opens and closes with the same run of backticks.
            let prose = line.replacing(/(`+).*?\1/, with: " ")
            for match in prose.matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.output.1)
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                found.append((target, index + 1))
            }
        }
        return found
    }

    /// The anchors GitHub gives the headings of `text`: lower case, punctuation dropped, spaces as `-`.
    static func anchors(in text: String) -> Set<String> {
        var anchors = Set<String>()
        var fenced = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let kept = title.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            anchors.insert(kept.replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }

    /// What is wrong with each relative link of `text`, the file `file` (a path from `root`).
    static func brokenLinks(in text: String, of file: String, root: String) -> [String] {
        let directory = URL(fileURLWithPath: root).appendingPathComponent(file).deletingLastPathComponent()
        var problems: [String] = []
        for (target, line) in links(in: text) {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = parts[0], anchor = parts.count > 1 ? parts[1] : nil
            let destination = path.isEmpty ? URL(fileURLWithPath: root).appendingPathComponent(file)
                : directory.appendingPathComponent(path).standardizedFileURL
            guard path.isEmpty || FileManager.default.fileExists(atPath: destination.path) else {
                problems.append("\(file):\(line): \(target) leads to no file")
                continue
            }
            guard let anchor, path.isEmpty || destination.pathExtension == "md" else { continue }
            let headings = path.isEmpty ? text : ((try? String(contentsOf: destination, encoding: .utf8)) ?? "")
            if !anchors(in: headings).contains(anchor) {
                problems.append("\(file):\(line): \(target) names no heading of \(path.isEmpty ? file : path)")
            }
        }
        return problems
    }
}

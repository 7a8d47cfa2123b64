import Foundation
import Testing

/// Issue 30 item 15: what the README and docs/ show the program printing is what it
/// prints. `help(nav.push)` was shown as `nav.push(path)`, limit errors as `# error: ...` where the
/// program says `switchyard: ...` with a traceback, and the guide said every Swift block is compiled.
@Suite struct ReadmeOutputTests {
    static let root = SwitchyardBinary.packageRoot

    static func text(_ file: String) throws -> String {
        try String(contentsOfFile: root + "/" + file, encoding: .utf8)
    }

    /// The lines of each fenced block of `language` in `text`.
    static func blocks(_ language: String, in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```" + language { current = [] } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// Whitespace runs as one space, ends trimmed: a tab in the output reads as spaces in the README.
    static func normalised(_ line: some StringProtocol) -> String {
        line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Every ```text block of README.md and docs/*.md that starts `> help(nav.push)` (the REPL guide shows it).
    @Test func helpOfNavPushIsWhatTheDocumentationShows() throws {
        let run = try CommandRun.switchyard(["-e", "help(nav.push)"])
        var checked = 0
        for file in try DocumentationFiles.all() {
            for block in Self.blocks("text", in: try Self.text(file)) where block.first == "> help(nav.push)" {
                #expect(run.output == block.dropFirst().prefix(while: { !$0.hasPrefix("> ") }).joined(separator: "\n") + "\n", "\(file):\n\(block.joined(separator: "\n"))\nprinted:\n\(run.output)")
                checked += 1
            }
        }
        #expect(checked >= 1, "the transcripts of help(nav.push) were not found")
    }

    /// Whether `line` is `shown`, where "..." in `shown` stands for any text (a space before it included).
    static func matches(_ line: String, _ shown: String) -> Bool {
        let pieces = shown.components(separatedBy: "...").map { $0.hasSuffix(" ") ? String($0.dropLast()) : $0 }
        guard pieces.count > 1 else { return line == shown }
        guard line.hasPrefix(pieces[0]), line.hasSuffix(pieces.last!) else { return false }
        var rest = line.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.count >= pieces.last!.count
    }

    /// Each `switchyard ...` line of a ```sh block in docs/sandbox.md, run; the `# ` lines after it are
    /// what it prints, line by line ("..." stands for text the guide leaves out).
    @Test func theLimitErrorsAreWhatTheSandboxGuideShows() throws {
        let guide = try Self.text("docs/sandbox.md")
        var checked = 0
        for block in Self.blocks("sh", in: guide) {
            var index = 0
            while index < block.count {
                guard block[index].hasPrefix("switchyard ") else { index += 1; continue }
                let command = block[index]
                var expected: [String] = []
                index += 1
                while index < block.count, block[index].hasPrefix("# ") {
                    expected.append(String(block[index].dropFirst(2)))
                    index += 1
                }
                let run = try Spawn.run(["sh", "-c", "'\(SwitchyardBinary.path)'" + command.dropFirst("switchyard".count) + " 2>&1"])
                let printed = run.output.split(separator: "\n").map(Self.normalised)
                #expect(printed.count >= expected.count, "\(command)\nprinted:\n\(run.output)")
                for (shown, line) in zip(expected, printed) {
                    #expect(Self.matches(line, Self.normalised(shown)), "\(command)\ndocs/sandbox.md: \(shown)\nprinted: \(line)")
                }
                checked += 1
            }
        }
        #expect(checked >= 4, "the guide's commands were not found")
    }

    /// The guide says which of its Swift blocks a Linux build never compiles: the ones inside
    /// `#if canImport(SwiftUI)`.
    @Test func theEmbeddingGuideSaysWhichSwiftBlockLinuxDoesNotCompile() throws {
        let guide = try Self.text("docs/embedding.md")
        let platformOnly = Self.blocks("swift", in: guide).filter { $0.first?.hasPrefix("#if canImport(") == true }
        #expect(!platformOnly.isEmpty)
        for block in platformOnly {
            let condition = try #require(block.first).dropFirst("#if ".count)
            #expect(guide.contains("`#if \(condition)`, so on Linux, where `scripts/test` runs, its body is skipped and never\ncompiled"),
                    "docs/embedding.md does not say that the block under #if \(condition) is never compiled on Linux")
        }
        #expect(!guide.contains("Every Swift block below is compiled by `examples/embedding/run.sh` (which `scripts/test` runs): it\ncuts the blocks out of this file into a target of the embedding example and builds it, so a block\nthat stops compiling fails the build.\n"))
    }
}

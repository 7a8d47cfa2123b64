import Foundation
import Testing

/// A ```text block of README.md or docs/*.md right under the line `<!-- checked transcript -->` is a
/// transcript of shell commands (`$ ` lines, `switchyard` being the built executable) run from the
/// repository root: each command is run and must print the lines below it. Under
/// `<!-- checked transcript: walk/bypass.lua as app.lua, ... -->` the commands run instead in a fresh
/// folder holding those files of Tests/EndToEndTests/Fixtures under those names, as the reader's own
/// folder would. A line `...` stands for any number of lines, `...` inside a line for any text, and a
/// closing line's run time (`(0.31 s)`) is not compared.
@Suite struct DocumentedTranscriptTests {
    static let marker = "<!-- checked transcript"

    struct Transcript: Sendable, CustomTestStringConvertible {
        let file: String
        let line: Int
        /// Fixture path → the name it is copied to; empty: run from the repository root.
        let files: [String: String]
        let lines: [String]
        var testDescription: String { "\(file):\(line)" }
    }

    static func all() throws -> [Transcript] {
        try DocumentationFiles.all().flatMap { file in try transcripts(in: DocumentationFiles.text(file), file: file) }
    }

    static func transcripts(in text: String, file: String) throws -> [Transcript] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Transcript] = []
        for (index, line) in lines.enumerated()
        where line.hasPrefix(marker) && line.hasSuffix(" -->") && index + 1 < lines.count && lines[index + 1] == "```text" {
            let specification = line.dropFirst(marker.count).dropLast(" -->".count)
            var files: [String: String] = [:]
            if specification.hasPrefix(":") {
                for pair in specification.dropFirst().split(separator: ",") {
                    let parts = pair.split(separator: " ").map(String.init)
                    guard parts.count == 3, parts[1] == "as" else {
                        throw DocumentSnippet.MalformedDocument(description: "\(file):\(index + 1): expected FIXTURE as NAME, got \(pair)")
                    }
                    files[parts[0]] = parts[2]
                }
            } else if !specification.isEmpty {
                continue
            }
            let body = lines[(index + 2)...].prefix { $0 != "```" }
            found.append(Transcript(file: file, line: index + 2, files: files, lines: Array(body)))
        }
        return found
    }

    @Test func theDocumentationHasCheckedTranscripts() throws {
        let files = try Self.all().map(\.file)
        #expect(files.contains("README.md") && files.contains("docs/testing.md"), "\(files)")
    }

    @Test("each checked transcript is what the commands print", arguments: try all())
    func transcriptIsWhatTheCommandsPrint(transcript: Transcript) throws {
        var directory = SwitchyardBinary.packageRoot
        if !transcript.files.isEmpty {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-transcript-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (fixture, name) in transcript.files {
                try FileManager.default.copyItem(atPath: SwitchyardBinary.fixtures + "/" + fixture, toPath: directory + "/" + name)
            }
        }
        defer { if directory != SwitchyardBinary.packageRoot { try? FileManager.default.removeItem(atPath: directory) } }
        var index = 0
        var commands = 0
        while index < transcript.lines.count {
            let command = transcript.lines[index]
            try #require(command.hasPrefix("$ "), "\(transcript.testDescription): a transcript starts with a `$ ` command: \(command)")
            index += 1
            let expected = transcript.lines[index...].prefix { !$0.hasPrefix("$ ") }
            index += expected.count
            // `switchyard` is a shell function running the built executable; the output is uncoloured, and
            // errors come through the same pipe, interleaved as on a terminal.
            let script = "export NO_COLOR=1; switchyard() { '\(SwitchyardBinary.path)' \"$@\"; }; cd '\(directory)' && { \(command.dropFirst(2))\n} 2>&1"
            let run = try Spawn.run(["sh", "-c", script])
            let printed = Self.lines(of: run.output.withoutRunTime)
            let shown = expected.map { ReadmeOutputTests.normalised($0.withoutRunTime) }
            #expect(Self.matches(printed[...], shown[...]), "\(transcript.testDescription): \(command)\nshown:\n\(expected.joined(separator: "\n"))\nprinted:\n\(run.output)")
            commands += 1
        }
        #expect(commands > 0)
    }

    /// The walk transcripts of docs/testing.md run on Fixtures/walk/bypass.lua: it must be the app the guide
    /// shows above them, so that the transcript is what a reader running that app sees.
    @Test func theWalkTranscriptRunsTheAppTheGuideShows() throws {
        let app = try String(contentsOfFile: SwitchyardBinary.fixtures + "/walk/bypass.lua", encoding: .utf8)
        #expect(try DocumentationFiles.text("docs/testing.md").contains("```lua\n" + app + "```\n"))
    }

    /// A ```text block under `<!-- checked REPL transcript: ARGS -->` is a REPL session of `switchyard ARGS`
    /// (or, under `<!-- checked REPL transcript -->`, of the `$ switchyard ARGS` line it starts with), run from
    /// the repository root, or from DIR when ARGS end in `(from DIR)`: its
    /// `> ` lines are typed (here piped in, as a terminal would send them) and the other lines are what
    /// the REPL prints, `...` as above. The banner a terminal gets first is not compared (a pipe gets none),
    /// nor, when the transcript starts at a prompt, what the app printed as it loaded.
    static let replMarker = "<!-- checked REPL transcript"

    struct Session: Sendable, CustomTestStringConvertible {
        let file: String
        let line: Int
        let arguments: [String]
        /// The folder it runs in, from the repository root ("" for the root itself).
        let folder: String
        let lines: [String]
        var testDescription: String { "\(file):\(line)" }
    }

    static func sessions() throws -> [Session] {
        try DocumentationFiles.all().flatMap { file in
            let lines = try DocumentationFiles.text(file).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return lines.indices.compactMap { index -> Session? in
                guard lines[index].hasPrefix(replMarker), lines[index].hasSuffix(" -->"), index + 1 < lines.count,
                      lines[index + 1] == "```text" else { return nil }
                var body = lines[(index + 2)...].prefix { $0 != "```" }.drop { $0.hasPrefix("Switchyard ") && $0.contains(":help") }
                var arguments = lines[index].dropFirst(replMarker.count).dropLast(" -->".count)
                    .drop { $0 == ":" }.split(separator: " ").map(String.init)
                // `(from DIR)` at the end: the session runs in that folder, as the reader's would.
                var folder = ""
                if arguments.count >= 2, arguments[arguments.count - 2] == "(from", arguments.last!.hasSuffix(")") {
                    folder = String(arguments.last!.dropLast())
                    arguments.removeLast(2)
                }
                if arguments.isEmpty, let command = body.first, command.hasPrefix("$ switchyard ") {
                    arguments = command.dropFirst("$ switchyard ".count).split(separator: " ").map(String.init)
                    body = body.dropFirst()
                }
                return Session(file: file, line: index + 2, arguments: arguments, folder: folder, lines: Array(body))
            }
        }
    }

    @Test func theREADMEAndTheREPLGuideHaveCheckedSessions() throws {
        let files = try Self.sessions().map(\.file)
        #expect(files.contains("README.md") && files.contains("docs/repl.md"), "\(files)")
    }

    @Test("each checked REPL session prints what it shows", arguments: try sessions())
    func sessionPrintsWhatItShows(session: Session) throws {
        let typed = session.lines.filter { $0.hasPrefix("> ") }.map { $0.dropFirst(2) + "\n" }.joined()
        try #require(!typed.isEmpty, "\(session.testDescription): nothing is typed")
        // Errors and output through one pipe (2>&1), so they interleave as on the terminal.
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-session-\(UUID().uuidString)").path
        try typed.write(toFile: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: input) }
        let quoted = ([SwitchyardBinary.path, "--no-color"] + session.arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let directory = SwitchyardBinary.packageRoot + (session.folder.isEmpty ? "" : "/" + session.folder)
        let run = try Spawn.run(["sh", "-c", "cd '\(directory)' && " + quoted.joined(separator: " ") + " < '\(input)' 2>&1"])
        let printed = Self.lines(of: run.output)
        var shown = session.lines.filter { !$0.hasPrefix("> ") }.map(ReadmeOutputTests.normalised)
        // A session shown from a prompt leaves out what the app printed as it loaded.
        if session.lines.first?.hasPrefix("> ") == true { shown.insert("...", at: 0) }
        #expect(Self.matches(printed[...], shown[...]), "\(session.testDescription): typed\n\(typed)shown:\n\(shown.joined(separator: "\n"))\nprinted:\n\(run.output)")
    }

    @Test func aTranscriptThatDiffersDoesNotMatch() {
        #expect(Self.matches(["a", "b", "c"], ["a", "...", "c"]))
        #expect(Self.matches(["a", "c"], ["a", "...", "c"]))
        #expect(!Self.matches(["a", "b", "c"], ["a", "c"]))
        #expect(!Self.matches(["a", "b", "d"], ["a", "...", "c"]))
        #expect(Self.matches(["27 passed, 0 failed"], ["27 passed, ..."]))
    }

    /// The lines of `output`, blank ones kept (a transcript shows them) but for the trailing ones.
    static func lines(of output: String) -> [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(ReadmeOutputTests.normalised)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Whether `printed` is `shown`, a `...` line of `shown` (indented or not) standing for any run of lines.
    static func matches(_ printed: ArraySlice<String>, _ shown: ArraySlice<String>) -> Bool {
        guard let first = shown.first else { return printed.isEmpty }
        if first == "..." {
            return (printed.startIndex...printed.endIndex).contains { matches(printed[$0...], shown.dropFirst()) }
        }
        guard let line = printed.first, ReadmeOutputTests.matches(line, first) else { return false }
        return matches(printed.dropFirst(), shown.dropFirst())
    }
}

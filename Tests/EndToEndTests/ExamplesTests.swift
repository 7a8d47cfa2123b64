import Foundation
import Testing

/// The example apps and the README's Lua snippets, run through the built `switchyard` binary,
/// so neither can drift from the code.
@Suite("Examples and README snippets")
struct ExamplesTests {
    static let apps = ["music", "news", "todos", "onboarding"]
    /// A pattern each app declares in a feature module, a group or after a fall-through.
    static let characteristicPattern = [
        "music": "/album/:id/track/:number", "news": "/user/:id?",
        "todos": "/todos/:id", "onboarding": "/settings/privacy/data",
    ]

    @Test("each example's scenario suite passes", arguments: apps)
    func scenarioSuitePasses(app: String) throws {
        let run = try ExampleRun.switchyard(["test", "examples/\(app)/scenarios"])
        #expect(run.status == 0, "switchyard test examples/\(app)/scenarios:\n\(run.transcript)")
        #expect(run.stdout.contains(" passed, 0 failed"), "\(run.transcript)")
        #expect(!run.stdout.contains("0 passed"), "the suite ran no tests:\n\(run.transcript)")
    }

    @Test("each example app loads and lists its routes", arguments: apps)
    func appLoads(app: String) throws {
        let run = try ExampleRun.switchyard(["routes", "examples/\(app)/app.lua"])
        #expect(run.status == 0, "\(run.transcript)")
        let pattern = try #require(Self.characteristicPattern[app])
        #expect(run.stdout.contains(pattern), "\(pattern) missing:\n\(run.transcript)")
    }

    @Test("the guided tour runs every step, sandboxed")
    func tourRuns() throws {
        let run = try ExampleRun.switchyard(["--sandbox", "examples/tour.lua"])
        #expect(run.status == 0, "\(run.transcript)")
        for step in 1...8 { #expect(run.stdout.contains("Step \(step):"), "step \(step) missing:\n\(run.transcript)") }
        #expect(run.stdout.contains("/album/new  is won by              /album/new"), "\(run.transcript)")
    }

    @Test("the README has Lua snippets to run")
    func snippetsFound() throws {
        let snippets = try ReadmeSnippet.all()
        #expect(snippets.count >= 30, "found only \(snippets.count) ```lua blocks")
    }

    @Test("every ```lua snippet of the README runs and exits 0", arguments: try ReadmeSnippet.all())
    func snippetRuns(snippet: ReadmeSnippet) throws {
        let run = try snippet.run()
        #expect(run.status == 0, "\(snippet.source):\(snippet.line):\n\(snippet.code)\n\(run.transcript)")
    }
}

/// A ```lua block of the README, and how to run it: `lua` blocks as a script, `lua sandbox` with
/// --sandbox, `lua test` as a scenario file under `switchyard test`.
struct ReadmeSnippet: Sendable, CustomTestStringConvertible {
    enum Mode: String, Sendable { case script = "", sandbox, test }

    let source: String
    let line: Int
    let mode: Mode
    let code: String

    var testDescription: String { "\(source):\(line)" + (mode == .script ? "" : " (\(mode.rawValue))") }

    /// The documents whose snippets must run: the README sections kept in docs/, and README.md itself.
    static let documents = ["docs/README-sections.md", "README.md"]

    static func all() throws -> [ReadmeSnippet] {
        var seen = Set<String>()
        return try documents.flatMap { document -> [ReadmeSnippet] in
            let url = ExampleRun.packageRoot.appendingPathComponent(document)
            guard FileManager.default.fileExists(atPath: url.path) else { return [] }
            return try extract(from: String(contentsOf: url, encoding: .utf8), source: document)
        }.filter { seen.insert($0.code).inserted }   // a section merged into README.md runs once
    }

    /// Fenced blocks whose info string starts with "lua"; the rest of the info string is the mode.
    static func extract(from text: String, source: String) throws -> [ReadmeSnippet] {
        var snippets: [ReadmeSnippet] = []
        var open: (line: Int, mode: Mode, lines: [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = open {
                if line.hasPrefix("```") {
                    snippets.append(ReadmeSnippet(source: source, line: block.line, mode: block.mode,
                                                  code: block.lines.joined(separator: "\n") + "\n"))
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
            } else if line.hasPrefix("```lua") {
                let info = line.dropFirst("```lua".count).trimmingCharacters(in: .whitespaces)
                guard let mode = Mode(rawValue: info) else {
                    throw ExampleRun.Failure("\(source):\(index + 1): unknown snippet mode \"\(info)\"")
                }
                open = (index + 1, mode, [])
            }
        }
        if let block = open { throw ExampleRun.Failure("\(source):\(block.line): ```lua block never closed") }
        return snippets
    }

    func run() throws -> ExampleRun {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("switchyard-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(mode == .test ? "snippet_spec.lua" : "snippet.lua")
        try code.write(to: file, atomically: true, encoding: .utf8)
        switch mode {
        case .script: return try ExampleRun.switchyard([file.path])
        case .sandbox: return try ExampleRun.switchyard(["--sandbox", file.path])
        case .test: return try ExampleRun.switchyard(["test", file.path])
        }
    }
}

/// One run of the built `switchyard` binary from the package root, with its output and exit status.
struct ExampleRun {
    struct Failure: Error, CustomStringConvertible { let description: String; init(_ d: String) { description = d } }

    let status: Int32
    let stdout: String
    let stderr: String

    var transcript: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }

    /// The repository: three levels up from this file (Tests/EndToEndTests/ExamplesTests.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `switchyard` built next to this test bundle (same build directory and configuration).
    static func binary() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for _ in 0..<4 {
            directory.deleteLastPathComponent()
            let candidate = directory.appendingPathComponent("switchyard")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
        }
        throw Failure("no switchyard binary near \(CommandLine.arguments[0]); run `swift build` first")
    }

    static func switchyard(_ arguments: [String]) throws -> ExampleRun {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = ["--no-color"] + arguments
        process.currentDirectoryURL = packageRoot
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Drain stderr on another thread while reading stdout, so a chatty child never blocks
        // on a full pipe.
        let errors = DataBox()
        let errorHandle = err.fileHandleForReading
        let drained = DispatchGroup()
        DispatchQueue.global().async(group: drained) { errors.data = errorHandle.readDataToEndOfFile() }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return ExampleRun(status: process.terminationStatus,
                          stdout: String(decoding: output, as: UTF8.self),
                          stderr: String(decoding: errors.data, as: UTF8.self))
    }
}

private final class DataBox: @unchecked Sendable { var data = Data() }

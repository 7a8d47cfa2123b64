import Foundation

/// Whole commands timed by hyperfine (cases 5 and 12): no shell in between (`-N`), stdin not a
/// terminal, three warm-up runs.
enum Hyperfine {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Milliseconds per command, in the order given.
    static func time(_ commands: [[String]], runs: Int) throws -> [(median: Double, min: Double, max: Double)] {
        guard !commands.isEmpty else { return [] }
        let export = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-bench-hyperfine-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: export) }
        let lines = commands.map { argv in argv.map { $0.isEmpty ? "''" : $0 }.joined(separator: " ") }
        let finished = try ChildProcess.run(["hyperfine", "-N", "--warmup", "3", "--runs", String(runs), "--style", "none",
                                             "--export-json", export.path] + lines, reading: .errors)
        guard finished.status == 0 else {
            throw Failed(description: "hyperfine failed (status \(finished.status)): \(finished.text)")
        }
        let parsed = try JSONDecoder().decode(Export.self, from: Data(contentsOf: export))
        return parsed.results.map { ($0.median * 1_000, $0.min * 1_000, $0.max * 1_000) }
    }

    /// Runs the command once; nil when it exits 0, else the first line it wrote to stderr.
    static func failure(of argv: [String]) -> String? {
        let finished: ChildProcess.Finished
        do { finished = try ChildProcess.run(argv, reading: .errors) } catch { return "\(error)" }
        guard finished.status != 0 else { return nil }
        let line = finished.text.split(separator: "\n").first.map(String.init) ?? ""
        return "exit \(finished.status) \(line)"
    }

    /// The built `switchyard` executable (release) at the package root.
    static func switchyardExecutable() throws -> String {
        let path = Options.switchyardExecutable.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failed(description: "\(path) is missing: build it with `swift build -c release --product switchyard` at the package root (scripts/bench does)")
        }
        return path
    }

    private struct Result: Decodable {
        let median: Double
        let min: Double
        let max: Double
    }

    private struct Export: Decodable {
        let results: [Result]
    }
}

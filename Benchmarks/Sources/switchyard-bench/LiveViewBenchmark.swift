import Foundation

/// Case 14: the live view (issue 35's figures). How long a navigation typed in the REPL takes to reach
/// 50 connected pages (`Scripts/live_view_fanout.py` drives `switchyard serve` and the pages; p99 of
/// the slowest page per navigation, target ≤ 50 ms), and what serving costs `nav.push` + `nav.pop`
/// from Lua: callgrind counts the whole `switchyard` process, the view off (`-i`) and on (`serve`),
/// each with the loop and without it, so start-up and the server's own start cancel out (target
/// ≤ 5 % more).
struct LiveViewBenchmark {
    let smoke: Bool

    static let fanOutTarget = 50.0
    static let servingTarget = 1.05
    private static let loops = 20_000

    func run(into report: inout Report) throws {
        var section = Report.Section(title: "14. The live view (a navigation reaching 50 pages; push + pop with the view on)")
        let switchyard = try Hyperfine.switchyardExecutable()
        try fanOut(switchyard, into: &section, report: &report)
        try serving(switchyard, into: &section, report: &report)
        report.add(section)
    }

    private struct FanOut: Decodable {
        let pages: Int
        let navigations: Int
        let page_p50_ms: Double
        let page_p99_ms: Double
        let all_pages_p50_ms: Double
        let all_pages_p99_ms: Double
        let all_pages_max_ms: Double
    }

    private func fanOut(_ switchyard: String, into section: inout Report.Section, report: inout Report) throws {
        let script = Options.packageDirectory.appendingPathComponent("Scripts/live_view_fanout.py").path
        let (pages, navigations) = smoke ? (2, 3) : (50, 300)
        let finished = try ChildProcess.run(["python3", script, "--switchyard", switchyard, "--pages", String(pages),
                                             "--navigations", String(navigations)], reading: .output)
        guard finished.status == 0, let figures = try? JSONDecoder().decode(FanOut.self, from: Data(finished.text.utf8)) else {
            throw InstructionCounts.Failed(description: "Scripts/live_view_fanout.py failed (status \(finished.status)): \(finished.text.suffix(1_000))")
        }
        section.rows.append(Report.Row(set: "live-view", subject: "a navigation on one of \(pages) pages", unit: .milliseconds,
                                       median: figures.page_p50_ms, p99: figures.page_p99_ms,
                                       note: "\(navigations) navigations typed in the REPL; from the line written to the state read"))
        section.rows.append(Report.Row(set: "live-view", subject: "a navigation on all \(pages) pages", unit: .milliseconds,
                                       median: figures.all_pages_p50_ms, p99: figures.all_pages_p99_ms,
                                       note: "the slowest page of each navigation; max \(ResultTable.fixed(figures.all_pages_max_ms, 1)) ms; target p99 ≤ \(Int(Self.fanOutTarget)) ms"))
        if !smoke {
            report.check("a navigation reaches \(pages) pages within \(Int(Self.fanOutTarget)) ms at the 99th percentile (issue 35)",
                         measured: "p99 \(ResultTable.fixed(figures.all_pages_p99_ms, 1)) ms", figures.all_pages_p99_ms <= Self.fanOutTarget)
        }
    }

    private func serving(_ switchyard: String, into section: inout Report.Section, report: inout Report) throws {
        guard !smoke, let valgrind = InstructionCounts.executable(named: "valgrind") else {
            section.rows.append(Report.Row(set: "live-view", subject: "nav.push + nav.pop, view on / off", unit: .ratio, median: .nan,
                                           note: smoke ? "smoke run: not counted" : "not counted: valgrind is not installed"))
            return
        }
        let app = try Options.writeResultsFile("live-view-app.lua", """
            route("/", {title = "Start", links = {"/library"}})
            route("/library", {title = "Library", view = "Everything you saved.", links = {"/"}})

            """)
        func perLoop(_ arguments: [String]) throws -> Double {
            let counts = try [0, Self.loops].map { count -> Double in
                let input = try Options.writeResultsFile("live-view-input.txt",
                    "for i = 1, \(count) do nav.push(\"/library\") nav.pop() end\n:quit\n")
                return try Self.instructions(valgrind, [stripped] + arguments + [app.path], input: input)
            }
            return (counts[1] - counts[0]) / Double(Self.loops)
        }
        // valgrind 3.19 cannot read the debug information Swift 6 writes: counted on a stripped copy.
        let stripped = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-bench-live-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: stripped) }
        let strip = try ChildProcess.run(["strip", "-g", "-o", stripped, switchyard], reading: .errors)
        guard strip.status == 0 else { throw InstructionCounts.Failed(description: "strip -g (binutils) failed: \(strip.text)") }
        let off = try perLoop(["-i"])
        let on = try perLoop(["serve", "--no-color"])
        section.rows.append(Report.Row(set: "live-view", subject: "nav.push + nav.pop from Lua, view off", unit: .instructions, median: off,
                                       note: "`switchyard -i`, the whole process under callgrind, the empty loop's run subtracted"))
        section.rows.append(Report.Row(set: "live-view", subject: "nav.push + nav.pop from Lua, view on", unit: .instructions, median: on,
                                       ratio: on / off, reference: "view off",
                                       note: "`switchyard serve`, no page connected; target ≤ \(Self.servingTarget)×"))
        report.check("with the live view on, nav.push + nav.pop costs ≤ 5 % more instructions (issue 35)",
                     measured: "\(ResultTable.fixed(on / off, 3))× (\(ResultTable.fixed(on, 0)) / \(ResultTable.fixed(off, 0)))",
                     on / off <= Self.servingTarget)
    }

    /// The instructions callgrind counts in the whole run of `command` with `input` as its stdin.
    private static func instructions(_ valgrind: String, _ command: [String], input: URL) throws -> Double {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-bench-live-\(getpid()).callgrind").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=\(output)"] + command
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOfFile: output, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }),
              let total = Double(line.split(separator: " ").last ?? "") else {
            throw InstructionCounts.Failed(description: "callgrind on \(command.joined(separator: " ")): no totals line (status \(process.terminationStatus))")
        }
        return total
    }
}

import Foundation
import SwitchyardLua

/// Case 5: process start-up, timed by hyperfine (several runs, min/median/max), beside `lua5.4 -e ''`.
/// "The REPL reaching its first prompt with a 1,000-route script" is measured by its documented proxy:
/// with stdin not a terminal, `switchyard FILE` runs the same start-up (engine, route API, the script's
/// 1,000 declarations, the first lookup) and exits where the REPL would print its prompt.
struct StartupBenchmark {
    let runs: Int

    private struct Command {
        let label: String
        let argv: [String]
    }

    func run(into report: inout Report) throws {
        let switchyard = try Hyperfine.switchyardExecutable()
        let script = try StartupBenchmark.writeRouteScript()
        let candidates = [
            Command(label: "lua5.4 -e ''", argv: ["lua5.4", "-e", ""]),
            Command(label: "switchyard -e ''", argv: [switchyard, "-e", ""]),
            Command(label: "switchyard routes-1000.lua (1,000 routes, first lookup, exit)", argv: [switchyard, script]),
        ]
        var section = Report.Section(title: "5. Start-up (hyperfine, \(runs) runs after 3 warm-ups; min / median / max; target ≤ 20 ms)")
        var runnable: [Command] = []
        for command in candidates {
            if let failure = Hyperfine.failure(of: command.argv) {
                section.rows.append(Report.Row(set: "startup", subject: command.label, unit: .milliseconds, median: .nan,
                                               note: "not measured: \(failure)"))
                report.check("start-up ≤ 20 ms: \(command.label)", measured: "fails: \(failure)", false)
            } else {
                runnable.append(command)
            }
        }
        let timings = try Hyperfine.time(runnable.map(\.argv), runs: runs)
        for (command, timing) in zip(runnable, timings) {
            section.rows.append(Report.Row(set: "startup", subject: command.label, unit: .milliseconds, median: timing.median,
                                           ratio: command.argv[0] == "lua5.4" ? nil : timing.median / timings[0].median,
                                           reference: command.argv[0] == "lua5.4" ? nil : "lua5.4",
                                           note: "min \(ResultTable.fixed(timing.min, 1)) ms, max \(ResultTable.fixed(timing.max, 1)) ms"))
            if command.argv[0] != "lua5.4" {
                report.check("start-up ≤ 20 ms: \(command.label)", measured: "median \(ResultTable.fixed(timing.median, 1)) ms",
                             timing.median <= 20)
            }
        }
        StartupBenchmark.checkIssue19(Dictionary(uniqueKeysWithValues: zip(runnable.map(\.label), timings.map(\.median))),
                                      into: &report)
        let inProcess = try StartupBenchmark.runtimeWithRoutes(runs: runs)
        section.rows.append(Report.Row(set: "in-process", subject: "SwitchyardRuntime() + the same script + first lookup",
                                       unit: .milliseconds, median: inProcess.median / 1e6,
                                       note: "min \(ResultTable.fixed(inProcess.minimum / 1e6, 1)) ms: what the script adds to a start-up"))
        report.add(section)
    }

    /// Issue 19's targets, on the medians: `switchyard -e ''` within 3× `lua5.4 -e ''`, the 1,000-route
    /// script within 6 ms.
    private static func checkIssue19(_ medians: [String: Double], into report: inout Report) {
        if let lua = medians["lua5.4 -e ''"], let bare = medians["switchyard -e ''"] {
            report.check("start-up ≤ 3× lua5.4 -e '' (issue 19): switchyard -e ''",
                         measured: "\(ResultTable.fixed(bare / lua, 2))× (medians \(ResultTable.fixed(bare, 2)) / \(ResultTable.fixed(lua, 2)) ms)",
                         bare <= 3 * lua)
        }
        if let script = medians.first(where: { $0.key.hasPrefix("switchyard routes-1000.lua") })?.value {
            report.check("start-up ≤ 6 ms (issue 19): switchyard routes-1000.lua", measured: "median \(ResultTable.fixed(script, 1)) ms",
                         script <= 6)
        }
    }

    /// The in-process part of the 1,000-route start-up: a fresh runtime, the declarations, one lookup.
    static func runtimeWithRoutes(runs: Int) throws -> Timing {
        let code = RouteSet.parameterHeavy(1_000).patterns.map { "route(\"\($0)\")" }.joined(separator: "\n")
            + "\nassert(match(\"/api0/1/items0/2/act0\"))\n"
        var failure: (any Error)?
        let timing = BatchTimer.timeOnce(runs: runs) {
            do {
                let runtime = try SwitchyardRuntime()
                try runtime.load(code: code, chunkName: "=routes-1000.lua")
                blackHole(runtime)
            } catch { failure = error }
        }
        if let failure { throw failure }
        return timing
    }

    /// A script declaring the 1,000-route parameter-heavy set, then looking one path up.
    private static func writeRouteScript() throws -> String {
        let set = RouteSet.parameterHeavy(1_000)
        let text = set.patterns.map { "route(\"\($0)\")" }.joined(separator: "\n") + "\nassert(match(\"\(set.queries[0])\"))\n"
        return try Options.writeResultsFile("routes-1000.lua", text).path
    }
}

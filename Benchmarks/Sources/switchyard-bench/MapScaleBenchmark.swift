import Foundation

/// Case 13 (issue 31): `switchyard check` and `switchyard graph` on 100,000 routes, run as the
/// release executable from a generated script, timed from start to exit (loading the script
/// included). Both used to be quadratic in routes: `check` of 16,000 unlinked routes took 42 s (the
/// shadow analysis compared each route with every earlier one), `graph` of a 16,000-route chain
/// 9.5 s (each link was resolved by a scan of the routes), and of 8,000 links to no route 11.6 s
/// (each dangling node's name was a search). Targets: `check` under 5 s, `graph` under 10 s. A smoke
/// run uses 100 routes and judges nothing.
struct MapScaleBenchmark {
    let runs: Int
    let routeCount: Int

    init(runs: Int, smoke: Bool) {
        self.runs = runs
        routeCount = smoke ? 100 : 100_000
    }

    /// `/` and `/r1` … `/rN`, no links: every route is reported unreachable.
    static func unlinked(_ count: Int) -> String {
        "route('/')\nfor i = 1, \(count) do route('/r' .. i) end\n"
    }

    /// `/d1` … `/dN`, each linking to a path no route matches (drawn as N dangling nodes).
    static func dangling(_ count: Int) -> String {
        "route('/')\nfor i = 1, \(count) do route('/d' .. i, {links = {'/nowhere' .. i}}) end\n"
    }

    /// `/` → `/c1` → … → `/cN`, one link each.
    static func chain(_ count: Int) -> String {
        "route('/', {links = {'/c1'}})\nfor i = 1, \(count) do route('/c' .. i, {links = {'/c' .. (i + 1)}}) end\n"
    }

    func run(into report: inout Report) throws {
        let switchyard = URL(fileURLWithPath: try Hyperfine.switchyardExecutable())
        let unlinked = try Options.writeResultsFile("scale-unlinked.lua", Self.unlinked(routeCount))
        let chain = try Options.writeResultsFile("scale-chain.lua", Self.chain(routeCount))
        let dangling = try Options.writeResultsFile("scale-dangling.lua", Self.dangling(routeCount))
        let dot = unlinked.deletingLastPathComponent().appendingPathComponent("scale-chain.dot")
        let danglingDot = unlinked.deletingLastPathComponent().appendingPathComponent("scale-dangling.dot")
        let check = try time(switchyard, ["check", unlinked.path], expecting: "\(routeCount) warnings")
        let graph = try time(switchyard, ["graph", chain.path, "-o", dot.path], expecting: nil)
        let unmatched = try time(switchyard, ["graph", dangling.path, "-o", danglingDot.path], expecting: nil)
        let drawn = (try? String(contentsOf: dot, encoding: .utf8)) ?? ""
        guard drawn.contains("r\(routeCount) -> missing0") else {
            throw Hyperfine.Failed(description: "graph of the \(routeCount)-route chain did not draw its last link")
        }
        let drawnDangling = (try? String(contentsOf: danglingDot, encoding: .utf8)) ?? ""
        guard drawnDangling.contains("r\(routeCount) -> missing\(routeCount - 1)") else {
            throw Hyperfine.Failed(description: "graph of \(routeCount) dangling links did not draw the last one")
        }
        var section = Report.Section(title: "13. check and graph of \(routeCount) routes (the release executable, start to exit; median of \(runs))")
        section.rows.append(Report.Row(set: "unlinked", routes: routeCount, subject: "switchyard check", unit: .milliseconds,
                                       median: check.median * 1e3, p99: check.slowest * 1e3, note: "every route reported unreachable"))
        section.rows.append(Report.Row(set: "chain", routes: routeCount, subject: "switchyard graph -o FILE.dot", unit: .milliseconds,
                                       median: graph.median * 1e3, p99: graph.slowest * 1e3, note: "one link per route"))
        section.rows.append(Report.Row(set: "dangling", routes: routeCount, subject: "switchyard graph -o FILE.dot", unit: .milliseconds,
                                       median: unmatched.median * 1e3, p99: unmatched.slowest * 1e3, note: "one link per route, to no route"))
        report.add(section)
        report.check("check of \(routeCount) unlinked routes under 5 s", measured: "\(ResultTable.fixed(check.median, 2)) s", check.median < 5)
        report.check("graph of a \(routeCount)-route chain under 10 s", measured: "\(ResultTable.fixed(graph.median, 2)) s", graph.median < 10)
        report.check("graph of \(routeCount) routes with dangling links under 10 s", measured: "\(ResultTable.fixed(unmatched.median, 2)) s",
                     unmatched.median < 10)
    }

    /// The median and slowest of `runs` runs; each must exit 0 and, when given, print `expected`.
    private func time(_ executable: URL, _ arguments: [String], expecting expected: String?) throws -> (median: Double, slowest: Double) {
        var seconds: [Double] = []
        for _ in 0..<runs {
            let start = MonotonicClock.now()
            let finished = try ChildProcess.run(executable, arguments, reading: .output)
            seconds.append(Double(MonotonicClock.now() - start) / 1e9)
            guard finished.status == 0, expected.map(finished.text.contains) ?? true else {
                throw Hyperfine.Failed(description: "switchyard \(arguments.joined(separator: " ")) exited \(finished.status)"
                                       + (expected.map { " without printing \"\($0)\"" } ?? ""))
            }
        }
        seconds.sort()
        return (seconds[seconds.count / 2], seconds.last!)
    }
}

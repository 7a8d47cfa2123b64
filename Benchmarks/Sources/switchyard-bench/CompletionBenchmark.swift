import Switchyard
import SwitchyardREPL

/// Case 6 (completion): TAB on a route path over 100,000 declared routes, through the REPL's own
/// completion function (`LineCompleter.complete(line:wordStart:)`, public) on the line `:push PATH`,
/// with the REPL's `RoutePathCompleter` built from the table's patterns beforehand, as the REPL builds it
/// before its first prompt and keeps it until routes change.
struct CompletionBenchmark {
    let timer: BatchTimer

    /// What a user has typed after `:push ` when pressing TAB, from the first segment to the fourth.
    static let typed = ["/ap", "/api12/", "/api12/48213/it", "/api12/48213/items3/"]

    struct Completions: Workload {
        let label: String
        let completer: LineCompleter
        let typed: String
        var inputCount: Int { 1 }

        func run(_ input: Int) -> Int {
            completer.complete(line: ":push " + typed, wordStart: 6).candidates.count
        }
    }

    func run(into report: inout Report) throws {
        let count = MemoryBenchmark.routeCount
        let table = RouteTable<Int>()
        for index in 0..<count { try table.add(RouteSet.parameterHeavyPattern(index, of: count), payload: index) }
        var completer = RoutePathCompleter(patterns: [])
        let build = BatchTimer.timeOnce(runs: 3) { completer = CompletionBenchmark.completer(for: table) }
        var lineCompleter = LineCompleter(metaCommands: [":push"])
        lineCompleter.routes = { [completer] in completer }
        let workloads = CompletionBenchmark.typed.map { Completions(label: $0, completer: lineCompleter, typed: $0) }
        let timings = timer.measure(workloads)

        var section = Report.Section(title: "6a. Completion over 100,000 routes (RoutePathCompleter; target ≤ 5 ms per TAB)")
        section.rows.append(Report.Row(set: "parameter-heavy", routes: count, subject: "building the completer from the table",
                                       unit: .milliseconds, median: build.median / 1e6))
        var worst = 0.0
        for (workload, timing) in zip(workloads, timings) {
            let candidates = workload.run(0)
            section.rows.append(Report.Row(set: "parameter-heavy", routes: count,
                                           subject: "TAB after \"\(workload.typed)\" (\(candidates) candidates)",
                                           unit: .nanoseconds, median: timing.median, p99: timing.p99,
                                           operationsPerSecond: timing.operationsPerSecond))
            worst = max(worst, timing.median)
        }
        report.add(section)
        report.check("completion over 100,000 routes ≤ 5 ms (slowest prefix, completer built)",
                     measured: ResultTable.format(worst, .nanoseconds), worst <= 5_000_000)
    }

    /// The completer over a table's patterns, as the REPL builds it for its runtime's table.
    static func completer(for table: RouteTable<Int>) -> RoutePathCompleter {
        RoutePathCompleter(table)
    }
}

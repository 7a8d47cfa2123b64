import SwitchyardLua

/// `switchyard test -o utf` (the default): a line per test with where it is declared, the message
/// of each failure, error and pending reason indented below, then exactly `N passed, N failed`
/// (and `, N pending` when there are any).
///
///     ✓ deep link opens a sheet  specs/links_spec.lua:4
///     ✗ back returns home  specs/nav_spec.lua:19
///         specs/nav_spec.lua:21: expected "/", got "/album/1"
///     ✱ tabs keep their stacks  specs/nav_spec.lua:30
///         specs/nav_spec.lua:31: attempt to index a nil value (global 'app')
///     ◌ undo  specs/nav_spec.lua:40
///     1 passed, 2 failed, 1 pending
package struct TestReportPrinter: Sendable {
    package let style: TerminalStyle

    package init(style: TerminalStyle = .plain) {
        self.style = style
    }

    /// The name, the file and the message come from the spec: escaped for the terminal.
    package func line(for result: ScenarioResult) -> String {
        let file = TerminalText.escaped(result.file)
        let site = style.dim(result.line > 0 ? "\(file):\(result.line)" : file)
        let head: String
        switch result.status {
        case .success: head = style.green("✓")
        case .failure: head = style.red("✗")
        case .error: head = style.red("✱")
        case .pending: head = style.yellow("◌")
        }
        let first = "\(head) \(TerminalText.escaped(result.name))  \(site)"
        guard let message = result.message else { return first }
        let details = TerminalText.escaped(message, keepingLines: true).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    " + $0 }
            .joined(separator: "\n")
        return first + "\n" + (result.status.isFailed ? style.red(details) : details)
    }

    /// Deliberately unstyled so scripts can match it exactly.
    package func summary(for results: [ScenarioResult]) -> String {
        let report = ScenarioReport(results: results)
        return "\(report.passed) passed, \(report.failed) failed" + (report.pending > 0 ? ", \(report.pending) pending" : "")
    }

    package func report(_ results: [ScenarioResult]) -> String {
        (results.map(line(for:)) + [summary(for: results)]).joined(separator: "\n")
    }
}

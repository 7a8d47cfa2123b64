import SwitchyardLua
import SwitchyardTesting

/// `switchyard test -o utf` (the default): a line per test with where it is declared, the message
/// of each failure, error and pending reason indented below, then exactly `N passed, N failed`
/// (and `, N pending` when there are any), then the run's time.
///
///     ✓ deep link opens a sheet  specs/links_spec.lua:4
///     ✗ back returns home  specs/nav_spec.lua:19
///         specs/nav_spec.lua:21: expected "/", got "/album/1"
///     ✱ tabs keep their stacks  specs/nav_spec.lua:30
///         specs/nav_spec.lua:31: attempt to index a nil value (global 'app')
///     ◌ undo  specs/nav_spec.lua:40
///     1 passed, 2 failed, 1 pending (0.42 s)
package struct TestReportPrinter: Sendable {
    package let style: TerminalStyle

    init(style: TerminalStyle = .plain) {
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

    /// Deliberately unstyled so scripts can match it exactly. With `seconds`, the run's time
    /// follows in parentheses, as busted ends its line with the time: `2 passed, 0 failed (0.42 s)`.
    package func summary(for results: [ScenarioResult], seconds: Double? = nil) -> String {
        let report = ScenarioReport(results: results)
        let counts = "\(report.passed) passed, \(report.failed) failed" + (report.pending > 0 ? ", \(report.pending) pending" : "")
        return seconds.map { counts + " (" + Self.text(seconds: $0) + ")" } ?? counts
    }

    /// "0.42 s", "12.07 s": hundredths, enough to compare two runs.
    static func text(seconds: Double) -> String {
        let hundredths = Int((max(0, seconds) * 100).rounded())
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100).\(fraction.count == 1 ? "0" + fraction : fraction) s"
    }

    package func report(_ results: [ScenarioResult]) -> String {
        (results.map(line(for:)) + [summary(for: results)]).joined(separator: "\n")
    }
}

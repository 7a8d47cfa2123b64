/// The human report of `switchyard test`: a line per test, then exactly `N passed, N failed`.
///
///     ✓ deep link opens a sheet
///     ✗ back returns home
///         specs/nav_spec.lua:21: expected "/", got "/album/1"
///     1 passed, 1 failed
package struct TestReportPrinter: Sendable {
    package let style: TerminalStyle

    package init(style: TerminalStyle = .plain) {
        self.style = style
    }

    package func line(for outcome: TestOutcome) -> String {
        guard let failure = outcome.failure else {
            return "\(style.green("✓")) \(outcome.name)"
        }
        let details = failure.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    " + $0 }
            .joined(separator: "\n")
        return "\(style.red("✗")) \(outcome.name)\n\(style.red(details))"
    }

    /// Deliberately unstyled so scripts can match it exactly.
    package func summary(for outcomes: [TestOutcome]) -> String {
        let passed = outcomes.count { $0.passed }
        return "\(passed) passed, \(outcomes.count - passed) failed"
    }

    package func report(_ outcomes: [TestOutcome]) -> String {
        (outcomes.map(line(for:)) + [summary(for: outcomes)]).joined(separator: "\n")
    }
}

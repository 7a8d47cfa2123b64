import SwitchyardLua
import SwitchyardTesting

/// `switchyard test --coverage`, after the closing line: a line per route (landings, links followed,
/// guard and validator outcomes seen), the totals as percentages, then the routes never landed with
/// their declaration sites. Unstyled, so scripts can match it exactly.
///
///     coverage:
///       /            app.lua:3   landed 4, links 1 of 2
///       /admin       app.lua:5   landed 1, guard allow 1 block 1
///       /album/:id   app.lua:9   landed 2, validator accept 2 reject 1
///       /settings    app.lua:12  never landed
///     routes      3 of 4 landed (75.0%)
///     links       1 of 2 followed (50.0%)
///     guards      2 of 3 outcomes seen (66.7%)
///     validators  2 of 2 outcomes seen (100.0%)
///     flow steps  0 of 0 ran
///     not found   not shown
///     never landed:
///       /settings  app.lua:12
package struct CoveragePrinter: Sendable {
    init() {}

    package func lines(for report: CoverageReport) -> [String] {
        var lines = ["coverage:"]
        // Patterns and sites are the script's: escaped for the terminal before they are measured.
        let patterns = report.routes.map { TerminalText.escaped($0.pattern) }
        let sites = report.routes.map { TerminalText.escaped($0.site ?? "") }
        let patternWidth = patterns.map(\.count).max() ?? 0
        let siteWidth = sites.map(\.count).max() ?? 0
        for (index, route) in report.routes.enumerated() {
            let pattern = patterns[index].padding(to: patternWidth)
            let site = sites[index].padding(to: siteWidth)
            lines.append("  \(pattern)  \(site)  \(details(route))")
        }
        lines.append("routes      " + fraction(report.routesLanded, of: report.routes.count, "landed"))
        lines.append("links       " + fraction(report.linksFollowed, of: report.links, "followed"))
        lines.append("guards      " + fraction(report.guardOutcomesSeen, of: report.guardOutcomesTotal, "outcomes seen"))
        lines.append("validators  " + fraction(report.validatorOutcomesSeen, of: report.validatorOutcomesTotal, "outcomes seen"))
        lines.append("flow steps  " + fraction(report.flowStepsRan, of: report.flowSteps, "ran"))
        lines.append("not found   " + (report.notFoundShown == 0 ? "not shown" : "shown \(times(report.notFoundShown))"))
        // Only an app with layouts (issue 33) has the line, and a line per layout never landed in.
        if !report.layouts.isEmpty {
            lines.append("layouts     " + fraction(report.layoutsLandedIn, of: report.layouts.count, "landed in"))
            for layout in report.layouts where layout.landings == 0 {
                lines.append("  never landed in: \(TerminalText.escaped(layout.label))  \(TerminalText.escaped(layout.site ?? ""))")
            }
        }
        if report.errorScreensShown > 0 { lines.append("errors      error screen shown \(times(report.errorScreensShown))") }
        let uncovered = report.uncovered
        if !uncovered.isEmpty {
            lines.append("never landed:")
            let patterns = uncovered.map { TerminalText.escaped($0.pattern) }
            let width = patterns.map(\.count).max() ?? 0
            for (index, route) in uncovered.enumerated() {
                lines.append("  \(patterns[index].padding(to: width))  \(TerminalText.escaped(route.site ?? ""))")
            }
        }
        return lines
    }

    /// "landed 2, links 1 of 2, guard allow 1 block 1, validator never asked".
    private func details(_ route: CoverageReport.Route) -> String {
        var parts = [route.landings == 0 ? "never landed" : "landed \(route.landings)"]
        if route.links > 0 { parts.append("links \(route.linksFollowed) of \(route.links)") }
        if let outcomes = route.guardOutcomes { parts.append("guard " + seen(outcomes)) }
        if let outcomes = route.validatorOutcomes { parts.append("validator " + seen(outcomes)) }
        if let refusals = route.typeRefusals { parts.append("types refused \(refusals)") }
        // "query page given 2 default 1, tab info 2 tracks 0" (issue 33).
        if let keys = route.queryValues {
            parts.append("query " + keys.sorted { $0.key < $1.key }.map { key, seen in
                let words = seen.words.map { " " + $0.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: " ") }
                return TerminalText.escaped(key) + (words.map { TerminalText.escaped($0) } ?? " given \(seen.given) default \(seen.defaulted)")
            }.joined(separator: ", "))
        }
        if let ran = route.actionsRun { parts.append("action ran \(ran == 0 ? "never" : times(ran))") }
        return parts.joined(separator: ", ")
    }

    private func seen<Outcome: RawRepresentable<String> & Comparable>(_ outcomes: [Outcome: Int]) -> String {
        guard !outcomes.isEmpty else { return "never asked" }
        return outcomes.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: " ")
    }

    /// "3 of 4 landed (75.0%)"; nothing to cover has no percentage.
    private func fraction(_ part: Int, of total: Int, _ word: String) -> String {
        "\(part) of \(total) \(word)" + (total == 0 ? "" : " (\(Self.percent(part, of: total)))")
    }

    /// One decimal, rounded half up, without Foundation's formatting: "66.7%".
    static func percent(_ part: Int, of total: Int) -> String {
        let tenths = (part * 1000 + total / 2) / total
        return "\(tenths / 10).\(tenths % 10)%"
    }

    private func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}

private extension String {
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

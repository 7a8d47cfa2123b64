import Switchyard
import SwitchyardAnalysis

/// The text of `switchyard check`: findings grouped by route (rank order), each route with its
/// declaration site, then a closing line with the counts and how far the crawl went.
///
///     /album/:id  app.lua:12
///       error    dead-link  /album/1: link /artist/9 lands on not-found at /artist/9
///
///     1 error, 0 warnings · crawled 14 screens in 20 states
package struct CheckReportPrinter {
    let style: TerminalStyle

    package init(style: TerminalStyle) { self.style = style }

    package func render(_ report: MapCrawlReport) -> String {
        var lines: [String] = []
        var group: String?
        for finding in report.findings {
            if finding.route != group {
                if group != nil { lines.append("") }
                group = finding.route
                lines.append(style.bold(TerminalText.escaped(finding.route))
                             + (finding.site.map { "  " + style.dim(TerminalText.escaped($0)) } ?? ""))
            }
            // The path and the message quote the script: links, titles, callback errors.
            let severity = finding.severity == .error ? style.red("error  ") : style.yellow("warning")
            lines.append("  \(severity)  \(finding.kind.rawValue)  \(TerminalText.escaped(finding.path)): "
                         + TerminalText.escaped(finding.message, keepingLines: true))
        }
        if !lines.isEmpty { lines.append("") }
        lines.append(closing(report))
        return lines.joined(separator: "\n")
    }

    private func closing(_ report: MapCrawlReport) -> String {
        let counts = report.findings.isEmpty ? "no findings"
            : "\(plural(report.errors, "error")), \(plural(report.warnings, "warning"))"
        var text = "\(counts) · crawled \(plural(report.screens, "screen")) in \(plural(report.states, "state"))"
        if report.truncated { text += " (stopped at --max-screens)" }
        return text
    }

    private func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
}

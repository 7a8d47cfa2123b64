import Switchyard
import SwitchyardAnalysis

/// `switchyard check --format json`: `{"findings": [{"kind", "message", "path", "route", "severity",
/// "site"}...], "states": N, "truncated": false, "visited": N}`, keys sorted and findings in report
/// order, so the same app gives the same bytes. `visited` counts the distinct screens landed; `site`
/// is null when unknown.
enum CheckReportJSON {
    private struct Document: Encodable {
        let visited: Int
        let states: Int
        let truncated: Bool
        let findings: [Element]
    }

    private struct Element: Encodable {
        let kind: String
        let severity: String
        let message: String
        let route: String
        let path: String
        let site: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(severity, forKey: .severity)
            try container.encode(message, forKey: .message)
            try container.encode(route, forKey: .route)
            try container.encode(path, forKey: .path)
            try container.encode(site, forKey: .site)   // null, not absent, when unknown
        }

        private enum CodingKeys: String, CodingKey { case kind, severity, message, route, path, site }
    }

    static func document(for report: MapCrawlReport) -> String {
        let document = Document(visited: report.screens, states: report.states, truncated: report.truncated,
                                findings: report.findings.map {
                                    Element(kind: $0.kind.rawValue, severity: $0.severity.rawValue, message: $0.message,
                                            route: $0.route, path: $0.path, site: $0.site)
                                })
        return SortedJSON.text(of: document)
    }
}

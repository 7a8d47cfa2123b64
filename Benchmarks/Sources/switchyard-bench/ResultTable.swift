/// Renders report sections and verdicts as aligned plain-text tables for the terminal (and the README).
enum ResultTable {
    static func render(_ section: Report.Section) -> String {
        let header = ["set", "routes", "subject", "median", "p99", "ops/s", "ratio", "note"]
        let rows = section.rows.map { row in
            [row.set,
             row.routes.map(grouped) ?? "",
             row.subject,
             format(row.median, row.unit),
             row.p99.map { format($0, row.unit) } ?? "",
             row.operationsPerSecond.map(compact) ?? "",
             row.ratio.map { ratioText($0, row.reference) } ?? "",
             row.note ?? ""]
        }
        return "== \(section.title)\n" + align([header] + rows)
    }

    static func render(_ verdicts: [Report.Verdict]) -> String {
        "== Targets\n" + verdicts.map { "\($0.passed ? "PASS" : "FAIL")  \($0.target): \($0.measured)" }
            .joined(separator: "\n")
    }

    static func format(_ value: Double, _ unit: Report.Unit) -> String {
        switch unit {
        case .nanoseconds: value < 1_000 ? "\(fixed(value, 1)) ns" : "\(fixed(value / 1_000, 2)) µs"
        case .milliseconds: "\(fixed(value, 1)) ms"
        case .allocations: "\(fixed(value, 2)) allocs"
        case .megabytes: "\(fixed(value, 1)) MB"
        case .ratio: "\(fixed(value, 2))×"
        case .instructions: "\(fixed(value, 1)) instr"
        }
    }

    static func ratioText(_ ratio: Double, _ reference: String?) -> String {
        guard let reference else { return "\(fixed(ratio, 2))×" }
        return "\(fixed(ratio, ratio < 10 ? 2 : 1))× vs \(reference)"
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "—" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = Int((value * scale).rounded())
        let whole = grouped(rounded / Int(scale))
        guard decimals > 0 else { return whole }
        let fraction = String(abs(rounded) % Int(scale))
        return whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// 12.3 M, 456 k: operations per second at a glance.
    static func compact(_ value: Double) -> String {
        value >= 1e6 ? "\(fixed(value / 1e6, 1)) M" : value >= 1e3 ? "\(fixed(value / 1e3, 1)) k" : fixed(value, 0)
    }

    private static func align(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max()! }
        return rows.map { row in
            row.enumerated().map { column, text in
                let pad = String(repeating: " ", count: widths[column] - text.count)
                return column == 0 || column == 2 || column == 7 ? text + pad : pad + text
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// The route table in rank order as aligned columns:
///
///      #  pattern          name    options             declared at
///      1  /album/new       -       cover               app.lua:9
///      2  /album/:id       album   sheet, validate     app.lua:4
package struct RouteListPrinter: Sendable {
    package let style: TerminalStyle

    package init(style: TerminalStyle = .plain) {
        self.style = style
    }

    /// `rows` must already be in rank order (most specific first).
    package func render(_ rows: [RouteListing]) -> String {
        guard !rows.isEmpty else { return "(no routes declared)" }
        let header = ["#", "pattern", "name", "options", "declared at"]
        let cells = rows.enumerated().map { index, row in
            [String(index + 1), row.pattern, row.name ?? "-",
             row.options.isEmpty ? "-" : row.options.joined(separator: ", "), row.site ?? "-"].map { TerminalText.escaped($0) }
        }
        let widths = header.indices.map { column in
            ([header] + cells).map { $0[column].count }.max()!
        }
        let lines = [style.bold(format(header, widths))] + cells.map { format($0, widths) }
        return lines.joined(separator: "\n")
    }

    private func format(_ cells: [String], _ widths: [Int]) -> String {
        var line = String(repeating: " ", count: widths[0] - cells[0].count) + cells[0]
        for column in 1..<cells.count {
            let padding = column == cells.count - 1 ? 0 : widths[column] - cells[column].count
            line += "  " + cells[column] + String(repeating: " ", count: padding)
        }
        return line
    }
}

/// `switchyard routes FILE`: loads the script and prints its route table in rank order.
///
///     RouteTableReport.run(file: "examples/music/app.lua", options: SessionOptions())
package enum RouteTableReport {
    /// How `switchyard routes` prints the table.
    package enum Format: String, CaseIterable, Sendable { case text, json }

    package static func run(file: String, options: SessionOptions, format: Format = .text) -> ExitStatus {
        InterruptSignal.install()
        do {
            let host = try ScriptHost(options: options)
            try host.runFile(file)
            if format == .json {
                TerminalText.print(RouteTableJSON.document(host.runtime))
                return .success
            }
            let style = TerminalStyle.detect(noColorFlag: options.noColor)
            TerminalText.print(RouteListPrinter(style: style).render(RouteCatalogue.listings(host.runtime)))
            if let tabs = RouteCatalogue.tabsLine(host.runtime) { TerminalText.print(tabs) }
            return .success
        } catch {
            ErrorReport.write(error)
            return .failure
        }
    }
}

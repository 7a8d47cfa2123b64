/// `switchyard routes FILE`: loads the script and prints its route table in rank order.
///
///     RouteTableReport.run(file: "examples/music/app.lua", options: SessionOptions())
package enum RouteTableReport {
    package static func run(file: String, options: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        do {
            let host = try ScriptHost(options: options)
            try host.runFile(file)
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

import Switchyard
import SwitchyardAnalysis
import SwitchyardLua

/// `switchyard check FILE...` and `:check`: crawls the loaded app's map (`MapCrawl`) and prints what
/// it found, as text grouped by route, as JSON, or as the live view's page saved with the findings
/// painted on the map (`html`: the page is the REPL target's, passed in as `htmlPage`). Errors fail
/// the run; warnings do not.
///
///     MapCheck.run(files: ["examples/music/app.lua"], options: SessionOptions())
package enum MapCheck {
    package enum Format: String, CaseIterable, Sendable { case text, json, html }

    package static let defaultMaxScreens = 10_000

    package static func run(files: [String], entries: [String] = [], maxScreens: Int = defaultMaxScreens,
                            format: Format = .text, options: SessionOptions,
                            htmlPage: ((ScriptHost, MapCrawlReport) throws(LuaError) -> String)? = nil) -> ExitStatus {
        InterruptSignal.install()
        let report: MapCrawlReport
        var page: String?
        do {
            let host = try ScriptHost(options: options)
            for file in files { try host.runFile(file) }
            InterruptSignal.describe("check's crawl of " + files.joined(separator: " "))
            report = try crawl(host, entries: entries, maxScreens: maxScreens)
            if format == .html, let htmlPage { page = try htmlPage(host, report) }
        } catch {
            ErrorReport.write(error)
            return .failure
        }
        switch format {
        case .text: TerminalText.print(CheckReportPrinter(style: TerminalStyle.detect(noColorFlag: options.noColor)).render(report))
        case .json: TerminalText.print(CheckReportJSON.document(for: report))
        case .html: TerminalText.print(page ?? CheckReportJSON.document(for: report))
        }
        return report.errors == 0 ? .success : .failure
    }

    /// The crawl of an app already loaded into `runtime` (its navigator is left as it is).
    package static func crawl(_ runtime: SwitchyardRuntime, entries: [String] = [],
                              maxScreens: Int = defaultMaxScreens) -> MapCrawlReport {
        runtime.crawlMap(entries: entries, maxScreens: maxScreens)
    }

    /// The same with Ctrl-C armed: it stops the callbacks the crawl runs and the crawl between them,
    /// and the partial report is not given ("interrupted").
    package static func crawl(_ host: ScriptHost, entries: [String] = [],
                              maxScreens: Int = defaultMaxScreens) throws(LuaError) -> MapCrawlReport {
        try host.interruptible { () throws(LuaError) in
            let report = host.runtime.crawlMap(entries: entries, maxScreens: maxScreens,
                                               shouldStop: { InterruptSignal.stopRequested })
            try ScriptHost.stopIfInterrupted()
            return report
        }
    }
}

import Switchyard
import SwitchyardAnalysis
import SwitchyardLua

/// `switchyard check FILE...` and `:check`: crawls the loaded app's map (`MapCrawl`) and prints what
/// it found, as text grouped by route or as JSON. Errors fail the run; warnings do not.
///
///     MapCheck.run(files: ["examples/music/app.lua"], options: SessionOptions())
package enum MapCheck {
    package enum Format: String, CaseIterable, Sendable { case text, json }

    package static let defaultMaxScreens = 10_000

    package static func run(files: [String], entries: [String] = [], maxScreens: Int = defaultMaxScreens,
                            format: Format = .text, options: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        let report: MapCrawlReport
        do {
            let host = try ScriptHost(options: options)
            for file in files { try host.runFile(file) }
            InterruptSignal.describe("check's crawl of " + files.joined(separator: " "))
            report = try crawl(host, entries: entries, maxScreens: maxScreens)
        } catch {
            ErrorReport.write(error)
            return .failure
        }
        switch format {
        case .text: TerminalText.print(CheckReportPrinter(style: TerminalStyle.detect(noColorFlag: options.noColor)).render(report))
        case .json: TerminalText.print(CheckReportJSON.document(for: report))
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

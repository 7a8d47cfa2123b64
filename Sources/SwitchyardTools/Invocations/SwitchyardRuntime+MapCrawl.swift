import Switchyard
import SwitchyardAnalysis
import SwitchyardLua

extension SwitchyardRuntime {
    /// `switchyard check`'s crawl of the loaded app (`MapCrawl`), with the not-found route's
    /// declaration site. While it runs, `nav` in the scripts is the crawl's navigator (a guard that
    /// reads `nav.path` sees where the crawl is); afterwards it is the runtime's again, unchanged.
    ///
    ///     let report = runtime.crawlMap(entries: ["myapp://album/7"])
    ///     report.errors   // dead links, redirect loops, callback errors, unfillable links
    ///
    /// `shouldStop` is asked before each move (`MapCrawl.shouldStop`).
    package func crawlMap(entries: [String] = [], maxScreens: Int = 10_000,
                         shouldStop: @escaping () -> Bool = { false }) -> MapCrawlReport {
        let original = navigator
        defer { replaceNavigator(original) }
        var crawl = MapCrawl(navigator: original, entries: entries, maxScreens: maxScreens, notFoundSite: notFoundSite)
        crawl.willCrawl = { [unowned self] in replaceNavigator($0) }
        crawl.shouldStop = shouldStop
        return crawl.run()
    }
}

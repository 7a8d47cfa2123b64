import Switchyard
import SwitchyardAnalysis
import SwitchyardLua

/// Case 8: `switchyard check` of a generated 1,000-route app with 5,000 links (issue 13's target:
/// under 1 s). Half the routes are static, half take an `:id` the links fill from the screen; each
/// has a title (half computed in Lua) and five links. Timed: the crawl and the shadow analysis over
/// the loaded app, as `check` runs them (loading the script is start-up, measured by case 5).
struct CheckBenchmark {
    let runs: Int

    static let routeCount = 1_000
    static let linksPerRoute = 5

    /// The app as Lua source: `/s<i>` for even i, `/p<i>/:id` for odd i; route i links to five
    /// routes spread over the table, a parameter route's links to parameter routes keeping its id.
    static func app() -> String {
        var lines = ["route(\"/\", {title = \"Home\", links = {\"/s0\", \"/p1/1\"}})"]
        for index in 0..<routeCount {
            let parametric = index % 2 == 1
            let links = (0..<linksPerRoute).map { number -> String in
                let target = (index * 7 + number * 13 + 1) % routeCount
                if target % 2 == 0 { return "\"/s\(target)\"" }
                return parametric ? "\"/p\(target)/:id\"" : "\"/p\(target)/1\""
            }.joined(separator: ", ")
            if parametric {
                lines.append("route(\"/p\(index)/:id\", {title = function(info) return \"P\(index) \" .. info.params.id end, links = {\(links)}})")
            } else {
                lines.append("route(\"/s\(index)\", {title = \"S\(index)\", links = {\(links)}})")
            }
        }
        return lines.joined(separator: "\n")
    }

    func run(into report: inout Report) throws {
        let runtime = try SwitchyardRuntime()
        try runtime.load(code: Self.app(), chunkName: "=generated")
        var seconds: [Double] = []
        var last: MapCrawlReport?
        for _ in 0..<runs {
            let start = MonotonicClock.now()
            last = MapCrawl(navigator: runtime.navigator).run()
            seconds.append(Double(MonotonicClock.now() - start) / 1e9)
        }
        seconds.sort()
        let median = seconds[seconds.count / 2]
        let crawl = last!
        var section = Report.Section(title: "9. check: crawl of a generated app (1,000 routes, 5,000 links)")
        section.rows.append(Report.Row(set: "generated", routes: Self.routeCount, subject: "MapCrawl.run (crawl + shadow analysis)",
                                       unit: .milliseconds, median: median * 1e3, p99: seconds.last! * 1e3,
                                       operationsPerSecond: nil, ratio: nil, reference: nil,
                                       note: "\(crawl.screens) screens, \(crawl.states) states, \(crawl.findings.count) findings"))
        report.add(section)
        report.check("check of 1,000 routes / 5,000 links under 1 s", measured: "\(ResultTable.fixed(median * 1e3, 1)) ms",
                     median < 1)
    }
}

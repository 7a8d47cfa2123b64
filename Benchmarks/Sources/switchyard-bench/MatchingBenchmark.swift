/// Case 1: RouteTable against routing-kit's TrieRouter on the same routes and the same query paths.
struct MatchingBenchmark {
    let timer: BatchTimer
    let fixtures: Fixtures

    func run(into report: inout Report) throws {
        var section = Report.Section(title: "1. Matching: path string to route and parameters (ratio = routing-kit median / subject median)")
        var targetRatio: Double?
        let sets = ["static-heavy", "parameter-heavy"].flatMap { kind in Fixtures.sizes.map { (kind, $0) } }
            + [("github-rest", GitHubAPI.routes.count)]
        for (kind, count) in sets {
            let (set, routers) = try fixtures.routers(kind, count)
            let timings = timer.measure([
                RoutingKitLookup(router: routers.routingKit, paths: set.queries),
                SwitchyardMatch(table: routers.switchyard, paths: set.queries),
                SwitchyardFirstMatch(table: routers.switchyard, paths: set.queries),
            ])
            let labels = ["routing-kit TrieRouter", "RouteTable.match", "RouteTable.firstMatch (no parameter values)"]
            for (label, timing) in zip(labels, timings) {
                let isReference = label == labels[0]
                section.rows.append(Report.Row(
                    set: set.name, routes: set.patterns.count, subject: label, unit: .nanoseconds,
                    median: timing.median, p99: timing.p99, operationsPerSecond: timing.operationsPerSecond,
                    ratio: isReference ? nil : timings[0].median / timing.median,
                    reference: isReference ? nil : "routing-kit"))
            }
            if kind == "parameter-heavy" && count == 1_000 { targetRatio = timings[0].median / timings[1].median }
        }
        report.add(section)
        if let targetRatio {
            report.check("RouteTable.match ≥ 20× routing-kit, parameter-heavy, 1,000 routes",
                         measured: "\(ResultTable.fixed(targetRatio, 1))×", targetRatio >= 20)
        }
    }
}

import CAllocationCounter

/// Case 3: heap allocations per lookup, counted by the malloc interposer in CAllocationCounter.
struct AllocationBenchmark {
    let fixtures: Fixtures

    func run(into report: inout Report) throws {
        var section = Report.Section(title: "3. Allocations per lookup (targets: match 0 static, ≤ 1 with parameters)")
        var worstStatic = 0.0
        var worstParameters = 0.0
        let groups: [(kind: String, count: Int, parameters: Bool)] = [
            ("static-heavy", 1_000, false), ("static-heavy", 1_000, true),
            ("parameter-heavy", 1_000, true),
            ("github-rest", GitHubAPI.routes.count, false), ("github-rest", GitHubAPI.routes.count, true),
        ]
        for group in groups {
            let (set, routers) = try fixtures.routers(group.kind, group.count)
            let paths = group.parameters ? set.parameterQueries : set.staticQueries
            let workloads: [any Workload] = [
                RoutingKitLookup(router: routers.routingKit, paths: paths),
                SwitchyardMatch(table: routers.switchyard, paths: paths),
                SwitchyardFirstMatch(table: routers.switchyard, paths: paths),
            ]
            for workload in workloads {
                let perLookup = AllocationBenchmark.allocations(workload)
                section.rows.append(Report.Row(
                    set: "\(set.name) (\(group.parameters ? "with parameters" : "static"))", routes: set.patterns.count,
                    subject: workload.label, unit: .allocations, median: perLookup))
                if workload is SwitchyardMatch {
                    if group.parameters { worstParameters = max(worstParameters, perLookup) }
                    else { worstStatic = max(worstStatic, perLookup) }
                }
            }
        }
        report.add(section)
        report.check("RouteTable.match allocations, static routes = 0",
                     measured: "\(ResultTable.fixed(worstStatic, 2)) per match (worst set)", worstStatic == 0)
        report.check("RouteTable.match allocations with parameters ≤ 1",
                     measured: "\(ResultTable.fixed(worstParameters, 2)) per match (worst set)", worstParameters <= 1)
    }

    /// Mean allocations per operation over every input, after one untimed pass (lazy set-up is not a lookup's cost).
    static func allocations(_ workload: any Workload) -> Double {
        blackHole(workload.runBatch(from: 0, count: workload.inputCount))
        allocation_counter_reset()
        blackHole(workload.runBatch(from: 0, count: workload.inputCount))
        return Double(allocation_counter_allocations()) / Double(workload.inputCount)
    }
}

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
        // Issue 37's shapes, every query of each (a miss, a `?query` and more than four parameters
        // included), through both lookups: the target is 0 whatever the shape. A value's `String`, made
        // when someone reads it, is not the lookup's.
        var worstShape = (allocations: 0.0, name: "")
        for kind in ["query", "misses", "splat", "optional", "long-static", "six-parameters"] {
            let (set, routers) = try fixtures.routers(kind, 1_000)
            let workloads: [any Workload] = [
                SwitchyardMatch(table: routers.switchyard, paths: set.queries),
                SwitchyardWithMatch(table: routers.switchyard, paths: set.queries),
            ]
            for workload in workloads {
                let perLookup = AllocationBenchmark.allocations(workload)
                section.rows.append(Report.Row(set: set.name, routes: set.patterns.count, subject: workload.label,
                                               unit: .allocations, median: perLookup))
                if perLookup > worstShape.allocations { worstShape = (perLookup, "\(set.name), \(workload.label)") }
            }
        }
        report.add(section)
        report.check("RouteTable.match and withMatch allocations on issue 37's shapes = 0",
                     measured: "\(ResultTable.fixed(worstShape.allocations, 2)) per lookup (worst: \(worstShape.name.isEmpty ? "none" : worstShape.name))",
                     worstShape.allocations == 0)
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

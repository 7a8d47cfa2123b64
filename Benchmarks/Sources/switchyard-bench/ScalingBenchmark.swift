import Switchyard

/// Case 2: lookup cost at 100,000 routes over the cost at 10 (the same query shapes at both sizes,
/// timed interleaved), and the time to declare 100,000 routes.
struct ScalingBenchmark {
    let timer: BatchTimer
    let fixtures: Fixtures
    let declarationRuns: Int

    func run(into report: inout Report) throws {
        var growth = Report.Section(title: "2a. Scaling: cost per lookup at 100,000 routes over 10 routes (target ≤ 1.5×)")
        for kind in ["static-heavy", "parameter-heavy"] {
            let (small, smallRouters) = try fixtures.routers(kind, 10)
            let (large, largeRouters) = try fixtures.routers(kind, 100_000)
            // Each subject's two sizes are timed interleaved with each other only, so another subject's
            // 100,000-route structures do not evict this one's between batches.
            let pairs: [(String, [any Workload])] = [
                ("RouteTable.firstMatch", [SwitchyardFirstMatch(table: smallRouters.switchyard, paths: small.queries),
                                           SwitchyardFirstMatch(table: largeRouters.switchyard, paths: large.queries)]),
                ("RouteTable.match", [SwitchyardMatch(table: smallRouters.switchyard, paths: small.queries),
                                      SwitchyardMatch(table: largeRouters.switchyard, paths: large.queries)]),
                ("routing-kit TrieRouter", [RoutingKitLookup(router: smallRouters.routingKit, paths: small.queries),
                                            RoutingKitLookup(router: largeRouters.routingKit, paths: large.queries)]),
            ]
            for (subject, workloads) in pairs {
                let timings = timer.measure(workloads)
                let (ten, hundredThousand) = (timings[0], timings[1])
                let ratio = hundredThousand.median / ten.median
                growth.rows.append(Report.Row(set: kind, routes: 10, subject: subject, unit: .nanoseconds,
                                              median: ten.median, p99: ten.p99))
                // The fastest batches are the least disturbed by other processes sharing the caches.
                growth.rows.append(Report.Row(set: kind, routes: 100_000, subject: subject, unit: .nanoseconds,
                                              median: hundredThousand.median, p99: hundredThousand.p99,
                                              ratio: ratio, reference: nil,
                                              note: "fastest batches: \(ResultTable.format(ten.minimum, .nanoseconds)) → \(ResultTable.format(hundredThousand.minimum, .nanoseconds)), \(ResultTable.fixed(hundredThousand.minimum / ten.minimum, 2))×"))
                if subject.hasPrefix("RouteTable") {
                    report.check("\(subject) growth 10 → 100,000 routes ≤ 1.5×, \(kind)",
                                 measured: "\(ResultTable.fixed(ratio, 2))×", ratio <= 1.5)
                }
            }
        }
        report.add(growth)
        report.add(try declarations())
    }

    /// Declaring from pattern strings: RouteTable.add for every route, then the first lookup, which
    /// freezes the trie; routing-kit's `pathComponents` parsing and `register`.
    private func declarations() throws -> Report.Section {
        var section = Report.Section(title: "2b. Declaring 100,000 routes (median of \(declarationRuns) runs)")
        for set in [RouteSet.staticHeavy(100_000), RouteSet.parameterHeavy(100_000)] {
            var failure: (any Error)?
            let declare = BatchTimer.timeOnce(runs: declarationRuns) {
                do { blackHole(try SwitchyardDeclaration.table(set.patterns)) } catch { failure = error }
            }
            let declareAndFreeze = BatchTimer.timeOnce(runs: declarationRuns) {
                do { blackHole(try SwitchyardDeclaration.table(set.patterns).firstMatch("/")) } catch { failure = error }
            }
            let routingKit = BatchTimer.timeOnce(runs: declarationRuns) {
                blackHole(RoutingKitDeclaration.router(set.patterns))
            }
            if let failure { throw failure }
            let rows: [(String, Timing)] = [
                ("routing-kit register", routingKit),
                ("RouteTable.add", declare),
                ("RouteTable.add + first lookup (freeze)", declareAndFreeze),
            ]
            for (subject, timing) in rows {
                let isReference = subject.hasPrefix("routing-kit")
                section.rows.append(Report.Row(set: set.name, routes: set.patterns.count, subject: subject,
                                               unit: .milliseconds, median: timing.median / 1e6,
                                               ratio: isReference ? nil : routingKit.median / timing.median,
                                               reference: isReference ? nil : "routing-kit"))
            }
        }
        return section
    }
}

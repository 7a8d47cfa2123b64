/// One workload in a loop and nothing else, for `valgrind --tool=callgrind --toggle-collect='*ProfileLoop*'`.
enum ProfileLoop {
    struct UnknownSubject: Error, CustomStringConvertible {
        let subject: String
        var description: String { "--loop: unknown subject \(subject) (match, firstMatch or routing-kit)" }
    }

    static func run(subject: String, set kind: String, routes: Int, count: Int, fixtures: Fixtures) throws {
        let (set, routers) = try fixtures.routers(kind, routes)
        let workload: any Workload = switch subject {
        case "match": SwitchyardMatch(table: routers.switchyard, paths: set.queries)
        case "firstMatch": SwitchyardFirstMatch(table: routers.switchyard, paths: set.queries)
        case "routing-kit": RoutingKitLookup(router: routers.routingKit, paths: set.queries)
        default: throw UnknownSubject(subject: subject)
        }
        blackHole(workload.runBatch(from: 0, count: set.queries.count))
        blackHole(loop(workload, count))
    }

    @inline(never)
    static func loop(_ workload: any Workload, _ count: Int) -> Int {
        workload.runBatch(from: 0, count: count)
    }
}

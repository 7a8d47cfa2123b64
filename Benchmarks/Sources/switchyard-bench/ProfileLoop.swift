/// One workload in a loop and nothing else, for `valgrind --tool=callgrind --toggle-collect='*ProfileLoop*loop*'`.
enum ProfileLoop {
    struct UnknownSubject: Error, CustomStringConvertible {
        let subject: String
        var description: String { "--loop: unknown subject \(subject) (match, withMatch, matchValues, firstMatch, routing-kit, declare, lua-match, lua-push-pop, lua-noop-swift, lua-noop-c, runtime-1000)" }
    }

    static func run(subject: String, set kind: String, routes: Int, count: Int, fixtures: Fixtures) throws {
        if subject == "declare" {
            let set: RouteSet = kind == "static-heavy" ? .staticHeavy(routes) : .parameterHeavy(routes)
            for _ in 0..<count { blackHole(try declare(set.patterns)) }
            return
        }
        if subject == "runtime-1000" {
            blackHole(try startUp(count))
            return
        }
        let workload = try workloads(subject: subject, set: kind, routes: routes, fixtures: fixtures).subject
        blackHole(workload.runBatch(from: 0, count: workload.inputCount))
        blackHole(loop(workload, count))
    }

    /// The workload `--loop SUBJECT SET ROUTES` runs (a lookup or a Lua call per operation), and the same
    /// loop with an empty body: what the instruction counts subtract as the loop's own overhead.
    static func workloads(subject: String, set kind: String, routes: Int,
                          fixtures: Fixtures) throws -> (subject: any Workload, emptyBody: any Workload) {
        if subject.hasPrefix("lua-") {
            let setup = try LuaBridgeBenchmark.Setup(try fixtures.routers(kind, routes).set)
            if subject == "lua-push-pop", setup.pushPop == nil {
                throw LuaBridgeBenchmark.Missing(description: "lua-push-pop: \(kind)'s queries match no route, and nav.push of a miss fails")
            }
            let workload: LuaLoop = switch subject {
            case "lua-match": setup.luaMatch
            case "lua-push-pop": setup.pushPop!
            case "lua-noop-swift": setup.noopSwift
            case "lua-noop-c": setup.noopC
            default: throw UnknownSubject(subject: subject)
            }
            return (workload, setup.emptyLoop)
        }
        let (set, routers) = try fixtures.routers(kind, routes)
        let workload: any Workload = switch subject {
        case "match": SwitchyardMatch(table: routers.switchyard, paths: set.queries)
        case "withMatch": SwitchyardWithMatch(table: routers.switchyard, paths: set.queries)
        case "matchValues": SwitchyardMatchReadingValues(table: routers.switchyard, paths: set.queries)
        case "firstMatch": SwitchyardFirstMatch(table: routers.switchyard, paths: set.queries)
        case "routing-kit": RoutingKitLookup(router: routers.routingKit, paths: set.queries)
        default: throw UnknownSubject(subject: subject)
        }
        return (workload, PathLoopOverhead(paths: set.queries))
    }

    /// Declares every pattern, then freezes the table with one lookup.
    @inline(never)
    static func declare(_ patterns: [String]) throws -> Int? {
        try SwitchyardDeclaration.table(patterns).firstMatch("/")?.rawValue
    }

    /// A runtime, the 1,000-route script and a lookup, `count` times (the in-process part of case 5).
    @inline(never)
    static func startUp(_ count: Int) throws -> Double {
        try StartupBenchmark.runtimeWithRoutes(runs: count).median
    }

    @inline(never)
    static func loop(_ workload: any Workload, _ count: Int) -> Int {
        workload.runBatch(from: 0, count: count)
    }
}

import Foundation
import Switchyard
import SwitchyardLua

/// Case 4: crossing the Lua bridge, in one SwitchyardRuntime holding the 1,000-route parameter-heavy set.
struct LuaBridgeBenchmark {
    let timer: BatchTimer
    let fixtures: Fixtures

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The runtime with the routes, the query paths as the Lua table `bench_paths`, and the workloads.
    struct Setup {
        let runtime: SwitchyardRuntime
        let routes: Int
        let noopC: LuaLoop
        let noopSwift: LuaLoop
        let noopSwiftValues: LuaLoop
        let luaMatch: LuaLoop
        let swiftMatch: RuntimeTableMatch
        /// Nil for a set of misses (`nav.push` of a path no route matches fails).
        let pushPop: LuaLoop?
        /// The drivers' loop over `bench_paths` calling nothing: their overhead, for instruction counts.
        let emptyLoop: LuaLoop

        init(_ set: RouteSet) throws {
            // Not sandboxed: package.loadlib brings in the C reference.
            let runtime = try SwitchyardRuntime(configuration: .init(sandboxed: false))
            self.runtime = runtime
            routes = set.patterns.count
            let engine = runtime.engine
            try runtime.load(code: set.patterns.map { "route(\"\($0)\")" }.joined(separator: "\n"), chunkName: "=routes")
            try engine.run("bench_paths = {" + set.queries.map { "\"\($0)\"" }.joined(separator: ",") + "}", chunkName: "=paths")
            try engine.run("noop_c = assert(package.loadlib(\"\(try LuaBridgeBenchmark.noopLibrary())\", \"switchyard_bench_noop\"))",
                           chunkName: "=loadlib")
            try engine.globals.rawSet("noop_swift", .function(engine.makeFunction { _ in 0 }))
            engine.register("noop_swift_values") { _ in [] }

            let count = set.queries.count
            func calling(_ function: String) throws -> LuaLoop {
                try LuaLoop("Lua → \(function)()", engine: engine, owner: runtime, inputCount: count, source: """
                    return function(start, n) local f = \(function) for i = 1, n do f() end end
                    """)
            }
            noopC = try calling("noop_c")
            noopSwift = try calling("noop_swift")
            noopSwiftValues = try calling("noop_swift_values")
            luaMatch = try LuaLoop("Lua → match(path)", engine: engine, owner: runtime, inputCount: count, source: """
                return function(start, n)
                  local match, paths, k = match, bench_paths, start
                  for i = 1, n do match(paths[k % #paths + 1]); k = k + 1 end
                end
                """)
            swiftMatch = RuntimeTableMatch(table: runtime.routeTable, paths: set.queries)
            pushPop = set.expected.contains(-1) ? nil : try LuaLoop("Lua → nav.push(path); nav.pop()", engine: engine, owner: runtime, inputCount: count, source: """
                return function(start, n)
                  local push, pop, paths, k = nav.push, nav.pop, bench_paths, start
                  for i = 1, n do push(paths[k % #paths + 1]); pop(); k = k + 1 end
                end
                """)
            emptyLoop = try LuaLoop("Lua → nothing", engine: engine, owner: runtime, inputCount: count, source: """
                return function(start, n)
                  local paths, k = bench_paths, start
                  for i = 1, n do local _ = paths[k % #paths + 1]; k = k + 1 end
                end
                """)
        }
    }

    func run(into report: inout Report) throws {
        let setup = try Setup(try fixtures.routers("parameter-heavy", 1_000).set)
        let noops = timer.measure([setup.noopC, setup.noopSwift, setup.noopSwiftValues])
        let matches = timer.measure([setup.luaMatch, setup.swiftMatch])
        guard let pushPop = setup.pushPop else { throw Missing(description: "case 4: no push-pop loop over parameter-heavy") }
        let navigation = timer.measure([pushPop])
        let routes = setup.routes

        var section = Report.Section(title: "4. The Lua bridge (one engine, 1,000 parameter-heavy routes; ratio = subject / reference)")
        func row(_ subject: String, _ timing: Timing, over reference: (String, Timing)? = nil) {
            section.rows.append(Report.Row(set: "parameter-heavy", routes: routes, subject: subject,
                                           unit: .nanoseconds, median: timing.median, p99: timing.p99,
                                           operationsPerSecond: timing.operationsPerSecond,
                                           ratio: reference.map { timing.median / $0.1.median }, reference: reference?.0))
        }
        row("Lua → no-op C function", noops[0])
        row("Lua → no-op Swift function (makeFunction, raw call)", noops[1], over: ("no-op C", noops[0]))
        row("Lua → no-op Swift function (register, [LuaValue])", noops[2], over: ("no-op C", noops[0]))
        row("RouteTable.match from Swift", matches[1])
        row("match(path) from Lua", matches[0], over: ("Swift match", matches[1]))
        row("nav.push(path) + nav.pop() from Lua", navigation[0])
        report.add(section)

        let swiftOverC = noops[1].median / noops[0].median
        report.check("no-op Swift from Lua ≤ 3× no-op C", measured: "\(ResultTable.fixed(swiftOverC, 2))×", swiftOverC <= 3)
        let luaOverSwift = matches[0].median / matches[1].median
        report.check("match() from Lua within 4× of RouteTable.match from Swift",
                     measured: "\(ResultTable.fixed(luaOverSwift, 2))×", luaOverSwift <= 4)
        report.check("nav.push + nav.pop from Lua < 1 µs (1,000 routes)",
                     measured: ResultTable.format(navigation[0].median, .nanoseconds), navigation[0].median < 1_000)
        // Issue 19's: times on a shared machine that runs the same binary at different speeds by the
        // hour; case 11 counts the same operations in instructions, which do not move.
        report.check("match(path) from Lua ≤ 500 ns (issue 19)",
                     measured: ResultTable.format(matches[0].median, .nanoseconds), matches[0].median <= 500)
        report.check("nav.push + nav.pop from Lua < 400 ns (issue 19)",
                     measured: ResultTable.format(navigation[0].median, .nanoseconds), navigation[0].median < 400)
    }

    /// libLuaNoop.so, built beside this executable (`swift build -c release --product LuaNoop`).
    static func noopLibrary() throws -> String {
        let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let library = directory.appendingPathComponent("libLuaNoop.so").path
        guard FileManager.default.fileExists(atPath: library) else {
            throw Missing(description: "\(library) is missing: build it with `swift build -c release --product LuaNoop` in Benchmarks/ (scripts/bench does)")
        }
        return library
    }
}

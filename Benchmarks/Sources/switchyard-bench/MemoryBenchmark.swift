import Foundation
import CAllocationCounter
import SwitchyardLua
import Switchyard

/// Case 6 (memory): resident memory of a process holding 100,000 declared routes, each kind measured in
/// a fresh child process (see `ResidentMemory`).
struct MemoryBenchmark {
    static let routeCount = 100_000

    /// What a `--resident KIND` child declares before reading VmRSS.
    enum Kind: String, CaseIterable {
        case baseline = "baseline"
        case patterns = "patterns"
        case unfrozen = "route-table-unfrozen"
        case routeTable = "route-table"
        case luaRuntime = "lua-runtime"

        var label: String {
            switch self {
            case .baseline: "this benchmark process, nothing declared"
            case .patterns: "100,000 compiled Patterns in an array (their share of a table)"
            case .unfrozen: "RouteTable<Int>, 100,000 parameter-heavy routes, before the first lookup"
            case .routeTable: "RouteTable<Int>, 100,000 parameter-heavy routes, after the first lookup"
            case .luaRuntime: "SwitchyardRuntime, 100,000 routes declared by a Lua loop calling route(), then a Lua GC"
            }
        }

        /// Declares one route at a time from generated text, so no list of 100,000 patterns is resident.
        func declare() throws -> AnyObject? {
            switch self {
            case .baseline:
                return nil
            case .patterns:
                let patterns = try (0..<MemoryBenchmark.routeCount).map {
                    try Pattern(RouteSet.parameterHeavyPattern($0, of: MemoryBenchmark.routeCount))
                }
                return patterns as AnyObject
            case .unfrozen:
                let table = RouteTable<Int>()
                for index in 0..<MemoryBenchmark.routeCount {
                    try table.add(RouteSet.parameterHeavyPattern(index, of: MemoryBenchmark.routeCount), payload: index)
                }
                return table
            case .routeTable:
                let table = RouteTable<Int>()
                for index in 0..<MemoryBenchmark.routeCount {
                    try table.add(RouteSet.parameterHeavyPattern(index, of: MemoryBenchmark.routeCount), payload: index)
                }
                _ = table.firstMatch("/")
                return table
            case .luaRuntime:
                let runtime = try SwitchyardRuntime()
                try runtime.load(code: Kind.luaDeclarations, chunkName: "=routes")
                _ = try runtime.routeTable.match("/")
                // The declarations' garbage (100,000 formatted strings) is not the routes' memory.
                try runtime.engine.run("collectgarbage()", chunkName: "=gc")
                return runtime
            }
        }

        /// `RouteSet.parameterHeavyPattern` written in Lua, so no script text of 100,000 lines is resident.
        static let luaDeclarations = """
            local n = \(MemoryBenchmark.routeCount)
            local f = 1
            while f * f * f < n do f = f + 1 end
            for i = 0, n - 1 do
              local a, b, c = i // (f * f), (i // f) % f, i % f
              local shape = i % 3
              if shape == 0 then route(string.format("/api%d/:p1/items%d/:p2/act%d", a, b, c))
              elseif shape == 1 then route(string.format("/api%d/:p1/items%d/act%d/:p3", a, b, c))
              else route(string.format("/api%d/:p1/items%d/:p2/act%d/:p3", a, b, c)) end
            end
            """
    }

    func run(into report: inout Report) throws {
        var section = Report.Section(title: "6b. Resident memory (VmRSS of a fresh process; target ≤ 64 MB with 100,000 routes declared)")
        var declared: [(Kind, Double)] = []
        for kind in Kind.allCases {
            let (megabytes, heap) = try ResidentMemory.measureInChild(kind.rawValue)
            section.rows.append(Report.Row(set: kind.rawValue, routes: kind == .baseline ? 0 : MemoryBenchmark.routeCount,
                                           subject: kind.label, unit: .megabytes, median: megabytes,
                                           note: "live heap \(ResultTable.fixed(heap, 1)) MB"))
            if kind != .baseline { declared.append((kind, megabytes)) }
        }
        var verdict = declared.last.map { ("\($0.0.rawValue)", $0.1) }
        if let executable = try MemoryBenchmark.executableResident() {
            section.rows.append(Report.Row(set: "switchyard", routes: MemoryBenchmark.routeCount,
                                           subject: "the switchyard executable running the same Lua loop",
                                           unit: .megabytes, median: executable,
                                           note: "read by the script itself, after collectgarbage()"))
            verdict = ("switchyard executable", executable)
        }
        report.add(section)
        if let (kind, megabytes) = verdict {
            report.check("resident memory with 100,000 routes ≤ 64 MB (\(kind))",
                         measured: "\(ResultTable.fixed(megabytes, 1)) MB", megabytes <= 64)
        }
    }

    /// VmRSS of `switchyard FILE` where FILE declares the routes, looks one path up and reads
    /// /proc/self/status; nil when the executable has not been built.
    static func executableResident() throws -> Double? {
        let switchyard = Options.switchyardExecutable
        guard FileManager.default.isExecutableFile(atPath: switchyard.path) else { return nil }
        let script = try Options.writeResultsFile("resident-100000.lua", Kind.luaDeclarations + """

            assert(match("/api0/1/items0/2/act0"))
            collectgarbage()
            for line in io.lines("/proc/self/status") do
              local kilobytes = line:match("^VmRSS:%s*(%d+)")
              if kilobytes then print(kilobytes) end
            end
            """)
        let finished = try ChildProcess.run(switchyard, [script.path], reading: .output)
        guard finished.status == 0, let kilobytes = Double(finished.text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ResidentMemory.ChildFailed(description: "switchyard \(script.path) failed (status \(finished.status)): \(finished.text)")
        }
        return kilobytes / 1024
    }

    /// The child's side: declare, then print VmRSS in MB.
    static func reportResident(_ kindName: String) throws {
        guard let kind = Kind(rawValue: kindName) else {
            throw Options.UsageError(description: "--resident \(kindName): expected one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let declared = try kind.declare()
        // "RSS heap": the heap's live bytes show how much of the RSS the declarations hold.
        print(ResidentMemory.current().map { ResultTable.fixed($0, 2) } ?? "unknown",
              ResultTable.fixed(Double(allocation_counter_heap_in_use()) / 1_048_576, 2))
        withExtendedLifetime(declared) {}
    }
}

import Foundation

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("switchyard-bench: \(error)\n\(Options.usage)\n".utf8))
    exit(2)
}

let fixtures = Fixtures()
if options.loop != nil || options.resident != nil || options.countedLoop != nil || options.dumpSet != nil {
    do {
        if let loop = options.loop {
            try ProfileLoop.run(subject: loop.subject, set: loop.set, routes: loop.routes, count: loop.count, fixtures: fixtures)
        }
        if let counted = options.countedLoop { try InstructionCounts.runLoops(counted, fixtures: fixtures) }
        if let resident = options.resident { try MemoryBenchmark.reportResident(resident) }
        if let dump = options.dumpSet { try SetDump.write(set: dump.set, routes: dump.routes, to: dump.directory, fixtures: fixtures) }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("switchyard-bench: \(error)\n".utf8))
        exit(1)
    }
}
var report = Report(command: (["switchyard-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " "))
print("Machine: \(report.machine.cpu), \(report.machine.cores) cores, Linux \(report.machine.kernel)\n")
let hostProbe = HostProbe(timer: options.timer(BatchTimer(batches: 300, warmUpBatches: 30), quick: BatchTimer(batches: 300, warmUpBatches: 30)))
do {
    hostProbe.run("start", into: &report)
    if options.cases.contains(1) {
        try MatchingBenchmark(timer: options.timer, fixtures: fixtures).run(into: &report)
    }
    if options.cases.contains(2) {
        try ScalingBenchmark(timer: options.timer, fixtures: fixtures, declarationRuns: options.runs(3, quick: 1)).run(into: &report)
    }
    if options.cases.contains(3) {
        try AllocationBenchmark(fixtures: fixtures).run(into: &report)
    }
    if options.cases.contains(4) {
        try LuaBridgeBenchmark(timer: options.timer, fixtures: fixtures).run(into: &report)
    }
    if options.cases.contains(5) {
        try StartupBenchmark(runs: options.runs(40, quick: 10)).run(into: &report)
    }
    if options.cases.contains(6) {
        try CompletionBenchmark(timer: options.timer(BatchTimer(batches: 300, warmUpBatches: 20), quick: BatchTimer(batches: 50, warmUpBatches: 5)))
            .run(into: &report)
        try MemoryBenchmark().run(into: &report)
    }
    if options.cases.contains(7) {
        try PatternBenchmark(timer: options.timer).run(into: &report)
    }
    if options.cases.contains(8) {
        try CoverageBenchmark(runs: options.runs(40, quick: 10)).run(into: &report)
    }
    if options.cases.contains(9) {
        try CheckBenchmark(runs: options.runs(9, quick: 3)).run(into: &report)
    }
    if options.cases.contains(10) {
        try WalkBenchmark(repeats: options.runs(10, quick: 3)).run(into: &report)
    }
    if options.cases.contains(11) {
        try InstructionCounts(smoke: options.smoke, fixtures: fixtures).run(into: &report)
    }
    if options.cases.contains(12) {
        try PlainLuaBenchmark(runs: options.runs(10, quick: 3)).run(into: &report)
    }
    if options.cases.contains(13) {
        try MapScaleBenchmark(runs: options.runs(3, quick: 1), smoke: options.smoke).run(into: &report)
    }
    if options.cases.contains(14) {
        try LiveViewBenchmark(smoke: options.smoke).run(into: &report)
    }
    hostProbe.run("end", into: &report)
    if options.smoke {
        print("Smoke run: every case ran and the routers agreed; no figure above is a measurement, no target is judged.")
    } else {
        print(ResultTable.render(report.verdicts))
    }
    try report.write(to: options.json)
    print("\nJSON: \(options.json.path)")
} catch {
    FileHandle.standardError.write(Data("switchyard-bench: \(error)\n".utf8))
    exit(1)
}

import Foundation

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("switchyard-bench: \(error)\n\(Options.usage)\n".utf8))
    exit(2)
}

let fixtures = Fixtures()
if options.loop != nil || options.resident != nil {
    do {
        if let loop = options.loop {
            try ProfileLoop.run(subject: loop.subject, set: loop.set, routes: loop.routes, count: loop.count, fixtures: fixtures)
        }
        if let resident = options.resident { try MemoryBenchmark.reportResident(resident) }
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("switchyard-bench: \(error)\n".utf8))
        exit(1)
    }
}
var report = Report(command: (["switchyard-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " "))
print("Machine: \(report.machine.cpu), \(report.machine.cores) cores, Linux \(report.machine.kernel)\n")
let hostProbe = HostProbe(timer: BatchTimer(batches: 300, warmUpBatches: 30))
do {
    hostProbe.run("start", into: &report)
    if options.cases.contains(1) {
        try MatchingBenchmark(timer: options.timer, fixtures: fixtures).run(into: &report)
    }
    if options.cases.contains(2) {
        try ScalingBenchmark(timer: options.timer, fixtures: fixtures, declarationRuns: options.quick ? 1 : 3).run(into: &report)
    }
    if options.cases.contains(3) {
        try AllocationBenchmark(fixtures: fixtures).run(into: &report)
    }
    if options.cases.contains(4) {
        try LuaBridgeBenchmark(timer: options.timer, fixtures: fixtures).run(into: &report)
    }
    if options.cases.contains(5) {
        try StartupBenchmark(runs: options.quick ? 10 : 40).run(into: &report)
    }
    if options.cases.contains(6) {
        try CompletionBenchmark(timer: options.quick ? BatchTimer(batches: 50, warmUpBatches: 5) : BatchTimer(batches: 300, warmUpBatches: 20))
            .run(into: &report)
        try MemoryBenchmark().run(into: &report)
    }
    if options.cases.contains(7) {
        try PatternBenchmark(timer: options.timer).run(into: &report)
    }
    if options.cases.contains(8) {
        try CoverageBenchmark(runs: options.quick ? 10 : 40).run(into: &report)
    }
    if options.cases.contains(9) {
        try CheckBenchmark(runs: options.quick ? 3 : 9).run(into: &report)
    }
    if options.cases.contains(10) {
        try WalkBenchmark(repeats: options.quick ? 3 : 10).run(into: &report)
    }
    hostProbe.run("end", into: &report)
    print(ResultTable.render(report.verdicts))
    try report.write(to: options.json)
    print("\nJSON: \(options.json.path)")
} catch {
    FileHandle.standardError.write(Data("switchyard-bench: \(error)\n".utf8))
    exit(1)
}

import Foundation
import SwitchyardLua
import SwitchyardTesting

/// Case 8: what `switchyard test --coverage` adds to a suite (issue 13: at most 20 %). The example
/// suites (`examples/*/scenarios/*_spec.lua`) run in process as `switchyard test` runs them, each file
/// in a fresh runtime, with and without a coverage recorder; the two are timed interleaved, run by
/// run, so both see the same load. Process start-up is left out: it would only dilute the ratio.
struct CoverageBenchmark {
    let runs: Int

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    func run(into report: inout Report) throws {
        let files = try CoverageBenchmark.exampleSpecs()
        var plain: [Double] = [], covered: [Double] = []
        for run in 0..<(runs * 2 + 2) {
            let withCoverage = run % 2 == 1
            let start = MonotonicClock.now()
            try CoverageBenchmark.runSuites(files, coverage: withCoverage ? ScenarioCoverage() : nil)
            let elapsed = Double(MonotonicClock.now() - start)
            if run >= 2 { (withCoverage ? { covered.append(elapsed) } : { plain.append(elapsed) })() }   // the first pair warms up
        }
        let off = Timing(samples: plain), on = Timing(samples: covered)
        let ratio = on.median / off.median
        var section = Report.Section(title: "8. Scenario coverage (\(files.count) example spec files in process, \(runs) runs each, interleaved; target ≤ 1.20×)")
        section.rows.append(Report.Row(set: "examples", subject: "runScenarios, no coverage", unit: .milliseconds,
                                       median: off.median / 1e6, note: "min \(ResultTable.fixed(off.minimum / 1e6, 2)) ms"))
        section.rows.append(Report.Row(set: "examples", subject: "runScenarios with a ScenarioCoverage", unit: .milliseconds,
                                       median: on.median / 1e6,
                                       note: "\(ResultTable.fixed(ratio, 2))× the time without; min \(ResultTable.fixed(on.minimum / 1e6, 2)) ms"))
        report.add(section)
        report.check("--coverage adds ≤ 20 % to the example suites", measured: "\(ResultTable.fixed(ratio, 2))×", ratio <= 1.20)
    }

    /// Each file in a fresh runtime sharing the recorder, as `ScenarioTestRun` does; a failing test
    /// would time something else than the suites, so it stops the case.
    static func runSuites(_ files: [String], coverage: ScenarioCoverage?) throws {
        for file in files {
            let runtime = try SwitchyardRuntime()
            runtime.coverage = coverage
            let report = runtime.runScenarios(files: [file])
            if report.failed > 0 {
                throw Failed(description: "\(file): \(report.failed) failed scenario tests")
            }
        }
    }

    /// The example suites' spec files, sorted (paths relative to the repository, as `switchyard test`
    /// is given them there, so `require` finds each app).
    static func exampleSpecs() throws -> [String] {
        let root = Options.packageDirectory.deletingLastPathComponent()
        guard FileManager.default.changeCurrentDirectoryPath(root.path) else {
            throw Failed(description: "cannot change to \(root.path)")
        }
        let examples = root.appendingPathComponent("examples")
        let apps = try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
        var files: [String] = []
        for app in apps {
            let scenarios = "examples/\(app)/scenarios"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: scenarios) else { continue }
            files += names.filter { $0.hasSuffix("_spec.lua") }.sorted().map { "\(scenarios)/\($0)" }
        }
        return files
    }
}

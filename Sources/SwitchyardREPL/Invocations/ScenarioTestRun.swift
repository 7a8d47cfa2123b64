import SwitchyardLua

/// `switchyard test`: each scenario file in a fresh runtime (its globals and `require`d app apart
/// from the other files'), a line per test as results come in, then `N passed, N failed`.
///
///     let status = ScenarioTestRun.run(paths: ["specs"], junitFile: "junit.xml", options: SessionOptions())
package enum ScenarioTestRun {
    package static func run(paths: [String], junitFile: String?, options: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        let files: [String]
        do {
            files = try ScenarioFiles.collect(paths)
        } catch {
            StandardError.write("switchyard test: \(error.description)")
            return .usage
        }
        let printer = TestReportPrinter(style: TerminalStyle.detect(noColorFlag: options.noColor))
        var outcomes: [TestOutcome] = []
        for file in files {
            for outcome in run(file: file, options: options) {
                print(printer.line(for: outcome))
                outcomes.append(outcome)
            }
        }
        print(printer.summary(for: outcomes))
        if files.isEmpty {
            StandardError.write("switchyard test: no scenario files (*\(ScenarioFiles.suffix)) under \(paths.joined(separator: ", "))")
        }
        if let junitFile, !write(JUnitWriter().document(for: outcomes), to: junitFile) {
            return .failure
        }
        return outcomes.allSatisfy(\.passed) && !files.isEmpty ? .success : .failure
    }

    private static func run(file: String, options: SessionOptions) -> [TestOutcome] {
        do {
            let host = try ScriptHost(options: options)
            let report = try host.interruptible { host.runtime.runScenarios(files: [file]) }
            return report.results.map { result in
                TestOutcome(name: result.name, file: result.file, failure: result.passed ? nil : (result.failure ?? "failed"),
                            seconds: result.seconds)
            }
        } catch {
            return [TestOutcome(name: file, file: file, failure: error.message)]
        }
    }

    private static func write(_ xml: String, to file: String) -> Bool {
        do {
            try TextFile.write(xml, to: file)
            return true
        } catch {
            StandardError.write("switchyard test: the JUnit report: \(error.description)")
            return false
        }
    }
}

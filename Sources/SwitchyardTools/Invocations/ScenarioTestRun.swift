import Switchyard
import SwitchyardAnalysis
import SwitchyardLua
import SwitchyardTesting

/// What `switchyard test` was asked: the output handler, a JUnit file, which tests, and whether
/// only to list them.
package struct ScenarioTestOptions: Sendable {
    /// busted's `-o` handlers of the same names.
    package enum Output: String, CaseIterable, Sendable {
        case utf, tap = "TAP", json

        /// "utf", "TAP" or "json", in any case (busted spells TAP in capitals, json in lower).
        package init?(format: String) {
            guard let output = Self.allCases.first(where: { $0.rawValue.lowercased() == format.lowercased() }) else { return nil }
            self = output
        }
    }

    package var output: Output = .utf
    package var junitFile: String?
    package var selection = ScenarioSelection()
    package var listOnly = false
    /// Record coverage and print it after the closing line (utf: as is; TAP: as comments; json: not
    /// printed, the JSON document must stay alone on standard output).
    package var coverage = false
    /// Also write the coverage as JSON to this file (implies `coverage`: the text is printed too).
    package var coverageJSONFile: String?
    /// busted's `--repeat N`: the whole run N times over, every result counted.
    package var repetitions = 1
    /// busted's `helper`: a Lua file run in each scenario file's runtime before the file.
    package var helper: String?
    /// busted's `pattern`: Lua patterns a file's name must match when a folder is searched (nil: `_spec.lua` files).
    package var filePatterns: [String]?

    package init() {}
}

/// `switchyard test`: each scenario file in a fresh runtime (its globals and `require`d app apart
/// from the other files'), results written as they come in the chosen format, then the closing
/// line `N passed, N failed` (`, N pending`) of the utf output, TAP's plan, or the JSON document.
///
///     var options = ScenarioTestOptions()
///     options.junitFile = "junit.xml"
///     let status = ScenarioTestRun.run(paths: ["specs"], test: options, session: SessionOptions())
package enum ScenarioTestRun {
    package static func run(paths: [String], test: ScenarioTestOptions, session: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        var files: [String]
        do {
            files = try ScenarioFiles.collect(paths, matching: fileNameMatcher(test.filePatterns, session: session))
        } catch {
            StandardError.write("switchyard test: \(error.description)")
            return .usage
        }
        if let problem = patternProblem(test.selection, session: session) {
            StandardError.write("switchyard test: \(problem)")
            return .usage
        }
        if let seed = test.selection.shuffleSeed {
            var generator = SeededGenerator(seed: seed)
            files.shuffle(using: &generator)
        }
        if files.isEmpty {
            StandardError.write("switchyard test: no scenario files (*\(ScenarioFiles.suffix)) under \(paths.joined(separator: ", "))")
        }
        if test.listOnly {
            for file in files {
                for entry in list(file: file, test: test, session: session) { TerminalText.print("\(entry.file):\(entry.line): \(entry.name)") }
            }
            return files.isEmpty ? .failure : .success
        }
        let coverage = test.coverage || test.coverageJSONFile != nil ? ScenarioCoverage() : nil
        let results = runAll(files, test: test, session: session, coverage: coverage)
        if let junitFile = test.junitFile, !write(JUnitWriter().document(for: results), to: junitFile, "the JUnit report") {
            return .failure
        }
        if let coverage, let file = test.coverageJSONFile,
           !write(CoverageJSON().document(for: coverage.report), to: file, "the coverage report") {
            return .failure
        }
        return ScenarioReport(results: results).failed == 0 && !files.isEmpty ? .success : .failure
    }

    /// Runs the files, writing each result as it comes (utf, TAP) or all at the end (json).
    private static func runAll(_ files: [String], test: ScenarioTestOptions, session: SessionOptions,
                               coverage: ScenarioCoverage?) -> [ScenarioResult] {
        let printer = TestReportPrinter(style: TerminalStyle.detect(noColorFlag: session.noColor))
        let clock = ContinuousClock()
        let start = clock.now
        var results: [ScenarioResult] = []
        for file in Array(repeating: files, count: max(1, test.repetitions)).joined() {
            for result in run(file: file, test: test, session: session, coverage: coverage) {
                results.append(result)
                switch test.output {
                case .utf: TerminalText.print(printer.line(for: result))
                case .tap: TerminalText.print(TAPWriter().lines(for: result, number: results.count).joined(separator: "\n"))
                case .json: break
                }
            }
        }
        let seed = test.selection.shuffleSeed
        switch test.output {
        case .utf:
            if let seed { TerminalText.print("shuffled with --seed \(seed)") }
            TerminalText.print(printer.summary(for: results, seconds: start.duration(to: clock.now).inSeconds))
            if let coverage { TerminalText.print(CoveragePrinter().lines(for: coverage.report).joined(separator: "\n")) }
        case .tap:
            if let seed { TerminalText.print("# shuffled with --seed \(seed)") }
            TerminalText.print(TAPWriter().plan(count: results.count))
            if let coverage { TerminalText.print(CoveragePrinter().lines(for: coverage.report).map { "# " + $0 }.joined(separator: "\n")) }
        case .json:
            TerminalText.print(JSONTestReport().document(for: results, seconds: start.duration(to: clock.now).inSeconds, seed: seed))
        }
        return results
    }

    private static func run(file: String, test: ScenarioTestOptions, session: SessionOptions,
                            coverage: ScenarioCoverage?) -> [ScenarioResult] {
        do {
            InterruptSignal.describe("the spec " + file)
            let host = try ScriptHost(options: session)
            host.runtime.coverage = coverage
            if let helper = test.helper { try host.runFile(helper) }
            let report = try host.interruptible { host.runtime.runScenarios(files: [file], selection: test.selection) }
            return report.results
        } catch {
            return [ScenarioResult(name: file, file: file, status: .error, message: error.message)]
        }
    }

    private static func list(file: String, test: ScenarioTestOptions, session: SessionOptions) -> [ScenarioEntry] {
        guard let host = try? ScriptHost(options: session) else { return [] }
        return host.runtime.listScenarios(files: [file], selection: test.selection)
    }

    /// busted's `pattern` test of a file name found in a folder: any of the Lua patterns, on a `.lua` file.
    /// The patterns come from a `.busted` file: they match under the session's budget and memory cap,
    /// with Ctrl-C armed, as `--filter`'s do; one that does not finish matches nothing.
    private static func fileNameMatcher(_ patterns: [String]?, session: SessionOptions) -> ((String) -> Bool)? {
        guard let patterns, let engine = try? LuaEngine(configuration: session.engineConfiguration),
              let find = try? engine.run("return string.find", chunkName: "=pattern").first?.functionValue else { return nil }
        return { [engine] name in
            name.hasSuffix(".lua") && patterns.contains { pattern in
                let found = try? ScriptHost.interruptible(engine) { () throws(LuaError) in
                    try find.call(.string(LuaString(name)), .string(LuaString(pattern)))
                }
                return found?.first.map { $0 != .nil } ?? false
            }
        }
    }

    /// A `--filter` that is not a Lua pattern is a usage error before anything runs. The check runs
    /// in an engine with the session's budget and memory cap, with Ctrl-C armed: a pattern that takes
    /// forever to match stops as any script would.
    private static func patternProblem(_ selection: ScenarioSelection, session: SessionOptions) -> String? {
        guard let engine = try? LuaEngine(configuration: session.engineConfiguration),
              let find = try? engine.run("return string.find", chunkName: "=filter").first?.functionValue
        else { return nil }
        InterruptSignal.describe("the check of the --filter patterns")
        for (option, patterns) in [("--filter", selection.filters), ("--filter-out", selection.filtersOut)] {
            // Lua finds a malformed pattern only when matching reaches the bad part: the pattern's
            // own text takes matching there for all but the most contrived patterns.
            for pattern in patterns {
                for subject in ["", pattern] {
                    do {
                        try ScriptHost.interruptible(engine) { () throws(LuaError) in
                            _ = try find.call(.string(LuaString(subject)), .string(LuaString(pattern)))
                        }
                    } catch where error.kind == .interrupted || error.kind == .instructionLimit || error.kind == .memoryLimit {
                        return "\(option) '\(pattern)': \(error.message) while checking it"
                    } catch {
                        return "\(option) '\(pattern)' is not a Lua pattern: \(error.message)"
                    }
                }
            }
        }
        return nil
    }

    private static func write(_ text: String, to file: String, _ what: String) -> Bool {
        do {
            try TextFile.write(text, to: file)
            return true
        } catch {
            StandardError.write("switchyard test: \(what): \(error.description)")
            return false
        }
    }
}

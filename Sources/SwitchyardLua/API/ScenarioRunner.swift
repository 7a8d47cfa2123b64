import Switchyard

/// describe / it / before_each / after_each, and the runner behind `switchyard test`.
extension SwitchyardRuntime {
    func installScenarioVocabulary() throws(LuaError) {
        try define("describe") { runtime, call in
            let collector = try runtime.collector("describe")
            let name = try call.checkString(1, "describe")
            let body = try call.checkFunction(2, "describe")
            _ = collector.enter(name)
            defer { collector.leave() }
            try body.call()
            return 0
        }
        try define("it") { runtime, call in
            let collector = try runtime.collector("it")
            let name = try call.checkString(1, "it")
            collector.current.items.append(.test(name: name, body: try call.checkFunction(2, "it")))
            return 0
        }
        try define("before_each") { runtime, call in
            try runtime.collector("before_each").current.beforeEach.append(try call.checkFunction(1, "before_each"))
            return 0
        }
        try define("after_each") { runtime, call in
            try runtime.collector("after_each").current.afterEach.append(try call.checkFunction(1, "after_each"))
            return 0
        }
        try AssertLibrary.install(in: engine)
    }

    private func collector(_ function: String) throws(LuaError) -> ScenarioCollector {
        guard let scenarioCollector else {
            throw LuaError("\(function): scenario tests are collected only while running them (switchyard test FILE)")
        }
        return scenarioCollector
    }

    /// Runs busted-style scenario files: each `it` on a fresh navigator over the same routes, with
    /// the before_each hooks of its blocks (outer first) before it and the after_each hooks (inner
    /// first) after it, even when it failed. A file that fails to load is one failed result. The
    /// navigator is put back as it was afterwards.
    ///
    /// ```swift
    /// let report = runtime.runScenarios(files: ["tests/flows.lua"])
    /// ```
    public func runScenarios(files: [String]) -> ScenarioReport {
        let original = navigator
        defer { replaceNavigator(original) }
        var results: [ScenarioResult] = []
        for file in files {
            let collector = ScenarioCollector()
            scenarioCollector = collector
            do {
                try engine.runFile(file)
            } catch {
                scenarioCollector = nil
                results.append(ScenarioResult(name: file, file: file, passed: false, failure: error.message, seconds: 0))
                continue
            }
            scenarioCollector = nil
            run(collector.root, names: [], before: [], after: [], file: file, into: &results)
        }
        return ScenarioReport(results: results)
    }

    private func run(_ block: ScenarioCollector.Block, names: [String], before: [LuaFunction], after: [LuaFunction],
                     file: String, into results: inout [ScenarioResult]) {
        let names = block.name.isEmpty ? names : names + [block.name]
        let before = before + block.beforeEach
        let after = block.afterEach + after
        for item in block.items {
            switch item {
            case .block(let inner):
                run(inner, names: names, before: before, after: after, file: file, into: &results)
            case .test(let name, let body):
                results.append(runTest((names + [name]).joined(separator: " "), body, before: before, after: after,
                                       file: file))
            }
        }
    }

    private func runTest(_ name: String, _ body: LuaFunction, before: [LuaFunction], after: [LuaFunction],
                         file: String) -> ScenarioResult {
        let clock = ContinuousClock()
        let start = clock.now
        var failure: String?
        do {
            replaceNavigator(try navigator.fresh())
            for hook in before { try hook.call() }
            try body.call()
        } catch {
            failure = LuaError(bridging: error).message
        }
        for hook in after {
            do { try hook.call() } catch { failure = failure ?? LuaError(bridging: error).message }
        }
        let elapsed = start.duration(to: clock.now).components
        return ScenarioResult(name: name, file: file, passed: failure == nil, failure: failure,
                              seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    }
}

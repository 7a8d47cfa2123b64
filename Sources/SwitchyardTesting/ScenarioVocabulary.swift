import SwitchyardLua

/// What the scenario vocabulary shares with the runner: the tree being collected, the signal that
/// tells failures from errors, the `finally` functions of the test running, and the spy scopes.
final class ScenarioSession {
    var collector: ScenarioCollector?
    let signal = ScenarioSignal()
    /// Not nil while a test runs: what `finally` added.
    var finallyHooks: [LuaFunction]?
    /// `materialise()` of the library stand-ins: builds them unless built.
    var buildLibraries: LuaFunction?
    /// Set once the libraries are built.
    var beginSpyScope: LuaFunction?
    var endSpyScope: LuaFunction?
    /// Lua's own `string.find`, kept before any script can replace it: `--filter` patterns are Lua's.
    var find: LuaFunction?
    /// Set for `switchyard test --coverage`: the route callbacks report their outcomes to it.
    var coverage: ScenarioCoverage?
    /// `insulate` and `expose` blocks' bookkeeping, made on first use.
    var insulation: BlockInsulation?

    func insulation(_ engine: LuaEngine) throws(LuaError) -> BlockInsulation {
        if let insulation { return insulation }
        let made = try BlockInsulation(engine: engine)
        insulation = made
        return made
    }
}

/// busted's words: describe/context, it/spec/test, pending, the hooks, finally, and the assert,
/// spy, stub, mock and match libraries.
extension SwitchyardRuntime {
    /// The scenario vocabulary's state in this runtime: the tree being collected, failures told
    /// from errors. Kept in the runtime's `toolkitState`, made on first use.
    var scenarios: ScenarioSession {
        if let session = toolkitState as? ScenarioSession { return session }
        let made = ScenarioSession()
        toolkitState = made
        return made
    }

    /// Where `runScenarios` records coverage (`switchyard test --coverage`); nil records nothing.
    /// Several runtimes may share one recorder: it sums over them.
    ///
    /// ```swift
    /// runtime.coverage = ScenarioCoverage()
    /// ```
    public var coverage: ScenarioCoverage? {
        get { scenarios.coverage }
        set {
            scenarios.coverage = newValue
            callbackOutcomes.recorder = newValue
        }
    }

    /// Defines busted's words (`describe`, `it`, the hooks, `finally`, `pending`) and the globals
    /// `assert`, `spy`, `stub`, `mock` and `match` (luassert's, built on first use; `match` still
    /// looks routes up when called) in this runtime, unless defined already. `runScenarios` and
    /// `listScenarios` do it themselves; a host whose scripts use `assert.same` outside a test run
    /// (the `switchyard` REPL and scripts) does it once after making the runtime.
    ///
    /// ```swift
    /// let runtime = try SwitchyardRuntime()
    /// try runtime.installScenarioTesting()
    /// try runtime.engine.run("assert.same({1}, {1})", chunkName: "=check")
    /// ```
    public func installScenarioTesting() throws(LuaError) {
        guard scenarios.buildLibraries == nil else { return }
        try installLibrary { () throws(LuaError) in try installScenarioVocabulary() }
    }

    static let hookWords: [(String, ScenarioCollector.Hook.Moment)] = [
        ("setup", .setup), ("strict_setup", .setup), ("lazy_setup", .lazySetup),
        ("teardown", .teardown), ("strict_teardown", .teardown), ("lazy_teardown", .lazyTeardown),
        ("before_each", .beforeEach), ("after_each", .afterEach),
    ]

    func installScenarioVocabulary() throws(LuaError) {
        for word in ["describe", "context"] {
            try define(word) { runtime, call in try runtime.describe(call, word) }
        }
        try define("insulate") { runtime, call in try runtime.describe(call, "insulate", mode: .insulate) }
        try define("expose") { runtime, call in try runtime.describe(call, "expose", mode: .expose) }
        for word in ["it", "spec", "test"] {
            try define(word) { runtime, call in try runtime.declareTest(call, word) }
        }
        try define("pending") { runtime, call in try runtime.pending(call) }
        for (word, moment) in Self.hookWords {
            try define(word) { runtime, call in
                let function = try call.checkFunction(1, word)
                try runtime.collector(word).current.hooks.append(
                    ScenarioCollector.Hook(moment: moment, word: word, function: function, site: call.callerLocation))
                return 0
            }
        }
        try define("finally") { runtime, call in
            let function = try call.checkFunction(1, "finally")
            guard runtime.scenarios.finallyHooks != nil else {
                throw LuaError("finally: only inside a running test (an `it` body)")
            }
            runtime.scenarios.finallyHooks?.append(function)
            return 0
        }
        try installAssertions()
    }

    /// `assert`, `spy`, `stub`, `mock` and `match` as stand-ins; the libraries are built on first use
    /// (`ScenarioLibraryStandIns`).
    private func installAssertions() throws(LuaError) {
        let signal = scenarios.signal
        let raise = try engine.makeFunction { call in try signal.raise(call) }
        let routeMatch = try makeMatchCall()
        let build = try engine.makeFunction { [unowned(unsafe) self] call in
            // build(env, assert, spy, stub, mock, match)
            var globals: [LuaValue] = []
            for index in 3...6 { globals.append(try call.value(index)) }
            try buildLibraries(env: try call.value(1), raise: raise, routeMatch: routeMatch, root: try call.value(2),
                               globals: globals)
            return 0
        }
        scenarios.buildLibraries = try ScenarioLibraryStandIns.install(in: engine, build: build, raise: raise, routeMatch: routeMatch)
        scenarios.find = try engine.globals.rawGet("string").tableValue?.rawGet("find").functionValue
    }

    /// Builds `assert`, `spy`, `stub`, `mock` and `match` now, if no script has made them yet: the
    /// scenario runner opens its spy scopes around each test, and the REPL's printer and completion
    /// read tables raw.
    package func buildScenarioLibraries() throws(LuaError) {
        guard scenarios.beginSpyScope == nil, let materialise = scenarios.buildLibraries else { return }
        _ = try engine.call(materialise, [])
    }

    private func buildLibraries(env: LuaValue, raise: LuaFunction, routeMatch: LuaFunction, root: LuaValue,
                                globals: [LuaValue]) throws(LuaError) {
        // The host's own setup, as when it was built at start: never refused for a script's memory cap.
        try installLibrary { () throws(LuaError) in
            let library = try AssertLibrary.build(in: engine, env: env, raise: raise, root: root)
            let scopes = try SpyLibrary.build(in: engine, env: env, assertLibrary: library, routeMatch: routeMatch, globals: globals)
            scenarios.beginSpyScope = try scopes?.rawGet("begin_scope").functionValue
            scenarios.endSpyScope = try scopes?.rawGet("end_scope").functionValue
        }
    }

    func collector(_ function: String) throws(LuaError) -> ScenarioCollector {
        guard let collector = scenarios.collector else {
            throw LuaError("\(function): scenario tests are collected only while running them (switchyard test FILE)")
        }
        return collector
    }

    /// describe(name, fn) | describe(name) -> function(fn)
    private func describe(_ call: LuaCall, _ word: String, mode: ScenarioCollector.Block.Mode = .plain) throws -> Int {
        let collector = try collector(word)
        let name = try call.checkString(1, word)
        guard !call.isNil(2) else {
            let later = try engine.makeFunction { [unowned(unsafe) self] call in
                try self.runDescribe(collector, name, try call.checkFunction(1, word), mode: mode)
                return 0
            }
            return try call.returning([.function(later)])
        }
        try runDescribe(collector, name, try call.checkFunction(2, word), mode: mode)
        return 0
    }

    private func runDescribe(_ collector: ScenarioCollector, _ name: String, _ body: LuaFunction,
                             mode: ScenarioCollector.Block.Mode) throws {
        let block = collector.enter(name)
        block.mode = mode
        defer { collector.leave() }
        guard mode != .plain else { try body.call(); return }
        // The body runs now, its tests later: an insulated block keeps what its body changed
        // and undoes it at once (the runner puts it back around the tests).
        let insulation = try scenarios.insulation(engine)
        let saved = insulation.save()
        if mode == .insulate { insulation.open() }
        var failure: (any Error)?
        do { try body.call() } catch { failure = error }
        let changes = insulation.changes(since: saved)
        if mode == .insulate {
            block.declared = changes
            insulation.close(restoring: saved)
        } else {
            insulation.expose(changes)
        }
        if let failure { throw failure }
    }

    /// it(name, fn) | it(name) -> function(fn): without a body the test is pending until one comes.
    private func declareTest(_ call: LuaCall, _ word: String) throws -> Int {
        let collector = try collector(word)
        let name = try call.checkString(1, word)
        let body = call.isNil(2) ? nil : try call.checkFunction(2, word)
        let test = ScenarioCollector.Test(name: name, site: call.callerLocation, body: body)
        collector.current.items.append(.test(test))
        guard body == nil else { return 0 }
        let later = try engine.makeFunction { (call: LuaCall) throws -> Int in
            test.body = try call.checkFunction(1, "\(word) \"\(name)\"")
            return 0
        }
        return try call.returning([.function(later)])
    }

    /// pending(name [, fn]) while collecting: a pending test (fn never runs).
    /// pending([reason]) inside a running test: the test stops and counts as pending.
    private func pending(_ call: LuaCall) throws -> Int {
        if scenarios.finallyHooks != nil {
            try scenarios.signal.raise(.pending, call.string(1) ?? "pending", call: call)
        }
        let collector = try collector("pending")
        let name = try call.checkString(1, "pending")
        if !call.isNil(2) { _ = try call.checkFunction(2, "pending") }
        collector.current.items.append(.test(ScenarioCollector.Test(name: name, site: call.callerLocation, body: nil)))
        return 0
    }
}

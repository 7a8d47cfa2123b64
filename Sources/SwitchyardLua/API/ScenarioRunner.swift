import Switchyard

/// The runner behind `switchyard test`, with busted's semantics: each file insulated (its globals
/// and loaded modules undone after it), each `it` on a fresh navigator over the same routes;
/// `setup` when its block starts, `lazy_setup` before the block's first test that runs, `teardown`
/// and `lazy_teardown` when it ends; `before_each` hooks outer first, then the body, its `finally`
/// functions, then `after_each` hooks inner first, even when the body failed. A hook that raises is
/// a result of its own, named for its block and word ("checkout before_each"); when a setup or a
/// before_each raised, the tests it was for do not run (and are not counted).
extension SwitchyardRuntime {
    /// Runs scenario files and returns a result per test and per hook that raised. A file that
    /// fails to load is one error. The navigator is put back as it was afterwards.
    ///
    /// ```swift
    /// let report = runtime.runScenarios(files: ["tests/flows_spec.lua"])
    /// ```
    public func runScenarios(files: [String], selection: ScenarioSelection = ScenarioSelection()) -> ScenarioReport {
        let original = (navigator, invariants)
        let originalHostMemory = engine.hostMemory
        // The navigator files load on and setups run on is heard too, until the run ends.
        let watching = coverage?.watch(original.0)
        defer {
            watching?.cancel()
            replaceNavigator(original.0)
            invariants = original.1
            engine.resetHostMemory(to: originalHostMemory)
        }
        var run = ScenarioRun(runtime: self, selection: selection)
        // Spies made in a test are put back at its end only if the scopes exist before it runs.
        do { try buildScenarioLibraries() } catch {
            return ScenarioReport(results: files.map { ScenarioResult(name: $0, file: $0, status: .error, message: error.message) })
        }
        for file in files where !run.stopped {
            invariants = original.1   // a file's invariants are its own, as its globals are
            do {
                try engine.insulated {
                    guard let root = run.collect(file) else { return }
                    run.random = selection.shuffleSeed.map { SeededGenerator(seed: $0, file: file) }
                    run.select(root, names: [])
                    run.block(root, names: [], chain: [], file: file)
                }
                coverage?.declare(routes: routeTable, flows: flows)
            } catch {
                run.results.append(ScenarioResult(name: file, file: file, status: .error, message: LuaError(bridging: error).message))
            }
        }
        return ScenarioReport(results: run.results)
    }

    /// The tests `runScenarios` would run, in declaration order, without running them (the
    /// describe bodies do run: they declare the tests).
    public func listScenarios(files: [String], selection: ScenarioSelection = ScenarioSelection()) -> [ScenarioEntry] {
        var run = ScenarioRun(runtime: self, selection: selection)
        var entries: [ScenarioEntry] = []
        for file in files {
            _ = try? engine.insulated {
                guard let root = run.collect(file) else { return }
                run.select(root, names: [])
                run.list(root, names: [], file: file, into: &entries)
            }
        }
        return entries
    }
}

/// One run's state while it walks the collected trees.
private struct ScenarioRun {
    unowned(unsafe) let runtime: SwitchyardRuntime
    let selection: ScenarioSelection
    var results: [ScenarioResult] = []
    var random: SeededGenerator?
    /// The tests the selection keeps, and the blocks holding at least one (see `select`).
    private var selected: Set<ObjectIdentifier> = []
    /// Set when the run was interrupted: nothing more runs.
    var stopped = false

    init(runtime: SwitchyardRuntime, selection: ScenarioSelection) {
        self.runtime = runtime
        self.selection = selection
    }

    private var session: ScenarioSession { runtime.scenarios }

    /// Runs the file, collecting its tree; a file that fails to load is an error result.
    mutating func collect(_ file: String) -> ScenarioCollector.Block? {
        let collector = ScenarioCollector()
        selected = []   // the last file's tree is gone, and its identifiers may be reused
        session.collector = collector
        defer { session.collector = nil }
        do {
            try runtime.engine.runFile(file)
            return collector.root
        } catch {
            results.append(ScenarioResult(name: file, file: file, status: .error, message: error.message))
            return nil
        }
    }

    // MARK: selection

    private func fullName(_ names: [String], _ name: String) -> String {
        (names + [name]).joined(separator: " ")
    }

    private func selects(_ name: String) -> Bool {
        let find = session.find
        return selection.selects(name) { pattern, name in
            guard let find else { return name.contains(pattern) }
            return (try? find.call(.string(LuaString(name)), .string(LuaString(pattern))).first.map { $0 != .nil }) ?? false
        }
    }

    /// Marks the tests of `block` the selection keeps (each full name asked once), and every block
    /// holding one; returns whether `block` holds one.
    @discardableResult
    mutating func select(_ block: ScenarioCollector.Block, names: [String]) -> Bool {
        let names = block.name.isEmpty ? names : names + [block.name]
        var holdsOne = false
        for item in block.items {
            switch item {
            case .block(let inner):
                if select(inner, names: names) { holdsOne = true }
            case .test(let test):
                guard selects(fullName(names, test.name)) else { continue }
                selected.insert(ObjectIdentifier(test))
                holdsOne = true
            }
        }
        if holdsOne { selected.insert(ObjectIdentifier(block)) }
        return holdsOne
    }

    func list(_ block: ScenarioCollector.Block, names: [String], file: String, into entries: inout [ScenarioEntry]) {
        let names = block.name.isEmpty ? names : names + [block.name]
        for item in block.items {
            switch item {
            case .block(let inner):
                list(inner, names: names, file: file, into: &entries)
            case .test(let test):
                guard selected.contains(ObjectIdentifier(test)) else { continue }
                entries.append(ScenarioEntry(name: fullName(names, test.name), file: file, line: Self.line(of: test.site),
                                             isPending: test.body == nil))
            }
        }
    }

    static func line(of site: String?) -> Int {
        site.flatMap { $0.split(separator: ":").last }.flatMap { Int($0) } ?? 0
    }

    // MARK: running

    private mutating func ordered(_ items: [ScenarioCollector.Item]) -> [ScenarioCollector.Item] {
        guard var generator = random else { return items }
        defer { random = generator }
        return items.shuffled(using: &generator)
    }

    /// A block with no selected test is skipped whole: its setup and teardown do not run either.
    mutating func block(_ block: ScenarioCollector.Block, names: [String], chain: [ScenarioCollector.Block], file: String) {
        guard selected.contains(ObjectIdentifier(block)) else { return }
        let names = block.name.isEmpty ? names : names + [block.name]
        let chain = chain + [block]
        _ = try? session.beginSpyScope?.call()
        defer { _ = try? session.endSpyScope?.call() }
        var ready = true
        for hook in block.hooks(.setup) where ready {
            ready = runHook(hook, names: names, file: file)
        }
        if ready {
            for item in ordered(block.items) where !stopped {
                switch item {
                case .block(let inner):
                    self.block(inner, names: names, chain: chain, file: file)
                case .test(let test):
                    if selected.contains(ObjectIdentifier(test)) { run(test, name: fullName(names, test.name), chain: chain, file: file) }
                }
            }
        }
        if block.lazySetupSucceeded != nil {
            for hook in block.hooks(.lazyTeardown) { _ = runHook(hook, names: names, file: file) }
        }
        for hook in block.hooks(.teardown) { _ = runHook(hook, names: names, file: file) }
    }

    /// The lazy setups of the test's blocks that have not run yet; false when one failed (now or before).
    private mutating func lazySetups(_ chain: [ScenarioCollector.Block], file: String) -> Bool {
        var names: [String] = []
        for block in chain {
            if !block.name.isEmpty { names.append(block.name) }
            if block.lazySetupSucceeded == nil {
                block.lazySetupSucceeded = block.hooks(.lazySetup).allSatisfy { runHook($0, names: names, file: file) }
            }
            if block.lazySetupSucceeded == false { return false }
        }
        return true
    }

    private mutating func run(_ test: ScenarioCollector.Test, name: String, chain: [ScenarioCollector.Block], file: String) {
        let line = Self.line(of: test.site)
        guard let body = test.body else {
            results.append(ScenarioResult(name: name, file: file, line: line, status: .pending))
            return
        }
        guard lazySetups(chain, file: file) else { return }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let fresh = try runtime.startFresh()
            runtime.coverage?.watch(fresh)
        } catch {
            results.append(ScenarioResult(name: name, file: file, line: line, status: .error,
                                          message: LuaError(bridging: error).message))
            return
        }
        _ = try? session.beginSpyScope?.call()
        defer { _ = try? session.endSpyScope?.call() }
        var names: [String] = []
        var ready = true
        for block in chain {
            if !block.name.isEmpty { names.append(block.name) }
            for hook in block.hooks(.beforeEach) where ready { ready = runHook(hook, names: names, file: file) }
        }
        var outcome: (status: ScenarioResult.Status, message: String?) = (.success, nil)
        let index = results.count
        if ready {
            session.finallyHooks = []
            outcome = call(body)
            let finals = session.finallyHooks ?? []
            session.finallyHooks = nil
            for final in finals {
                let after = call(final)
                if after.status.worse(outcome.status) != outcome.status { outcome = after }
            }
        }
        for block in chain.reversed() {
            for hook in block.hooks(.afterEach) { _ = runHook(hook, names: names, file: file) }
            if !block.name.isEmpty { names.removeLast() }
        }
        guard ready else { return }
        results.insert(ScenarioResult(name: name, file: file, line: line, status: outcome.status, message: outcome.message,
                                      seconds: start.duration(to: clock.now).inSeconds), at: index)
    }

    /// Runs a hook; when it raises, its result is added and false returned.
    private mutating func runHook(_ hook: ScenarioCollector.Hook, names: [String], file: String) -> Bool {
        let outcome = call(hook.function)
        guard outcome.status != .success else { return true }
        results.append(ScenarioResult(name: fullName(names, hook.word), file: file, line: Self.line(of: hook.site),
                                      status: outcome.status == .pending ? .error : outcome.status, message: outcome.message))
        return false
    }

    /// Calls a spec's function and says how it ended: a failure or pending the signal raised, or
    /// an error; an interruption also stops the run.
    private mutating func call(_ function: LuaFunction) -> (status: ScenarioResult.Status, message: String?) {
        session.signal.reset()
        do {
            try function.call()
            return (.success, nil)
        } catch {
            if error.kind == .interrupted { stopped = true }
            switch session.signal.kind(of: error) {
            case .failure: return (.failure, error.message)
            case .pending: return (.pending, error.message)
            case nil: return (.error, error.message)
            }
        }
    }
}

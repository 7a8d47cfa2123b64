import Switchyard
import SwitchyardLua
import SwitchyardAnalysis

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
        if let coverage {
            routeTable.typeRefusalListener = { [unowned(unsafe) self] route in coverage.typeRefused(self.routeTable[route]) }
        }
        defer {
            routeTable.typeRefusalListener = nil
            watching?.cancel()
            replaceNavigator(original.0)
            invariants = original.1
            engine.resetHostMemory(to: originalHostMemory)
        }
        var run = ScenarioRun(runtime: self, selection: selection)
        // Spies made in a test are put back at its end only if the scopes exist before it runs.
        do {
            try installScenarioTesting()
            try buildScenarioLibraries()
        } catch {
            return ScenarioReport(results: files.map { ScenarioResult(name: $0, file: $0, status: .error, message: error.message) })
        }
        let undivert: LuaFunction?
        do { undivert = try divertExit(to: run.exit) } catch {
            return ScenarioReport(results: files.map { ScenarioResult(name: $0, file: $0, status: .error, message: error.message) })
        }
        defer { _ = try? undivert?.call() }
        for file in files where !run.stopped {
            invariants = original.1   // a file's invariants are its own, as its globals are
            run.exit.request = nil
            do {
                try engine.insulated {
                    guard let root = run.collect(file) else { return }
                    run.fileHooks = navigator.hooks
                    run.random = selection.shuffleSeed.map { SeededGenerator(seed: $0, file: file) }
                    run.select(root, names: [])
                    run.block(root, names: [], chain: [], file: file)
                }
                // What top-level `expose` blocks changed outlives the file's insulation.
                for changes in scenarios.insulation?.takeFileLevel() ?? [] { scenarios.insulation?.apply(changes) }
                coverage?.declare(routes: routeTable, flows: flows)
            } catch {
                run.results.append(ScenarioResult(name: file, file: file, status: .error, message: LuaError(bridging: error).message))
            }
        }
        return ScenarioReport(results: run.results)
    }

    /// While specs run, `os.exit` (the full profile's; the sandbox has none) ends the spec file as an
    /// error rather than the process: a spec that exits 0 after a failing test would otherwise end
    /// `switchyard test` with status 0, no results printed and no report written. Returns the
    /// function putting the real `os.exit` back (nil when there is none).
    private func divertExit(to exit: ScenarioExit) throws(LuaError) -> LuaFunction? {
        let divert = try engine.makeFunction { call in
            let code = (try? call.values())?.first.map { $0.description } ?? ""
            let text = "os.exit(\(code)) ends this spec file as an error in switchyard test: nothing after it runs"
            let message = call.location(outside: ScenarioSignal.libraryChunks).map { "\($0): \(text)" } ?? text
            exit.request = message
            throw LuaError(kind: .runtime, message: message, traceback: nil, isLocated: true)
        }
        let install = try engine.run("""
            return function(divert)
              if type(os) ~= "table" or os.exit == nil then return nil end
              local os, original = os, os.exit
              os.exit = divert
              return function() os.exit = original end
            end
            """, chunkName: "=(test os.exit)").first?.functionValue
        return try install?.call(.function(divert)).first?.functionValue
    }

    /// The tests `runScenarios` would run, in declaration order, without running them (the
    /// describe bodies do run: they declare the tests).
    public func listScenarios(files: [String], selection: ScenarioSelection = ScenarioSelection()) -> [ScenarioEntry] {
        var run = ScenarioRun(runtime: self, selection: selection)
        var entries: [ScenarioEntry] = []
        do { try installScenarioTesting() } catch { return [] }
        let undivert = try? divertExit(to: run.exit)
        defer { _ = try? undivert?.call() }
        for file in files {
            run.exit.request = nil
            _ = try? engine.insulated {
                guard let root = run.collect(file) else { return }
                run.select(root, names: [])
                run.list(root, names: [], file: file, into: &entries)
            }
        }
        return entries
    }
}

/// Set when a spec called `os.exit`: the message its error result carries. The file it was called
/// in ends there, even when the spec caught the error with `pcall`.
private final class ScenarioExit {
    var request: String?
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
    let exit = ScenarioExit()
    /// The `nav.before`/`nav.after` hooks the file's top level left: each test starts with these,
    /// not with what an earlier test added or turned off.
    var fileHooks: Navigator.Hooks?
    /// Nothing more of the current file runs: the run was interrupted, or the file called `os.exit`.
    private var halted: Bool { stopped || exit.request != nil }

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
            if let exited = exit.request {
                results.append(ScenarioResult(name: file, file: file, status: .error, message: exited))
                return nil
            }
            return collector.root
        } catch {
            results.append(ScenarioResult(name: file, file: file, status: .error, message: exit.request ?? error.message))
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
        // insulate: its body's changes back for its tests, everything undone at its end; expose:
        // what it changed outlives the insulation around it.
        let insulation = block.mode == .plain ? nil : try? session.insulation(runtime.engine)
        let saved = insulation?.save()
        if let insulation, block.mode == .insulate {
            insulation.open()
            if let declared = block.declared { insulation.apply(declared) }
        }
        defer {
            if let insulation, let saved {
                if block.mode == .insulate { insulation.close(restoring: saved) } else { insulation.expose(insulation.changes(since: saved)) }
            }
        }
        var ready = !halted
        for hook in block.hooks(.setup) where ready {
            ready = runHook(hook, names: names, file: file)
        }
        if ready {
            for item in ordered(block.items) where !halted {
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
        guard !halted else { return }
        guard let body = test.body else {
            results.append(ScenarioResult(name: name, file: file, line: line, status: .pending))
            return
        }
        guard lazySetups(chain, file: file) else { return }
        let clock = ContinuousClock()
        let start = clock.now
        // A route the test removes (`remove_route`, a feature flag's spec) is back for the next test,
        // as the navigator is fresh for it.
        let removedRoutes = runtime.routeTable.removed
        defer { runtime.routeTable.restoreRemoved(removedRoutes) }
        do {
            let fresh = try runtime.startFresh()
            if let fileHooks { fresh.replaceHooks(with: fileHooks) }
            try NavObject.renew(in: runtime)   // however the last test changed `nav`, this one's is new
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
        // The next file is collected on this navigator: what the test did to the hooks ends with it.
        if let fileHooks { runtime.navigator.replaceHooks(with: fileHooks) }
        guard ready else { return }
        results.insert(ScenarioResult(name: name, file: file, line: line, status: outcome.status, message: outcome.message,
                                      seconds: start.duration(to: clock.now).inSeconds), at: index)
    }

    /// Runs a hook; when it raises, its result is added and false returned.
    private mutating func runHook(_ hook: ScenarioCollector.Hook, names: [String], file: String) -> Bool {
        guard !halted else { return false }
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
            if let exited = exit.request { return (.error, exited) }
            return (.success, nil)
        } catch {
            if let exited = exit.request { return (.error, exited) }
            if error.kind == .interrupted { stopped = true }
            switch session.signal.kind(of: error) {
            case .failure: return (.failure, error.message)
            case .pending: return (.pending, error.message)
            case nil: return (.error, error.message)
            }
        }
    }
}

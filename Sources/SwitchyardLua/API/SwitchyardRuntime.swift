import Switchyard

/// The whole Lua API (docs/lua-api.md) over one route table and one navigator, in one engine.
///
/// ```swift
/// let runtime = try SwitchyardRuntime()
/// try runtime.load(file: "examples/music/app.lua")
/// try runtime.navigator.push("/album/12")
/// try runtime.engine.run("nav.pop()", chunkName: "=host")
/// ```
///
/// The scenario functions (`describe`, `it`, `assert`, spies) and `runScenarios` come with the
/// SwitchyardTesting library, which an app need not link.
public final class SwitchyardRuntime {
    /// The Lua engine the API is installed in, for running the host's own Lua:
    /// `try runtime.engine.run("nav.push('/album/7')", chunkName: "=host")`.
    public let engine: LuaEngine
    /// The navigator `nav` drives. Replaced by `reload()` and for each scenario test:
    /// `try runtime.navigator.push("/album/12")`.
    /// Unchecked exclusivity: every `nav` call reads it, and the runtime is used from one thread.
    /// One replaced while a `nav` call has it lent (`withLentNavigator`) is kept until no call has.
    @exclusivity(unchecked) public private(set) var navigator: Navigator {
        didSet {
            unretainedNavigator = .passUnretained(navigator)
            if navigatorLends != 0 { retiredNavigators.append(oldValue) }
        }
    }
    /// `navigator`, unretained: what `withLentNavigator` lends (read, it is a plain load).
    @exclusivity(unchecked) private(set) var unretainedNavigator: Unmanaged<Navigator>
    /// How many `nav` calls have the navigator lent now, and the navigators replaced meanwhile.
    @exclusivity(unchecked) var navigatorLends = 0
    @exclusivity(unchecked) var retiredNavigators: [Navigator] = []
    /// The routes declared so far (`navigator.routes`), payloads carrying title, presentation,
    /// links and the Lua callbacks; `Route.site` is the declaration's "file:line". Swift may add
    /// routes too: `try runtime.routeTable.add("/", payload: RouteDefinition(title: "Home"))`.
    public var routeTable: RouteTable<RouteDefinition> { navigator.routes }
    /// Files given to `load(file:)`, in order.
    package private(set) var loadedFiles: [String] = []

    /// Declared flows, by name (for `:flows` and graphs): `runtime.flows["signup"]?.count`.
    public var flows: [String: [FlowStep]] { navigator.flows }
    /// Declared tab root paths, in order (empty: no tabs): `["/home", "/search"]` after
    /// `tabs({"/home", "/search"})`.
    public var tabs: [String] { navigator.tabPaths }
    /// The declared not-found route, if any: `runtime.notFound?.title` after `not_found({title = "Lost"})`.
    public var notFound: RouteDefinition? { navigator.notFound }
    /// "file:line" where `not_found` was declared.
    package internal(set) var notFoundSite: String?
    /// The rules `invariant(name, fn)` declared, in order (`checkInvariants()` asks them).
    package var invariants: [Invariant] = []
    /// The session flags `flag(name, values [, set])` declared, in order (`switchyard walk` sets them).
    package var sessionFlags: [SessionFlag] = []

    /// Names readable on `nav` (`nav.path`, ...) and callable on it (`nav.push`, ...), for completion.
    package var navFieldNames: [String] { NavObject.fieldNames }
    package var navOperationNames: [String] { NavObject.operationNames }

    /// The `group` calls being run (prefix and options), innermost last.
    var groups: [GroupOptions] = []
    /// Where the guards of routes declared inside guarded groups come from, by declaration site and
    /// pattern (see `guardSources(of:)`).
    var groupGuardSources: [String: String] = [:]
    /// Where the route callbacks report their outcomes (coverage, in SwitchyardTesting).
    package let callbackOutcomes = CallbackOutcomes()
    /// The scenario toolkit's state in this runtime (SwitchyardTesting keeps its session here); nil
    /// until the toolkit is installed.
    package var toolkitState: AnyObject?
    /// Metatable of `nav.on` handles.
    var handleMetatable: LuaTable?
    /// Metatable of what `nav.pending(key)` returns, made on first use.
    var pendingMetatable: LuaTable?
    /// How `mismatch()` in a validator reaches the validator's Swift side.
    let mismatches = MismatchSignal()

    /// A runtime over an empty route table and a navigator, its engine made with `configuration`:
    /// `try SwitchyardRuntime(configuration: .init(instructionLimit: 1_000_000))`.
    public init(configuration: LuaEngine.Configuration = .init()) throws(LuaError) {
        engine = try LuaEngine(configuration: configuration)
        let navigator = Navigator()
        self.navigator = navigator
        unretainedNavigator = .passUnretained(navigator)
        // A memory cap bounds the navigator's screens too, not only the Lua heap (issue 15).
        if let bytes = configuration.memoryLimit { navigator.limits = .fitting(bytes: bytes) }
        try engine.state.withoutMemoryCap { () throws(LuaError) in
            try installDeclarations()
            try installQueries()
            try NavObject.install(in: self)
            try installInvariants()
            try installSessionFlags()
        }
    }

    /// Closing the Lua state first guarantees no Lua code reaches the API's functions (which hold
    /// the runtime unowned) once the runtime is gone; an `engine` kept elsewhere then reports that
    /// it has been closed.
    deinit { engine.state.close() }

    /// Loads a route script: declares routes, groups, tabs, flows, not_found. When the script did
    /// not navigate, the start screen is then landed on its route.
    ///
    /// ```swift
    /// try runtime.load(file: "app.lua")
    /// ```
    public func load(file path: String) throws(LuaError) {
        if !loadedFiles.contains(path) { loadedFiles.append(path) }
        try engine.runFile(path)
        try landStartScreenIfUntouched()
    }

    /// Loads a route script as one unit: when it fails, nothing of it is kept. The globals and loaded
    /// modules (shallowly: a table that was there is there again), the routes, not-found route, flows,
    /// tabs, `nav.on` handlers, invariants, the navigation state and the files `reload()` runs are put
    /// back as they were, so a broken file never half-replaces an app (REPL `:load`).
    ///
    /// ```swift
    /// do { try runtime.loadAtomically(file: "broken.lua") } catch { /* runtime as before */ }
    /// ```
    public func loadAtomically(file path: String) throws(LuaError) {
        let navigator = self.navigator
        let checkpoint = navigator.checkpoint()
        let declarations = navigator.declarations()
        let previous = (loadedFiles, notFoundSite, invariants, groupGuardSources)
        let previousFlags = sessionFlags
        do {
            try engine.undoingGlobalsOnFailure { () throws(LuaError) in try load(file: path) }
        } catch {
            if self.navigator !== navigator { replaceNavigator(navigator) }
            try? navigator.rollBack(to: checkpoint)
            navigator.restoreDeclarations(declarations)
            (loadedFiles, notFoundSite, invariants, groupGuardSources) = previous
            sessionFlags = previousFlags
            throw error
        }
    }

    /// Loads a chunk of declarations given as text (chunk name as in `LuaEngine.run`):
    /// `try runtime.load(code: #"route("/album/:id", {title = "Album"})"#, chunkName: "=routes")`.
    public func load(code: String, chunkName: String) throws(LuaError) {
        try engine.run(code, chunkName: chunkName)
        try landStartScreenIfUntouched()
    }

    /// Forgets all routes, flows, handlers and state, and loads the same files again (REPL's
    /// `:reload`). Required modules are loaded afresh. If loading fails, the previous routes and
    /// navigator stay: `try runtime.reload()` after the files changed on disk.
    public func reload() throws(LuaError) {
        let previous = (navigator, notFoundSite, invariants, groupGuardSources)
        let previousFlags = sessionFlags
        let previousHostMemory = engine.hostMemory
        engine.resetHostMemory(to: 0)   // what the files declared goes with the old navigator
        navigator = Navigator(timelineLimit: previous.0.timelineLimit)
        navigator.limits = previous.0.limits
        notFoundSite = nil
        invariants = []
        sessionFlags = []
        groupGuardSources = [:]
        engine.forgetScriptModules()
        do {
            for file in loadedFiles { try engine.runFile(file) }
            try landStartScreenIfUntouched()
        } catch {
            (navigator, notFoundSite, invariants, groupGuardSources) = previous
            sessionFlags = previousFlags
            engine.resetHostMemory(to: previousHostMemory)
            throw error
        }
    }

    package func replaceNavigator(_ fresh: Navigator) { navigator = fresh }

    /// Runs `install` (which defines globals, as the toolkit's `describe`, `it` and `assert` do) as
    /// the runtime's own set-up is run: never refused for a script's memory cap.
    package func installLibrary(_ install: () throws(LuaError) -> Void) throws(LuaError) {
        try engine.state.withoutMemoryCap(install)
    }

    /// Which guards a route runs when some come from its groups, in the order they run:
    /// "group /admin (app.lua:4), then its own (app.lua:5)"; nil for a route no group guards, whose
    /// guard (if any) is its own. For `routes` and `:explain`.
    package func guardSources(of route: Route<RouteDefinition>) -> String? {
        groupGuardSources.isEmpty ? nil : groupGuardSources[Self.sourceKey(site: route.site, pattern: route.pattern.text)]
    }

    static func sourceKey(site: String?, pattern: String) -> String { (site ?? "") + "\u{0}" + pattern }

    private func landStartScreenIfUntouched() throws(LuaError) {
        do { try navigator.relandStart() } catch { throw LuaError(bridging: error) }
    }
}


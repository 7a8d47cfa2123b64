/// The navigation model (docs/navigation.md) over a route table: environments, stacks, timeline, flows,
/// alert and modals, driven by the operations of the Lua API.
///
///     let routes = RouteTable<RouteDefinition>()
///     try routes.add("/", payload: RouteDefinition(title: "Home"))
///     try routes.add("/album/:id", payload: RouteDefinition(title: .computed { "Album \($0.params["id"]!)" }))
///     let navigator = Navigator(routes: routes)
///     try navigator.reset()                 // land the start screen on its route
///     try navigator.push("/album/12")
///     navigator.path == "/album/12"; navigator.stack.count == 2
///
/// Every operation is a transaction: it applies whole and records one timeline entry, or throws a
/// `NavigationError` (or a callback's error) and changes nothing. Observers see each change after it
/// applied; if one throws, the change is undone and the error rethrown.
///
/// Not thread-safe: use a navigator from one thread (or actor) at a time. Navigating from inside one of
/// its own callbacks throws a `NavigationError` (code "reentrant").
public final class Navigator {
    /// The routes landings match against. Routes may be added at any time.
    ///
    ///     navigator.routes[payloadOf: navigator.screen.route!].title
    public let routes: RouteTable<RouteDefinition>
    /// The fallback when no route matches (Echeveria's not-found); nil makes unknown paths an error.
    @exclusivity(unchecked) package var notFound: RouteDefinition?
    /// The app's error screen (Lua's `error_screen`): lands in place of any route without its own
    /// whose title, view, links, loader or validator raises. nil: such an error aborts the operation.
    package var errorScreen: ErrorScreen?
    /// The longest redirect chain followed before a `NavigationError` (code "too_many_redirects").
    var maxRedirects = 16
    /// Ceilings on what a state may hold; an operation that would pass one throws and changes nothing.
    /// (Unchecked exclusivity, as `notFound`: every push reads it, and the dynamic check cost more
    /// than the limits' own comparisons.)
    ///
    ///     navigator.limits.screensPerStack = 500
    @exclusivity(unchecked) public var limits = NavigatorLimits()
    /// Declared flows by name.
    package private(set) var flows: [String: [FlowStep]] = [:]
    /// Declared tab root paths, in order (empty: the root is a single stack).
    package private(set) var tabPaths: [String] = []

    // Unchecked exclusivity (here and on `notFound`, which every landing reads): every operation reads
    // and writes these several times, and the dynamic checks cost more than the rest of a pop. A
    // navigator is used from one thread at a time, and `inFlight` already refuses a nested operation
    // (the only way two accesses could overlap).
    // Safety: as above. Re-measured for issue 32: without the unchecked exclusivity here, on `notFound`
    // and `limits`, on `Screen.Fields.below`/`depth`, and the unretained walk in `ScreenStack`, a
    // `nav.push` + `nav.pop` pair took 4,921 instructions, not 4,082 (+20 %; callgrind,
    // `switchyard-bench --counted-loop lua-push-pop parameter-heavy 1000`, Benchmarks/README.md case 11).
    @exclusivity(unchecked) var timeline: Timeline
    /// Set while an operation lands the modals over its own new screen (`open` with
    /// `?presentation=modal`): they are kept when the screen on top changes, the alert is not.
    var landsOwnModals = false
    @exclusivity(unchecked) var nextID = 1
    /// The top screen's object of the last timeline entry that fell off, when nothing else held it:
    /// the next bare landing refills it instead of allocating (`Timeline.commit`). Held here, not in
    /// the timeline, which checkpoints copy: a node two holders could refill would not be lone.
    @exclusivity(unchecked) var spareNode: Screen.Fields?
    @exclusivity(unchecked) var inFlight: NavigationOperation?
    /// Counts operations entered (`navigationInFlight`).
    @exclusivity(unchecked) var operationSerial = 0
    /// Whether any screen may have departure work (a leave guard, callbacks): set by the first landing
    /// that makes one, so an app without either never looks for departures.
    @exclusivity(unchecked) var watchesDepartures = false
    /// The departure callbacks (`ScreenOptions.onResult`, `onDismiss`) of the screens this navigator
    /// landed, until they run: kept here, on the navigator's thread, rather than in the screens, so a
    /// screen stays `Sendable` while the closures need not be. See `Navigator+Departures.swift`.
    var screenCallbacks = KeptScreenCallbacks()
    /// The result `pop(result:)` / `dismiss(result:)` hands the departing top screen's `onResult`.
    var departureResult: (screen: Int, value: Any?)?
    /// The last change and the screen it started from (its end is the current screen): `lastAction`.
    /// `from` is nil when that screen is the top of the timeline's entry before the current one: a
    /// change committed with nobody watching adds its entry after the one it started from, so the
    /// screen is read there when asked for instead of retained by every operation (a `nav.push` +
    /// `nav.pop` pair counted 3,851.8 instructions retaining it, 3,794.8 without; callgrind,
    /// `switchyard-bench --counted-loop lua-push-pop parameter-heavy 1000`).
    @exclusivity(unchecked) var lastChange: (operation: NavigationOperation, from: Screen?)?
    /// The chain of the operation in flight (validator, redirect, guard and leave answers), appended
    /// as they happen (`recordChainStep`); empty for a landing nothing sent elsewhere, which appends
    /// nothing.
    @exclusivity(unchecked) var chainSteps: [ChainStep] = []
    /// The chain of the last change: `lastAction.chain`.
    @exclusivity(unchecked) var lastChain: [ChainStep] = []
    /// Whether `chainSteps` and `lastChain` hold anything. Every operation asks; flags answer without
    /// touching the arrays, whose reads cost a retain and a release each on the push+pop path.
    @exclusivity(unchecked) var hasChainSteps = false
    @exclusivity(unchecked) var hasLastChain = false
    /// Whether the operation in flight set the route table's `validatorListener` (read as a flag:
    /// loading the optional closure to test it cost a retain and a release every operation).
    @exclusivity(unchecked) var listensToValidators = false
    /// The navigation a guard holds (`pendingNavigation`), and the decision `settle` hands that guard.
    @exclusivity(unchecked) var held: HeldNavigation?
    var settling: (path: String, decision: GuardDecision)?
    /// The data `settle(_:loaded:)` gives the held path's loader while it runs the operation again.
    var settlingLoad: (path: String, stage: Int, data: Any?)?
    /// While a leave guard's pending navigation is settled with allow: the screen whose leave guard
    /// has answered.
    var leaveAllowed: Int?
    @exclusivity(unchecked)
    private var observers: [(key: Int, filter: Set<NavigationOperation>?, handler: (NavigationEvent) throws -> Void)] = []
    private var nextObserverKey = 0
    /// The global hooks (`addBeforeHook`, `addAfterHook`), in declaration order. An `after` hook is
    /// also one of `observers`, under the same key; `before` hooks are asked by every landing that
    /// asks guards, so the landing checks the array's emptiness first.
    @exclusivity(unchecked) var beforeHooks: [BeforeHook] = []
    var afterHooks: [AfterHook] = []
    /// The route actions the operation in flight landed, run once it has committed
    /// (`runLandedActions`); and how many actions are running, one inside another's navigation.
    var landedActions: [LandedAction] = []
    var actionDepth = 0
    /// Whether `landedActions` holds any: every `transact` asks twice, and the flag (unchecked, as
    /// `hasChainSteps`) answers without the array's access checks, which cost a push+pop pair 178
    /// instructions (callgrind, `switchyard-bench --counted-loop lua-push-pop parameter-heavy 1000`).
    @exclusivity(unchecked) var hasLandedActions = false

    /// A navigator showing `/`. Its start screen is bare (no route consulted, no callback run) until
    /// `reset()` lands it on its route; call that once routes are declared.
    ///
    ///     let navigator = Navigator(routes: routes);  try navigator.reset()
    public init(routes: RouteTable<RouteDefinition> = RouteTable(), timelineLimit: Int = 100) {
        self.routes = routes
        let root = NavigationEnvironment(kind: .root, root: .bare(id: 0, path: "/"))
        timeline = Timeline(start: TimelineEntry(operation: .start, state: NavigationState(root: root)),
                            limit: timelineLimit)
    }

    // MARK: Reading

    /// Everything shown now: the environments with their stacks, the modals, the alert, the flow queue.
    ///
    ///     navigator.state.environments.count   // 2 while a sheet is up
    package var state: NavigationState { timeline.state }
    /// What each environment shown is, the root first and the one on top last: a sheet, cover or
    /// browser presented over the root adds one.
    ///
    ///     try navigator.sheet("/compose");  navigator.environments == [.root, .sheet]
    public var environments: [EnvironmentKind] { timeline.state.environments.map(\.kind) }
    /// The top screen of the top environment.
    ///
    ///     navigator.screen.title
    public var screen: Screen { timeline.state.screen }
    /// The path of the screen on top.
    ///
    ///     try navigator.push("/album/12");  navigator.path == "/album/12"
    public var path: String { screen.path }
    package var params: [String: String] { screen.params }
    package var query: [String: String] { screen.query }
    package var info: RouteInfo { screen.info }
    /// The screens of the top environment (its selected tab), bottom first.
    ///
    ///     navigator.stack.map(\.path)   // ["/", "/album/12"]
    public var stack: [Screen] { state.top.stack }
    package var history: [TimelineEntry] { timeline.entries }
    /// Position of the current state in `history`.
    package var historyIndex: Int { timeline.index }
    /// Whether the timeline has an earlier state to go back to.
    ///
    ///     if navigator.canBack { try navigator.back() }
    public var canBack: Bool { timeline.canBack }
    /// Whether the timeline has a later state to go forward to (after going back).
    ///
    ///     if navigator.canForward { try navigator.forward() }
    public var canForward: Bool { timeline.canForward }
    package var queue: [FlowStep] { state.queue }
    package var alert: Alert? { state.alert }
    package var alertActive: Bool { state.alert != nil }
    package var modals: [Screen] { state.modals }
    /// Tab names of the root, in order.
    package var tabs: [String] { state.root.tabs }

    /// The last change that applied, as observers heard it: its operation, the top screen before and
    /// after, and the direction (SwiftUI Router's `NavigationAction`). Nil before the first.
    ///
    ///     try navigator.push("/news/latest");  navigator.lastAction?.direction == .deeper
    package var lastAction: NavigationEvent? {
        lastChange.map { NavigationEvent(operation: $0.operation, from: $0.from ?? screenBefore, to: screen, chain: lastChain) }
    }

    /// The top screen of the timeline's entry before the current one: where a change whose
    /// `lastChange.from` is nil started. (The current screen when there is none, which such a change
    /// never leaves: see `setTimelineLimit`.)
    private var screenBefore: Screen { timeline.state(movedBy: -1)?.screen ?? screen }

    /// The bounded length of `history` (at least 1).
    package var timelineLimit: Int { timeline.limit }

    /// Changes the bound of `history`; lowering it drops the oldest entries, never the current one.
    ///
    ///     try navigator.setTimelineLimit(1_000)
    func setTimelineLimit(_ limit: Int) throws(NavigationError) {
        if let inFlight { throw NavigationError(.busy("change the timeline limit", inFlight: inFlight)) }
        // The entry the last change started from may go: its screen is kept first.
        if let change = lastChange, change.from == nil { lastChange = (change.operation, screenBefore) }
        timeline.setLimit(limit)
    }

    /// A new navigator with this one's configuration (routes, not-found, flows, tabs, limits) and
    /// none of its state or observers, landed on its start screen: how each scenario test starts.
    ///
    ///     let scenario = try navigator.fresh()
    public func fresh() throws -> Navigator {
        let copy = unlandedCopy()
        try copy.reset()
        return copy
    }

    /// `fresh()` before the landing: its start screen is bare and no callback has run, for a caller
    /// that must know the navigator before any callback runs (`MapCrawl`) or restores a state into it.
    package func unlandedCopy() -> Navigator {
        let copy = Navigator(routes: routes, timelineLimit: timelineLimit)
        copy.notFound = notFound
        copy.errorScreen = errorScreen
        copy.maxRedirects = maxRedirects
        copy.limits = limits
        copy.flows = flows
        copy.tabPaths = tabPaths
        copy.copyHooks(from: self)
        return copy
    }

    // MARK: Declaring

    /// Declares (or replaces) a named flow.
    ///
    ///     try navigator.declareFlow("signup", steps: [FlowStep("/signup", as: .cover), FlowStep("/signup/name")])
    public func declareFlow(_ name: String, steps: [FlowStep]) throws(NavigationError) {
        guard !steps.isEmpty else { throw NavigationError(.emptyFlow(name)) }
        flows[name] = steps
    }

    /// Makes the root a set of tabs (each named by its first path segment) and starts over on the
    /// first one. An empty list goes back to a single root stack.
    ///
    ///     try navigator.declareTabs(["/home", "/search"]);  navigator.tabs == ["home", "search"]
    public func declareTabs(_ paths: [String]) throws {
        let normalized = paths.map { PathResolver.normalize($0) }
        let names = normalized.map(Self.tabName)
        if let duplicate = names.firstDuplicate {
            throw NavigationError(.invalidTabs("two tabs are named \"\(duplicate)\""))
        }
        let previous = tabPaths
        tabPaths = normalized
        do { if try !relandStart() { try reset() } } catch {
            tabPaths = previous
            throw error
        }
    }

    /// "/search/recent" → "search"; "/" → "/".
    package static func tabName(_ path: String) -> String {
        path.split(separator: "/").first.map(String.init) ?? "/"
    }

    // MARK: Observing

    /// Calls `handler` after every change. Handlers run in registration order; a throwing handler
    /// undoes the change and its error reaches the caller. `event.name` says which operation it was.
    ///
    ///     let token = navigator.observe { event in if event.name == "push" { pushed.append(event.to.path) } }
    public func observe(_ handler: @escaping (NavigationEvent) throws -> Void) -> ObservationToken {
        observe(only: nil, handler)
    }

    /// Calls `handler` after the listed operations only (every change when nil).
    ///
    ///     let token = navigator.observe(only: [.push]) { event in pushed.append(event.to.path) }
    package func observe(only operations: Set<NavigationOperation>?,
                         _ handler: @escaping (NavigationEvent) throws -> Void) -> ObservationToken {
        nextObserverKey += 1
        observers.append((nextObserverKey, operations, handler))
        return ObservationToken(navigator: self, key: nextObserverKey)
    }

    /// The Lua API's `nav.on(event, fn)`: "change" hears every change, an operation's name
    /// ("push", "pop_to", "start_flow"...) only that operation.
    ///
    ///     let token = try navigator.observe(event: "pop_to") { event in print(event.to.path) }
    package func observe(event name: String, _ handler: @escaping (NavigationEvent) throws -> Void)
        throws(NavigationError) -> ObservationToken {
        if name == "change" { return observe(handler) }
        guard let operation = NavigationOperation(rawValue: name), NavigationOperation.observable.contains(operation) else {
            throw NavigationError(.unknownEvent(name, available: ["change"] + NavigationOperation.observable.map(\.rawValue)))
        }
        return observe(only: [operation], handler)
    }

    func removeObserver(_ key: Int) { observers.removeAll { $0.key == key } }

    /// Registers an observer under a key the caller chose (a global hook carried into a copy keeps
    /// its key, so a handle removes it from whichever navigator is current).
    func observe(key: Int, _ handler: @escaping (NavigationEvent) throws -> Void) {
        nextObserverKey = max(nextObserverKey, key)
        observers.append((key, nil, handler))
    }

    /// A new key from the observers' sequence (hooks share it, so a key names one thing).
    func makeObserverKey() -> Int {
        nextObserverKey += 1
        return nextObserverKey
    }
    var observerKeys: Set<Int> { Set(observers.map(\.key)) }

    /// `restore(_ declarations:)`'s writes to what only the navigator may set.
    func restoreDeclared(flows: [String: [FlowStep]], tabPaths: [String], keepingObservers keys: Set<Int>) {
        self.flows = flows
        self.tabPaths = tabPaths
        observers.removeAll { !keys.contains($0.key) }
    }
    func hasObserver(_ key: Int) -> Bool { observers.contains { $0.key == key } }

    /// Tells the observers about a change; `event` is made only when there is someone to tell.
    /// Inlined, so an operation without observers pays one comparison, not a call.
    @inline(__always)
    private func notify(_ event: () -> NavigationEvent) throws {
        guard !observers.isEmpty else { return }
        try notifyAll(event())
    }

    private func notifyAll(_ event: NavigationEvent) throws {
        for observer in observers where observer.filter?.contains(event.operation) ?? true {
            guard hasObserver(observer.key) else { continue }   // cancelled by an earlier handler
            try observer.handler(event)
        }
    }

    // MARK: Transactions

    /// Runs `body` on a draft of the state; commits it as one timeline entry if it changed anything.
    /// Returns false for a no-op (nothing recorded, nobody notified).
    /// Route actions the landings queued run after the commit, when no operation is in flight.
    @discardableResult
    func transact(_ operation: NavigationOperation, replacing: Bool = false,
                  _ body: (inout NavigationState) throws -> Void) throws -> Bool {
        try transactInPlace(operation, replacing: replacing, body)
    }

    /// `transact`, inlined where it is called: for `push` and `pop`, the commonest operations. A
    /// body specialised into a `transact` of its own takes what it captures (the navigator, the path)
    /// owned, so every push retained and released both around the call: a `nav.push` + `nav.pop`
    /// pair counted 4,015.8 instructions with both calling `transact`, 3,878.8 with `push` inlining
    /// this, 3,871.8 with `pop` too (callgrind, `switchyard-bench --counted-loop lua-push-pop
    /// parameter-heavy 1000`). Other operations keep the call: inlined everywhere, the transaction
    /// would be copied into each.
    @discardableResult @inline(__always)
    func transactInPlace(_ operation: NavigationOperation, replacing: Bool = false,
                         _ body: (inout NavigationState) throws -> Void) throws -> Bool {
        if hasLandedActions { dropLandedActions() }   // queued by a landing that did not commit
        let applied: Bool
        do { applied = try transactCommitting(operation, replacing: replacing, body) } catch let only as ActionOnlyLanding {
            landedActions = [only.action]
            try runLandedActions()
            return false
        } catch {
            if hasLandedActions { dropLandedActions() }
            throw error
        }
        if hasLandedActions {
            guard applied else { dropLandedActions(); return false }
            try runLandedActions()
        }
        return applied
    }

    /// What every draft goes through before it is committed, an operation's or a timeline move's: the
    /// browser layers checked, a flow's steps gone with the sheet or cover they ran in, the limits.
    @inline(__always)
    private func finishDraft(_ draft: inout NavigationState, _ operation: NavigationOperation) throws {
        if draft.hasLayers, let problem = draft.browserProblem { throw NavigationError(.invalidArgument(operation: operation, reason: problem)) }
        draft.dropStepsOfDismissedEnvironments()
        // The common case reads one field: `check` asked first copied the whole of `limits` out of the
        // navigator and the draft with it (a `nav.push` + `nav.pop` pair, 17 instructions: 3,763.8 against
        // 3,746.8; callgrind, `switchyard-bench --counted-loop lua-push-pop parameter-heavy 1000`).
        if draft.hasLayers || draft.top.current.count > limits.screensPerStack { try limits.check(draft, operation) }
    }

    // Inlined into `transact`, where this body was before route actions: as a call of its own it
    // cost a push+pop pair 285 instructions (3,974 on main, 3,983 inlined; callgrind as above).
    @inline(__always)
    private func transactCommitting(_ operation: NavigationOperation, replacing: Bool,
                                    _ body: (inout NavigationState) throws -> Void) throws -> Bool {
        try enter(operation)
        defer { finishOperation() }
        // The current state is read in place and copied once, into the draft. Its slot is found once:
        // nothing moves the timeline while the operation is in flight.
        let firstID = nextID
        let current = timeline.currentSlot
        let previousScreenID = timeline[stateInSlot: current].screenID
        var draft = timeline[stateInSlot: current]
        do {
            try body(&draft)
            try finishDraft(&draft, operation)
        } catch {
            nextID = firstID
            throw error
        }
        guard !draft.looksLike(timeline[stateInSlot: current]) else {
            nextID = firstID
            return false
        }
        if draft.screenID != previousScreenID {
            // The alert and modals belong to the screen that was on top. An alert thrown away so is
            // said in the chain: no button of it ran.
            if draft.hasLayers { recordDroppedAlert(of: draft) }
            if landsOwnModals { draft.alert = nil } else { draft.dismissOverlays() }
        }
        guard observers.isEmpty && !watchesDepartures else {
            return try commitWatched(operation, replacing: replacing, draft, from: timeline[stateInSlot: current].screen,
                                     firstID: firstID)
        }
        // The screen the change starts from stays in the entry before the new one (`lastAction` reads
        // it there) unless the new entry takes its place.
        let before = replacing || timeline.limit < 2 ? timeline[stateInSlot: current].screen : nil
        // Nobody can call for the change to be undone: the entries it drops go at once. (The entry is
        // made here, where it is consumed: made before the branch, it was copied: about 50 instructions a
        // push+pop pair.)
        timeline.commit(TimelineEntry(operation: operation, state: consume draft), replacing: replacing,
                        keepingLoneTopIn: &spareNode)
        changed(by: operation, from: before)
        return true
    }

    /// The commit of `transact` when someone may undo it: leave guards first, then observers and the
    /// departing screens' callbacks after the entry is recorded, any of which throwing undoes it.
    private func commitWatched(_ operation: NavigationOperation, replacing: Bool, _ draft: consuming NavigationState,
                               from before: Screen, firstID: Int) throws -> Bool {
        var departing: [Screen] = []
        if watchesDepartures {
            departing = departures(from: timeline.state, to: draft)
            do { try askLeaveGuards(of: departing, to: draft.screen) } catch let hold as LeaveHold {
                // Held: nothing changes now; settling commits this very draft, asking the other guards.
                let computed = copy draft, idsAfter = nextID, result = departureResult
                let actions = landedActions   // transact drops them now; the settled commit runs them
                nextID = firstID
                holdLeave(hold, operation) { [unowned self] in
                    departureResult = result
                    defer { departureResult = nil }
                    try transact(operation, replacing: replacing) { draft in
                        draft = computed
                        nextID = idsAfter
                        if !actions.isEmpty {
                            landedActions = actions
                            hasLandedActions = true
                        }
                    }
                }
                return false
            } catch {
                nextID = firstID
                throw error
            }
        }
        let undo = timeline.record(TimelineEntry(operation: operation, state: consume draft), replacing: replacing)
        do {
            try notify { NavigationEvent(operation: operation, from: before, to: screen, chain: chainSteps) }
            try runDepartureCallbacks(of: departing)
        } catch {
            timeline.revert(undo)
            nextID = firstID
            throw error
        }
        changed(by: operation, from: before)
        return true
    }

    /// Moves along the timeline; false when already at that end.
    func travel(_ operation: NavigationOperation, by delta: Int) throws -> Bool {
        try enter(operation)
        defer { finishOperation() }
        let before = screen
        let old = watchesDepartures ? timeline.state : nil
        // The screens the move brings back are asked their guards and the `before` hooks, as a
        // navigation to them would be (revalidation's walk): a block refuses the move, a redirect
        // lands in the arrived state, which then replaces the entry moved to (docs/navigation.md).
        let firstID = nextID
        var corrected: NavigationState?
        if let target = timeline.state(movedBy: delta), let arrivals = arrivalsToAsk(in: target, from: timeline.state) {
            var draft = target
            do {
                try applyRechecks(to: &draft, arrivals: arrivals, move: operation)
                try finishDraft(&draft, operation)
            } catch {
                nextID = firstID
                throw error
            }
            if !draft.looksLike(target) {
                // The alert and modals belonged to the screen the redirect replaced.
                if draft.screenID != target.screenID { draft.dismissOverlays() }
                corrected = draft
            }
        }
        guard let previous = timeline.move(by: delta) else { return false }
        let undo = corrected.map { timeline.record(TimelineEntry(operation: operation, state: $0), replacing: true) }
        do {
            let departing = old.map { departures(from: $0, to: timeline.state) } ?? []
            try askLeaveGuards(of: departing, to: screen)
            try notify { NavigationEvent(operation: operation, from: before, to: screen, chain: chainSteps) }
            try runDepartureCallbacks(of: departing)
        } catch let hold as LeaveHold {
            if let undo { timeline.revert(undo) }
            timeline.moveBack(to: previous)
            nextID = firstID
            holdLeave(hold, operation) { [unowned self] in _ = try travel(operation, by: delta) }
            return false
        } catch {
            if let undo { timeline.revert(undo) }
            timeline.moveBack(to: previous)
            nextID = firstID
            throw error
        }
        changed(by: operation, from: before)
        return true
    }

    /// Replaces the whole timeline (reset, restore) with what `build` makes, atomically.
    /// `build` may consume ids (`makeID`) or set `nextID`; both are put back on failure.
    func replaceTimeline(_ operation: NavigationOperation, _ build: () throws -> Timeline) throws {
        try enter(operation)
        defer { finishOperation() }
        let saved = (timeline, nextID)
        let before = screen
        // Starting over throws an alert away unanswered, as a navigation does: the chain says so.
        if let alert = saved.0.state.alert { recordChainStep(.droppedAlert(title: alert.title)) }
        do {
            timeline = try build()
            let departing = watchesDepartures ? departures(from: saved.0.state, to: timeline.state) : []
            try askLeaveGuards(of: departing, to: screen)
            try notify { NavigationEvent(operation: operation, from: before, to: screen, chain: chainSteps) }
            try runDepartureCallbacks(of: departing)
        } catch let hold as LeaveHold {
            let built = (timeline, nextID)
            (timeline, nextID) = saved
            holdLeave(hold, operation) { [unowned self] in
                try replaceTimeline(operation) {
                    nextID = built.1
                    return built.0
                }
            }
            return
        } catch {
            (timeline, nextID) = saved
            throw error
        }
        changed(by: operation, from: before)
    }

    /// After a change applied: remember it for `lastAction`, and drop the navigation it cancelled.
    @inline(__always)
    private func changed(by operation: NavigationOperation, from before: Screen?) {
        // Most changes have no chain, and neither had the one before: then nothing is moved. (Before
        // `lastChange` is set: with `before` used last there, it is moved in, not retained again.)
        if hasChainSteps || hasLastChain { moveChainToLast() }
        // A change nobody watches keeps no screen, and neither did the one before it (the common
        // case): only the operation is written. Assigning the pair destroyed the old one out of line,
        // a call and a release of its nil screen every operation.
        if case nil = before, case (_, nil)? = lastChange {
            lastChange!.operation = operation
        } else {
            lastChange = (operation, before)
        }
        if held != nil { held = nil }
    }

    @inline(__always)
    func enter(_ operation: NavigationOperation) throws(NavigationError) {
        if let inFlight { throw NavigationError(.reentrant(attempted: operation, inFlight: inFlight)) }
        inFlight = operation
        operationSerial &+= 1
        // What a failed operation recorded is not the chain of the next one.
        if hasChainSteps { forgetChainSteps() }
        if routes.hasValidators { listenToValidators() }
    }

    private func moveChainToLast() {
        lastChain = chainSteps
        hasLastChain = hasChainSteps
        chainSteps = []
        hasChainSteps = false
    }

    private func forgetChainSteps() {
        chainSteps = []
        hasChainSteps = false
    }

    /// An alert a change throws away unanswered joins its chain (out of line: most changes have none).
    private func recordDroppedAlert(of state: borrowing NavigationState) {
        if let alert = state.alert { recordChainStep(.droppedAlert(title: alert.title)) }
    }

    /// Adds a step to the chain of the operation in flight.
    func recordChainStep(_ step: ChainStep) {
        chainSteps.append(step)
        hasChainSteps = true
    }

    /// The end of what `enter` began.
    @inline(__always)
    func finishOperation() {
        inFlight = nil
        if listensToValidators {
            routes.validatorListener = nil
            listensToValidators = false
        }
    }

    /// Each validator's answer while this operation resolves paths joins its chain (the table is
    /// shared with `fresh()` copies, so the listener is set only for the operation's length).
    private func listenToValidators() {
        listensToValidators = true
        routes.validatorListener = { [unowned self] route, path, accepted, reason in
            recordChainStep(.validated(route: route, path: path, accepted: accepted, reason: reason))
        }
    }

    /// The number of the operation in flight, nil between operations: a layout's guard runs once per
    /// navigation however many of its routes the navigation lands (issue 33).
    package var navigationInFlight: Int? { inFlight == nil ? nil : operationSerial }

    func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}

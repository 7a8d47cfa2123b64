import Switchyard

/// A deliberately simple second implementation of the navigation rules (docs/navigation.md), in plain arrays
/// and without persistent structures, to check `Navigator` against. It knows the route map of
/// `NavigationReferenceModel.routes()` by heart instead of matching. Reusable by soak tests.
struct NavigationReferenceModel: Equatable {
    struct Screen: Equatable {
        var id: Int
        var location: String
        var path: String { String(location.prefix { $0 != "?" && $0 != "#" }) }
    }

    struct Environment: Equatable {
        var kind: String            // "root", "sheet", "cover", "browser"
        var tabs: [String]
        var stacks: [[Screen]]
        var selected: Int
        /// A resizable sheet's detents and the selected one.
        var detents: [String] = []
        var detent: String?
    }

    struct State: Equatable {
        var environments: [Environment]
        var alert: [String]?
        var modals: [Screen]
        var queue: [FlowStep]
        /// How many environments were open when each queued step's flow started (after its first step).
        var queueEnvironments: [Int] = []
        /// The screen each queued step showed (nil: not shown yet); a step whose screen has gone is
        /// offered again.
        var queueShown: [Int?] = []

        /// The indices of the steps `next` may show, in order.
        var offered: [Int] {
            let held = Set(environments.flatMap { $0.stacks.joined().map(\.id) } + modals.map(\.id))
            return queue.indices.filter { queueShown[$0].map { !held.contains($0) } ?? true }
        }
    }

    struct Failure: Error {}
    /// What landing on "/wait" (whose guard waits) throws: the operation is held, changing nothing.
    struct Held: Error { var operation: String }

    /// While `settle` runs a held operation again, the answer "/wait"'s guard gives, once.
    final class SettleOnce: @unchecked Sendable {
        var decision: GuardDecision?
        init(_ decision: GuardDecision) { self.decision = decision }
    }
    @TaskLocal static var settling: SettleOnce?

    /// Counts the changes that applied: one cancels a pending navigation.
    var changes = 0

    let tabPaths: [String]
    let limit: Int
    var timeline: [(operation: String, state: State)] = []
    var index = 0
    var nextID = 1

    // MARK: The route map (shared with the Navigator under test)

    /// "/", "/a", "/b", "/c/:id" (its parent is "/b"), "/s" (sheet by default), "/k" (cover by default),
    /// "/old" → "/a", "/locked" (guard blocks), "/wait" (guard waits), not-found for everything else.
    static func routes() throws -> RouteTable<RouteDefinition> {
        let routes = RouteTable<RouteDefinition>()
        for path in ["/", "/a", "/b"] { try routes.add(path, payload: RouteDefinition(title: "t")) }
        try routes.add("/c/:id", payload: RouteDefinition(title: "t", parent: "/b"))
        try routes.add("/s", payload: RouteDefinition(presentation: .sheet))
        try routes.add("/k", payload: RouteDefinition(presentation: .cover))
        try routes.add("/old", payload: RouteDefinition(redirect: "/a"))
        try routes.add("/locked", payload: RouteDefinition(guard: { _ in .block }))
        try routes.add("/wait", payload: RouteDefinition(guard: { _ in .pending("w") }))
        return routes
    }

    static let paths = ["/", "/a", "/b", "/c/1", "/c/2", "/s", "/k", "/old", "/locked", "/wait", "/nowhere"]
    /// The paths but "/wait", for runs without `settle` (the soak: waiting guards are the model run's).
    static let settledPaths = paths.filter { $0 != "/wait" }

    /// Where a landing on `location` ends, and its route's default presentation.
    private static func destination(_ location: String) throws -> (String, Presentation) {
        let path = String(location.prefix { $0 != "?" })
        switch path {
        case "/locked": throw Failure()
        case "/wait":
            guard let once = settling, let decision = once.decision else { throw Held(operation: "") }
            once.decision = nil
            switch decision {
            case .allow: return (location, .push)
            case let .redirect(target): return try destination(target)
            case .block, .pending: throw Failure()
            }
        case "/old": return ("/a", .push)
        case "/s": return (location, .sheet)
        case "/k": return (location, .cover)
        default: return (location, .push)
        }
    }

    private static func land(_ location: String, _ nextID: inout Int) throws -> (Screen, Presentation) {
        let (landed, presentation) = try destination(location)
        defer { nextID += 1 }
        return (Screen(id: nextID, location: landed), presentation)
    }

    // MARK: Reading

    var state: State { timeline[index].state }
    var top: Screen { state.environments.last!.stacks[state.environments.last!.selected].last! }
    var canBack: Bool { index > 0 }
    var canForward: Bool { index < timeline.count - 1 }

    static func tabName(_ path: String) -> String {
        path.split(separator: "/").first.map(String.init) ?? "/"
    }

    // MARK: Operations (each returns whether it changed anything; throws Failure when it must fail)

    init(tabs: [String], limit: Int) {
        tabPaths = tabs
        self.limit = limit
        _ = try? reset(nil)
        // Declaring routes or tabs is not navigation: the first entry stays the start.
        timeline[0].0 = "start"
    }

    mutating func reset(_ path: String?) throws -> Bool {
        let savedID = nextID
        do {
            var stacks: [[Screen]] = []
            if let path, tabPaths.isEmpty {
                stacks = [[try Self.land(path, &nextID).0]]
            } else {
                for root in tabPaths.isEmpty ? ["/"] : tabPaths {
                    stacks.append([try Self.landLeniently(root, &nextID).0])
                }
            }
            let root = Environment(kind: "root", tabs: tabPaths.map(Self.tabName), stacks: stacks, selected: 0)
            var fresh = State(environments: [root], alert: nil, modals: [], queue: [])
            if let path, !tabPaths.isEmpty {
                Self.showFromRoot(try Self.land(path, &nextID).0, .push, &fresh)
            }
            timeline = [("reset", fresh)]
            index = 0
            changes += 1
            return true
        } catch is Held {
            nextID = savedID
            throw Held(operation: "reset")
        } catch {
            nextID = savedID
            throw error
        }
    }

    private static func landLeniently(_ path: String, _ nextID: inout Int) throws -> (Screen, Presentation) {
        let known = ["/", "/a", "/b", "/s", "/k", "/old", "/locked"].contains(path) || path.hasPrefix("/c/")
        if known { return try land(path, &nextID) }
        defer { nextID += 1 }
        return (Screen(id: nextID, location: path), .push)
    }

    /// The transaction rule: apply to a copy; a failure or a result that looks the same changes nothing.
    private mutating func transact(_ operation: String, replacing: Bool = false,
                                   _ body: (inout State, inout Int) throws -> Void) throws -> Bool {
        let savedID = nextID
        var draft = state
        var id = nextID
        do { try body(&draft, &id) } catch is Held { throw Held(operation: operation) }
        // A browser shows one page over everything: nothing in it, over it, or above it.
        for (position, environment) in draft.environments.enumerated() where environment.kind == "browser" {
            let page = environment.stacks[0]
            if position != draft.environments.count - 1 || page.count > 1 || !draft.modals.isEmpty
                || page[0].location.hasPrefix("/") { throw Failure() }
        }
        // A flow's steps go with the environment it ran in.
        let kept = draft.queueEnvironments.indices.filter { draft.queueEnvironments[$0] <= draft.environments.count }
        draft.queue = kept.map { draft.queue[$0] }
        draft.queueEnvironments = kept.map { draft.queueEnvironments[$0] }
        draft.queueShown = kept.map { draft.queueShown[$0] }
        nextID = id
        if Self.looksSame(draft, state) {
            nextID = savedID
            return false
        }
        if Self.topID(draft) != Self.topID(state) {
            draft.alert = nil
            draft.modals = []
        }
        timeline.removeSubrange((index + 1)...)
        changes += 1
        if replacing {
            timeline[index] = (operation, draft)
        } else {
            timeline.append((operation, draft))
            index += 1
            if timeline.count > limit {
                timeline.removeFirst()
                index -= 1
            }
        }
        return true
    }

    private static func topID(_ state: State) -> Int {
        let environment = state.environments.last!
        return environment.stacks[environment.selected].last!.id
    }

    private static func looksSame(_ a: State, _ b: State) -> Bool {
        func shape(_ state: State) -> [String] {
            state.environments.map { "\($0.kind) \($0.selected) \($0.stacks.map { $0.map(\.location) }) \($0.detents) \($0.detent ?? "")" }
                + ["\(state.alert ?? [])", "\(state.modals.map(\.location))", "\(state.queue)", "\(state.queueEnvironments)", "\(state.queueShown)"]
                + [state.alert == nil ? "no alert" : "alert"]
        }
        return shape(a) == shape(b)
    }

    private static func topStack(_ state: inout State) -> [Screen] {
        let environment = state.environments[state.environments.count - 1]
        return environment.stacks[environment.selected]
    }

    private static func setTopStack(_ stack: [Screen], _ state: inout State) {
        let last = state.environments.count - 1
        state.environments[last].stacks[state.environments[last].selected] = stack
    }

    private static func show(_ screen: Screen, _ presentation: Presentation, _ state: inout State) {
        var stack = topStack(&state)
        switch presentation {
        case .push:
            if stack.last!.location != screen.location { stack.append(screen); setTopStack(stack, &state) }
        case .sheet: state.environments.append(Environment(kind: "sheet", tabs: [], stacks: [[screen]], selected: 0))
        case .cover: state.environments.append(Environment(kind: "cover", tabs: [], stacks: [[screen]], selected: 0))
        }
    }

    static func show(_ screens: [Screen], _ state: inout State) {
        for screen in screens { show(screen, .push, &state) }
    }

    private static func showFromRoot(_ screen: Screen, _ presentation: Presentation, _ state: inout State) {
        state.environments = [state.environments[0]]
        if let index = state.environments[0].tabs.firstIndex(of: tabName(screen.path)) {
            state.environments[0].selected = index
        }
        setTopStack([topStack(&state)[0]], &state)
        show(screen, presentation, &state)
    }

    mutating func go(_ path: String, replace: Bool) throws -> Bool {
        try transact("go", replacing: replace) { state, id in
            let stack = Self.topStack(&state)
            guard path != stack.last!.location else { return }
            let (screen, _) = try Self.land(path, &id)
            guard screen.location != stack.last!.location else { return }
            Self.setTopStack(stack.dropLast() + [screen], &state)
        }
    }

    mutating func push(_ path: String) throws -> Bool {
        try transact("push") { state, id in
            let stack = Self.topStack(&state)
            guard path != stack.last!.location else { return }
            let (screen, _) = try Self.land(path, &id)
            guard screen.location != stack.last!.location else { return }
            Self.setTopStack(stack + [screen], &state)
        }
    }

    mutating func present(_ path: String, as kind: Presentation) throws -> Bool {
        try transact(kind.rawValue) { state, id in
            Self.show(try Self.land(path, &id).0, kind, &state)
        }
    }

    /// Each path pushed in turn unless the stack is already there, as one entry.
    mutating func pushStack(_ paths: [String]) throws -> Bool {
        try transact("push_stack") { state, id in
            guard !paths.isEmpty else { throw Failure() }
            for path in paths {
                let stack = Self.topStack(&state)
                guard path != stack.last!.location else { continue }
                let (screen, _) = try Self.land(path, &id)
                guard screen.location != stack.last!.location else { continue }
                Self.setTopStack(stack + [screen], &state)
            }
        }
    }

    mutating func sheet(_ path: String, detents: [String]) throws -> Bool {
        try transact("sheet") { state, id in
            Self.show(try Self.land(path, &id).0, .sheet, &state)
            state.environments[state.environments.count - 1].detents = detents
            state.environments[state.environments.count - 1].detent = detents[0]
        }
    }

    mutating func setDetent(_ name: String) throws -> Bool {
        try transact("set_detent") { state, _ in
            let last = state.environments.count - 1
            guard state.environments[last].detents.contains(name) else { throw Failure() }
            state.environments[last].detent = name
        }
    }

    mutating func browser(_ url: String) throws -> Bool {
        try transact("browser") { state, id in
            state.environments.append(Environment(kind: "browser", tabs: [], stacks: [[Screen(id: id, location: url)]], selected: 0))
            id += 1
        }
    }

    /// "/c/:id" has the parent "/b": popped to when below, else the top screen is replaced with it.
    mutating func up() throws -> Bool {
        try transact("up") { state, id in
            let stack = Self.topStack(&state)
            guard stack.last!.path.hasPrefix("/c/") else { throw Failure() }
            if let depth = stack.dropLast().lastIndex(where: { $0.location == "/b" }) {
                Self.setTopStack(Array(stack[...depth]), &state)
            } else {
                let (screen, _) = try Self.land("/b", &id)
                Self.setTopStack(stack.dropLast() + [screen], &state)
            }
        }
    }

    mutating func pop(_ count: Int) throws -> Bool {
        try transact("pop") { state, _ in
            let stack = Self.topStack(&state)
            Self.setTopStack(Array(stack.prefix(max(1, stack.count - count))), &state)
        }
    }

    mutating func popTo(_ path: String) throws -> Bool {
        try transact("pop_to") { state, _ in
            guard Self.topStack(&state).last!.path != path else { return }
            for environment in state.environments.indices.reversed() {
                let stack = state.environments[environment].stacks[state.environments[environment].selected]
                let candidates = environment == state.environments.count - 1 ? stack.dropLast() : stack[...]
                if let depth = candidates.lastIndex(where: { $0.path == path }) {
                    state.environments.removeSubrange((environment + 1)...)
                    Self.setTopStack(Array(stack[...depth]), &state)
                    return
                }
            }
            throw Failure()
        }
    }

    mutating func popToRoot() throws -> Bool {
        try transact("pop_to_root") { state, _ in Self.setTopStack([Self.topStack(&state)[0]], &state) }
    }

    mutating func dismiss() throws -> Bool {
        // The top-most layer is dismissed: an alert by its "Cancel" (or its one button), else the top
        // modal, else a screen.
        if let alert = state.alert {
            guard let cancel = alert.first(where: { $0.lowercased() == "cancel" }) ?? (alert.count == 1 ? alert[0] : nil) else {
                throw Failure()
            }
            return try choose(cancel)
        }
        return try transact("dismiss") { state, _ in
            let stack = Self.topStack(&state)
            if !state.modals.isEmpty { state.modals.removeLast() }
            else if stack.count > 1 { Self.setTopStack(stack.dropLast(), &state) }
            else if state.environments.count > 1 { state.environments.removeLast() }
            else { throw Failure() }
        }
    }

    mutating func dismissEnvironment() throws -> Bool {
        try transact("dismiss_environment") { state, _ in
            guard state.environments.count > 1 else { throw Failure() }
            state.environments.removeLast()
        }
    }

    mutating func dismissAll() throws -> Bool {
        try transact("dismiss_all") { state, _ in state.environments = [state.environments[0]] }
    }

    mutating func tab(_ number: Int) throws -> Bool {
        let count = tabPaths.count
        return try transact("tab") { state, _ in
            guard count > 0, (1...count).contains(number) else { throw Failure() }
            state.environments = [state.environments[0]]
            state.environments[0].selected = number - 1
        }
    }

    /// Moves along the timeline, unless the state moved to shows a "/wait" screen the current one
    /// does not: its guard, asked again, waits, and a timeline move does not (it fails, changing nothing).
    mutating func travel(_ delta: Int) throws -> Bool {
        let target = min(max(index + delta, 0), timeline.count - 1)
        func screens(_ state: State) -> [Screen] { state.environments.flatMap { $0.stacks.flatMap { $0 } } }
        let shown = Set(screens(state).map(\.id))
        if screens(timeline[target].state).contains(where: { $0.path == "/wait" && !shown.contains($0.id) }) { throw Failure() }
        defer { index = target }
        if target != index { changes += 1 }
        return target != index
    }

    mutating func startFlow(_ steps: [FlowStep]) throws -> Bool {
        try transact("start_flow") { state, id in
            Self.show(try Self.land(steps[0].path, &id).0, steps[0].presentation, &state)
            state.queue = steps + state.queue
            state.queueEnvironments = Array(repeating: state.environments.count, count: steps.count)
                + state.queueEnvironments
            state.queueShown = [Self.topID(state)] + Array(repeating: nil, count: steps.count - 1) + state.queueShown
        }
    }

    mutating func next(orDismiss: Bool) throws -> Bool {
        try transact(orDismiss ? "next_or_dismiss" : "next") { state, id in
            if let index = state.offered.first {
                let step = state.queue[index]
                Self.show(try Self.land(step.path, &id).0, step.presentation, &state)
                state.queueShown[index] = Self.topID(state)
            } else if orDismiss, state.environments.count > 1 {
                state.environments.removeLast()
                state.queue = []
                state.queueEnvironments = []
                state.queueShown = []
            } else {
                throw Failure()
            }
        }
    }

    mutating func cancelFlow() throws -> Bool {
        try transact("cancel_flow") { state, _ in
            guard !state.offered.isEmpty else { return }
            state.queue = []
            state.queueEnvironments = []
            state.queueShown = []
        }
    }

    mutating func alert(_ labels: [String]) throws -> Bool {
        try transact("alert") { state, _ in
            guard state.alert == nil else { throw Failure() }
            state.alert = labels
        }
    }

    mutating func choose(_ label: String) throws -> Bool {
        try transact("choose") { state, _ in
            guard let alert = state.alert, alert.contains(label) else { throw Failure() }
            state.alert = nil
        }
    }

    mutating func dismissAlert() throws -> Bool {
        try transact("dismiss_alert") { state, _ in
            guard state.alert != nil else { throw Failure() }
            state.alert = nil
        }
    }

    mutating func modal(_ path: String) throws -> Bool {
        try transact("modal") { state, id in state.modals.append(try Self.land(path, &id).0) }
    }

    mutating func dismissModal() throws -> Bool {
        try transact("dismiss_modal") { state, _ in
            guard !state.modals.isEmpty else { throw Failure() }
            state.modals.removeLast()
        }
    }

    /// A deep link to `location` ("/c/1" or "/c/1?presentation=sheet").
    mutating func open(_ location: String) throws -> Bool {
        let query = location.split(separator: "?").dropFirst().first ?? ""
        let asked = query.hasPrefix("presentation=") ? Presentation(rawValue: String(query.dropFirst(13))) : nil
        return try transact("open") { state, id in
            let (screen, preferred) = try Self.land(location, &id)
            if screen.path.hasPrefix("/c/") {   // its parent /b is landed after it, and shown below it
                Self.showFromRoot(try Self.land("/b", &id).0, .push, &state)
                Self.show(screen, asked ?? preferred, &state)
            } else {
                Self.showFromRoot(screen, asked ?? preferred, &state)
            }
        }
    }

    static func == (a: NavigationReferenceModel, b: NavigationReferenceModel) -> Bool {
        a.index == b.index && a.nextID == b.nextID && a.timeline.map(\.state) == b.timeline.map(\.state)
    }
}


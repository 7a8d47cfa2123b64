/// The whole navigation state as a value: environments (root first), the active alert, the modals
/// over the top screen and the queue of the running flow. Timeline entries are these values; they
/// share their screens through `ScreenStack`'s persistent nodes.
///
///     let state = navigator.state
///     state.environments.count == 2       // root + one sheet
///     state.screen.path == navigator.path
package struct NavigationState: Equatable {
    /// The top environment: the root when nothing is presented. Held apart from the ones under it
    /// so that the operations that change only the top environment (push, pop, go...) copy no array.
    var top: NavigationEnvironment
    /// The environments under the top one, the alert, the modals and the flow queue: absent from
    /// most states, so held behind one reference that is nil when all four are empty. A state is
    /// then two references and copies (once per operation, into the timeline) in two retains.
    private var layers: Layers?

    private final class Layers {
        /// Root first.
        let under: [NavigationEnvironment]
        let alert: Alert?
        let modals: [Screen]
        let queue: [QueuedStep]

        init(under: [NavigationEnvironment], alert: Alert?, modals: [Screen], queue: [QueuedStep]) {
            self.under = under
            self.alert = alert
            self.modals = modals
            self.queue = queue
        }
    }

    /// The environments under the top one, root first.
    private var under: [NavigationEnvironment] {
        get { layers?.under ?? [] }
        set { setLayers(under: newValue, alert: alert, modals: modals, queue: queuedSteps) }
    }
    package internal(set) var alert: Alert? {
        get { layers?.alert }
        set { setLayers(under: under, alert: newValue, modals: modals, queue: queuedSteps) }
    }
    package internal(set) var modals: [Screen] {
        get { layers?.modals ?? [] }
        set { setLayers(under: under, alert: alert, modals: newValue, queue: queuedSteps) }
    }
    /// The running flows' steps still to show, in order: those not shown yet, and those shown whose
    /// screen has since been dismissed (SwiftfulRouting's back-and-forth inside a flow: `next` offers
    /// a dismissed step again).
    package var queue: [FlowStep] { offeredSteps.map(\.step) }
    /// The queued steps `next` may show, in order (see `queue`).
    var offeredSteps: [QueuedStep] {
        guard queuedSteps.contains(where: { $0.shownAs != nil }) else { return queuedSteps }
        let held = heldScreenIDs
        return queuedSteps.filter { $0.shownAs.map { !held.contains($0) } ?? true }
    }
    /// The ids of every screen on a stack (every tab's) or a modal.
    private var heldScreenIDs: Set<Int> {
        var ids = Set(modals.map(\.id))
        for environment in environments {
            for stack in environment.tabStacks { ids.formUnion(stack.map(\.id)) }
        }
        return ids
    }
    /// The queue with the environment each step's flow runs in.
    var queuedSteps: [QueuedStep] {
        get { layers?.queue ?? [] }
        set { setLayers(under: under, alert: alert, modals: modals, queue: newValue) }
    }

    init(root: NavigationEnvironment) {
        top = root
    }

    init(environments: [NavigationEnvironment], alert: Alert?, modals: [Screen], queue: [QueuedStep]) {
        top = environments[environments.count - 1]
        setLayers(under: Array(environments.dropLast()), alert: alert, modals: modals, queue: queue)
    }

    private mutating func setLayers(under: [NavigationEnvironment], alert: Alert?, modals: [Screen], queue: [QueuedStep]) {
        layers = under.isEmpty && alert == nil && modals.isEmpty && queue.isEmpty
            ? nil : Layers(under: under, alert: alert, modals: modals, queue: queue)
    }

    /// Drops the alert and the modals, which belong to the screen that was on top. Inlined: most
    /// states have no layers, and then this is one comparison.
    @inline(__always)
    mutating func dismissOverlays() {
        if layers != nil { dismissLayeredOverlays() }
    }

    private mutating func dismissLayeredOverlays() {
        guard alert != nil || !modals.isEmpty else { return }
        setLayers(under: under, alert: nil, modals: [], queue: queuedSteps)
    }

    /// Drops the queued steps of flows whose environment is gone (a dismissed cover takes the rest of
    /// the flow it opened with it). Inlined: most states have no layers, and then this is one comparison.
    @inline(__always)
    mutating func dropStepsOfDismissedEnvironments() {
        if layers != nil { dropLayeredStepsOfDismissedEnvironments() }
    }

    private mutating func dropLayeredStepsOfDismissedEnvironments() {
        let count = environmentCount
        guard queuedSteps.contains(where: { $0.environment > count }) else { return }
        queuedSteps.removeAll { $0.environment > count }
    }

    public static func == (a: NavigationState, b: NavigationState) -> Bool {
        a.top == b.top
            && (a.layers === b.layers
                || (a.under == b.under && a.alert == b.alert && a.modals == b.modals && a.queuedSteps == b.queuedSteps))
    }

    /// Why this state cannot be, when a browser has something in or over it: it shows an external
    /// page over everything, with nothing pushed on it, no modal and no environment above it.
    var browserProblem: String? {
        if let browser = under.first(where: { $0.kind == .browser }) {
            return "a browser is showing \(browser.current.top.path); dismiss it first"
        }
        guard top.kind == .browser else { return nil }
        if top.current.count > 1 || !modals.isEmpty || !top.current.top.isExternal {
            return "a browser is showing \(top.stack.first?.path ?? ""); nothing shows in it or over it (dismiss it first)"
        }
        return nil
    }

    /// Root first.
    ///
    ///     navigator.state.environments.map(\.kind)   // [.root, .sheet]
    public var environments: [NavigationEnvironment] { under + CollectionOfOne(top) }
    package var environmentCount: Int { under.count + 1 }
    /// False when there is nothing but the top environment (no alert, modals, queue or lower ones).
    var hasLayers: Bool { layers != nil }

    /// The bottom environment, the one with the tabs.
    package var root: NavigationEnvironment {
        get { under.first ?? top }
        set { if under.isEmpty { top = newValue } else { under[0] = newValue } }
    }

    /// Same locations at the same places (screen ids aside), same alert, modals and queue: a result
    /// that looks like this is "where you are", and the operation that produced it records nothing.
    @inline(__always)
    func looksLike(_ other: NavigationState) -> Bool {
        // A push or a pop changes the depth of the top stack: the common answer, in one comparison
        // made where the operation is (inlined, it needs no copy of either state).
        guard top.current.count == other.top.current.count else { return false }
        return looksLike(atSameDepth: other)
    }

    private func looksLike(atSameDepth other: NavigationState) -> Bool {
        top.showsSameLocations(as: other.top)
            && under.count == other.under.count
            && zip(under, other.under).allSatisfy { $0.showsSameLocations(as: $1) }
            && alert == other.alert && queuedSteps == other.queuedSteps
            && modals.count == other.modals.count
            && zip(modals, other.modals).allSatisfy { $0.hasSameLocation(as: $1) }
    }

    /// The location: the top screen of the top environment.
    ///
    ///     navigator.state.screen.path
    public var screen: Screen { top.current.top }
    /// Its id, read without copying the screen.
    var screenID: Int { top.current.topID }

    mutating func push(_ screen: __owned Screen) { top.current.push(screen) }

    mutating func replaceTop(with screen: __owned Screen) { top.current.replaceTop(with: screen) }

    mutating func present(_ screen: Screen, as kind: EnvironmentKind, detents: SheetDetents? = nil) {
        under.append(top)
        top = NavigationEnvironment(kind: kind, root: screen, detents: detents)
    }

    /// Shows `screen` as a flow step or deep link asks: pushed (unless already there) or presented.
    mutating func show(_ screen: Screen, as presentation: Presentation) {
        switch presentation {
        case .push where screen.hasSameLocation(as: self.screen): break
        case .push: push(screen)
        case .sheet: present(screen, as: .sheet)
        case .cover: present(screen, as: .cover)
        }
    }

    /// Drops every sheet and cover, back to the root environment.
    mutating func dismissPresented() {
        guard !under.isEmpty else { return }
        top = under[0]
        under = []
    }

    /// Drops the top sheet or cover (the caller has checked there is one).
    mutating func dismissTop() { top = under.removeLast() }

    /// Pops back to the nearest screen satisfying `matches`: first below the top of the top
    /// environment, then through the environments under it (dismissing those above). False if none.
    mutating func popTo(where matches: (Screen) -> Bool) -> Bool {
        if let depth = top.current.depthOfNearest(skippingTop: true, where: matches) {
            top.current.truncate(to: depth)
            return true
        }
        for index in under.indices.reversed() {
            guard let depth = under[index].current.depthOfNearest(skippingTop: false, where: matches) else { continue }
            top = under[index]
            under.removeSubrange(index...)
            top.current.truncate(to: depth)
            return true
        }
        return false
    }
}

/// A queued flow step and the environment its flow runs in (1 is the root, 2 the first sheet or cover
/// over it...): the environment the flow's first step opened, or the one it started in.
struct QueuedStep: Equatable {
    var step: FlowStep
    var environment: Int
    /// The screen the step showed, kept while the flow runs so that dismissing that screen offers the
    /// step again; nil for a step not shown yet.
    var shownAs: Int? = nil
}

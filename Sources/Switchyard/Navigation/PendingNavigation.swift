/// A navigation a guard is holding (Vue Router's and go_router's asynchronous guards): the guard
/// answered `.pending(key)`, so the operation changed nothing yet and waits for `settle(_:with:)`.
///
///     RouteDefinition(guard: { _ in .pending("payment") })   // on /checkout
///     try navigator.push("/checkout")
///     navigator.pendingNavigation?.key == "payment";  navigator.path == "/"
///     try navigator.settle("payment", with: .allow)          // now at /checkout
package struct PendingNavigation: Equatable, Sendable {
    /// What the guard named it: `settle` must give the same key.
    public let key: String
    /// The path whose guard is holding it (after any redirect on the way).
    public let path: String
    /// The operation held.
    public let operation: NavigationOperation
    /// What holds it: a guard of the path landed (`path`), or the leave guard of the screen at `path`,
    /// which the operation would remove on its way to `to`.
    package var kind: PendingKind = .guard
    /// For a leave guard's hold, the path the operation would show.
    package var to: String? = nil
    /// For a loader's hold, which loader of the path holds it: a layout's (0 the outermost), or the
    /// route's own (after its layouts'). The settled data answers for that one.
    package var loadStage = 0
}

/// Which kind of guard holds a pending navigation.
package enum PendingKind: String, Sendable {
    case `guard`
    case leave
    /// A route's loader, which waits for its data.
    case load
}

/// What a leave guard's `pending(key)` throws (a leave guard answers true or false otherwise); the
/// operation's commit catches it, puts everything back and holds the operation (`holdLeave`).
package struct LeaveHold: Error {
    package let key: String
    /// Filled by `askLeaveGuards`: the screen whose guard holds and where the operation was going.
    var screen: Screen?
    var destination: String?

    package init(key: String) { self.key = key }
}

/// A held operation with everything needed to run it again when it is settled: its arguments, and
/// the options and detents of a call that had them (kept in memory; a save keeps what JSON can).
struct HeldCall {
    var operation: NavigationOperation
    /// Paths (go, push, push_stack, sheet, cover, modal, reset), a URL (open) or a flow's name.
    var arguments: [String] = []
    /// An ad-hoc flow's steps (a declared flow is held by its name).
    var steps: [FlowStep]?
    var options: ScreenOptions?
    var detents: SheetDetents?
    var replace = false

    /// The operations a guard can hold: those that land a path.
    static let holdable: Set<NavigationOperation> = [.go, .push, .pushStack, .sheet, .cover, .modal, .open, .up,
                                                      .startFlow, .next, .nextOrDismiss, .reset]
}

/// What a guard's `.pending(key)` throws through the landing to the operation's transaction, which
/// holds the operation (see `Navigator.hold`). Never reaches a caller.
package struct GuardHold: Error {
    let key: String
    let path: String
    /// Whether the route's loader (not a guard) holds it: `settle(_:loaded:)` then gives the data.
    var loading = false
    /// Which of the path's loaders holds it (`PendingNavigation.loadStage`).
    var stage = 0
}

extension Navigator {
    /// The navigation a guard is holding, if any. Any other navigation that changes the state cancels it.
    package var pendingNavigation: PendingNavigation? { held?.pending }

    /// Finishes the pending navigation as if its guard had answered `decision`: `.allow` runs the
    /// operation again with that guard allowing, `.redirect` sends it to the path, `.block` drops it
    /// (nothing changes; false is returned). Throws when nothing is pending under `key`; should the
    /// settled operation fail, it throws with the navigation still pending and nothing changed.
    ///
    ///     try navigator.settle("payment", with: .redirect("/checkout/failed"))
    @discardableResult
    public func settle(_ key: String, with decision: GuardDecision) throws -> Bool {
        if let inFlight { throw NavigationError(.busy("settle \"\(key)\"", inFlight: inFlight)) }
        guard let held, held.pending.key == key else {
            throw NavigationError(.unknownPendingKey(key, pending: self.held?.pending.key))
        }
        if case .pending = decision {
            throw NavigationError(.invalidArgument(operation: held.call.operation, reason: "a pending navigation is settled with allow, block or a path, not another pending"))
        }
        if let resume = held.resume { return try settleLeave(held, decision, resume) }
        if held.pending.kind == .load {
            throw NavigationError(.invalidArgument(operation: held.call.operation, reason: "a loader's pending navigation is settled with its data, not a guard's answer"))
        }
        self.held = nil
        guard decision != .block else { return false }
        settling = (held.pending.path, decision)
        defer { settling = nil }
        do { try replay(held.call) } catch {
            self.held = held
            throw error
        }
        return true
    }

    /// Runs `operation`, which lands a path; should a guard hold it, `call` (how to run it again)
    /// becomes the pending navigation and `holding` returns normally, nothing else having changed (the
    /// transaction threw and put everything back). Other errors go to the caller. Inlined, and outside
    /// `transact`, so a transaction's body stays specialised into it (a closure parameter of `transact`
    /// cost a push+pop pair 70 instructions).
    @inline(__always)
    func holding(_ call: @autoclosure () -> HeldCall, _ operation: () throws -> Void) throws {
        do { try operation() } catch let hold as GuardHold {
            let call = call()
            held = HeldNavigation(pending: PendingNavigation(key: hold.key, path: hold.path, operation: call.operation,
                                                             kind: hold.loading ? .load : .guard, loadStage: hold.stage),
                                   call: call)
        }
    }

    /// Finishes the navigation a loader holds: the operation runs again, the loader of the held path
    /// not asked, `data` standing for its answer. Throws when no loader holds a navigation under `key`;
    /// should the settled operation fail, it throws with the navigation still pending.
    ///
    ///     try navigator.settle("album-12", loaded: "Kind of Blue")
    package func settle(_ key: String, loaded data: Any?) throws {
        if let inFlight { throw NavigationError(.busy("settle \"\(key)\"", inFlight: inFlight)) }
        guard let held, held.pending.key == key else {
            throw NavigationError(.unknownPendingKey(key, pending: self.held?.pending.key))
        }
        guard held.pending.kind == .load else {
            throw NavigationError(.invalidArgument(operation: held.call.operation, reason: "the pending navigation \"\(key)\" is held by a guard; its data is no answer"))
        }
        self.held = nil
        settlingLoad = (held.pending.path, held.pending.loadStage, data)
        defer { settlingLoad = nil }
        do { try replay(held.call) } catch {
            self.held = held
            throw error
        }
    }

    /// The answer of the loader `stage` of `path` (`PendingNavigation.loadStage`) while
    /// `settle(_:loaded:)` runs its operation again: the data settled (once), otherwise what `ask` says.
    func loadAnswer(for path: String, stage: Int = 0, _ ask: () throws -> LoadAnswer) rethrows -> LoadAnswer {
        if let settled = settledLoad(for: path, stage: stage) { return settled }
        return try ask()
    }

    /// The data `settle(_:loaded:)` gave the loader `stage` of `path`, taken once; nil otherwise.
    func settledLoad(for path: String, stage: Int) -> LoadAnswer? {
        guard let settlingLoad, settlingLoad.path == path, settlingLoad.stage == stage else { return nil }
        self.settlingLoad = nil
        return .data(settlingLoad.data)
    }

    /// The guard's answer for `path` while `settle` runs its operation again: the settled decision
    /// (once), otherwise what `ask` says.
    func decision(for path: String, _ ask: () throws -> GuardDecision) rethrows -> GuardDecision {
        if let settling, settling.path == path {
            self.settling = nil
            return settling.decision
        }
        return try ask()
    }

    /// `settle` for an operation a leave guard holds: `.allow` commits what the operation computed
    /// (asking the other departing screens' leave guards), `.block` drops it.
    private func settleLeave(_ held: HeldNavigation, _ decision: GuardDecision, _ resume: () throws -> Void) throws -> Bool {
        if case .redirect = decision {
            throw NavigationError(.invalidArgument(operation: held.call.operation, reason: "a leave guard's pending navigation is settled with true or false, not a path"))
        }
        self.held = nil
        guard decision == .allow else { return false }
        leaveAllowed = held.leaving
        defer { leaveAllowed = nil }
        do { try resume() } catch {
            self.held = held
            throw error
        }
        return true
    }

    /// Holds `operation`, which a leave guard answered `pending(key)` for: `resume` commits it later
    /// (the operation's own transaction, already undone, computed everything it needs).
    func holdLeave(_ hold: LeaveHold, _ operation: NavigationOperation, resume: @escaping () throws -> Void) {
        let pending = PendingNavigation(key: hold.key, path: hold.screen?.path ?? path, operation: operation,
                                        kind: .leave, to: hold.destination)
        held = HeldNavigation(pending: pending, call: HeldCall(operation: operation), resume: resume, leaving: hold.screen?.id)
    }

    private func replay(_ call: HeldCall) throws {
        let first = call.arguments.first ?? "/"
        switch call.operation {
        case .go: try go(first, replace: call.replace)
        case .push: try push(first, options: call.options ?? ScreenOptions())
        case .pushStack: try pushStack(call.arguments)
        case .sheet: try sheet(first, options: call.options ?? ScreenOptions(), detents: call.detents)
        case .cover: try cover(first, options: call.options ?? ScreenOptions())
        case .modal: try modal(first, options: call.options ?? ScreenOptions())
        case .open: try open(first)
        case .up: try up()
        case .startFlow: if let steps = call.steps { try startFlow(steps) } else { try startFlow(first) }
        case .next: try next()
        case .nextOrDismiss: try nextOrDismiss()
        case .reset: try reset(call.arguments.first)
        default: throw NavigationError(.invalidArgument(operation: call.operation, reason: "this operation cannot be pending"))
        }
    }
}

/// The pending navigation with the call that settles it. A class, so the navigator's optional is one
/// pointer: every committed change checks it (as a struct, the check and the store cost a push+pop
/// pair about 70 instructions).
final class HeldNavigation {
    let pending: PendingNavigation
    let call: HeldCall
    /// For a leave guard's hold: how to commit the operation once settled, and the screen whose leave
    /// guard then counts as allowing. (Not saved: a document keeps guard holds only.)
    let resume: (() throws -> Void)?
    let leaving: Int?

    init(pending: PendingNavigation, call: HeldCall, resume: (() throws -> Void)? = nil, leaving: Int? = nil) {
        self.pending = pending
        self.call = call
        self.resume = resume
        self.leaving = leaving
    }
}

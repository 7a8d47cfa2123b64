@testable import Switchyard

/// The navigator under soak and its configuration: tabs or a single root, and the timeline bound.
struct SoakConfiguration: CustomStringConvertible {
    let tabs: [String]
    let limit: Int

    var description: String { "tabs \(tabs), timeline limit \(limit)" }
}

/// The first broken invariant: at which step, during which operation, and what was wrong.
struct SoakFailure: CustomStringConvertible {
    let step: Int
    let operation: SoakOperation
    let message: String

    var description: String { "step \(step), \(operation): \(message)" }
}

/// Drives a `Navigator` and `NavigationReferenceModel` (the navigator helper's independent model) with
/// the same operations and checks after every one: the outcome and the state agree with the model, the
/// location is the top screen of the top environment, the timeline stays within its bound, screen ids are
/// unique, and an operation that fails leaves everything as it was. Every timeline entry's operation is
/// compared every step, its state every `fullCheckInterval` steps (every step when replaying a failure).
struct SoakRun {
    let configuration: SoakConfiguration
    let navigator: Navigator
    var model: NavigationReferenceModel
    var fullCheckInterval: Int
    /// An extra property to check after each step (lets a test plant a failure to prove one is reported).
    var extraInvariant: ((Navigator) -> String?)?
    /// How many times each kind of operation changed the navigator, so a test can see everything ran.
    private(set) var applied: [String: Int] = [:]
    private(set) var steps = 0

    init(_ configuration: SoakConfiguration, fullCheckInterval: Int = 1, extraInvariant: ((Navigator) -> String?)? = nil) throws {
        self.configuration = configuration
        self.fullCheckInterval = fullCheckInterval
        self.extraInvariant = extraInvariant
        navigator = Navigator(routes: try NavigationReferenceModel.routes(), timelineLimit: configuration.limit)
        navigator.notFound = RouteDefinition()
        for (name, steps) in SoakOperation.flows { try navigator.declareFlow(name, steps: steps) }
        // As the model starts: declaring routes or tabs is not navigation, the first entry stays "start".
        if configuration.tabs.isEmpty { try navigator.relandStart() } else { try navigator.declareTabs(configuration.tabs) }
        model = NavigationReferenceModel(tabs: configuration.tabs, limit: configuration.limit)
    }

    /// Replays `operations` from a fresh start, checking everything after every step.
    static func replay(_ operations: [SoakOperation], _ configuration: SoakConfiguration,
                       extraInvariant: ((Navigator) -> String?)? = nil) -> SoakFailure? {
        guard var run = try? SoakRun(configuration, extraInvariant: extraInvariant) else {
            return SoakFailure(step: 0, operation: .reset(nil), message: "the navigator could not start")
        }
        for operation in operations {
            if let failure = run.step(operation) { return failure }
        }
        return nil
    }

    // MARK: One step

    mutating func step(_ operation: SoakOperation) -> SoakFailure? {
        steps += 1
        let fullCheck = steps % fullCheckInterval == 0
        let before = Snapshot(navigator, document: fullCheck)
        var expectedModel = model
        let modelOutcome = Outcome { try operation.apply(to: &expectedModel) }
        let modelChanges = !modelOutcome.failed && SoakOperation.changes(model, expectedModel, operation)

        var reentrantRefusals = 0
        var reentrantOther: [String] = []
        var token: ObservationToken?
        switch operation {
        case .withThrowingObserver:
            token = navigator.observe { _ in throw SoakObserverError() }
        case .withReentrantObserver:
            let navigator = self.navigator
            token = navigator.observe { _ in
                do {
                    try navigator.push("/b")
                    reentrantOther.append("a push from inside an observer went through")
                } catch let error as NavigationError where error.code == "reentrant" {
                    reentrantRefusals += 1
                } catch {
                    reentrantOther.append("a push from inside an observer failed with \(error), not as re-entrant")
                }
            }
        default:
            break
        }
        let realOutcome = Outcome { try operation.apply(to: navigator) }
        let observerThrew = realOutcome.error is SoakObserverError
        token?.cancel()

        func fail(_ message: String) -> SoakFailure { SoakFailure(step: steps, operation: operation, message: message) }

        // The expected outcome, and whether the model advances with the navigator.
        if case .withThrowingObserver = operation, modelChanges {
            guard observerThrew else { return fail("the observer's error should have reached the caller, got \(realOutcome)") }
        } else {
            guard realOutcome == modelOutcome else { return fail("navigator \(realOutcome), model \(modelOutcome)") }
            model = expectedModel
        }
        if case .withReentrantObserver = operation {
            if let problem = reentrantOther.first { return fail(problem) }
            if modelChanges && reentrantRefusals == 0 { return fail("the observer did not run for a change") }
        }
        if realOutcome.failed {
            if let problem = before.difference(from: Snapshot(navigator, document: fullCheck)) {
                return fail("a failed operation changed the navigator: \(problem)")
            }
            applied["failed", default: 0] += 1
        } else {
            applied[operation.kind, default: 0] += 1
        }
        if observerThrew { applied["observer threw, change undone", default: 0] += 1 }
        if reentrantRefusals > 0 { applied["re-entrant navigation refused", default: 0] += 1 }
        if let problem = checkInvariants(fullCheck: fullCheck) { return fail(problem) }
        if let problem = extraInvariant?(navigator) { return fail(problem) }
        return nil
    }

    // MARK: Invariants

    private func checkInvariants(fullCheck: Bool) -> String? {
        let state = navigator.state
        guard let top = state.environments.last, let topScreen = top.stack.last else { return "no top screen" }
        if navigator.screen.id != topScreen.id || navigator.path != topScreen.path {
            return "the location \(navigator.path) (#\(navigator.screen.id)) is not the top of the top environment, \(topScreen.path) (#\(topScreen.id))"
        }
        if navigator.stack.map(\.id) != top.stack.map(\.id) { return "nav.stack is not the top environment's stack" }
        let history = navigator.history
        if history.count > navigator.timelineLimit { return "the timeline holds \(history.count) entries, over its bound \(navigator.timelineLimit)" }
        guard history.indices.contains(navigator.historyIndex) else { return "history index \(navigator.historyIndex) outside 0..<\(history.count)" }
        if history[navigator.historyIndex].state != state { return "the current state is not the timeline's current entry" }
        if navigator.canBack != (navigator.historyIndex > 0) || navigator.canForward != (navigator.historyIndex < history.count - 1) {
            return "canBack/canForward disagree with the history index"
        }
        let ids = state.environments.flatMap { $0.tabStacks.joined().map(\.id) } + state.modals.map(\.id)
        if Set(ids).count != ids.count { return "screen ids repeat: \(ids)" }

        if NavigationModelRun.project(state) != model.state {
            return "state differs from the model:\n  navigator \(NavigationModelRun.project(state))\n  model     \(model.state)"
        }
        if navigator.historyIndex != model.index || history.count != model.timeline.count || navigator.nextID != model.nextID {
            return "timeline position \(navigator.historyIndex)/\(history.count) next id \(navigator.nextID), model \(model.index)/\(model.timeline.count) next id \(model.nextID)"
        }
        // What each entry records is cheap to compare every step; whole past states every few steps.
        for (position, (entry, expected)) in zip(history, model.timeline).enumerated() {
            if entry.operation.rawValue != expected.operation {
                return "timeline[\(position)] records \(entry.operation.rawValue), the model \(expected.operation)"
            }
            if fullCheck && NavigationModelRun.project(entry.state) != expected.state {
                return "timeline[\(position)] differs from the model"
            }
        }
        return nil
    }
}

/// What an operation did: returned a flag, returned nothing, or threw (equal when the kind is equal;
/// the error is kept for the report).
private struct Outcome: Equatable, CustomStringConvertible {
    enum Kind: Equatable {
        case returned(Bool)
        case applied
        case failed
    }

    let kind: Kind
    let error: Error?

    init(_ body: () throws -> Bool?) {
        do {
            kind = try body().map(Kind.returned) ?? .applied
            error = nil
        } catch {
            kind = .failed
            self.error = error
        }
    }

    var failed: Bool { kind == .failed }

    static func == (a: Outcome, b: Outcome) -> Bool { a.kind == b.kind }

    var description: String {
        switch kind {
        case .returned(let flag): "returned \(flag)"
        case .applied: "applied"
        case .failed: "failed (\(error.map { "\($0)" } ?? "?"))"
        }
    }
}

/// Everything an operation could change, to prove a failed one changed nothing.
private struct Snapshot {
    let state: NavigationState
    let index: Int
    let count: Int
    let nextID: Int
    let document: String?

    init(_ navigator: Navigator, document: Bool) {
        state = navigator.state
        index = navigator.historyIndex
        count = navigator.history.count
        nextID = navigator.nextID
        self.document = document ? try? navigator.save() : nil
    }

    func difference(from after: Snapshot) -> String? {
        if state != after.state { return "the state" }
        if index != after.index || count != after.count { return "the timeline position \(index)/\(count) → \(after.index)/\(after.count)" }
        if nextID != after.nextID { return "the next screen id \(nextID) → \(after.nextID)" }
        if document != after.document { return "the saved document" }
        return nil
    }
}

extension SoakOperation {
    /// The operation's name without arguments, for counting what the soak exercised.
    var kind: String {
        switch self {
        case .withThrowingObserver: "withThrowingObserver"
        case .withReentrantObserver: "withReentrantObserver"
        default: String(description.prefix { $0 != "(" })
        }
    }
}

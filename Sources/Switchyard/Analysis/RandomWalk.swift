/// Property-based random navigation (`switchyard walk`): `runs` walks of `steps` moves from a
/// start navigator, each move drawn with a seeded generator among the moves possible where the walk
/// is (`WalkMove.possible(in:)`), and after every move the app's invariants and the built-in ones
/// checked: the state survives save and restore unchanged, a move that failed changed nothing, and
/// only navigation errors are raised. The first violation ends the walk; it is then shrunk (delta
/// debugging, each candidate replayed from a new start navigator) to a shortest walk that breaks
/// the same invariant.
///
///     let walk = RandomWalk(steps: 50, runs: 100, seed: 7, start: { try app.fresh() },
///                           invariants: { nav in nav.path.hasPrefix("/admin") ? WalkViolation(...) : nil })
///     let report = try walk.run()   // report.finding?.steps: the shrunk walk
///
/// Every drawn move counts as a step, a move that failed with a navigation error (a guard blocked
/// it) included: it is what a person tried, and `--steps N` always draws N moves. A run stops
/// early only where no move is possible. Screen ids aside, the same seed makes the same walk.
public struct RandomWalk {
    public var steps: Int
    public var runs: Int
    public var seed: UInt64
    /// The navigator a run (or a replay while shrinking) starts from: a new one each call.
    public var start: () throws -> Navigator
    /// The app's invariants on the navigator's current state: the first broken one, or nil.
    public var invariants: (Navigator) -> WalkViolation?

    public init(steps: Int = 50, runs: Int = 100, seed: UInt64, start: @escaping () throws -> Navigator,
                invariants: @escaping (Navigator) -> WalkViolation? = { _ in nil }) {
        self.steps = steps
        self.runs = runs
        self.seed = seed
        self.start = start
        self.invariants = invariants
    }

    /// Walks, and shrinks the first violation found. Throws only what `start` throws.
    public func run() throws -> WalkReport {
        var generator = SeededGenerator(seed: seed)
        var seen = SeenStates()
        var taken = 0
        for run in 1...max(runs, 1) where runs > 0 {
            let navigator = try start()
            seen.note(navigator)
            if let violation = check(navigator) {
                return report(run, taken, seen, WalkFinding(violation: violation, steps: [], foundAt: (run, 0)))
            }
            var walked: [WalkMove] = []
            for step in 1...max(steps, 1) where steps > 0 {
                let moves = WalkMove.possible(in: navigator)
                guard !moves.isEmpty else { break }
                let move = moves[Int(generator.next() % UInt64(moves.count))]
                walked.append(move)
                taken += 1
                let outcome = make(move, on: navigator)
                seen.note(navigator)
                if let violation = outcome.violation {
                    let shrunk = try shrink(walked, breaking: violation)
                    return report(run, taken, seen, WalkFinding(violation: shrunk.violation, steps: shrunk.steps,
                                                                foundAt: (run, step)))
                }
            }
        }
        return report(runs, taken, seen, nil)
    }

    private func report(_ runs: Int, _ steps: Int, _ seen: SeenStates, _ finding: WalkFinding?) -> WalkReport {
        WalkReport(runs: runs, steps: steps, screens: seen.screens.count, states: seen.states.count, finding: finding)
    }

    /// Makes one move and checks everything after it: whether it failed (with a navigation error) and
    /// the first violation.
    func make(_ move: WalkMove, on navigator: Navigator) -> (failed: Bool, violation: WalkViolation?) {
        let before = navigator.checkpoint()
        do {
            try move.apply(to: navigator)
        } catch let error where error is NavigationError || error is RoutingError {
            guard !navigator.hasChanged(since: before) else {
                return (true, WalkViolation(invariant: WalkViolation.BuiltIn.failedMoveChangesNothing,
                                            message: "\(move) failed (\(error)) but changed the state"))
            }
            return (true, check(navigator))
        } catch {
            return (true, WalkViolation(invariant: WalkViolation.BuiltIn.callbacksDoNotRaise, message: "\(move) raised: \(error)"))
        }
        return (false, check(navigator))
    }

    /// The app's invariants, then the built-in save-and-restore one.
    func check(_ navigator: Navigator) -> WalkViolation? {
        if let violation = invariants(navigator) { return violation }
        return navigator.saveAndRestoreProblem().map {
            WalkViolation(invariant: WalkViolation.BuiltIn.saveAndRestore, message: $0)
        }
    }
}

/// The distinct screens (by location) and states (by what they show, screen ids aside) a walk saw.
struct SeenStates {
    var screens: Set<String> = []
    var states: Set<Int> = []

    mutating func note(_ navigator: Navigator) {
        let state = navigator.state
        screens.insert(state.screen.location)
        states.insert(state.shownHash)
    }
}

extension NavigationState {
    /// A hash of what the state shows: each environment's kind, tabs and stacks by location, the
    /// alert, the modals and the queued flow steps (no screen ids: two pushes of one path are one state).
    var shownHash: Int {
        var hasher = Hasher()
        for environment in environments {
            hasher.combine(environment.kind)
            hasher.combine(environment.selectedTab)
            for stack in environment.tabStacks {
                hasher.combine(stack.count)
                for screen in stack { hasher.combine(screen.location) }
            }
        }
        hasher.combine(alert?.title)
        hasher.combine(alert?.labels)
        for modal in modals { hasher.combine(modal.location) }
        for step in queue { hasher.combine(step.path) }
        return hasher.finalize()
    }
}

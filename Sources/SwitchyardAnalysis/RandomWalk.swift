import Switchyard

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
/// The save-and-restore check is taken apart to keep JSON off most steps (see `SaveRestoreMemo`):
/// what it finds at the end of a run is shrunk as any violation, each replayed step then checked whole.
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
    /// Called before each move, walking and shrinking: what it throws ends the walk (a person
    /// pressed Ctrl-C), as no step count does when it is 2^63.
    public var stopCheck: () throws -> Void = {}
    /// The `set` moves the app's session flags allow where the walk is (each value a flag does not
    /// have now), asked before each move; none by default.
    public var flagMoves: () -> [WalkMove] = { [] }
    /// Changes a flag as a `set` move's argument says (`signed_in=false`); the move then revalidates.
    public var setFlag: (String) throws -> Void = { _ in }

    public init(steps: Int = 50, runs: Int = 100, seed: UInt64, start: @escaping () throws -> Navigator,
                invariants: @escaping (Navigator) -> WalkViolation? = { _ in nil }) {
        self.steps = steps
        self.runs = runs
        self.seed = seed
        self.start = start
        self.invariants = invariants
    }

    /// Walks, and shrinks the first violation found. Throws only what `start` and `stopCheck` throw.
    public func run() throws -> WalkReport {
        var generator = SeededGenerator(seed: seed)
        var seen = SeenStates()
        var memo = SaveRestoreMemo()
        var taken = 0
        for run in 1...max(runs, 1) where runs > 0 {
            let navigator = try start()
            var violation = check(navigator, &memo, key: seen.note(navigator))
            var walked: [WalkMove] = []
            let entries = WalkMove.entryMoves(of: navigator)
            for _ in 0..<steps where violation == nil {
                try stopCheck()
                let moves = WalkMove.possible(in: navigator, opening: entries, flags: flagMoves())
                guard !moves.isEmpty else { break }
                let move = moves[Int(generator.next() % UInt64(moves.count))]
                walked.append(move)
                taken += 1
                let outcome = attempt(move, on: navigator)
                violation = outcome.violation ?? check(navigator, &memo, key: seen.note(navigator))
            }
            if let violation = violation ?? memo.endOfRunProblem(in: navigator).map(Self.saveAndRestoreViolation) {
                let shrunk = try shrink(walked, breaking: violation)
                return report(run, taken, seen, WalkFinding(violation: shrunk.violation, steps: shrunk.steps,
                                                            foundAt: (run, walked.count)))
            }
        }
        return report(runs, taken, seen, nil)
    }

    private func report(_ runs: Int, _ steps: Int, _ seen: SeenStates, _ finding: WalkFinding?) -> WalkReport {
        WalkReport(runs: runs, steps: steps, screens: seen.screens.count, states: seen.states.count, finding: finding)
    }

    /// Makes one move: whether it failed (with a navigation error, a step that did nothing), and the
    /// built-in violations a move itself can make (a failed one changed something, a callback raised).
    /// The caller then `check`s the state it left.
    func attempt(_ move: WalkMove, on navigator: Navigator) -> (failed: Bool, violation: WalkViolation?) {
        let before = navigator.checkpoint()
        do {
            try move.apply(to: navigator, setFlag: setFlag)
        } catch let error where error is NavigationError || error is RoutingError {
            guard !navigator.hasChanged(since: before) else {
                return (true, WalkViolation(invariant: WalkViolation.BuiltIn.failedMoveChangesNothing,
                                            message: "\(move) failed (\(error)) but changed the state"))
            }
            return (true, nil)
        } catch {
            // Not `failed`: that is a navigation error; this one ends the walk where it raised.
            return (false, WalkViolation(invariant: WalkViolation.BuiltIn.callbacksDoNotRaise, message: "\(move) raised: \(error)"))
        }
        return (false, nil)
    }

    /// After a walk's step: the app's invariants, then `SaveRestoreMemo`'s part of the built-in
    /// save-and-restore check (`key`: the state's `contentHash`).
    func check(_ navigator: Navigator, _ memo: inout SaveRestoreMemo, key: Int) -> WalkViolation? {
        if let violation = invariants(navigator) { return violation }
        return memo.stepProblem(in: navigator.state, key: key).map(Self.saveAndRestoreViolation)
    }

    /// After a replay's step: the app's invariants, then the whole timeline through JSON and back
    /// (a replay is short).
    func checkFully(_ navigator: Navigator) -> WalkViolation? {
        if let violation = invariants(navigator) { return violation }
        return navigator.saveAndRestoreProblem().map(Self.saveAndRestoreViolation)
    }

    static func saveAndRestoreViolation(_ problem: String) -> WalkViolation {
        WalkViolation(invariant: WalkViolation.BuiltIn.saveAndRestore, message: problem)
    }
}

/// The distinct screens (by location) and states (by `contentHash`: what they show, screen ids
/// aside) a walk saw.
struct SeenStates {
    var screens: Set<String> = []
    var states: Set<Int> = []

    /// Returns the state's `contentHash`, which the save-and-restore check keys on too.
    @discardableResult
    mutating func note(_ navigator: Navigator) -> Int {
        let state = navigator.state
        let key = state.contentHash
        screens.insert(state.screen.location)
        states.insert(key)
        return key
    }
}

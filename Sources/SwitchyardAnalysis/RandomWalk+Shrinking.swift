import Switchyard

extension RandomWalk {
    /// Replays `moves` from a new start navigator, checking after each as the walk does, and stops at
    /// the first violation. A move that is not possible where the replay has got to is skipped (left
    /// out of the steps returned), so any subsequence of a walk can be replayed.
    ///
    ///     let replay = try walk.replay([WalkMove(.follow, "/settings"), WalkMove(.back)])
    public func replay(_ moves: [WalkMove]) throws -> (steps: [WalkStep], violation: WalkViolation?) {
        let navigator = try start()
        if let violation = checkFully(navigator) { return ([], violation) }
        var steps: [WalkStep] = []
        let entries = WalkMove.entryMoves(of: navigator)
        for move in moves where WalkMove.possible(in: navigator, opening: entries, flags: flagMoves()).contains(move) {
            try stopCheck()
            let outcome = attempt(move, on: navigator)
            steps.append(WalkStep(move, failed: outcome.failed))
            if let violation = outcome.violation ?? checkFully(navigator) { return (steps, violation) }
        }
        return (steps, nil)
    }

    /// The shortest walk delta debugging finds that breaks the invariant `violation` broke, and the
    /// violation as that walk shows it. Should the walk not break it again from a new start (the app
    /// keeps state outside the navigator), the walk is returned whole.
    func shrink(_ walked: [WalkMove], breaking violation: WalkViolation) throws -> (steps: [WalkStep], violation: WalkViolation) {
        let breaks = { (moves: [WalkMove]) throws -> Bool in try replay(moves).violation?.invariant == violation.invariant }
        let shortest = try breaks(walked) ? try Shrinking.minimize(walked, failing: breaks) : walked
        let replayed = try replay(shortest)
        guard let shown = replayed.violation, shown.invariant == violation.invariant else {
            return (walked.map { WalkStep($0) }, violation)
        }
        return (replayed.steps, shown)
    }
}

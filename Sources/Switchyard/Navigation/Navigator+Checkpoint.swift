extension Navigator {
    /// The whole state and timeline as they are at one moment, to come back to with `rollBack(to:)`.
    ///
    /// Every operation is a transaction on its own; a checkpoint makes several into one unit, as the
    /// REPL does with each line typed at its prompt:
    ///
    ///     let before = navigator.checkpoint()
    ///     try navigator.push("/library")
    ///     try navigator.push("/admin")               // a guard says no
    ///     // ... catch: navigator.rollBack(to: before) is at "/" again, with no timeline entry
    package struct Checkpoint {
        fileprivate let timeline: Timeline
        fileprivate let nextID: Int
        fileprivate let lastChange: (operation: NavigationOperation, from: Screen?)?
        fileprivate let held: HeldNavigation?
        fileprivate let lastChain: [ChainStep]
    }

    package func checkpoint() -> Checkpoint {
        Checkpoint(timeline: timeline, nextID: nextID, lastChange: lastChange, held: held, lastChain: lastChain)
    }

    /// Whether anything was recorded or undone since `checkpoint` (a navigation, back, forward, reset).
    package func hasChanged(since checkpoint: Checkpoint) -> Bool {
        nextID != checkpoint.nextID || timeline.index != checkpoint.timeline.index
            || timeline.count != checkpoint.timeline.count || state != checkpoint.timeline.state
    }

    /// Puts back the state and timeline of `checkpoint`. It records no timeline entry and tells no
    /// observer: what is undone is the unit's own doing, which its caller reports. Throws (changing
    /// nothing) while an operation is in flight.
    package func rollBack(to checkpoint: Checkpoint) throws(NavigationError) {
        if let inFlight { throw NavigationError(.busy("roll back", inFlight: inFlight)) }
        timeline = checkpoint.timeline
        nextID = checkpoint.nextID
        lastChange = checkpoint.lastChange
        lastChain = checkpoint.lastChain
        hasLastChain = !lastChain.isEmpty
        held = checkpoint.held
    }

    /// Makes everything recorded since `checkpoint` one timeline entry of `operation`, ending in the
    /// state reached now (the observers have seen each step already). Ids stay as they are: the
    /// folded state keeps the screens those steps made.
    func fold(since checkpoint: Checkpoint, as operation: NavigationOperation) {
        guard timeline.index != checkpoint.timeline.index + 1 || timeline.count != checkpoint.timeline.count + 1
                || timeline.current.operation != operation else { return }
        let reached = timeline.state
        timeline = checkpoint.timeline
        lastChange = (operation, timeline.state.screen)
        timeline.commit(TimelineEntry(operation: operation, state: reached), replacing: false, keepingLoneTopIn: &spareNode)
    }
}

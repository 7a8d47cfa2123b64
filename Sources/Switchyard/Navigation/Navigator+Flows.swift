// Flows (SwiftfulRouting's screen flows): show the first step now, queue the rest for `next`.
extension Navigator {
    /// Starts a declared flow.
    ///
    ///     try navigator.startFlow("signup");  try navigator.next();  try navigator.nextOrDismiss()
    public func startFlow(_ name: String) throws {
        guard let steps = flows[name] else {
            throw NavigationError(.unknownFlow(name, available: flows.keys.sorted()))
        }
        try startFlow(steps, held: HeldCall(operation: .startFlow, arguments: [name]))
    }

    /// Starts an ad-hoc flow: shows the first step and queues the rest in front of the steps of a
    /// flow already running, which goes on after them. The flow runs in the environment its first step
    /// opened (or the one it started in): dismissing that environment drops the flow's queued steps.
    ///
    ///     try navigator.startFlow([FlowStep("/a", as: .cover), FlowStep("/b")])
    package func startFlow(_ steps: [FlowStep]) throws {
        try startFlow(steps, held: HeldCall(operation: .startFlow, steps: steps))
    }

    private func startFlow(_ steps: [FlowStep], held: @autoclosure () -> HeldCall) throws {
        guard let first = steps.first else { throw NavigationError(.emptyFlow("(ad hoc)")) }
        try holding(held()) {
            try transact(.startFlow) { state in
                try perform(first, on: &state)
                let environment = state.environmentCount
                // The first step is kept as shown, so dismissing its screen offers it again.
                state.queuedSteps = [QueuedStep(step: first, environment: environment, shownAs: state.screenID)]
                    + steps.dropFirst().map { QueuedStep(step: $0, environment: environment) }
                    + state.queuedSteps
            }
        }
    }

    /// Shows the next queued step: the first not shown yet, or shown and dismissed since (a step whose
    /// screen was popped is offered again, SwiftfulRouting's back-and-forth). Throws when the queue is
    /// empty.
    ///
    ///     try navigator.startFlow("signup");  try navigator.next()
    public func next() throws {
        try holding(HeldCall(operation: .next)) {
            try transact(.next) { state in
                guard !state.queue.isEmpty else { throw NavigationError(.emptyQueue(operation: .next)) }
                try performNext(on: &state)
            }
        }
    }

    /// Shows the next queued step, or when the queue is empty dismisses the top sheet or cover
    /// (SwiftfulRouting's showNextScreenOrDismissEnvironment). Throws when neither is possible.
    ///
    ///     try navigator.nextOrDismiss()   // on the flow's last step: dismisses its cover
    public func nextOrDismiss() throws {
        try holding(HeldCall(operation: .nextOrDismiss)) {
            try transact(.nextOrDismiss) { state in
                if !state.queue.isEmpty {
                    try performNext(on: &state)
                } else if state.environmentCount > 1 {
                    state.dismissTop()
                    // The flow has ended: its steps are not offered again for the screens that go.
                    state.queuedSteps = []
                } else {
                    throw NavigationError(.nothingToDismiss(
                        operation: .nextOrDismiss, reason: "the flow queue is empty and no sheet or cover is presented"))
                }
            }
        }
    }

    /// Empties the flow queue, leaving the screens as they are. False when it was already empty (the
    /// steps already shown are forgotten with the rest).
    @discardableResult
    package func cancelFlow() throws -> Bool {
        try transact(.cancelFlow) { state in
            // Only steps already shown left: nothing a person sees would change, so nothing is recorded.
            if !state.queue.isEmpty { state.queuedSteps = [] }
        }
    }

    private func performNext(on state: inout NavigationState) throws {
        let held = state.offeredSteps.first!
        guard let index = state.queuedSteps.firstIndex(of: held) else { return }
        try perform(held.step, on: &state)
        state.queuedSteps[index].shownAs = state.screenID
    }

    private func perform(_ step: FlowStep, on state: inout NavigationState) throws {
        state.show(try land(step.path, relativeTo: state.screen.path).screen, as: step.presentation)
    }
}

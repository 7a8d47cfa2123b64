// Flows (SwiftfulRouting's screen flows): show the first step now, queue the rest for `next`.
extension Navigator {
    /// Starts a declared flow.
    ///
    ///     try navigator.startFlow("signup");  try navigator.next();  try navigator.nextOrDismiss()
    public func startFlow(_ name: String) throws {
        guard let steps = flows[name] else {
            throw NavigationError.unknownFlow(name, available: flows.keys.sorted())
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
        guard let first = steps.first else { throw NavigationError.emptyFlow("(ad hoc)") }
        try holding(held()) {
            try transact(.startFlow) { state in
                try perform(first, on: &state)
                let environment = state.environmentCount
                state.queuedSteps = steps.dropFirst().map { QueuedStep(step: $0, environment: environment) }
                    + state.queuedSteps
            }
        }
    }

    /// Shows the next queued step. Throws when the queue is empty.
    ///
    ///     try navigator.startFlow("signup");  try navigator.next()
    public func next() throws {
        try holding(HeldCall(operation: .next)) {
            try transact(.next) { state in
                guard !state.queue.isEmpty else { throw NavigationError.emptyQueue(operation: .next) }
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
                } else {
                    throw NavigationError.nothingToDismiss(
                        operation: .nextOrDismiss, reason: "the flow queue is empty and no sheet or cover is presented")
                }
            }
        }
    }

    /// Empties the flow queue, leaving the screens as they are. False when it was already empty.
    @discardableResult
    package func cancelFlow() throws -> Bool {
        try transact(.cancelFlow) { state in state.queuedSteps = [] }
    }

    private func performNext(on state: inout NavigationState) throws {
        let step = state.queuedSteps.removeFirst().step
        try perform(step, on: &state)
    }

    private func perform(_ step: FlowStep, on state: inout NavigationState) throws {
        state.show(try land(step.path, relativeTo: state.screen.path).screen, as: step.presentation)
    }
}

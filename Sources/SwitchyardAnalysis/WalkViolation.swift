import Switchyard

/// A rule a walk found broken: the invariant's name and what it said ("returned false at
/// /account/billing", the error it raised, the difference a save and restore made).
///
///     WalkViolation(invariant: "signed out never sees /account", message: "at /account/billing")
public struct WalkViolation: Equatable, Sendable, CustomStringConvertible {
    public let invariant: String
    public let message: String

    public init(invariant: String, message: String) {
        self.invariant = invariant
        self.message = message
    }

    public var description: String { "invariant \"\(invariant)\" broken: \(message)" }

    /// The invariants every walk checks besides the app's own.
    public enum BuiltIn {
        public static let saveAndRestore = "save and restore keep the state"
        public static let failedMoveChangesNothing = "a failed move changes nothing"
        public static let callbacksDoNotRaise = "moves raise only navigation errors"
    }
}

/// A step of a replayed walk: the move, and whether it failed with a navigation error (blocked by a
/// guard, nothing to pop), which leaves the state as it was and is no violation.
public struct WalkStep: Equatable, Sendable {
    public let move: WalkMove
    public let failed: Bool

    public init(_ move: WalkMove, failed: Bool = false) {
        self.move = move
        self.failed = failed
    }
}

/// A violation and the shortest walk found that shows it, from a fresh navigator; `foundAt` is
/// where the random walk met it first (run and step, 1-based) before shrinking.
public struct WalkFinding: Equatable, Sendable {
    public let violation: WalkViolation
    public let steps: [WalkStep]
    public let foundAt: (run: Int, step: Int)

    public static func == (a: WalkFinding, b: WalkFinding) -> Bool {
        a.violation == b.violation && a.steps == b.steps && a.foundAt == b.foundAt
    }
}

/// What a walk did: steps taken over how many runs, the distinct screens (locations) and states
/// (screen ids aside) it saw, and the violation it found, if any.
public struct WalkReport: Equatable, Sendable {
    public let runs: Int
    public let steps: Int
    public let screens: Int
    public let states: Int
    public let finding: WalkFinding?
}

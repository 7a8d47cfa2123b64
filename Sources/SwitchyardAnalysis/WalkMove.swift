import Switchyard

/// One step of a random walk: a move a person could make in the state the walk is in (follow a
/// declared link, go back, dismiss, switch tab, answer the alert, open an entry route...), named
/// by its operation and, when it has one, its argument.
///
///     try WalkMove(.follow, "/settings").apply(to: navigator)   // navigator.push("/settings")
public struct WalkMove: Hashable, Sendable, CustomStringConvertible {
    /// The moves a walk draws from, named as `--format json` and the Lua API (`nav.<name>`) say them.
    public enum Operation: String, Sendable, CaseIterable {
        case follow, back, forward, pop, dismiss
        case dismissEnvironment = "dismiss_environment"
        case tab, next, choose, open
        case startFlow = "start_flow"
        /// Settles the pending navigation (argument: its key) as its guard or leave guard allowing,
        /// or a loader's with no data; `refuse` drops a guard's or leave guard's hold.
        case settle, refuse
        /// Sets a session flag (argument: `name=value`, the value as Lua writes it) and revalidates.
        case set
    }

    public let operation: Operation
    /// The link or entry path, the tab, the button's label or the flow's name; nil for the others.
    public let argument: String?

    public init(_ operation: Operation, _ argument: String? = nil) {
        self.operation = operation
        self.argument = argument
    }

    /// The deep link an `open` move opens: its path under an empty host (`app:///settings`), which
    /// `Navigator.open` reads back as the path itself.
    public static func deepLink(to path: String) -> String { "app://" + path }

    /// Makes the move on `navigator` (it throws what the operation throws); a `set` move has
    /// `setFlag` change the flag (given the argument), then revalidates.
    public func apply(to navigator: Navigator, setFlag: (String) throws -> Void = { _ in }) throws {
        let argument = argument ?? ""
        switch operation {
        case .follow: try navigator.push(argument)
        case .back: try navigator.back()
        case .forward: try navigator.forward()
        case .pop: try navigator.pop()
        case .dismiss: try navigator.dismiss()
        case .dismissEnvironment: try navigator.dismissEnvironment()
        case .tab: try navigator.tab(argument)
        case .next: try navigator.next()
        case .choose: try navigator.choose(argument)
        case .open: try navigator.open(Self.deepLink(to: argument))
        case .startFlow: try navigator.startFlow(argument)
        case .settle:
            if navigator.pendingNavigation?.kind == .load {
                try navigator.settle(argument, loaded: nil)
            } else {
                try navigator.settle(argument, with: .allow)
            }
        case .refuse: try navigator.settle(argument, with: .block)
        case .set:
            try setFlag(argument)
            try navigator.revalidate()
        }
    }

    /// "follow /settings", "back".
    public var description: String { argument.map { "\(operation.rawValue) \($0)" } ?? operation.rawValue }
}

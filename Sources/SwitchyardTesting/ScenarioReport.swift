import SwitchyardLua

/// The outcome of `runScenarios`: one result per test run (and per hook that raised), in the order
/// they ran, counted as busted counts them.
///
/// ```swift
/// let report = runtime.runScenarios(files: ["tests/deep_links_spec.lua"])
/// for result in report.results where result.status.isFailed { print(result.site, result.name, result.message ?? "") }
/// print("\(report.passed) passed, \(report.failed) failed")
/// ```
public struct ScenarioReport: Sendable {
    public var results: [ScenarioResult]
    /// Successes.
    public var passed: Int { results.count { $0.status == .success } }
    /// Failures and errors: what makes a run fail.
    public var failed: Int { results.count { $0.status.isFailed } }
    public var pending: Int { results.count { $0.status == .pending } }

    public init(results: [ScenarioResult]) {
        self.results = results
    }
}

/// One scenario test, or one hook that raised (named for its block and word: "checkout before_each"):
/// its full name (the describe names and the it name), file and line of its declaration, how it
/// ended, the message with the spec's file:line, and its duration.
public struct ScenarioResult: Sendable, Equatable {
    /// busted's four outcomes: an assertion that did not hold is a failure; anything else raised
    /// (`error("x")`, indexing nil, a navigation that throws) is an error.
    public enum Status: String, Sendable {
        case success, failure, error, pending

        public var isFailed: Bool { self == .failure || self == .error }

        /// The worse of two: a passing test whose `finally` raised failed after all.
        func worse(_ other: Status) -> Status {
            let order: [Status] = [.success, .pending, .failure, .error]
            return order.firstIndex(of: other)! > order.firstIndex(of: self)! ? other : self
        }
    }

    public var name: String
    public var file: String
    /// The line of the `it` (or hook) in `file`; 0 when the file did not load.
    public var line: Int
    public var status: Status
    /// Why it failed, errored or is pending ("specs/x_spec.lua:12: expected ..."); nil for a success.
    public var message: String?
    public var seconds: Double

    public var passed: Bool { status == .success }

    public init(name: String, file: String, line: Int = 0, status: Status, message: String? = nil, seconds: Double = 0) {
        self.name = name
        self.file = file
        self.line = line
        self.status = status
        self.message = message
        self.seconds = seconds
    }
}

/// A test as `--list` shows it, without running it: "specs/links_spec.lua:12: album opens".
public struct ScenarioEntry: Sendable, Equatable {
    public var name: String
    public var file: String
    public var line: Int
    public var isPending: Bool

    public init(name: String, file: String, line: Int, isPending: Bool) {
        self.name = name
        self.file = file
        self.line = line
        self.isPending = isPending
    }
}

extension Duration {
    /// In seconds, as reports write durations (JUnit's `time`, busted's JSON `duration`).
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

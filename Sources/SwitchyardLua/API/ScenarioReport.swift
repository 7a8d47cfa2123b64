/// The outcome of `runScenarios`: one result per `it`, in the order they ran.
///
/// ```swift
/// let report = runtime.runScenarios(files: ["tests/deep_links.lua"])
/// for result in report.results where !result.passed { print(result.name, result.failure ?? "") }
/// ```
public struct ScenarioReport: Sendable {
    public var results: [ScenarioResult]
    public var passed: Int
    public var failed: Int

    public init(results: [ScenarioResult]) {
        self.results = results
        passed = results.filter(\.passed).count
        failed = results.count - passed
    }
}

/// One scenario test: its full name ("album deep link opens a sheet": the describe names and the
/// it name), the file, whether it passed, the failure message with file:line, and its duration.
public struct ScenarioResult: Sendable {
    public var name: String
    public var file: String
    public var passed: Bool
    public var failure: String?
    public var seconds: Double

    public init(name: String, file: String, passed: Bool, failure: String?, seconds: Double) {
        self.name = name
        self.file = file
        self.passed = passed
        self.failure = failure
        self.seconds = seconds
    }
}

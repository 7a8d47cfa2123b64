/// One scenario test's result, as the `test` report and the JUnit writer see it.
///
///     TestOutcome(name: "deep link opens a sheet", file: "specs/links_spec.lua",
///                 failure: "specs/links_spec.lua:12: expected /album/1, got /", seconds: 0.002)
public struct TestOutcome: Sendable, Equatable {
    public var name: String
    public var file: String
    /// nil when the test passed; otherwise the message, starting with file:line when known.
    public var failure: String?
    public var seconds: Double

    public var passed: Bool { failure == nil }

    public init(name: String, file: String, failure: String? = nil, seconds: Double = 0) {
        self.name = name
        self.file = file
        self.failure = failure
        self.seconds = seconds
    }
}

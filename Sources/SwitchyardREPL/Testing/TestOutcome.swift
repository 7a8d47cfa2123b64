/// One scenario test's result, as the `test` report and the JUnit writer see it.
///
///     TestOutcome(name: "deep link opens a sheet", file: "specs/links_spec.lua",
///                 failure: "specs/links_spec.lua:12: expected /album/1, got /", seconds: 0.002)
package struct TestOutcome: Sendable, Equatable {
    package var name: String
    package var file: String
    /// nil when the test passed; otherwise the message, starting with file:line when known.
    package var failure: String?
    package var seconds: Double

    package var passed: Bool { failure == nil }

    package init(name: String, file: String, failure: String? = nil, seconds: Double = 0) {
        self.name = name
        self.file = file
        self.failure = failure
        self.seconds = seconds
    }
}

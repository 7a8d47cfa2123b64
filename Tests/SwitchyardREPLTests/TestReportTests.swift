import Testing
@testable import SwitchyardREPL

@Suite struct TestReportPrinterTests {
    let outcomes = [
        TestOutcome(name: "deep link opens a sheet", file: "specs/links_spec.lua"),
        TestOutcome(name: "back returns home", file: "specs/nav_spec.lua",
                    failure: "specs/nav_spec.lua:21: expected \"/\", got \"/album/1\""),
        TestOutcome(name: "tabs keep their stacks", file: "specs/nav_spec.lua"),
    ]

    @Test func reportHasALinePerTestAndTheExactClosingLine() {
        let lines = TestReportPrinter().report(outcomes).split(separator: "\n").map(String.init)
        #expect(lines == [
            "✓ deep link opens a sheet",
            "✗ back returns home",
            "    specs/nav_spec.lua:21: expected \"/\", got \"/album/1\"",
            "✓ tabs keep their stacks",
            "2 passed, 1 failed",
        ])
    }

    @Test func summaryOfNoTestsIsStillTheClosingLine() {
        #expect(TestReportPrinter().summary(for: []) == "0 passed, 0 failed")
    }

    @Test func colourNeverTouchesTheClosingLine() {
        let printer = TestReportPrinter(style: TerminalStyle(enabled: true))
        #expect(printer.line(for: outcomes[0]).contains("\u{1B}["))
        #expect(printer.summary(for: outcomes) == "2 passed, 1 failed")
    }

    @Test func multiLineFailuresAreIndented() {
        let outcome = TestOutcome(name: "t", file: "f.lua", failure: "f.lua:3: boom\nstack traceback:\n\tf.lua:3")
        #expect(TestReportPrinter().line(for: outcome) == "✗ t\n    f.lua:3: boom\n    stack traceback:\n    \tf.lua:3")
    }
}

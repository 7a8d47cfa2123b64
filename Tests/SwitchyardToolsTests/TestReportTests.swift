import Testing
@testable import SwitchyardTools
import SwitchyardLua
import SwitchyardTesting

@Suite struct TestReportPrinterTests {
    let outcomes = [
        ScenarioResult(name: "deep link opens a sheet", file: "specs/links_spec.lua", line: 4, status: .success),
        ScenarioResult(name: "back returns home", file: "specs/nav_spec.lua", line: 19, status: .failure,
                       message: "specs/nav_spec.lua:21: expected \"/\", got \"/album/1\""),
        ScenarioResult(name: "tabs keep their stacks", file: "specs/nav_spec.lua", line: 30, status: .success),
    ]

    @Test func reportHasALinePerTestAndTheExactClosingLine() {
        let lines = TestReportPrinter().report(outcomes).split(separator: "\n").map(String.init)
        #expect(lines == [
            "✓ deep link opens a sheet  specs/links_spec.lua:4",
            "✗ back returns home  specs/nav_spec.lua:19",
            "    specs/nav_spec.lua:21: expected \"/\", got \"/album/1\"",
            "✓ tabs keep their stacks  specs/nav_spec.lua:30",
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
        let outcome = ScenarioResult(name: "t", file: "f.lua", line: 2, status: .error, message: "f.lua:3: boom\nstack traceback:\n\tf.lua:3")
        #expect(TestReportPrinter().line(for: outcome) == "✱ t  f.lua:2\n    f.lua:3: boom\n    stack traceback:\n    \tf.lua:3")
    }

    @Test func errorsCountAsFailedAndPendingIsNamedOnlyWhenThere() {
        let more = outcomes + [
            ScenarioResult(name: "raises", file: "f.lua", line: 1, status: .error, message: "f.lua:1: boom"),
            ScenarioResult(name: "later", file: "f.lua", line: 2, status: .pending),
        ]
        #expect(TestReportPrinter().summary(for: more) == "2 passed, 2 failed, 1 pending")
        #expect(TestReportPrinter().line(for: more[4]) == "◌ later  f.lua:2")
    }

    @Test func tapMarksFailuresErrorsAndSkips() {
        let writer = TAPWriter()
        #expect(writer.lines(for: outcomes[0], number: 1) == ["ok 1 - deep link opens a sheet"])
        #expect(writer.lines(for: outcomes[1], number: 2) == [
            "not ok 2 - back returns home", "# failure at specs/nav_spec.lua:19",
            "# specs/nav_spec.lua:21: expected \"/\", got \"/album/1\"",
        ])
        let pending = ScenarioResult(name: "undo", file: "f.lua", line: 9, status: .pending, message: "f.lua:9: not yet")
        #expect(writer.lines(for: pending, number: 3) == ["ok 3 - undo # SKIP f.lua:9: not yet"])
    }
}

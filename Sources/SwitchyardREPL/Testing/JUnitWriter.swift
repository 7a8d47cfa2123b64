/// JUnit XML for CI systems: one `<testsuite>` per scenario file, one `<testcase>` per test.
///
///     let xml = JUnitWriter().document(for: outcomes)
///     try xml.write(toFile: "report.xml", atomically: true, encoding: .utf8)
package struct JUnitWriter: Sendable {
    package var suiteName: String

    package init(suiteName: String = "switchyard") {
        self.suiteName = suiteName
    }

    package func document(for outcomes: [TestOutcome]) -> String {
        let failures = outcomes.count { !$0.passed }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(XMLText.escape(suiteName))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" time=\"\(seconds(total(outcomes)))\">",
        ]
        for (file, tests) in groupedByFile(outcomes) {
            lines += suite(file: file, tests: tests)
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func suite(file: String, tests: [TestOutcome]) -> [String] {
        let failures = tests.count { !$0.passed }
        var lines = ["  <testsuite name=\"\(XMLText.escape(file))\" tests=\"\(tests.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(seconds(total(tests)))\">"]
        for test in tests {
            lines += testCase(test)
        }
        lines.append("  </testsuite>")
        return lines
    }

    private func testCase(_ test: TestOutcome) -> [String] {
        let opening = "    <testcase name=\"\(XMLText.escape(test.name))\" classname=\"\(XMLText.escape(className(test.file)))\" file=\"\(XMLText.escape(test.file))\" time=\"\(seconds(test.seconds))\""
        guard let failure = test.failure else { return [opening + "/>"] }
        let firstLine = failure.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? failure
        return [
            opening + ">",
            "      <failure message=\"\(XMLText.escape(firstLine))\" type=\"AssertionFailure\">\(XMLText.escape(failure))</failure>",
            "    </testcase>",
        ]
    }

    /// Files in first-appearance order, so the XML follows the run.
    private func groupedByFile(_ outcomes: [TestOutcome]) -> [(String, [TestOutcome])] {
        var order: [String] = []
        var groups: [String: [TestOutcome]] = [:]
        for outcome in outcomes {
            if groups[outcome.file] == nil { order.append(outcome.file) }
            groups[outcome.file, default: []].append(outcome)
        }
        return order.map { ($0, groups[$0]!) }
    }

    /// "specs/nav_spec.lua" → "specs.nav_spec": CI tools show classname as a dotted hierarchy.
    private func className(_ file: String) -> String {
        var name = file
        if name.hasSuffix(".lua") { name.removeLast(4) }
        while name.hasPrefix("./") { name.removeFirst(2) }
        return name.replacingSlashes()
    }

    private func total(_ outcomes: [TestOutcome]) -> Double {
        outcomes.reduce(0) { $0 + $1.seconds }
    }

    private func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

private extension String {
    func replacingSlashes() -> String {
        String(map { $0 == "/" ? "." : $0 })
    }
}

import SwitchyardLua
import SwitchyardTesting

/// JUnit XML for CI systems: one `<testsuite>` per scenario file, one `<testcase>` per result, an
/// assertion that failed as `<failure>`, anything else raised as `<error>`, a pending test as
/// `<skipped>`; times in seconds.
///
///     let xml = JUnitWriter().document(for: report.results)
package struct JUnitWriter: Sendable {
    package var suiteName: String

    init(suiteName: String = "switchyard") {
        self.suiteName = suiteName
    }

    package func document(for results: [ScenarioResult]) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(XMLText.escape(suiteName))\"\(counts(results))>",
        ]
        for (file, tests) in groupedByFile(results) {
            lines += suite(file: file, tests: tests)
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func counts(_ results: [ScenarioResult]) -> String {
        let failures = results.count { $0.status == .failure }
        let errors = results.count { $0.status == .error }
        let skipped = results.count { $0.status == .pending }
        return " tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(seconds(total(results)))\""
    }

    private func suite(file: String, tests: [ScenarioResult]) -> [String] {
        var lines = ["  <testsuite name=\"\(XMLText.escape(file))\"\(counts(tests))>"]
        for test in tests {
            lines += testCase(test)
        }
        lines.append("  </testsuite>")
        return lines
    }

    private func testCase(_ test: ScenarioResult) -> [String] {
        let opening = "    <testcase name=\"\(XMLText.escape(test.name))\" classname=\"\(XMLText.escape(className(test.file)))\" file=\"\(XMLText.escape(test.file))\" line=\"\(test.line)\" time=\"\(seconds(test.seconds))\""
        let message = test.message ?? ""
        let firstLine = XMLText.escape(message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message)
        let inner: String
        switch test.status {
        case .success: return [opening + "/>"]
        case .pending: inner = "<skipped message=\"\(firstLine)\"/>"
        case .failure: inner = "<failure message=\"\(firstLine)\" type=\"AssertionFailure\">\(XMLText.escape(message))</failure>"
        case .error: inner = "<error message=\"\(firstLine)\" type=\"LuaError\">\(XMLText.escape(message))</error>"
        }
        return [opening + ">", "      " + inner, "    </testcase>"]
    }

    /// Files in first-appearance order, so the XML follows the run.
    private func groupedByFile(_ results: [ScenarioResult]) -> [(String, [ScenarioResult])] {
        var order: [String] = []
        var groups: [String: [ScenarioResult]] = [:]
        for result in results {
            if groups[result.file] == nil { order.append(result.file) }
            groups[result.file, default: []].append(result)
        }
        return order.map { ($0, groups[$0]!) }
    }

    /// "specs/nav_spec.lua" → "specs.nav_spec": CI tools show classname as a dotted hierarchy.
    private func className(_ file: String) -> String {
        var name = file
        if name.hasSuffix(".lua") { name.removeLast(4) }
        while name.hasPrefix("./") { name.removeFirst(2) }
        return String(name.map { $0 == "/" ? "." : $0 })
    }

    private func total(_ results: [ScenarioResult]) -> Double {
        results.reduce(0) { $0 + $1.seconds }
    }

    /// Seconds with microseconds: a navigation test takes well under a millisecond.
    private func seconds(_ value: Double) -> String {
        let micros = Int((value * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
}

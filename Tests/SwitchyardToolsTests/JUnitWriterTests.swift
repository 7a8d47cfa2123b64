import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import SwitchyardTools
import SwitchyardLua
import SwitchyardTesting

@Suite struct JUnitWriterTests {
    let outcomes = [
        ScenarioResult(name: "opens <album> & \"sheet\"", file: "specs/a_spec.lua", line: 3, status: .success, seconds: 0.0125),
        ScenarioResult(name: "fails", file: "specs/a_spec.lua", line: 8, status: .failure,
                       message: "specs/a_spec.lua:9: expected 'x' < y\u{0}\u{7}", seconds: 1.5),
        ScenarioResult(name: "other file", file: "specs/b_spec.lua", line: 1, status: .success),
        ScenarioResult(name: "raises", file: "specs/b_spec.lua", line: 4, status: .error, message: "specs/b_spec.lua:5: boom"),
        ScenarioResult(name: "later", file: "specs/b_spec.lua", line: 7, status: .pending),
    ]

    @Test func documentParsesAsXMLWithTheCounts() throws {
        let xml = JUnitWriter().document(for: outcomes)
        let document = try XMLDocument(xmlString: xml)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "5")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["specs/a_spec.lua", "specs/b_spec.lua"])
        let cases = suites[0].elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["opens <album> & \"sheet\"", "fails"])
        #expect(cases[0].attribute(forName: "time")?.stringValue == "0.012500")
        #expect(cases[1].attribute(forName: "line")?.stringValue == "8")
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.stringValue?.hasPrefix("specs/a_spec.lua:9: expected 'x' < y") == true)
        #expect(cases[0].elements(forName: "failure").isEmpty)
        #expect(cases[1].attribute(forName: "classname")?.stringValue == "specs.a_spec")
        let others = suites[1].elements(forName: "testcase")
        #expect(suites[1].attribute(forName: "errors")?.stringValue == "1")
        #expect(others[1].elements(forName: "error").first?.stringValue == "specs/b_spec.lua:5: boom")
        #expect(others[1].elements(forName: "failure").isEmpty, "an error is not a failure")
        #expect(others[2].elements(forName: "skipped").count == 1)
    }

    @Test func escapingCoversMarkupAndForbiddenControls() {
        #expect(XMLText.escape("a<b>&\"c\"'") == "a&lt;b&gt;&amp;&quot;c&quot;&apos;")
        #expect(XMLText.escape("nul\u{0}bell\u{7}") == "nul\u{FFFD}bell\u{FFFD}")
        #expect(XMLText.escape("tab\tnew\nline") == "tab\tnew\nline")
    }

    @Test func emptyRunIsStillAValidDocument() throws {
        let document = try XMLDocument(xmlString: JUnitWriter().document(for: []))
        #expect(document.rootElement()?.attribute(forName: "tests")?.stringValue == "0")
    }
}

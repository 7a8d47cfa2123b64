import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import SwitchyardREPL

@Suite struct JUnitWriterTests {
    let outcomes = [
        TestOutcome(name: "opens <album> & \"sheet\"", file: "specs/a_spec.lua", seconds: 0.0125),
        TestOutcome(name: "fails", file: "specs/a_spec.lua", failure: "specs/a_spec.lua:9: expected 'x' < y\u{0}\u{7}", seconds: 1.5),
        TestOutcome(name: "other file", file: "specs/b_spec.lua"),
    ]

    @Test func documentParsesAsXMLWithTheCounts() throws {
        let xml = JUnitWriter().document(for: outcomes)
        let document = try XMLDocument(xmlString: xml)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["specs/a_spec.lua", "specs/b_spec.lua"])
        let cases = suites[0].elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["opens <album> & \"sheet\"", "fails"])
        #expect(cases[0].attribute(forName: "time")?.stringValue == "0.013")
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.stringValue?.hasPrefix("specs/a_spec.lua:9: expected 'x' < y") == true)
        #expect(cases[0].elements(forName: "failure").isEmpty)
        #expect(cases[1].attribute(forName: "classname")?.stringValue == "specs.a_spec")
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

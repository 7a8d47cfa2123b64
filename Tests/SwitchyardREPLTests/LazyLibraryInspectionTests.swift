import Testing
import SwitchyardLua
import SwitchyardTesting
@testable import SwitchyardREPL
@testable import SwitchyardTools

/// The REPL reads tables raw when it prints and completes: `assert`, `spy` and the others, built on
/// first use, must show whole there even when no script has touched them (issue 19).
@Suite struct LazyLibrariesInTheREPLTests {
    @Test func printingShowsTheBuiltLibrary() throws {
        let host = try ScriptHost(options: SessionOptions())
        let repl = try REPL(host: host, reader: PlainLineReader(), style: .plain)
        guard case .values(let shown) = repl.evaluator.evaluate("spy") else {
            Issue.record("spy did not evaluate")
            return
        }
        #expect(shown.first?.contains("is_spy") == true, "\(shown)")
    }

    @Test func completionListsTheBuiltLibrary() throws {
        let host = try ScriptHost(options: SessionOptions())
        let lister = try LuaFieldLister(engine: host.engine, beforeListing: host.buildScenarioLibraries)
        #expect(Set(lister.keys(["mock"])) == ["new", "revert", "clear"])
        #expect(lister.keys(["assert"]).contains("namespace"))
    }
}

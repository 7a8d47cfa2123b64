import SwitchyardLua
import Testing
@testable import SwitchyardREPL

/// The REPL's printer on a `match(path)` table, whose `query` (and `path`, when the text goes on past it)
/// is built on first read (issue 37, item 3): printed before anything read it, the table shows them as it
/// would once read.
@Suite struct MatchInfoPrintingTests {
    @Test func aMatchPrintsItsQueryBeforeAnyRead() throws {
        let runtime = try SwitchyardRuntime()
        try runtime.load(code: "route('/a/:id')", chunkName: "=app")
        let evaluator = try ChunkEvaluator(engine: runtime.engine)
        guard case .values(let values) = evaluator.evaluate("match('/a/1?x=2')") else {
            Issue.record("match did not evaluate to values"); return
        }
        #expect(values.count == 1 && values[0].contains(#"query = { x = "2" }"#))
        #expect(values.count == 1 && values[0].contains(#"path = "/a/1""#))
        guard case .values(let plain) = evaluator.evaluate("match('/a/1')") else { return }
        #expect(plain.count == 1 && plain[0].contains("query = {}"))
    }
}

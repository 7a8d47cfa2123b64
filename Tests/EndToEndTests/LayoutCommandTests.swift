import Foundation
import Testing

/// Layouts and the matched chain (issue 33 item 4) through the executable: the Lua specs of a layout
/// pass under `switchyard test`, the REPL's `:explain` and `:state` show the chain, `graph` draws a
/// layout as a cluster of its own, and coverage counts the layouts landed in.
@Suite(.serialized) struct LayoutCommandTests {
    private let folder = SwitchyardBinary.fixtures + "/layouts"

    @Test func theLayoutSpecPasses() throws {
        let result = try CommandRun.switchyard(["test", "--no-color", "layout_spec.lua"], directory: folder)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("6 passed, 0 failed"), "\(result.output)")
    }

    @Test func theNewsExamplesLayoutSpecPasses() throws {
        let result = try CommandRun.switchyard(["test", "--no-color", "examples/news/scenarios/layout_spec.lua"], directory: SwitchyardBinary.packageRoot)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("6 passed, 0 failed"), "\(result.output)")
    }

    @Test func explainAndStateShowTheMatchedChain() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "app.lua"],
                                               input: ":explain /account/settings\nsigned_in = true\n:go /account/settings\n:state\n",
                                               directory: folder)
        #expect(result.output.contains("  guarded by layout /account (app.lua:10)"), "\(result.output)")
        #expect(result.output.contains("  matched   layout /account (account) › layout /account/settings (settings) › /account/settings"),
                "\(result.output)")
        #expect(result.output.contains("matched  layout /account (account) › layout /account/settings (settings) › /account/settings"),
                ":state: \(result.output)")
    }

    @Test func aLayoutsGuardRedirectIsSaidWithTheLayoutNamed() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "app.lua"], input: ":go /account/orders\n", directory: folder)
        #expect(result.output.contains("/login?next=/account/orders"), "\(result.output)")
        #expect(result.output.contains("layout /account (app.lua:10)"), "\(result.output)")
    }

    @Test func graphDrawsALayoutAsAClusterOfItsOwn() throws {
        let dot = try CommandRun.switchyard(["graph", "app.lua"], directory: folder)
        #expect(dot.status == 0, "\(dot.errors)")
        #expect(dot.output.contains("subgraph \"cluster_layout /account (account)\" {"), "\(dot.output)")
        #expect(dot.output.contains("label=\"layout /account (account) › layout /account/settings (settings)\";"), "\(dot.output)")
        let mermaid = try CommandRun.switchyard(["graph", "--format", "mermaid", "app.lua"], directory: folder)
        #expect(mermaid.output.contains("[\"layout /account (account)\"]"), "\(mermaid.output)")
    }

    @Test func coverageCountsTheLayoutsLandedIn() throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("layouts-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: json) }
        let result = try CommandRun.switchyard(["test", "--no-color", "--coverage", "--coverage-json", json,
                                                "examples/news/scenarios/layout_spec.lua"], directory: SwitchyardBinary.packageRoot)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("layouts     1 of 1 landed in (100.0%)"), "\(result.output)")
        let written = try String(contentsOfFile: json, encoding: .utf8)
        #expect(written.contains(#""layouts":[{"label":"layout /news (news)","landings":"#), "\(written)")
    }
}

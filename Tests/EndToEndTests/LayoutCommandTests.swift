import Foundation
import Testing

/// Layouts and the matched chain (issue 33 item 4) through the executable: the Lua specs of a layout
/// pass under `switchyard test`, the REPL's `:explain` and `:state` show the chain, `graph` draws a
/// layout as a cluster of its own, and coverage counts the layouts landed in.
@Suite(.serialized) struct LayoutCommandTests {
    private let folder = SwitchyardBinary.fixtures + "/layouts"

    @Test func theLayoutSpecPasses() throws {
        try CommandRun.expectSpecPasses("layout_spec.lua", in: folder, count: 7)
    }

    /// Issue 34 item 7: `:state` shows what a layout's loader gave beside the route's own, and
    /// `:trace on` lists the layout's loader with where it was declared.
    @Test func stateShowsALayoutsLoadedDataAndTraceListsItsLoader() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "loading_app.lua"],
                                               input: ":push /shop/item/1\n:state\n:trace on\n", directory: folder)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("data  /shop/item/1  layout /shop (shop): { basket = 2 }\ndata  /shop/item/1  { stock = 3 }\n"),
                "\(result.output)")
        #expect(result.output.contains("loaders: layout /shop (shop) at loading_app.lua:2; /shop/item/:id at loading_app.lua:3"),
                "\(result.output)")
    }

    @Test func aLayoutsErrorScreenCatchesTheRoutesInsideItUnderTest() throws {
        try CommandRun.expectSpecPasses("layout_error_spec.lua", in: folder, count: 4)
    }

    @Test func aLayoutsLoaderRunsOncePerNavigationAndHoldsUnderTest() throws {
        try CommandRun.expectSpecPasses("layout_load_spec.lua", in: folder, count: 4)
    }

    @Test func theNewsExamplesLayoutSpecPasses() throws {
        try CommandRun.expectSpecPasses("examples/news/scenarios/layout_spec.lua", in: SwitchyardBinary.packageRoot, count: 6)
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

    @Test func routesListsEachRoutesLayoutsAndTheLayoutsGuard() throws {
        let result = try CommandRun.switchyard(["routes", "app.lua"], directory: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("in layout /account (account) › layout /account/settings (settings), title \"Settings\""),
                "\(result.output)")
        #expect(result.output.contains("guard: layout /account (app.lua:10), then its own (app.lua:13)"), "\(result.output)")
    }

    @Test func routesAsJSONShowsEachRoutesLayoutsOutermostFirst() throws {
        let result = try CommandRun.switchyard(["routes", "app.lua", "--format", "json"], directory: folder)
        #expect(result.status == 0, "\(result.errors)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let routes = try #require(document["routes"] as? [[String: Any]])
        let settings = try #require(routes.first { $0["pattern"] as? String == "/account/settings" })
        let chain = try #require(settings["layouts"] as? [[String: Any]], "\(result.output)")
        #expect(chain.map { $0["prefix"] as? String } == ["/account", "/account/settings"], "outermost first: \(chain)")
        #expect(chain.map { $0["name"] as? String } == ["account", "settings"])
        #expect(chain.map { $0["site"] as? String } == ["app.lua:10", "app.lua:15"])
        #expect(chain[0]["title"] as? String == "My Account" && chain[0]["guarded"] as? Bool == true)
        #expect(chain[0]["links"] as? [String] == ["/account/orders"])
        // Each layout's meta as declared, not merged: the route's own merged meta is its `meta`.
        #expect((chain[0]["meta"] as? [String: Any])?["tab"] as? String == "account")
        #expect((chain[1]["meta"] as? [String: Any])?["tab"] as? String == "settings")
        #expect((settings["meta"] as? [String: Any])?["tab"] as? String == "general")
        let order = try #require(routes.first { $0["name"] as? String == "order" })
        #expect((order["layouts"] as? [[String: Any]])?.map { $0["name"] as? String } == ["account"])
        let login = try #require(routes.first { $0["pattern"] as? String == "/login" })
        #expect(login["layouts"] == nil, "a route in no layout has no layouts field")
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

/// The matched chain at a terminal: `:state` and `:explain` in the REPL as a person types them.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
struct LayoutREPLTests {
    @Test func stateAndExplainShowTheChainAndTheLayoutsGuardHolds() throws {
        let session = try TerminalSession(arguments: ["--no-color", "-i", "app.lua"],
                                          directory: SwitchyardBinary.fixtures + "/layouts")
        defer { session.close() }
        try session.waitFor("root  /")
        // Signed out: the layout's guard sends a route inside it to the login screen.
        try session.enter(":push /account/orders/5", expecting: "━━ Log In ━━")
        try session.enter("signed_in = true")
        try session.enter(":push /account/orders/5", expecting: "━━ Order ━━")
        try session.enter(":state", expecting: "matched  layout /account (account) › /account/orders/:id")
        try session.enter(":explain /account", expecting: "matched   layout /account (account) › /account")
        // The first push: the layout guard only (it redirected); the second: the layout guard, then
        // the order's; :explain asks the layout guard once more.
        try session.enter("#log", expecting: "\n4\n")
    }
}

import Foundation
import Testing

/// `remove_route` (issue 33 item 6) through the executable: its Lua spec passes under `switchyard
/// test`; the REPL refuses to remove a route with a screen on view, saying where, and `:routes` no
/// longer lists one removed; and every tool (`routes`, its JSON, `check`, `graph`, `types`, coverage)
/// leaves out a route the app removes behind a feature flag.
@Suite(.serialized) struct RouteRemovalCommandTests {
    private let folder = SwitchyardBinary.fixtures + "/declarations"

    @Test func theRemoveRouteSpecPasses() throws {
        try CommandRun.expectSpecPasses("remove_spec.lua", in: folder, count: 7)
    }

    @Test func theREPLRefusesARouteOnViewThenRoutesNoLongerListsItOnceRemoved() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "remove_app.lua"],
                                               input: ":push /beta/checkout\nremove_route(\"beta_checkout\")\n:pop\n:routes\n:back\n",
                                               directory: folder)
        let said = result.output + result.errors
        #expect(said.contains(#"remove_route: cannot remove route "beta_checkout" (/beta/checkout, declared at remove_app.lua:4): a screen of it is still there: /beta/checkout on the root stack now"#),
                "\(said)")
        #expect(result.output.contains("/beta/checkout"), ":routes lists it while it is declared: \(result.output)")
        let removing = try CommandRun.switchyard(["--no-color", "-i", "remove_app.lua"],
                                                 input: "remove_route(\"/beta/:page\")\n:routes\n:explain /beta/x\n",
                                                 directory: folder)
        #expect(!removing.output.contains("/beta/:page"), "neither :routes nor :explain shows it: \(removing.output)")
        #expect(removing.output.contains("wins      nothing: no route matches"), "\(removing.output)")
    }

    @Test func everyToolLeavesOutARouteTheAppRemoves() throws {
        let routes = try CommandRun.switchyard(["routes", "--no-color", "flagged_app.lua"], directory: folder)
        #expect(routes.status == 0 && routes.output.contains("/orders") && !routes.output.contains("/checkout/new"), "\(routes.output)\(routes.errors)")
        let json = try CommandRun.switchyard(["routes", "flagged_app.lua", "--format", "json"], directory: folder)
        #expect(json.output.contains(#""pattern":"/orders""#) && !json.output.contains("checkout"), "\(json.output)")
        // Declared and never linked, the route would be unreachable to `check`: removed, it is not there.
        let check = try CommandRun.switchyard(["check", "--no-color", "flagged_app.lua"], directory: folder)
        #expect(check.status == 0 && check.output.contains("no findings"), "\(check.output)")
        let graph = try CommandRun.switchyard(["graph", "flagged_app.lua"], directory: folder)
        #expect(graph.output.contains("/orders") && !graph.output.contains("checkout"), "\(graph.output)")
        let coverage = try CommandRun.switchyard(["test", "--no-color", "--coverage", "flagged_spec.lua"], directory: folder)
        #expect(coverage.output.contains("routes      2 of 2 landed (100.0%)"), "\(coverage.output)")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("removed-types-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let types = try CommandRun.switchyard(["types", "flagged_app.lua", "-o", output], directory: folder)
        #expect(types.status == 0, "\(types.errors)")
        let library = try String(contentsOfFile: output + "/library/switchyard.lua", encoding: .utf8)
        // The app names one route, removed: no name is left for `url()` to take.
        #expect(library.contains("---@alias SwitchyardRouteName string\n"), "\(library)")
        #expect(library.contains("function remove_route(name_or_pattern) end"))
    }
}

import Foundation
import Testing

/// Declarations of issue 33 through the executable: the Lua spec of typed parameters passes under
/// `switchyard test`, and the REPL's `:explain` says why a typed route did not take a path.
@Suite(.serialized) struct TypedDeclarationCommandTests {
    private let folder = SwitchyardBinary.fixtures + "/declarations"

    @Test func theTypedParameterSpecPasses() throws {
        try CommandRun.expectSpecPasses("typed_spec.lua", in: folder, count: 4)
    }

    @Test func theMetaSpecPasses() throws {
        try CommandRun.expectSpecPasses("meta_spec.lua", in: folder, count: 3)
    }

    @Test func explainNamesTheValueThatDidNotFit() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "app.lua"], input: ":explain /album/abc\n:push /album/12\n",
                                               directory: folder)
        #expect(result.output.contains("wins      /album/:slug"), "\(result.output)")
        #expect(result.output.contains("near miss /album/:id  matched, but id \"abc\" is not an int"), "\(result.output)")
        #expect(result.output.contains("━━ Album #12 ━━"), "the typed route takes a value that fits: \(result.output)")
    }

    @Test func urlOfAWrongValueFailsTheScriptWithRouteAndParameter() throws {
        let result = try CommandRun.switchyard(["-"], input: "dofile(\"app.lua\")\nprint(url(\"album\", {id = \"x\"}))\n",
                                               directory: folder)
        #expect(result.status != 0)
        #expect(result.errors.contains("route \"album\": id \"x\" is not an int"), "\(result.errors)")
    }
}

/// The tools know typed parameters (issue 33): `check`, `routes` and `routes()`.
@Suite(.serialized) struct TypedDeclarationToolTests {
    @Test func checkSaysWhichValueOfADeadLinkDidNotFitItsType() throws {
        let result = try CommandRun.switchyard(["check", "--no-color", "check/typed_link.lua"])
        #expect(result.status == 1)
        #expect(result.output.contains("link /album/abc matches no route: id \"abc\" is not an int (/album/:id)"), "\(result.output)")
        #expect(!result.output.contains("/album/12"), "a value that fits is no finding: \(result.output)")
    }

    @Test func routesListsEachRoutesTypes() throws {
        let result = try CommandRun.switchyard(["routes", "app.lua"], directory: SwitchyardBinary.fixtures + "/declarations")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("params id:int, title ƒ"), "\(result.output)")
        #expect(result.output.contains("params layout:grid|list"), "\(result.output)")
        #expect(result.output.contains("params amount:number gift:bool"), "\(result.output)")
    }

    @Test func typesWritesAUrlOverloadPerNamedRouteWithItsParameterTypes() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("typed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CommandRun.switchyard(["types", "app.lua", "-o", output], directory: SwitchyardBinary.fixtures + "/declarations")
        #expect(result.status == 0, "\(result.errors)")
        let library = try String(contentsOfFile: output + "/library/switchyard.lua", encoding: .utf8)
        #expect(library.contains(#"---@overload fun(name: "album", params: {id: integer}, query?: table<string, string|number|boolean>): string"#),
                "\(library)")
        #expect(library.contains(#"params: {layout: "grid"|"list"}"#))
        #expect(library.contains(#"params: {slug: string|number|boolean}"#), "an untyped parameter takes what url writes")
    }

    @Test func metaCountsAgainstTheMemoryCapAndAnOverflowingRouteIsNotDeclared() throws {
        let result = try CommandRun.switchyard(["--max-memory", "8", "-e", """
            local big = {} for i = 1, 2000 do big[i] = ("x"):rep(1000) end
            local declared, message = 0, nil
            for i = 1, 10 do
              local ok, err = pcall(route, "/r" .. i, {meta = {big = big}})
              if not ok then message = err break end
              declared = i
            end
            big = nil collectgarbage()
            route("/r" .. (declared + 1), {})   -- an error if the refused route had been declared
            print(declared, message)
            """])
        #expect(result.status == 0, "\(result.errors)")
        let declared = Int(result.output.split(separator: "\t").first ?? "") ?? 99
        #expect(declared < 10, "meta of 2 MB a route must reach an 8 MB cap: \(result.output)")
        #expect(result.output.contains("memory limit of 8 MB exceeded"), "\(result.output)")
    }

    @Test func theGraphShowsEachRoutesTypes() throws {
        let folder = SwitchyardBinary.fixtures + "/declarations"
        let dot = try CommandRun.switchyard(["graph", "app.lua"], directory: folder)
        #expect(dot.status == 0, "\(dot.errors)")
        #expect(dot.output.contains(#"[label="/album/:id\nname: album\nid: int"]"#), "\(dot.output)")
        let mermaid = try CommandRun.switchyard(["graph", "app.lua", "--format", "mermaid"], directory: folder)
        #expect(mermaid.output.contains("/photos/:layout<br/>Photos<br/>layout: grid|list"), "\(mermaid.output)")
    }

    @Test func routesFromLuaGiveTheTypesByParameter() throws {
        let result = try CommandRun.switchyard(["-"], input: """
            dofile("app.lua")
            for _, r in ipairs(routes()) do if r.params then print(r.pattern, r.params.id or r.params.layout) end end
            """, directory: SwitchyardBinary.fixtures + "/declarations")
        #expect(result.output.contains("/album/:id\tint\n"), "\(result.output)")
        #expect(result.output.contains("/photos/:layout\tgrid|list\n"), "\(result.output)")
    }
}

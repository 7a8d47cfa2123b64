import Foundation
import Testing

/// Query schemas (issue 33.2) through the executable: the Lua spec passes under `switchyard test`, the
/// REPL's `:explain` names the refused value, and the tools (`routes`, `routes --format json`, `types`,
/// `check`) know each route's schema.
@Suite(.serialized) struct QueryDeclarationCommandTests {
    private let folder = SwitchyardBinary.fixtures + "/declarations"

    @Test func theQuerySchemaSpecPasses() throws {
        try CommandRun.expectSpecPasses("query_spec.lua", in: folder, count: 4)
    }

    @Test func explainNamesTheQueryValueThatDidNotFitAndTheRouteThatMakesItAnError() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "query_app.lua"],
                                               input: ":explain /albums?page=two\n:explain /album/7?tab=lyrics\n:push /albums?page=4\n",
                                               directory: folder)
        #expect(result.output.contains(#"near miss /albums  matched, but query page "two" is not an int"#), "\(result.output)")
        #expect(result.output.contains(#"near miss /album/:id  matched, but query tab "lyrics" is not one of info, tracks: an error (query_mismatch = "error")"#),
                "\(result.output)")
        #expect(result.output.contains("━━ Albums, page 4 ━━"), "a value that fits reaches the title coerced: \(result.output)")
    }

    @Test func aWrongValueOnAnErrorRouteFailsThePushAndLeavesTheStack() throws {
        let result = try CommandRun.switchyard(["-"], input: """
            dofile("query_app.lua")
            nav.push("/albums")
            local ok, message = pcall(nav.push, "/album/7?tab=lyrics")
            print(ok, nav.path, #nav.stack)
            print(message)
            """, directory: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("false\t/albums\t2\n"), "\(result.output)")
        #expect(result.output.contains(#"route "album": query tab "lyrics" is not one of info, tracks"#), "\(result.output)")
    }

    @Test func aDefaultOutsideItsOwnEnumerationIsAnErrorAtTheDeclaration() throws {
        let result = try CommandRun.switchyard(["check", "--no-color", "check/query_default.lua"])
        #expect(result.status != 0)
        let said = result.output + result.errors
        #expect(said.contains("query_default.lua:3: route /album: query.tab: default \"lyrics\" does not fit its own type: tab \"lyrics\" is not one of info, tracks"),
                "\(said)")
    }
}

@Suite(.serialized) struct QueryDeclarationToolTests {
    private let folder = SwitchyardBinary.fixtures + "/declarations"

    @Test func routesListsEachRoutesQuerySchema() throws {
        let result = try CommandRun.switchyard(["routes", "--no-color", "query_app.lua"], directory: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("query page:int=1 sort:name|year, title ƒ"), "\(result.output)")
        #expect(result.output.contains("params id:int, query tab:info|tracks=info (wrong: error)"), "\(result.output)")
        #expect(result.output.contains("query exact:bool q:string!"), "\(result.output)")
    }

    @Test func routesAsJSONGivesEveryDeclarationWithSortedKeys() throws {
        let result = try CommandRun.switchyard(["routes", "query_app.lua", "--format", "json"], directory: folder)
        #expect(result.status == 0, "\(result.errors)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let routes = try #require(document["routes"] as? [[String: Any]])
        let album = try #require(routes.first { $0["name"] as? String == "album" })
        #expect(album["pattern"] as? String == "/album/:id")
        #expect(album["site"] as? String == "query_app.lua:5")
        #expect((album["params"] as? [String: String]) == ["id": "int"])
        #expect(album["query_mismatch"] as? String == "error")
        let tab = try #require((album["query"] as? [String: Any])?["tab"] as? [String: Any])
        #expect(tab["type"] as? String == "info|tracks" && tab["default"] as? String == "info" && tab["required"] as? Bool == false)
        #expect(routes.map { $0["rank"] as? Int } == Array(1...routes.count).map { Optional($0) }, "rank order")
        // Stable: the same app gives the same bytes, keys sorted.
        let again = try CommandRun.switchyard(["routes", "query_app.lua", "--format", "json"], directory: folder)
        #expect(again.output == result.output)
        #expect(result.output.contains(#"{"entry":false,"guarded":false,"links":[],"name":"albums","pattern":"/albums""#), "\(result.output)")
    }

    @Test func routesAsJSONCarriesMergedMeta() throws {
        let result = try CommandRun.switchyard(["routes", "app.lua", "--format", "json"], directory: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains(#""meta":{"level":2,"requires_auth":true,"title_key":"mail"},"pattern":"/inbox/archive""#),
                "\(result.output)")
    }

    @Test func routesHelpShowsTheJSONFormatWithAnExample() throws {
        let result = try CommandRun.switchyard(["routes", "--help"])
        #expect(result.output.contains("--format"), "\(result.output)")
        #expect(result.output.contains("switchyard routes examples/music/app.lua --format json"), "\(result.output)")
    }

    @Test func typesWritesTheQueryTableTypeOfEachUrlOverload() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("query-types-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CommandRun.switchyard(["types", "query_app.lua", "-o", output], directory: folder)
        #expect(result.status == 0, "\(result.errors)")
        let library = try String(contentsOfFile: output + "/library/switchyard.lua", encoding: .utf8)
        #expect(library.contains(#"---@overload fun(name: "album", params: {id: integer}, query?: {tab?: "info"|"tracks"}): string"#), "\(library)")
        #expect(library.contains(#"---@overload fun(name: "albums", params: {}, query?: {page?: integer, sort?: "name"|"year"}): string"#))
        #expect(library.contains(#"query: {exact?: boolean, q: string|number|boolean}): string"#), "a required key makes the query required")
    }

    @Test func checkNamesALinksQueryValueThatItsRouteRefuses() throws {
        let result = try CommandRun.switchyard(["check", "--no-color", "check/query_link.lua"])
        #expect(result.status == 1)
        #expect(result.output.contains(#"link /albums?page=two matches no route: query page "two" is not an int (/albums)"#), "\(result.output)")
        #expect(result.output.contains(#"link /album/7?tab=lyrics is refused: route "/album/:id": query tab "lyrics" is not one of info, tracks"#),
                "\(result.output)")
        #expect(!result.output.contains("page=2 "), "a value that fits is no finding: \(result.output)")
        #expect(result.output.contains("2 errors"), "\(result.output)")
    }

    @Test func coverageCountsEachDeclaredQueryValueSeen() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("query-coverage-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CommandRun.switchyard(["test", "--no-color", "--coverage", "--coverage-json", output, "query_spec.lua"],
                                               directory: folder)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        // /albums?page=3&sort=year, then /albums (page read from its default); /album/7 reads tab's default.
        #expect(result.output.contains("landed 2, query page given 1 default 1, sort name 0 year 1"), "\(result.output)")
        #expect(result.output.contains("query tab info 1 tracks 0"), "\(result.output)")
        let json = try String(contentsOfFile: output, encoding: .utf8)
        #expect(json.contains(#""query":{"page":{"defaulted":1,"given":1},"sort":{"defaulted":0,"given":1,"words":{"name":0,"year":1}}}"#), "\(json)")
    }
}

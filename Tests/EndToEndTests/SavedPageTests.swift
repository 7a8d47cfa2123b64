import Foundation
import Testing

/// The live view's page saved without a server (issue 35, item 6), through the built executable:
/// `graph --html FILE`, `check --format html` and `test --coverage --html DIR`. Each file must hold
/// the route, keep a hostile title inside its JSON block (a `</script>` in it cannot end the block),
/// and mark what the report says on the map's nodes. scripts/test-live-view opens the coverage page
/// in Chromium and checks the never-landed route is drawn red.
@Suite(.serialized) struct SavedPageTests {
    /// A title that would end the script block and run markup if it were pasted in as it is.
    static let hostileTitle = "Home </script><img src=x onerror=alert(1)> & \u{2028}"

    /// An app whose /never no link reaches and no spec lands, and a spec that lands the others.
    private func project() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("saved-page-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let title = Self.hostileTitle.replacingOccurrences(of: "\u{2028}", with: "\\u{2028}")
        try """
            route("/", {title = "\(title)", links = {"/album/:id"}})
            route("/album/:id", {title = "Album"})
            route("/never", {title = "Never"})
            """.write(toFile: directory + "/app.lua", atomically: true, encoding: .utf8)
        try """
            require("app")
            describe("app", function()
              it("opens an album", function()
                nav.push("/album/7")
                assert.equal("/album/7", nav.path)
              end)
            end)
            """.write(toFile: directory + "/app_spec.lua", atomically: true, encoding: .utf8)
        return directory
    }

    /// The page's embedded JSON, after checking that nothing in it can end its script block.
    private func embedded(_ html: String) throws -> [String: Any] {
        let opening = "<script type=\"application/json\" id=\"embedded\">"
        #expect(html.components(separatedBy: opening).count == 2, "one embedded block")
        let start = try #require(html.range(of: opening)).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        let block = String(html[start..<end])
        #expect(!block.contains("<") && !block.contains(">") && !block.contains("&"), "markup characters escaped in the JSON")
        #expect(html.components(separatedBy: "</script>").count == 3, "the embedded block and the page's script, nothing more")
        #expect(html.contains("Switchyard live view") && !html.contains("src=\"http") && !html.contains("<link"),
                "the live view's page, nothing fetched")
        return try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
    }

    /// The report's lines; each names the map node (graphviz's `<title>r2</title>`) of its route.
    private func items(_ saved: [String: Any]) throws -> [[String: Any]] {
        let paint = try #require(saved["paint"] as? [String: Any])
        return try #require(paint["items"] as? [[String: Any]])
    }

    @Test func graphHTMLSavesTheMapAndTheStateWithTheTitleEscaped() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CommandRun.switchyard(["graph", "app.lua", "--html", "map.html"], directory: directory)
        #expect(result.status == 0, "\(result.errors)")
        let html = try String(contentsOfFile: directory + "/map.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("data-access=\"saved\""))
        let saved = try embedded(html)
        let svg = try #require(saved["svg"] as? String)
        #expect(svg.hasPrefix("<svg") && svg.contains("/never") && svg.contains("/album/:id"), "the map laid out")
        let state = try #require(saved["state"] as? [String: Any])
        let screen = try #require(state["screen"] as? [String: Any])
        #expect(screen["path"] as? String == "/")
        #expect(screen["title"] as? String == Self.hostileTitle, "the title arrives as it was written")
        #expect(state["current"] as? String == "r0", "the current screen highlighted")
    }

    @Test func graphHTMLOfAScriptThatFailsWritesNothing() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "route(".write(toFile: directory + "/broken.lua", atomically: true, encoding: .utf8)
        let result = try CommandRun.switchyard(["graph", "broken.lua", "--html", "map.html"], directory: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("broken.lua:1"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/map.html"))
        let both = try CommandRun.switchyard(["graph", "app.lua", "--html", "map.html", "-o", "map.svg"], directory: directory)
        #expect(both.status == 2 && both.errors.contains("--html writes the page alone"), "\(both.errors)")
    }

    @Test func checkHTMLPaintsEachFindingOnItsRoute() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CommandRun.switchyard(["check", "app.lua", "--format", "html"], directory: directory)
        #expect(result.status == 1, "the unfillable link is an error: \(result.errors)")
        let saved = try embedded(result.output)
        let lines = try items(saved)
        let never = try #require(lines.first { ($0["text"] as? String)?.contains("/never") == true })
        #expect(never["kind"] as? String == "warning")
        #expect((never["text"] as? String)?.hasPrefix("warning unreachable: /never") == true)
        #expect((never["text"] as? String)?.hasSuffix("(app.lua:3)") == true, "\(never)")
        let link = try #require(lines.first { ($0["text"] as? String)?.contains("unfillable-link") == true })
        #expect(link["kind"] as? String == "error")
        let marks = try #require((saved["paint"] as? [String: Any])?["nodes"] as? [String: String])
        let neverNode = try #require(never["node"] as? String), homeNode = try #require(link["node"] as? String)
        #expect(marks[neverNode] == "warning" && marks[homeNode] == "error", "\(marks)")
        #expect((saved["svg"] as? String)?.contains("<title>\(neverNode)</title>") == true, "the node is on the map")
        #expect((saved["paint"] as? [String: Any])?["title"] as? String == "1 error, 2 warnings · 1 screen visited")
    }

    @Test func coverageHTMLMarksTheNeverLandedRouteRedWithItsSite() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CommandRun.switchyard(["test", "--no-color", "--coverage", "--html", "report/coverage", "app_spec.lua"],
                                               directory: directory)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("never landed:\n  /never  app.lua:3"), "the text is printed too")
        let html = try String(contentsOfFile: directory + "/report/coverage/index.html", encoding: .utf8)
        let saved = try embedded(html)
        let never = try #require(try items(saved).first { $0["kind"] as? String == "missed" })
        #expect(never["text"] as? String == "never landed: /never (app.lua:3)")
        let node = try #require(never["node"] as? String)
        let marks = try #require((saved["paint"] as? [String: Any])?["nodes"] as? [String: String])
        #expect(marks[node] == "missed")
        #expect(marks.values.sorted() == ["landed", "landed", "missed"], "/ and /album/:id landed")
        #expect((saved["paint"] as? [String: Any])?["title"] as? String == "Coverage: 2 of 3 routes landed")
    }

    @Test func eachFlagHasHelpWithAnExample() throws {
        let graph = try CommandRun.switchyard(["graph", "--help"])
        #expect(graph.output.contains("--html <FILE>") && graph.output.contains("switchyard graph app.lua --html map.html"))
        let check = try CommandRun.switchyard(["check", "--help"])
        #expect(check.output.contains("switchyard check app.lua --format html > check.html"))
        let test = try CommandRun.switchyard(["test", "--help"])
        #expect(test.output.contains("--html <DIR>") && test.output.contains("switchyard test specs --coverage --html coverage"))
    }
}

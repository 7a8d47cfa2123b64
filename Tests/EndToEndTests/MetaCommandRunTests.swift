import Foundation
import Testing

/// Meta-commands through the REPL with piped input (no readline): what each one prints.
@Suite(.serialized) struct MetaCommandRunTests {
    func repl(_ lines: [String]) throws -> CommandRun {
        try CommandRun.switchyard(["-i", "app/app.lua"], input: lines.joined(separator: "\n") + "\n")
    }

    @Test func navigationShowsTheScreenAndTheStateTree() throws {
        let result = try repl([":go /album/12"])
        #expect(result.status == 0)
        #expect(result.output.contains("━━ Album 12 ━━  /album/12  (/album/:id)\nTracks of album 12\n  [1] /album/12/tracks\n  [2] /artist/:name"))
        #expect(result.output.contains("root  /album/12"))
    }

    @Test func followPushesTheNumberedLink() throws {
        let result = try repl([":go /album/12", ":follow 3", ":follow 1", ":follow 1"])
        #expect(result.errors.contains(":follow 3: this screen has links 1 to 2"))
        #expect(result.output.contains("root  /album/12 › /album/12/tracks"))
        #expect(result.errors.contains("this screen declares no links"))
    }

    @Test func aScreenKnowsWhichOfTwoRoutesWithOnePatternMatchedIt() throws {
        // The numeric route's validator rejects "abc", so the second route matches: its title and links
        // are the ones shown and followed, though both routes have the pattern /u/:id.
        let script = """
            route("/u/:id", {title = "Numeric", validate = function(i) return tonumber(i.params.id) end, links = {"/a"}})
            route("/u/:id", {title = "Other", links = {"/b"}})
            route("/a", {}); route("/b", {})
            """
        let result = try CommandRun.switchyard(["-e", script, "-i"],
                                               input: ":go /u/abc\n:follow 1\n:go /u/7\n:follow 1\n:state\n")
        #expect(result.output.contains("━━ Other ━━  /u/abc  (/u/:id)\n  [1] /b"))
        #expect(result.output.contains("━━ Numeric ━━  /u/7  (/u/:id)\n  [1] /a"))
        #expect(result.output.contains("root  /u/abc › /b"))
        #expect(result.output.contains("root  /u/abc › /u/7 › /a"))
        #expect(result.errors.isEmpty)
    }

    @Test func sheetsAndCoversNestInTheTree() throws {
        let result = try repl([":sheet /album/3/share", ":cover /login", ":state", ":dismiss", ":state"])
        #expect(result.output.contains("root  /\n  sheet  /album/3/share\n    cover  /login"))
        #expect(result.output.contains("(/album/:id/share, sheet)"))
    }

    @Test func backForwardAndHistory() throws {
        let result = try repl([":push /search", ":push /album/4", ":back 2", ":forward", ":history"])
        #expect(result.output.contains("    1  start            /\n→   2  push             /search\n    3  push             /album/4"))
        #expect(result.errors.isEmpty)
    }

    @Test func matchAndExplainTeachRouting() throws {
        let result = try repl([":match /album/7?tab=info", ":explain /album/new", ":match /nowhere/at/all"])
        #expect(result.output.contains("/album/:id  name: album"))
        #expect(result.output.contains("params    id = \"7\""))
        #expect(result.output.contains("query     tab = \"info\""))
        #expect(result.output.contains("/album/new"))
        #expect(result.output.contains("no route matches /nowhere/at/all"))
    }

    @Test func matchShowsTheValidatorsValue() throws {
        let result = try repl([":match /album/7", ":match /search"])
        #expect(result.output.contains("params    id = \"7\"\n  value     7\n"))
        #expect(result.output.components(separatedBy: "  value  ").count == 2)   // /search has no validator
        let table = try CommandRun.switchyard(
            ["-e", "route('/t/:id', {validate = function(i) return {id = i.params.id, ok = true} end})", "-i"],
            input: ":match /t/9\n")
        #expect(table.output.contains("  value     { id = \"9\", ok = true }"))
    }

    @Test func routesFlowsAndGraph() throws {
        let result = try repl([":routes", ":flows", ":graph mermaid"])
        #expect(result.output.contains("/album/:id/tracks"))
        #expect(result.output.contains("onboarding: /login (cover) › /settings"))
        #expect(result.output.contains("flowchart LR"))
    }

    @Test func saveAndRestoreRoundTrip() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try repl([":push /album/5", ":save \(file)", ":go /search", ":restore \(file)", "nav.path"])
        #expect(result.output.hasSuffix("\"/album/5\"\n"))
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test func errorsAreClearAndTheREPLGoesOn() throws {
        let result = try repl([":frobnicate", ":back x", "allow_settings = false", ":go /settings", "nav.path"])
        #expect(result.errors.contains("unknown command :frobnicate"))
        #expect(result.errors.contains(":back takes a positive number, not \"x\""))
        #expect(result.errors.contains("/settings"))
        #expect(result.output.hasSuffix("\"/\"\n"))
        #expect(result.status == 0)
    }

    @Test func luaNavigationAlsoShowsTheScreen() throws {
        let result = try repl(["nav.push('/album/8')"])
        #expect(result.output.contains("━━ Album 8 ━━"))
    }

    @Test func reloadKeepsTheFiles() throws {
        let result = try repl([":reload", ":quit", "print('not reached')"])
        #expect(result.output.contains("reloaded app/app.lua: 9 routes"))
        #expect(!result.output.contains("not reached"))
    }

    @Test func graphToAFileAndItsErrors() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID().uuidString).dot").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try repl([":graph dot \(file)", ":graph mermaid map.png"])
        #expect(result.output.contains("wrote \(file)"))
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("digraph navigation {"))
        #expect(result.errors.contains("map.png: images are rendered from the dot format, not mermaid"))
    }

    @Test func traceShowsEveryEventOfAnInputAndTracebacks() throws {
        let result = try repl([":trace on", "nav.push('/search'); nav.push('/album/2')", "error('deep')", ":trace off",
                               "nav.pop()"])
        #expect(result.output.contains("· push  / → /search  deeper\n· push  /search → /album/2  sideways\n"))
        #expect(!result.output.contains("· pop"))
        #expect(result.errors.contains("stack traceback:"))
    }

    @Test func theStateTreeShowsDetentsBrowsersAndAlertStyles() throws {
        let result = try repl(["nav.sheet('/album/12', {detents = {'medium', 'large'}})", "nav.set_detent('large')", ":state",
                               "nav.browser('https://example.com/help')", ":state", "nav.dismiss()",
                               "nav.alert{title = 'Share', style = 'confirmation', buttons = {'Mail', 'Cancel'}}", ":state"])
        #expect(result.output.contains("  sheet (medium · large*)  /album/12"))
        #expect(result.output.contains("    browser  https://example.com/help"))
        #expect(result.output.contains("confirmation  Share [Mail] [Cancel]"))
    }

    @Test func aHeldNavigationIsSaidAtOnceAndShownInTheStateTree() throws {
        let result = try repl(["route('/pay', {guard = function() return nav.pending('payment') end})", ":push /pay", ":state",
                               "nav.settle('payment')", "nav.settle('payment')"])
        let line = "pending  push /pay  waits for nav.settle(\"payment\", ...)"
        #expect(result.output.components(separatedBy: line).count == 3, "said when :push was held, and by :state: \(result.output)")
        #expect(result.output.contains("root  /\n" + line))
        #expect(result.output.contains("root  / › /pay"))
        #expect(result.errors.contains("settle: no navigation is pending under \"payment\" (none is pending)"))
    }
}

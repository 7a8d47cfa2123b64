import Foundation
import Testing

/// Issue 31's attacks on what the toolkit prints and writes: the pager, `test`'s reports and
/// per-test isolation, names in generated text. Each ran through the executable against the landed
/// main and failed there.
@Suite struct HostileToolkitTests {
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sy-toolkit-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Item 14: a pager that cannot start, or ends without reading, lost the listing.
    @Test(.enabled(if: TerminalSession.isAvailable, "needs tmux"), arguments: ["no-such-pager", "true", "exit 3"])
    func aPagerThatShowsNothingLeavesTheListingPrinted(pager: String) throws {
        let session = try TerminalSession(arguments: ["--no-color"], environment: ["PAGER": pager])
        defer { session.close() }
        try session.waitFor("> ")
        try session.enter("for i = 1, 60 do route('/r' .. i) end")
        try session.enter(":routes", expecting: "/r60")
        try session.enter("1 + 1", expecting: "\n2\n")
    }

    /// Item 7: `os.exit(0)` after a failing test ended `switchyard test` with status 0, nothing
    /// printed and no JUnit file: a false pass in CI.
    @Test func osExitInASpecEndsTheFileAsAnErrorWithResultsAndReports() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            describe("checkout", function()
              it("fails", function() assert.equal(1, 2) end)
            end)
            os.exit(0)
            """.write(toFile: folder + "/exits_spec.lua", atomically: true, encoding: .utf8)
        try """
            describe("inside", function()
              it("fails first", function() assert.equal(1, 2) end)
              it("exits, caught or not", function() pcall(os.exit, 0) end)
              it("never runs", function() end)
            end)
            """.write(toFile: folder + "/inside_spec.lua", atomically: true, encoding: .utf8)
        let run = try CommandRun.switchyard(["--no-color", "test", "exits_spec.lua", "inside_spec.lua", "--junit", "junit.xml"],
                                            directory: folder)
        #expect(run.status == 1, "\(run.output)\(run.errors)")
        #expect(run.output.contains("exits_spec.lua:4: os.exit(0) ends this spec file as an error"), "\(run.output)")
        #expect(run.output.contains("inside_spec.lua:3: os.exit(0) ends this spec file as an error"), "\(run.output)")
        #expect(!run.output.contains("never runs"), "nothing after os.exit runs: \(run.output)")
        #expect(run.output.withoutRunTime.hasSuffix("0 passed, 3 failed\n"), "\(run.output)")
        let junit = try String(contentsOfFile: folder + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("tests=\"3\" failures=\"1\" errors=\"2\""), "\(junit)")
        // --list loads the files too: os.exit there must not end the listing either.
        let list = try CommandRun.switchyard(["--no-color", "test", "--list", "inside_spec.lua", "exits_spec.lua"], directory: folder)
        #expect(list.output.contains("inside_spec.lua:2: inside fails first"), "\(list.output)")
    }

    /// Item 16: `debug.getmetatable(nav).__index = ...` in one test broke `nav` in the next.
    @Test func whatATestDoesToNavsMetatableStaysInThatTest() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            route("/a", {})
            describe("nav", function()
              it("is vandalised", function()
                local members = debug.getmetatable(nav).__index
                members.push = function() error("hijacked push") end
                debug.getmetatable(nav).__tostring = function() return "hijacked" end
                debug.getmetatable(nav).__index = function() return "hijacked" end
              end)
              it("is fresh in the next test", function()
                nav.push("/a")
                assert.are.equal("/a", nav.path)
                assert.are.equal("nav: /a", tostring(nav))
              end)
            end)
            """.write(toFile: folder + "/vandal_spec.lua", atomically: true, encoding: .utf8)
        let run = try CommandRun.switchyard(["--no-color", "test", "vandal_spec.lua"], directory: folder)
        #expect(run.status == 0 && run.output.contains("2 passed, 0 failed"), "\(run.output)\(run.errors)")
    }

    /// Item 11: a newline in an invariant's name ended the comment of the spec `walk` printed, and
    /// the rest of the name ran as code when the spec was tested.
    @Test func anInvariantsNameStaysDataInTheSpecWalkPrints() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let marker = folder + "/pwned"
        try #"""
            route("/", {title = "Home", links = {"/a"}})
            route("/a", {title = "A", links = {"/"}})
            invariant("never at a\nos.execute('touch \#(marker)')\n--", function() return nav.path ~= "/a", "at a" end)
            """#.write(toFile: folder + "/app.lua", atomically: true, encoding: .utf8)
        let walk = try CommandRun.switchyard(["--no-color", "walk", "app.lua", "--seed", "1"], directory: folder)
        #expect(walk.status == 1, "\(walk.output)\(walk.errors)")
        let spec = try #require(walk.output.range(of: "-- switchyard walk")).lowerBound
        try String(walk.output[spec...]).write(toFile: folder + "/walk_spec.lua", atomically: true, encoding: .utf8)
        let test = try CommandRun.switchyard(["--no-color", "test", "walk_spec.lua"], directory: folder)
        #expect(!FileManager.default.fileExists(atPath: marker), "the name ran as code:\n\(walk.output)")
        #expect(test.status == 1 && test.output.contains("at a") && test.output.contains("0 passed, 1 failed"),
                "the spec loads and fails on the invariant: \(test.output)\(test.errors)")
    }

    /// Item 11: a newline in a test's name injected `ok`/`1..N` lines into `-o TAP`, and `# TODO` in a
    /// failing test's name turned the failure into a TODO that `prove` passes.
    @Test func aTestsNameCannotWriteTAPOfItsOwn() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"""
            describe("names", function()
              it("first\nok 7 - injected\r\n1..7", function() assert.equal(1, 2) end)
              it("hides # TODO later", function() assert.equal(1, 2) end)
              it("back\\slash # SKIP", function() end)
            end)
            """#.write(toFile: folder + "/names_spec.lua", atomically: true, encoding: .utf8)
        let run = try CommandRun.switchyard(["--no-color", "test", "-o", "TAP", "names_spec.lua"], directory: folder)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }.count == 3, "\(run.output)")
        #expect(lines.filter { $0.hasPrefix("1..") } == ["1..3"], "\(run.output)")
        #expect(lines.allSatisfy { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") || $0.hasPrefix("#") || $0.hasPrefix("1..") })
        #expect(lines.contains("not ok 2 - names hides \\# TODO later"), "\(run.output)")
        // prove (Perl's TAP harness) counts both failures: no TODO, no SKIP, no extra test.
        try run.output.write(toFile: folder + "/names.tap", atomically: true, encoding: .utf8)
        let prove = try Spawn.run(["sh", "-c", "cd \(folder) && prove -e cat names.tap 2>&1"])
        #expect(prove.output.contains("Tests: 3 Failed: 2") && prove.output.contains("Failed tests:  1-2"), "\(prove.output)")
    }

    /// `require("../app.lua")` (how recorded and walk specs load their app) loads only `.lua` files,
    /// sandboxed: any other file stays unread, so no syntax error can show a token of it.
    @Test func aRelativeRequireLoadsOnlyLuaFilesInTheSandbox() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        try "secret-token: hunter2\n".write(toFile: folder + "/secret.txt", atomically: true, encoding: .utf8)
        try "loaded_app = (loaded_app or 0) + 1\n".write(toFile: folder + "/app.lua", atomically: true, encoding: .utf8)
        try """
            require("../app.lua")
            require("../app.lua")
            assert(loaded_app == 1, "required once")
            print(pcall(require, "../secret.txt"))
            """.write(toFile: folder + "/specs/main.lua", atomically: true, encoding: .utf8)
        let run = try CommandRun.switchyard(["--sandbox", folder + "/specs/main.lua"], directory: "/")
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasPrefix("false") && run.output.contains("invalid module name '../secret.txt'"), "\(run.output)")
        #expect(!run.output.contains("secret-token") && !run.output.contains("hunter2"))
    }

    /// The same relative path from two folders names two files, with and without the sandbox, also
    /// when the requiring file returns the call (a tail call, which leaves no frame of that file).
    @Test(arguments: [[], ["--sandbox"]])
    func aRelativePathIsFromTheRequiringFile(options: [String]) throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
            try "return \"\(name)\"\n".write(toFile: folder + "/\(name)/m.lua", atomically: true, encoding: .utf8)
            try "return require(\"./m.lua\")\n".write(toFile: folder + "/\(name)/x.lua", atomically: true, encoding: .utf8)
        }
        try "print(require(\"./a/x.lua\"), (require(\"./b/x.lua\")), require(\"./a/m.lua\") == require(\"./b/../a/m.lua\"))\n"
            .write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        let run = try CommandRun.switchyard(options + ["main.lua"], directory: folder)
        #expect(run.output == "a\tb\ttrue\n", "\(run.output)\(run.errors)")
    }
}

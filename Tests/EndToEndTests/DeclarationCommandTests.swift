import Foundation
import Testing

/// What a script declares is what the command line does and shows (issue 30): a group's options,
/// the start screen of `switchyard FILE`, `graph -o` formats and `check`'s redirect loops.
@Suite(.serialized) struct DeclarationCommandTests {
    // MARK: group(prefix, body, opts)

    @Test func aGroupsGuardRedirectsEveryRouteInsideIt() throws {
        let result = try CommandRun.switchyard(["-"], input: """
            dofile("check/group_guard.lua")
            nav.push("/admin/users") print(nav.path)
            signed_in = true
            nav.push("/admin/users") print(nav.path)
            """)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "/login\n/admin/users\n")
    }

    @Test func routesListsTheGuardARouteInheritsFromItsGroup() throws {
        let result = try CommandRun.switchyard(["routes", "check/group_guard.lua"])
        #expect(result.status == 0, "\(result.errors)")
        let users = result.output.split(separator: "\n").first { $0.contains("/admin/users") } ?? ""
        #expect(users.contains("guard: group /admin (check/group_guard.lua:4)"), "\(result.output)")
    }

    @Test func explainSaysWhichGroupGuardsTheWinner() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "check/group_guard.lua"], input: ":explain /admin/users\n")
        #expect(result.output.contains("wins      /admin/users"), "\(result.output)")
        #expect(result.output.contains("  guarded by group /admin (check/group_guard.lua:4)\n"), "\(result.output)")
        #expect(result.output.contains("would redirect to /login"), "the group's guard answers for the winner: \(result.output)")
    }

    @Test func aRedirectByAGroupsGuardSaysWhoseGuardsWereAsked() throws {
        let result = try CommandRun.switchyard(["--no-color", "-i", "check/group_guard.lua"], input: ":push /admin/users\n")
        #expect(result.output.contains("redirected /admin/users → /login (guards: group /admin (check/group_guard.lua:4))"),
                "\(result.output)")
    }

    @Test func checkFollowsTheGroupsRedirect() throws {
        let result = try CommandRun.switchyard(["check", "--no-color", "check/group_guard.lua"])
        #expect(!result.output.contains("unreachable"), "the group's guard reaches /login: \(result.output)")
        #expect(result.output.hasPrefix("no findings"), "\(result.output)")
    }

    @Test func coverageCountsTheGuardARouteInheritsFromItsGroup() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("group-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try String(contentsOfFile: SwitchyardBinary.fixtures + "/check/group_guard.lua", encoding: .utf8)
            .write(toFile: directory + "/app.lua", atomically: true, encoding: .utf8)
        try """
            require("app")
            it("sends a signed-out person to log in", function()
              nav.push("/admin/users")
              assert.equal("/login", nav.path)
            end)
            """.write(toFile: directory + "/admin_spec.lua", atomically: true, encoding: .utf8)
        let result = try CommandRun.switchyard(["test", "--coverage", "--no-color", "admin_spec.lua"], directory: directory)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("/admin/users  app.lua:5  never landed, guard redirect 1"), "\(result.output)")
        #expect(result.output.contains("guards      1 of 3 outcomes seen"), "\(result.output)")
    }

    @Test func aMisspeltGroupOptionIsAnErrorNamingItAndWhere() throws {
        let result = try CommandRun.switchyard(["-"], input: """
            route("/login", {})
            group("/admin", function() route("users", {}) end, {gaurd = function() return "/login" end})
            """)
        #expect(result.status == 1)
        #expect(result.errors.contains("stdin:2: group /admin: unknown option 'gaurd' (did you mean 'guard'? options: entry, error, guard, leave, meta, presentation, title, view)"),
                "\(result.errors)")
    }

    // MARK: switchyard FILE's start screen

    @Test func aScriptSeesItsStartScreenOnTheRouteItJustDeclared() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("start-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try """
            route("/", {title = "Home"})
            print(nav.path, nav.title)
            local file = assert(io.open("saved.json", "w"))
            file:write(nav.save())
            file:close()
            """.write(toFile: directory + "/app.lua", atomically: true, encoding: .utf8)
        let run = try CommandRun.switchyard(["app.lua"], directory: directory)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "/\tHome\n")
        let saved = try String(contentsOfFile: directory + "/saved.json", encoding: .utf8)
        #expect(saved.contains(#""pattern":"\/""#) && saved.contains(#""title":"Home""#), "the saved start screen has its route: \(saved)")
        let graph = try CommandRun.switchyard(["graph", "--state", "saved.json", "app.lua"], directory: directory)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output.contains(#"r0 [label="/\nHome", style="rounded,filled,bold", fillcolor=gold"#),
                "the saved screen is drawn as the current screen of route /: \(graph.output)")
    }

    // MARK: graph -o

    @Test func graphRendersAJPEGThroughGraphviz() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") else { return }
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: image) }
        let result = try CommandRun.switchyard(["graph", "app/app.lua", "-o", image])
        #expect(result.status == 0, "\(result.errors)")
        let bytes = try #require(FileManager.default.contents(atPath: image))
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF], "a JPEG, not DOT text: \(String(decoding: bytes.prefix(20), as: UTF8.self))")
    }

    @Test func graphRefusesAnExtensionNoFormatHasListingTheFormats() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID().uuidString).docx").path
        let result = try CommandRun.switchyard(["graph", "app/app.lua", "-o", file])
        #expect(result.status == 2)
        #expect(result.errors.contains("no graph format has the extension .docx"), "\(result.errors)")
        #expect(result.errors.contains(".mmd") && result.errors.contains(".jpg") && result.errors.contains(".svg"))
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    // MARK: check and loops nothing reaches

    @Test func checkReportsARedirectLoopNoMoveReachesWithItsChain() throws {
        let result = try CommandRun.switchyard(["check", "--no-color", "check/unreached_loop.lua"])
        #expect(result.status == 1, "a loop is an error: \(result.output)")
        #expect(result.output.contains("""
            /loop1  check/unreached_loop.lua:3
              error    redirect-loop  /loop1: redirect loop: /loop1 → /loop2 → /loop1 (followed from /loop1, which nothing reaches)
            """), "\(result.output)")
        #expect(result.output.hasSuffix("1 error, 2 warnings · crawled 1 screen in 1 state\n"))
    }
}

import Foundation
import Testing

@Suite(.serialized) struct CommandLineTests {
    @Test func helpShowsExamplesAndExitsZero() throws {
        let result = try CommandRun.switchyard(["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("EXAMPLES:"))
        #expect(result.output.contains("switchyard -i examples/music/app.lua"))
    }

    @Test func versionExitsZero() throws {
        let result = try CommandRun.switchyard(["--version"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("switchyard "))
    }

    @Test(arguments: [["--bogus"], ["--max-instructions", "many"], ["--max-memory", "0"],
                      ["graph"], ["graph", "app.lua", "--format", "png"], ["test", "--junit"],
                      ["-e"], ["-e", "--sandbox", "hello.lua"]])
    func usageErrorsExitTwoWithAMessageOnStderr(arguments: [String]) throws {
        let result = try CommandRun.switchyard(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains("Error:"))
        #expect(result.output.isEmpty)
    }

    @Test func optionsMayComeBeforeTheSubcommand() throws {
        let tests = try CommandRun.switchyard(["--no-color", "test", "specs/navigation_spec.lua"])
        #expect(tests.status == 0)
        #expect(tests.output.withoutRunTime.hasSuffix("2 passed, 0 failed\n"))
        #expect(!tests.output.contains("\u{1B}["))
        let routes = try CommandRun.switchyard(["--sandbox", "routes", "app/app.lua"])
        #expect(routes.status == 0)
        #expect(routes.output.contains("/album/:id"))
        let graph = try CommandRun.switchyard(["--no-color", "--max-memory", "64", "graph", "--format", "mermaid", "app/app.lua"])
        #expect(graph.status == 0)
        #expect(graph.output.hasPrefix("flowchart"))
    }

    @Test func aScriptNamedLikeASubcommandRunsWithAPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sy-script-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "print('the script named test', arg[1])".write(toFile: directory + "/test", atomically: true, encoding: .utf8)
        let byPath = try CommandRun.switchyard(["--sandbox", "./test", "x"], directory: directory)
        #expect(byPath.status == 0)
        #expect(byPath.output == "the script named test\tx\n")
        let afterDashes = try CommandRun.switchyard(["--", "test"], directory: directory)
        #expect(afterDashes.output == "the script named test\tnil\n")
        #expect(try CommandRun.switchyard(["--help"]).output.contains("./test"))
    }

    @Test func rootOnlyOptionsBeforeASubcommandAreAUsageError() throws {
        let result = try CommandRun.switchyard(["-e", "x = 1", "routes", "app/app.lua"])
        #expect(result.status == 2)
        #expect(result.errors.contains("-e"))
    }

    @Test func subcommandHelpNamesTheCommand() throws {
        let result = try CommandRun.switchyard(["test", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("switchyard test"))
        #expect(result.output.contains("--junit"))
    }
}

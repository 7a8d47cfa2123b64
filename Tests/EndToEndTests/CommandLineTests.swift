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
                      ["graph"], ["graph", "app.lua", "--format", "png"], ["test", "--junit"]])
    func usageErrorsExitTwoWithAMessageOnStderr(arguments: [String]) throws {
        let result = try CommandRun.switchyard(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains("Error:"))
        #expect(result.output.isEmpty)
    }

    @Test func subcommandHelpNamesTheCommand() throws {
        let result = try CommandRun.switchyard(["test", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("switchyard test"))
        #expect(result.output.contains("--junit"))
    }
}

import ArgumentParser
import SwitchyardREPL

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scenario tests: a line per test, then `N passed, N failed`; exit 1 on any failure.",
        discussion: """
            A PATH that is a file runs as a scenario file whatever its name; a directory is searched \
            recursively for files named *_spec.lua (the busted convention). No PATH searches the current \
            directory. Each `it` runs on a fresh navigator over the routes the scenario files load.

            EXAMPLES:
              switchyard test                               every *_spec.lua under the current directory
              switchyard test specs/deep_links_spec.lua     one file
              switchyard test specs --junit build/junit.xml a JUnit report for CI as well
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE.", valueName: "FILE"))
    var junit: String?

    @Argument(help: ArgumentHelp("Scenario files or directories.", valueName: "PATH"))
    var paths: [String] = []

    func run() throws {
        let status = ScenarioTestRun.run(paths: paths.isEmpty ? ["."] : paths, junitFile: junit, options: common.session)
        if status != .success { throw ExitCode(status.rawValue) }
    }
}

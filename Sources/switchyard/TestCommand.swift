import ArgumentParser
import SwitchyardLua
import SwitchyardREPL

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scenario tests (busted's vocabulary): a line per test, then `N passed, N failed`; exit 1 on any failure.",
        discussion: """
            A PATH that is a file runs as a scenario file whatever its name; a directory is searched \
            recursively for files named *_spec.lua (the busted convention). No PATH searches the current \
            directory. Each file runs in a fresh runtime; each `it` on a fresh navigator over the routes the \
            file loads. A test's full name is its describe names and its own; its tags are the #words in it.

            EXAMPLES:
              switchyard test                      every *_spec.lua under here
              switchyard test specs/links_spec.lua one file
              switchyard test specs --junit j.xml  a JUnit report for CI too
              switchyard test -o TAP specs         TAP (-o json: busted's JSON)
              switchyard test --filter 'deep link' names matching a Lua pattern
              switchyard test --tags smoke --list  the #smoke tests, not run
              switchyard test --shuffle            random order (--seed N again)
              switchyard test specs --coverage     routes landed, links, guards...
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("How to report: utf (default), TAP or json.", valueName: "FORMAT"),
            completion: .list(ScenarioTestOptions.Output.allCases.map(\.rawValue)))
    var output: String = "utf"

    @Option(help: ArgumentHelp("Also write a JUnit XML report to FILE.", valueName: "FILE"), completion: .file())
    var junit: String?

    @Option(help: ArgumentHelp("Run only tests whose full name matches this Lua pattern (repeatable: any).", valueName: "PATTERN"))
    var filter: [String] = []

    @Option(name: .customLong("filter-out"), help: ArgumentHelp("Skip tests whose full name matches this Lua pattern (repeatable).", valueName: "PATTERN"))
    var filterOut: [String] = []

    @Option(name: [.customShort("t"), .long], help: ArgumentHelp("Run only tests with one of these #tags (comma-separated, repeatable).", valueName: "TAGS"))
    var tags: [String] = []

    @Option(name: .customLong("exclude-tags"), help: ArgumentHelp("Skip tests with one of these #tags (comma-separated).", valueName: "TAGS"))
    var excludeTags: [String] = []

    @Flag(name: [.customShort("l"), .long], help: "List the selected tests as file:line: name instead of running them.")
    var list = false

    @Flag(help: "Run files, blocks and tests in a random order (the seed is printed).")
    var shuffle = false

    @Option(help: ArgumentHelp("Shuffle with this seed (implies --shuffle): the same seed, the same order.", valueName: "N"))
    var seed: UInt64?

    @Flag(help: "After the closing line, print coverage: routes landed, links followed, flow steps run, guard and validator outcomes seen, routes never landed.")
    var coverage = false

    @Option(name: .customLong("coverage-json"), help: ArgumentHelp("Also write the coverage as JSON to FILE (implies --coverage).", valueName: "FILE"),
            completion: .file())
    var coverageJSON: String?

    @Argument(help: ArgumentHelp("Scenario files or directories.", valueName: "PATH"), completion: .file())
    var paths: [String] = []

    func validate() throws {
        guard ScenarioTestOptions.Output(format: output) != nil else {
            throw ValidationError("-o/--output takes utf, TAP or json, not '\(output)'")
        }
    }

    func run() throws {
        var options = ScenarioTestOptions()
        options.output = ScenarioTestOptions.Output(format: output) ?? .utf
        options.junitFile = junit
        options.listOnly = list
        options.coverage = coverage || coverageJSON != nil
        options.coverageJSONFile = coverageJSON
        options.selection.filters = filter
        options.selection.filtersOut = filterOut
        options.selection.tags = Self.words(tags)
        options.selection.excludedTags = Self.words(excludeTags)
        options.selection.shuffleSeed = seed ?? (shuffle ? UInt64.random(in: 1...999_999) : nil)
        let status = ScenarioTestRun.run(paths: paths.isEmpty ? ["."] : paths, test: options, session: common.session)
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// "a,b" "c" -> [a, b, c]; a leading '#' is allowed ("--tags '#slow'").
    static func words(_ lists: [String]) -> [String] {
        lists.flatMap { $0.split(separator: ",") }.map { $0.hasPrefix("#") ? String($0.dropFirst()) : String($0) }
            .filter { !$0.isEmpty }
    }
}

import ArgumentParser
import SwitchyardLua
import SwitchyardTesting
import SwitchyardREPL
import SwitchyardTools

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scenario tests (busted's vocabulary): a line per test, then `N passed, N failed`; exit 1 on any failure.",
        discussion: """
            A PATH that is a file runs as a scenario file whatever its name; a directory is searched \
            recursively for files named *_spec.lua (the busted convention). No PATH searches the current \
            directory. Each file runs in a fresh runtime; each `it` on a fresh navigator over the routes the \
            file loads. A test's full name is its describe names and its own; its tags are the #words in it. A .busted file in the \
            current directory (busted's format) gives default options: its `default` task, or the one \
            --run names; the command line's options win.

            EXAMPLES:
              switchyard test                      every *_spec.lua under here
              switchyard test specs/links_spec.lua one file
              switchyard test specs --junit j.xml  a JUnit report for CI too
              switchyard test -o TAP specs         TAP (-o json: busted's JSON)
              switchyard test --filter 'deep link' names matching a Lua pattern
              switchyard test --tags smoke --list  the #smoke tests, not run
              switchyard test --shuffle            random order (--seed N again)
              switchyard test specs --coverage     routes landed, links, guards...
              switchyard test --repeat 20 specs    twenty times: flaky tests show
              switchyard test --watch specs        rerun what each save affects
              switchyard test --run ci             the ci task of ./.busted
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("How to report: utf (default), TAP or json (busted's -o junit is --junit FILE here).", valueName: "FORMAT"),
            completion: .list(ScenarioTestOptions.Output.allCases.map(\.rawValue)))
    var output: String?

    @Option(name: [.customShort("r"), .customLong("run")], help: ArgumentHelp("Take the options of this task of the .busted file here (default: its `default` task).", valueName: "TASK"))
    var task: String?

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

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Run everything N times over (busted's --repeat): a test that fails one time in N shows.", valueName: "N"))
    var repetitions: Int = 1

    @Flag(help: "Keep running: after a saved change, run again the spec files it affects (the spec, or any file it loaded), redrawn. Ctrl-C stops.")
    var watch = false

    @Argument(help: ArgumentHelp("Scenario files or directories.", valueName: "PATH"), completion: .file())
    var paths: [String] = []

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repeat takes a positive number, not \(repetitions)") }
        if let output { try Self.checkOutput(output, "-o/--output") }
    }

    static func checkOutput(_ output: String, _ place: String) throws {
        guard ScenarioTestOptions.Output(format: output) != nil else {
            throw ValidationError("\(place) takes utf, TAP or json, not '\(TerminalText.escaped(output))'" + Self.outputHint(output))
        }
    }

    func run() throws {
        // The .busted file's task, under what the command line says (busted's order).
        let file: BustedConfiguration
        do {
            file = try BustedConfiguration.load(task: task) ?? BustedConfiguration()
        } catch {
            throw ValidationError(error.description)
        }
        for warning in file.warnings { StandardError.write("switchyard test: warning: \(warning)") }
        if let output = file.output, output.lowercased() != "utfterminal" { try Self.checkOutput(output, ".busted's output") }
        var options = ScenarioTestOptions()
        let format = output ?? file.output.map { $0.lowercased() == "utfterminal" ? "utf" : $0 } ?? "utf"
        options.output = ScenarioTestOptions.Output(format: format) ?? .utf
        options.junitFile = junit
        options.repetitions = repetitions != 1 ? repetitions : file.repetitions ?? 1
        options.helper = file.helper
        options.filePatterns = file.patterns
        options.listOnly = list
        options.coverage = coverage || coverageJSON != nil || file.coverage == true
        options.coverageJSONFile = coverageJSON
        options.selection.filters = filter.isEmpty ? file.filters ?? [] : filter
        options.selection.filtersOut = filterOut.isEmpty ? file.filtersOut ?? [] : filterOut
        options.selection.tags = Self.words(tags.isEmpty ? file.tags ?? [] : tags)
        options.selection.excludedTags = Self.words(excludeTags.isEmpty ? file.excludeTags ?? [] : excludeTags)
        let shuffled = shuffle || file.shuffle == true
        options.selection.shuffleSeed = seed ?? file.seed ?? (shuffled ? UInt64.random(in: 1...999_999) : nil)
        let roots = paths.isEmpty ? file.roots ?? ["."] : paths
        if watch {
            guard !list, junit == nil, coverageJSON == nil, options.output == .utf else {
                throw ValidationError("--watch draws the utf output again at each change: it goes without --list, --junit, --coverage-json and -o TAP/json")
            }
            let status = ScenarioWatch.run(paths: roots, test: options, session: common.session)
            if status != .success { throw ExitCode(status.rawValue) }
            return
        }
        let status = ScenarioTestRun.run(paths: roots, test: options, session: common.session)
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// What busted's `-o` names mean here, or the nearest format: busted users type `-o junit`.
    static func outputHint(_ format: String) -> String {
        switch format.lowercased() {
        case "junit": return " (a JUnit report is --junit FILE, beside any -o)"
        case "utfterminal", "plainterminal", "gtest": return " (did you mean utf?)"
        default: return TypoSuggestion.hint(for: format, among: ["utf", "TAP", "json"])
        }
    }

    /// "a,b" "c" -> [a, b, c]; a leading '#' is allowed ("--tags '#slow'").
    static func words(_ lists: [String]) -> [String] {
        lists.flatMap { $0.split(separator: ",") }.map { $0.hasPrefix("#") ? String($0.dropFirst()) : String($0) }
            .filter { !$0.isEmpty }
    }
}

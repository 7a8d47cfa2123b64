import Foundation

/// Command line: `switchyard-bench [--quick | --smoke] [--cases 1,2,3] [--json PATH]`.
struct Options {
    var cases: Set<Int> = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]
    var quick = false
    /// Every case once with tiny counts: it must run and the routers must agree; no figure is judged.
    var smoke = false
    var json = Options.packageDirectory.appendingPathComponent("results/latest.json")
    /// `--loop SUBJECT SET ROUTES COUNT`: only run one workload COUNT times, for callgrind.
    var loop: (subject: String, set: String, routes: Int, count: Int)?
    /// `--counted-loop SUBJECT SET ROUTES`: the child process of the instruction-count case, under callgrind.
    var countedLoop: InstructionCounts.Subject?
    /// `--dump-set SET ROUTES DIR`: only write one route set out as text (`SetDump`), for a peer's harness.
    var dumpSet: (set: String, routes: Int, directory: URL)?
    /// `--resident KIND`: the child process of the memory case.
    var resident: String?

    static let usage = """
        usage: switchyard-bench [--quick | --smoke] [--cases LIST] [--json PATH]
          --quick        fewer batches (figures are noisier)
          --smoke        every case once with tiny counts: checks that it runs and that the routers
                         agree, judges no target (scripts/test runs it on a debug build)
          --cases LIST   comma-separated case numbers to run (default: all)
          --json PATH    where to write the results (default: Benchmarks/results/latest.json)
          --loop SUBJECT SET ROUTES COUNT
                         run one workload COUNT times and nothing else, for profiling:
                         SUBJECT match|matchValues|firstMatch|routing-kit|declare|lua-match|lua-push-pop|lua-noop-swift|lua-noop-c, SET static-heavy|parameter-heavy|github-rest|query|misses|six-parameters|splat|optional|long-static|twenty-four|percent-encoded|case-insensitive
          --dump-set SET ROUTES DIR
                         write one route set (any SET above) to DIR as text and nothing else: set.txt,
                         patterns.txt, queries.txt and expected.txt (the route and the decoded
                         parameters match finds for each query), for a peer router's harness
                         (Benchmarks/Peers/matchit/run.sh), e.g.
                           switchyard-bench --dump-set github-rest 453 /tmp/sets/github-rest
                           switchyard-bench --dump-set static-heavy 100000 /tmp/sets/static-heavy-100000
        """

    /// The Benchmarks package directory, found from this source file so the default does not
    /// depend on the working directory.
    static var packageDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The release `switchyard` at the repository root, which cases 5, 6 and 12 run (scripts/bench builds it).
    static var switchyardExecutable: URL {
        packageDirectory.deletingLastPathComponent().appendingPathComponent(".build/release/switchyard")
    }

    /// Writes `text` as Benchmarks/results/NAME, a script a child process runs, and returns where.
    static func writeResultsFile(_ name: String, _ text: String) throws -> URL {
        let url = packageDirectory.appendingPathComponent("results/\(name)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                quick = true
            case "--smoke":
                smoke = true
            case "--cases":
                guard let list = rest.popFirst() else { throw UsageError(description: "--cases needs a list, e.g. --cases 1,3") }
                let numbers = list.split(separator: ",").map { Int($0) }
                guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else {
                    throw UsageError(description: "--cases \(list): expected case numbers separated by commas, e.g. 1,3")
                }
                cases = Set(numbers.compactMap { $0 })
            case "--json":
                guard let path = rest.popFirst() else { throw UsageError(description: "--json needs a file path") }
                json = URL(fileURLWithPath: path)
            case "--loop":
                let values = Array(rest.prefix(4))
                rest = rest.dropFirst(4)
                guard values.count == 4, let routes = Int(values[2]), let count = Int(values[3]) else {
                    throw UsageError(description: "--loop needs SUBJECT SET ROUTES COUNT, e.g. --loop match parameter-heavy 1000 100000")
                }
                loop = (values[0], values[1], routes, count)
            case "--counted-loop":
                let values = Array(rest.prefix(3))
                rest = rest.dropFirst(3)
                guard values.count == 3, let routes = Int(values[2]) else {
                    throw UsageError(description: "--counted-loop needs SUBJECT SET ROUTES, e.g. --counted-loop match github-rest 453")
                }
                countedLoop = InstructionCounts.Subject(subject: values[0], set: values[1], routes: routes)
            case "--dump-set":
                let values = Array(rest.prefix(3))
                rest = rest.dropFirst(3)
                guard values.count == 3, let routes = Int(values[1]), routes > 0 else {
                    throw UsageError(description: "--dump-set needs SET ROUTES DIR, e.g. --dump-set github-rest 453 /tmp/sets/github-rest")
                }
                dumpSet = (values[0], routes, URL(fileURLWithPath: values[2]))
            case "--resident":
                guard let kind = rest.popFirst() else { throw UsageError(description: "--resident needs a kind") }
                resident = kind
            case "-h", "--help":
                print(Options.usage)
                exit(0)
            default:
                throw UsageError(description: "unknown argument \(argument)")
            }
        }
    }

    var timer: BatchTimer { timer(BatchTimer(), quick: BatchTimer(batches: 200, warmUpBatches: 20)) }

    /// A smoke run times one operation per workload: it only has to run.
    func timer(_ full: BatchTimer, quick: BatchTimer) -> BatchTimer {
        smoke ? BatchTimer(batches: 1, warmUpBatches: 0, batchNanoseconds: 0) : self.quick ? quick : full
    }

    /// Repetitions of a one-off measurement (declaring, start-up, a crawl): one in a smoke run.
    func runs(_ full: Int, quick: Int) -> Int { smoke ? 1 : self.quick ? quick : full }
}

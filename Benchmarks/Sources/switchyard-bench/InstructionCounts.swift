import Foundation

/// Case 11: instructions per operation, counted by callgrind on the `--loop` workloads. Unlike times, the
/// counts repeat to the instruction on this shared machine, so a run on a busy machine still says whether
/// a change helped (issue 19). The Lua subjects repeat to within about 1 %: Lua seeds its string hash
/// from the clock, so its tables collide differently from one run to the next.
///
/// Each subject runs in a child process under callgrind (`--counted-loop SUBJECT SET ROUTES`), which runs
/// `ProfileLoop.loop` four times after a warm-up ring: the subject over one ring of the 1,024 queries and
/// over eleven rings, then the same loop with an empty body over one and eleven rings. Callgrind zeroes
/// its counters as each loop starts and writes them out when the loop has returned, so
///
///     per operation = ((subject₁₁ − subject₁) − (empty₁₁ − empty₁)) / (10 × 1,024)
///
/// Differencing the two counts removes what every loop pays once (the call, a Lua call's set-up from
/// Swift, first-use work); subtracting the empty body removes what each iteration pays for the loop
/// itself (taking the next query from the ring, the checksum). Ten whole rings make every query count
/// equally, so the figure is the mean over the 1,024 queries.
struct InstructionCounts {
    /// A `--loop` workload to count, and the issue's target in instructions where it gives one.
    struct Subject {
        let subject: String
        let set: String
        let routes: Int
        var target: Double?

        var label: String { "\(subject) \(set) \(routes)" }
        /// The route set and its size, as `InstructionCounts.matchit` names them.
        var shape: String { "\(set) \(routes)" }
    }

    /// What the case counts; each name is a `ProfileLoop` subject, so counting another is one line here.
    static let subjects = [
        Subject(subject: "match", set: "github-rest", routes: GitHubAPI.routes.count, target: 674),
        Subject(subject: "match", set: "parameter-heavy", routes: 1_000, target: 735),
        Subject(subject: "match", set: "parameter-heavy", routes: 100_000),
        Subject(subject: "withMatch", set: "github-rest", routes: GitHubAPI.routes.count, target: 674),
        Subject(subject: "withMatch", set: "parameter-heavy", routes: 1_000, target: 735),
        Subject(subject: "withMatch", set: "parameter-heavy", routes: 100_000),
        Subject(subject: "firstMatch", set: "github-rest", routes: GitHubAPI.routes.count),
        // Issue 37's shapes that fell off the one-pass walk.
        Subject(subject: "match", set: "query", routes: 1_000),
        Subject(subject: "withMatch", set: "query", routes: 1_000),
        Subject(subject: "match", set: "misses", routes: 1_000),
        Subject(subject: "withMatch", set: "misses", routes: 1_000),
        Subject(subject: "match", set: "six-parameters", routes: 1_000),
        Subject(subject: "withMatch", set: "six-parameters", routes: 1_000),
        // Issue 33: every route's first parameter typed `int`, against parameter-heavy 1,000 above.
        Subject(subject: "match", set: "typed-int", routes: 1_000),
        Subject(subject: "withMatch", set: "typed-int", routes: 1_000),
        // Issue 37's other held-out shapes: splat and optional routes take the split and the full search,
        // static-heavy and long-static routes the walk.
        Subject(subject: "match", set: "static-heavy", routes: 1_000),
        Subject(subject: "withMatch", set: "static-heavy", routes: 1_000),
        Subject(subject: "match", set: "splat", routes: 1_000),
        Subject(subject: "withMatch", set: "splat", routes: 1_000),
        Subject(subject: "match", set: "optional", routes: 1_000),
        Subject(subject: "withMatch", set: "optional", routes: 1_000),
        Subject(subject: "match", set: "long-static", routes: 1_000),
        Subject(subject: "withMatch", set: "long-static", routes: 1_000),
        // Issue 37's last held-out shapes, and static-heavy at 100,000 against its 1,000.
        Subject(subject: "match", set: "static-heavy", routes: 100_000),
        Subject(subject: "withMatch", set: "static-heavy", routes: 100_000),
        Subject(subject: "match", set: "twenty-four", routes: 1_000),
        Subject(subject: "withMatch", set: "twenty-four", routes: 1_000),
        Subject(subject: "match", set: "percent-encoded", routes: 1_000),
        Subject(subject: "withMatch", set: "percent-encoded", routes: 1_000),
        Subject(subject: "match", set: "case-insensitive", routes: 1_000),
        Subject(subject: "withMatch", set: "case-insensitive", routes: 1_000),
        Subject(subject: "lua-match", set: "parameter-heavy", routes: 1_000),
        // Issue 37 item 3: Lua's `match()` with a query and on a miss, against the plain hit above (≤ 1.2×).
        Subject(subject: "lua-match", set: "query", routes: 1_000),
        Subject(subject: "lua-match", set: "misses", routes: 1_000),
        Subject(subject: "lua-push-pop", set: "parameter-heavy", routes: 1_000),
    ]

    /// matchit's `at` on each of issue 37's shapes, instructions per lookup net of its own empty loop,
    /// keyed by `Subject.shape`: counted beside Switchyard on the same sets and queries by
    /// `Peers/matchit/run.sh` (2026-11-27, the 2-core VM, rustc 1.95.0; README, "Issue 37 items 2 and 3,
    /// matchit counted beside Switchyard"). matchit's code is not ours to change, so its figures stand
    /// until run.sh is run again; the targets below are ratios to them.
    static let matchit: [String: Double] = [
        "github-rest \(GitHubAPI.routes.count)": 698.6,
        "parameter-heavy 1000": 771.6, "parameter-heavy 100000": 908.3,
        "static-heavy 1000": 355.9, "static-heavy 100000": 491.2,
        "splat 1000": 395.8, "optional 1000": 522.5, "long-static 1000": 363.3,
        "twenty-four 1000": 1_251.1, "six-parameters 1000": 2_078.8, "misses 1000": 309.8,
        "query 1000": 1_048.3, "percent-encoded 1000": 946.7, "case-insensitive 1000": 1_163.2,
    ]

    /// Issue 37 item 2: the lent `withMatch` at most 0.9× matchit's instructions on every shape, the owned
    /// `match` (which retains its route and text, where matchit lends both) at most matchit's.
    static let matchitTargets = ["withMatch": 0.9, "match": 1.0]

    /// Instructions at 100,000 parameter-heavy routes over those at 1,000, for each subject counted at both.
    static let growthTarget = 1.2
    static let growthSizes = (from: 1_000, to: 100_000)

    /// Rings of queries in the long and the short loop.
    private static let rings = (long: 11, short: 1)

    /// Without valgrind (`--smoke`): runs every subject's loops once in process, so a subject that no
    /// longer exists or a broken loop is still caught, and counts nothing.
    let smoke: Bool
    let fixtures: Fixtures

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    func run(into report: inout Report) throws {
        var section = Report.Section(title: "11. Instructions per operation (callgrind; loop overhead subtracted; issue 19's targets)")
        guard !smoke, let valgrind = InstructionCounts.executable(named: "valgrind") else {
            for subject in InstructionCounts.subjects {
                if smoke { try InstructionCounts.runLoops(subject, fixtures: fixtures) }
                section.rows.append(Report.Row(set: subject.set, routes: subject.routes, subject: subject.subject,
                                               unit: .instructions, median: .nan,
                                               note: smoke ? "smoke run: loops run, not counted" : "not counted: valgrind is not installed"))
            }
            if !smoke { print("valgrind is not installed: case 11 (instruction counts) skipped; scripts/bench installs it") }
            report.add(section)
            return
        }
        let directory = try InstructionCounts.strippedCopy()
        defer { try? FileManager.default.removeItem(at: directory) }
        var counted: [(subject: Subject, perOperation: Double)] = []
        for subject in InstructionCounts.subjects {
            let (perOperation, overhead) = try InstructionCounts.count(subject, valgrind: valgrind, in: directory)
            counted.append((subject, perOperation))
            let target = subject.target.map { "target ≤ \(ResultTable.grouped(Int($0))); " } ?? ""
            section.rows.append(Report.Row(set: subject.set, routes: subject.routes, subject: subject.subject,
                                           unit: .instructions, median: perOperation,
                                           note: "\(target)loop overhead \(ResultTable.fixed(overhead, 1)) subtracted"))
            if let limit = subject.target {
                report.check("\(subject.subject) ≤ \(ResultTable.grouped(Int(limit))) instructions, \(subject.set) \(ResultTable.grouped(subject.routes)) routes",
                             measured: ResultTable.fixed(perOperation, 1), perOperation <= limit)
            }
        }
        // Issue 37 item 2: every shape against matchit's count of it, so that a shape short of its
        // target says FAIL here rather than only in the README's prose.
        for (subject, perOperation) in counted {
            guard let peer = InstructionCounts.matchit[subject.shape],
                  let share = InstructionCounts.matchitTargets[subject.subject] else { continue }
            let ratio = perOperation / peer
            section.rows.append(Report.Row(set: subject.set, routes: subject.routes, subject: "\(subject.subject) over matchit",
                                           unit: .ratio, median: ratio,
                                           note: "matchit \(ResultTable.fixed(peer, 1)) (Peers/matchit/run.sh); target ≤ \(share)×"))
            report.check("\(subject.subject) ≤ \(share)× matchit's instructions, \(subject.set) \(ResultTable.grouped(subject.routes)) routes",
                         measured: "\(ResultTable.fixed(ratio, 3))× (\(ResultTable.fixed(perOperation, 1)) against \(ResultTable.fixed(peer, 1)))",
                         ratio <= share)
        }
        let sizes = InstructionCounts.growthSizes
        // Issue 37: every shape counted at both sizes (parameter-heavy, static-heavy).
        for small in counted where small.subject.routes == sizes.from {
            guard let large = counted.first(where: {
                $0.subject.subject == small.subject.subject && $0.subject.set == small.subject.set && $0.subject.routes == sizes.to
            }) else { continue }
            let growth = large.perOperation / small.perOperation
            section.rows.append(Report.Row(set: small.subject.set, routes: sizes.to, subject: "\(small.subject.subject) growth",
                                           unit: .ratio, median: growth,
                                           note: "instructions at \(ResultTable.grouped(sizes.to)) over \(ResultTable.grouped(sizes.from)) routes; target ≤ \(InstructionCounts.growthTarget)×"))
            report.check("\(small.subject.subject) growth \(ResultTable.grouped(sizes.from)) → \(ResultTable.grouped(sizes.to)) \(small.subject.set) routes ≤ \(InstructionCounts.growthTarget)× in instructions",
                         measured: "\(ResultTable.fixed(growth, 3))×", growth <= InstructionCounts.growthTarget)
        }
        // Issue 33: a typed `int` parameter adds at most this many instructions to a lookup.
        for typed in counted where typed.subject.set == "typed-int" {
            guard let plain = counted.first(where: {
                $0.subject.subject == typed.subject.subject && $0.subject.set == "parameter-heavy" && $0.subject.routes == typed.subject.routes
            }) else { continue }
            let added = typed.perOperation - plain.perOperation
            section.rows.append(Report.Row(set: "typed-int", routes: typed.subject.routes, subject: "\(typed.subject.subject) typed int adds",
                                           unit: .instructions, median: added,
                                           note: "over parameter-heavy \(ResultTable.grouped(plain.subject.routes)); target ≤ \(Int(InstructionCounts.typedIntTarget))"))
            report.check("a typed int parameter adds ≤ \(Int(InstructionCounts.typedIntTarget)) instructions to \(typed.subject.subject)",
                         measured: ResultTable.fixed(added, 1), added <= InstructionCounts.typedIntTarget)
        }
        // Issue 37 item 3: Lua's `match()` with a query or on a miss costs at most 1.2× a plain hit.
        if let plain = counted.first(where: { $0.subject.subject == "lua-match" && $0.subject.set == "parameter-heavy" }) {
            for other in counted where other.subject.subject == "lua-match" && ["query", "misses"].contains(other.subject.set) {
                let ratio = other.perOperation / plain.perOperation
                section.rows.append(Report.Row(set: other.subject.set, routes: other.subject.routes, subject: "lua-match over a plain hit",
                                               unit: .ratio, median: ratio,
                                               note: "over lua-match parameter-heavy \(ResultTable.grouped(plain.subject.routes)); target ≤ \(InstructionCounts.luaMatchTarget)×"))
                report.check("Lua match() \(other.subject.set == "query" ? "with a query" : "on a miss") ≤ \(InstructionCounts.luaMatchTarget)× a plain hit in instructions",
                             measured: "\(ResultTable.fixed(ratio, 3))×", ratio <= InstructionCounts.luaMatchTarget)
            }
        }
        report.add(section)
    }

    /// Lua's `match()` with a query or on a miss, over a plain hit (issue 37 item 3).
    static let luaMatchTarget = 1.2

    /// What a typed `int` parameter may add to a lookup (issue 33).
    static let typedIntTarget = 60.0

    /// The child process (`--counted-loop`): the four loops, each followed by `loopEnded()`.
    static func runLoops(_ subject: Subject, fixtures: Fixtures) throws {
        let (workload, emptyBody) = try ProfileLoop.workloads(subject: subject.subject, set: subject.set,
                                                              routes: subject.routes, fixtures: fixtures)
        for loop in [workload, emptyBody] {
            blackHole(loop.runBatch(from: 0, count: loop.inputCount))
            for rings in [rings.short, rings.long] {
                blackHole(ProfileLoop.loop(loop, rings * loop.inputCount))
                loopEnded()
            }
        }
    }

    /// Where callgrind writes its counters out (`--dump-before`); callgrind's `--dump-after` on the loop
    /// itself never fires, as the loop leaves by a tail call.
    @inline(never)
    static func loopEnded() { blackHole(()) }

    /// Per operation, and the empty body's per iteration, from one child process under callgrind.
    private static func count(_ subject: Subject, valgrind: String, in directory: URL) throws -> (Double, Double) {
        let output = directory.appendingPathComponent("callgrind.out").path
        let arguments = ["--tool=callgrind", "--zero-before=*ProfileLoop*loop*", "--dump-before=*InstructionCounts*loopEnded*",
                         "--callgrind-out-file=\(output)",
                         directory.appendingPathComponent("switchyard-bench").path,
                         "--counted-loop", subject.subject, subject.set, String(subject.routes)]
        try InstructionCounts.launch(valgrind, arguments, failure: "callgrind on \(subject.label)")
        let totals = try (1...4).map { part in
            let dump = "\(output).\(part)"
            defer { try? FileManager.default.removeItem(atPath: dump) }
            let text = try String(contentsOfFile: dump, encoding: .utf8)
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }),
                  let total = Double(line.split(separator: " ").last ?? "") else {
                throw Failed(description: "\(dump): no totals line")
            }
            return total
        }
        try? FileManager.default.removeItem(atPath: output)
        let operations = Double((rings.long - rings.short) * RouteSet.queryCount)
        let overhead = (totals[3] - totals[2]) / operations
        return ((totals[1] - totals[0]) / operations - overhead, overhead)
    }

    /// A temporary directory holding this executable without its debug information (valgrind 3.19
    /// cannot read it) and libLuaNoop.so beside it, as the Lua set-up expects.
    private static func strippedCopy() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-bench-callgrind-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        try launch("strip", ["-g", "-o", directory.appendingPathComponent("switchyard-bench").path, executable.path],
                   failure: "strip -g (binutils)")
        let noop = executable.deletingLastPathComponent().appendingPathComponent("libLuaNoop.so")
        if FileManager.default.fileExists(atPath: noop.path) {
            try FileManager.default.copyItem(at: noop, to: directory.appendingPathComponent("libLuaNoop.so"))
        }
        return directory
    }

    private static func launch(_ command: String, _ arguments: [String], failure: String) throws {
        let finished = try ChildProcess.run([command] + arguments, reading: .errors)
        guard finished.status == 0 else {
            throw Failed(description: "\(failure) failed (status \(finished.status)):\n\(finished.text.suffix(2_000))")
        }
    }

    static func executable(named name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

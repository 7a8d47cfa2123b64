import Switchyard
import SwitchyardAnalysis
import SwitchyardLua

/// What `switchyard walk` was asked: how many runs of how many steps, the seed (nil: a random one,
/// printed) and the report's format.
package struct WalkOptions: Sendable {
    package enum Format: String, Sendable, CaseIterable { case text, json }

    package var steps = 50
    package var runs = 100
    package var seed: UInt64?
    package var format = Format.text

    package init() {}
}

/// `switchyard walk FILE...`: loads the app, walks it at random (`RandomWalk`) against its Lua
/// invariants and the built-in ones, and prints the report; 1 when an invariant broke.
///
///     WalkRun.run(files: ["app.lua"], options: WalkOptions(), session: SessionOptions())
package enum WalkRun {
    package static func run(files: [String], options: WalkOptions, session: SessionOptions) -> ExitStatus {
        InterruptSignal.install()
        let walked: (report: WalkReport, seed: UInt64)
        let runtime: SwitchyardRuntime
        do {
            let host = try ScriptHost(options: session)
            for file in files { try host.runFile(file) }
            runtime = host.runtime
            InterruptSignal.describe("the walk of " + files.joined(separator: " "))
            walked = try walk(host, options: options)
        } catch {
            ErrorReport.write(error)
            return .failure
        }
        TerminalText.print(text(walked.report, seed: walked.seed, options: options, files: files, runtime: runtime), terminator: "")
        return walked.report.finding == nil ? .success : .failure
    }

    /// Walks the app `host` has loaded; each run starts from a fresh navigator and the session flags
    /// at their first values, so the host's own are replaced (the REPL's `:walk` puts them back). Ctrl-C stops the invariants, titles and guards it
    /// runs and the walk between them.
    package static func walk(_ host: ScriptHost, options: WalkOptions) throws(LuaError) -> (report: WalkReport, seed: UInt64) {
        let seed = options.seed ?? UInt64.random(in: 1...999_999)
        let runtime = host.runtime
        // Each run starts with every session flag at its first value, as the app starts.
        var walk = RandomWalk(steps: options.steps, runs: options.runs, seed: seed,
                              start: { try runtime.resetFlags(); return try runtime.startFresh() },
                              invariants: { _ in firstViolation(in: runtime) })
        walk.stopCheck = { try ScriptHost.stopIfInterrupted() }
        walk.flagMoves = { flagMoves(of: runtime) }
        walk.setFlag = { argument in try setFlag(argument, in: runtime) }
        let report = try host.interruptible { () throws(LuaError) in
            let report: WalkReport
            do { report = try walk.run() } catch { throw LuaError(bridging: error) }
            // An invariant that Ctrl-C stopped is no finding.
            try ScriptHost.stopIfInterrupted()
            return report
        }
        return (report, seed)
    }

    /// The report as `options.format` asks.
    /// `typed`: statements typed at a REPL's prompt before its `:walk`, which the spec runs after the files.
    package static func text(_ report: WalkReport, seed: UInt64, options: WalkOptions, files: [String],
                             typed: [String] = [], runtime: SwitchyardRuntime) -> String {
        switch options.format {
        case .json:
            return WalkJSONReport(report: report, seed: seed).text
        case .text:
            let sites = Dictionary(runtime.invariants.map { ($0.name, $0.site ?? "") }, uniquingKeysWith: { $1 })
            return WalkTextReport(report: report, seed: seed, files: files, typed: typed, sites: sites.filter { !$0.value.isEmpty }).text
        }
    }

    /// A `set` move for each value each flag does not have now, in declaration order: `signed_in=true`.
    static func flagMoves(of runtime: SwitchyardRuntime) -> [WalkMove] {
        runtime.sessionFlags.flatMap { flag in
            flag.values.indices.filter { $0 != flag.current }.map {
                WalkMove(.set, flag.name + "=" + SwitchyardRuntime.shown(flag.values[$0]))
            }
        }
    }

    /// Makes the flag change a `set` move names (revalidating is the move's own next part).
    private static func setFlag(_ argument: String, in runtime: SwitchyardRuntime) throws {
        for (flag, declared) in runtime.sessionFlags.enumerated() {
            for index in declared.values.indices where declared.name + "=" + SwitchyardRuntime.shown(declared.values[index]) == argument {
                return try runtime.setFlag(flag, to: index)
            }
        }
        throw LuaError("walk: no flag value \(argument) is declared")
    }

    /// The first of the app's invariants that the current state breaks.
    private static func firstViolation(in runtime: SwitchyardRuntime) -> WalkViolation? {
        runtime.checkInvariants().first.map { WalkViolation(invariant: $0.name, message: $0.message) }
    }
}

import SwitchyardLua
import SwitchyardTools

extension MetaCommands {
    /// `:walk [RUNS [SEED]]`: the random walk `switchyard walk` makes, over the routes as the session has
    /// them now (what `:load` and the prompt declared included). Each run starts from a fresh
    /// navigator and the session flags at their first values; the session's navigator and flags
    /// are put back afterwards, so the line changes nothing on screen.
    /// (Lua variables a callback sets while the walk runs stay set, as after any line.)
    func walk(runs: Int?, seed: UInt64?) throws(LuaError) {
        var options = WalkOptions()
        if let runs { options.runs = runs }
        options.seed = seed
        let kept = runtime.navigator
        let flags = runtime.sessionFlags.map(\.current)
        defer {
            runtime.replaceNavigator(kept)
            // Each run set the flags afresh: back to the session's values, each flag's `set` told.
            for (flag, value) in flags.enumerated() where runtime.sessionFlags[flag].current != value {
                try? runtime.setFlag(flag, to: value)
            }
        }
        let walked = try WalkRun.walk(host, options: options)
        TerminalText.print(WalkRun.text(walked.report, seed: walked.seed, options: options, files: runtime.loadedFiles,
                                        typed: typedStatements,
                                        runtime: runtime), terminator: "")
    }
}

import SwitchyardLua
import SwitchyardTools

extension MetaCommands {
    /// `:walk [RUNS [SEED]]`: the random walk `switchyard walk` makes, over the routes as the session has
    /// them now (what `:load` and the prompt declared included). Each run starts from a fresh
    /// navigator; the session's own is put back afterwards, so the line changes nothing on screen.
    /// (Lua variables a callback sets while the walk runs stay set, as after any line.)
    func walk(runs: Int?, seed: UInt64?) throws(LuaError) {
        var options = WalkOptions()
        if let runs { options.runs = runs }
        options.seed = seed
        let kept = runtime.navigator
        defer { runtime.replaceNavigator(kept) }
        let walked = try WalkRun.walk(host, options: options)
        TerminalText.print(WalkRun.text(walked.report, seed: walked.seed, options: options, files: runtime.loadedFiles,
                                        runtime: runtime), terminator: "")
    }
}

import ArgumentParser
import SwitchyardREPL
import SwitchyardTools

/// The options every form of the command line takes (docs/cli.md).
struct CommonOptions: ParsableArguments {
    @Flag(help: "Run scripts in the sandbox: no io, no os beyond the clock, no debug, text-only load.")
    var sandbox = false

    @Option(name: .customLong("max-instructions"), help: ArgumentHelp("Stop any top-level call after N Lua instructions.", valueName: "N"))
    var maxInstructions: Int?

    @Option(name: .customLong("max-memory"), help: ArgumentHelp("Cap the Lua heap at MB megabytes.", valueName: "MB"))
    var maxMemory: Int?

    @Option(name: .customLong("max-screens"), help: ArgumentHelp(
        "Let each push stack hold at most N screens (default 10000, fewer under --max-memory; e.g. --max-screens 500).",
        valueName: "N"))
    var maxScreens: Int?

    @Flag(name: .customLong("no-color"), help: "Never colour the output (NO_COLOR in the environment does the same).")
    var noColor = false

    @Option(name: .customLong("history-file"), help: ArgumentHelp("Where the REPL keeps its history.", valueName: "PATH"),
            completion: .file())
    var historyFile: String?

    /// 1 TB: more than any machine here holds, and far from where megabytes as bytes overflow.
    static let maximumMegabytes = 1 << 20

    func validate() throws {
        if let maxInstructions, maxInstructions <= 0 {
            throw ValidationError("--max-instructions must be a positive number of instructions, not \(maxInstructions)")
        }
        if let maxScreens, maxScreens <= 0 {
            throw ValidationError("--max-screens must be a positive number of screens, not \(maxScreens)")
        }
        if let maxMemory, !(1...Self.maximumMegabytes).contains(maxMemory) {
            throw ValidationError("--max-memory takes 1 to \(Self.maximumMegabytes) megabytes (1 TB), not \(maxMemory)")
        }
    }

    var session: SessionOptions {
        SessionOptions(sandboxed: sandbox, instructionLimit: maxInstructions, memoryLimitMegabytes: maxMemory,
                       screensPerStack: maxScreens,
                       noColor: noColor, historyFile: historyFile)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Switchyard
import SwitchyardLua
import SwitchyardTesting

/// One Switchyard runtime (Lua engine + routes + navigator) with what the command line asked of it:
/// the `arg` table, the files and chunks to run, Ctrl-C interrupting whatever runs.
///
///     let host = try ScriptHost(options: SessionOptions())
///     try host.setArguments(script: "app.lua", ["--verbose"])
///     try host.runFile("app.lua")
///     try host.navigate { try $0.push("/album/1") }
package final class ScriptHost {
    let options: SessionOptions
    package let runtime: SwitchyardRuntime
    package var engine: LuaEngine { runtime.engine }
    var navigator: Navigator { runtime.navigator }
    /// `step` and `pause` for teaching scripts: paced only for a REPL on a terminal.
    package let tour: Tour

    package init(options: SessionOptions, pacedTour: Bool = false) throws(LuaError) {
        self.options = options
        runtime = try SwitchyardRuntime(configuration: options.engineConfiguration)
        try runtime.installScenarioTesting()   // scripts and the REPL may use `assert.same` outside a test run
        if let screens = options.screensPerStack { runtime.navigator.limits.screensPerStack = screens }
        tour = Tour(paced: pacedTour)
        tour.install(in: runtime.engine)
        APIHelp(style: TerminalStyle.detect(noColorFlag: options.noColor)).install(in: runtime.engine)
    }

    /// A host for a runtime someone else made and drives (a Swift app serving the live view, see
    /// `LiveViewHost`): what the REPL's lines may use is added to its engine as `ScriptHost(options:)`
    /// adds it (help, the scenario vocabulary and `assert.same`, the tour's `step`), and its
    /// configuration (sandbox, budget, limits) is left as the app made it.
    package init(runtime: SwitchyardRuntime, options: SessionOptions) throws(LuaError) {
        self.options = options
        self.runtime = runtime
        try runtime.installScenarioTesting()
        tour = Tour(paced: false)
        tour.install(in: runtime.engine)
        APIHelp(style: TerminalStyle.plain).install(in: runtime.engine)
    }

    /// The process is about to exit: the Lua state is closed (the script's finalizers run, as under
    /// `lua`), and the routes, navigator and runtime are left to the exit rather than freed object by
    /// object, which took 1.3M instructions after 1,000 route declarations (callgrind).
    package func closeForExit() {
        engine.close()
        _ = Unmanaged.passRetained(self)
    }

    /// Builds `assert`, `spy`, `stub`, `mock` and `match` if no script has yet: the REPL's printer and
    /// completion read tables raw and must see them whole. A failure here resurfaces, with its
    /// message, at the script's first use of those globals.
    package func buildScenarioLibraries() {
        _ = try? runtime.buildScenarioLibraries()
    }

    /// `arg` as `lua` sets it: arg[0] is the script, arg[1...] its arguments, arg[-1] the interpreter.
    package func setArguments(script: String, _ arguments: [String]) throws(LuaError) {
        let table = try engine.makeTable(arrayCapacity: arguments.count)
        try table.rawSet(.integer(-1), .string(LuaString(CommandLine.arguments.first ?? "switchyard")))
        try table.rawSet(.integer(0), .string(LuaString(script)))
        for (index, argument) in arguments.enumerated() {
            try table.rawSet(.integer(Int64(index + 1)), .string(LuaString(argument)))
        }
        try engine.globals.rawSet("arg", .table(table))
    }

    /// Runs a script file ("-" is stdin) through the runtime, so `:reload` knows it.
    package func runFile(_ path: String) throws(LuaError) {
        InterruptSignal.describe(path == ScriptRequest.standardInput ? "the script on stdin" : "the script " + path)
        try interruptible { () throws(LuaError) in
            if path == ScriptRequest.standardInput {
                guard let bytes = FileDescriptorIO.readAll(from: STDIN_FILENO, limit: ScriptFile.sizeLimit) else {
                    throw LuaError(ScriptFile.tooLarge("stdin"))
                }
                let code = String(decoding: bytes, as: UTF8.self)
                try runtime.load(code: code, chunkName: "=stdin")
            } else {
                try runtime.load(file: path)
            }
        }
    }

    package func runChunk(_ code: String, chunkName: String = "=(command line)") throws(LuaError) {
        InterruptSignal.describe("the chunk `\(code)`")
        try interruptible { () throws(LuaError) in
            try runtime.load(code: code, chunkName: chunkName)
        }
    }

    /// Runs a navigator operation (which may call Lua guards and titles) with Ctrl-C armed; its
    /// errors come back as `LuaError`s with the message the Lua API would give.
    package func navigate(_ operation: (Navigator) throws -> Void) throws(LuaError) {
        let navigator = runtime.navigator
        try interruptible { () throws(LuaError) in
            do { try operation(navigator) } catch { throw LuaError(bridging: error) }
        }
    }

    /// Runs `body` so that Ctrl-C stops the Lua code with "interrupted" instead of killing the process.
    package func interruptible<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        try Self.interruptible(engine, body)
    }

    /// The same for any engine. A Ctrl-C pressed before the code started (the engine would drop a
    /// request made while nothing runs) counts too. Once Ctrl-C came, every further call into Lua in
    /// `body` stops at once as well (`LuaEngine.holdingInterruptFunction`), and a Swift loop in it
    /// stops at `stopIfInterrupted()`, so one press ends a command that calls Lua many times.
    package static func interruptible<T>(_ engine: LuaEngine, _ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        try InterruptSignal.whileRunning(interrupt: LuaEngine.holdingInterruptFunction,
                                         release: LuaEngine.releaseInterrupt) { () throws(LuaError) -> T in
            if InterruptSignal.takePending() { throw LuaError("interrupted", kind: .interrupted) }
            return try body()
        }
    }

    /// Throws "interrupted" when Ctrl-C came during the command (what it computed is then not trusted:
    /// the Lua calls after the press all failed).
    static func stopIfInterrupted() throws(LuaError) {
        if InterruptSignal.stopRequested { throw LuaError("interrupted", kind: .interrupted) }
    }
}

import Foundation
import SwitchyardLua

/// One Lua engine with what the command line asked of it: the `arg` table, the files and chunks to
/// run, Ctrl-C interrupting whatever runs.
///
///     let host = try ScriptHost(options: SessionOptions())
///     host.setArguments(script: "app.lua", ["--verbose"])
///     try host.runFile("app.lua")
final class ScriptHost {
    let options: SessionOptions
    let engine: LuaEngine

    init(options: SessionOptions) throws(LuaError) {
        self.options = options
        engine = try LuaEngine(configuration: options.engineConfiguration)
    }

    /// `arg` as `lua` sets it: arg[0] is the script, arg[1...] its arguments, arg[-1] the interpreter.
    func setArguments(script: String, _ arguments: [String]) throws(LuaError) {
        let table = try engine.makeTable(arrayCapacity: arguments.count)
        try table.rawSet(.integer(-1), .string(LuaString(CommandLine.arguments.first ?? "switchyard")))
        try table.rawSet(.integer(0), .string(LuaString(script)))
        for (index, argument) in arguments.enumerated() {
            try table.rawSet(.integer(Int64(index + 1)), .string(LuaString(argument)))
        }
        try engine.globals.rawSet("arg", .table(table))
    }

    func runFile(_ path: String) throws(LuaError) {
        try interruptible { () throws(LuaError) in
            if path == ScriptRequest.standardInput {
                try engine.run(bytes: Self.readStandardInput(), chunkName: "=stdin")
            } else {
                try engine.runFile(path)
            }
        }
    }

    func runChunk(_ code: String, chunkName: String = "=(command line)") throws(LuaError) {
        try interruptible { () throws(LuaError) in
            try engine.run(code, chunkName: chunkName)
        }
    }

    /// Runs `body` so that Ctrl-C stops the Lua code with "interrupted" instead of killing the process.
    func interruptible<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        try InterruptSignal.whileRunning(interrupt: interruptActiveLuaState, body)
    }

    private static func readStandardInput() -> [UInt8] {
        Array(FileHandle.standardInput.readDataToEndOfFile())
    }
}

import SwitchyardLua
import SwitchyardTools

/// Evaluates REPL input the way `lua` does: first as an expression (`return ` in front, so
/// `1 + 1` prints 2), then as statements; input that ends early asks for more lines. Results come
/// back pretty-printed.
///
///     let evaluator = try ChunkEvaluator(engine: engine)
///     evaluator.evaluate("{1, 2}")          // .values(["{ 1, 2 }"]), and `_` is that table
///     evaluator.evaluate("function f()")    // .incomplete
///     evaluator.evaluate("error('x')")      // .failed(LuaError "stdin:1: x")
final class ChunkEvaluator {
    enum Evaluation {
        case incomplete
        /// Each result rendered (empty when the chunk returned nothing).
        case values([String])
        case failed(LuaError)
    }

    let engine: LuaEngine
    /// Results in colour by type (a terminal, no NO_COLOR).
    let colored: Bool
    private let compile: LuaFunction
    private let printer: LuaFunction
    private let keep: LuaFunction
    /// Called before a value is printed: the printer reads tables raw, so whatever a host builds on
    /// first use (the scenario libraries behind `assert`, `spy`, `match`) must be built by then.
    private let beforePrinting: () -> Void

    /// The compiler is a Lua function made once, holding the real `load` so a script that replaces
    /// the global cannot break the REPL. `load` is text-only in the sandbox, which is all it needs.
    private static let compilerSource = """
        local load = load
        return function(code)
          local f, err = load("return " .. code, "=stdin", "t")
          if f then return f end
          f, err = load(code, "=stdin", "t")
          if f then return f end
          return nil, err
        end
        """

    /// Stores the last printed result in the global `_`, as calculators and many REPLs do, and in
    /// `_N` for input line N (IPython's `Out[N]`); it holds its own `rawset` and globals table, so
    /// neither a replaced `rawset` nor a strict-globals metatable gets in the way.
    private static let keeperSource = """
        local rawset, globals = rawset, _ENV
        return function(value, name)
          rawset(globals, "_", value)
          if name then rawset(globals, name, value) end
        end
        """

    init(engine: LuaEngine, colored: Bool = false, beforePrinting: @escaping () -> Void = {}) throws(LuaError) {
        self.engine = engine
        self.colored = colored
        self.beforePrinting = beforePrinting
        compile = try Self.function(from: Self.compilerSource, name: "=(repl compiler)", in: engine)
        printer = try Self.function(from: ValuePrinterChunk.source, name: ValuePrinterChunk.name, in: engine)
        keep = try Self.function(from: Self.keeperSource, name: "=(repl _)", in: engine)
    }

    /// `beforeRunning` is called once the chunk is known to be complete (or a syntax error), before
    /// any of it runs: the REPL puts it in the history then, so a line that hangs is not lost.
    /// `resultName`, asked once the chunk has been remembered, names a second global for the first
    /// result ("_12").
    func evaluate(_ code: String, beforeRunning: () -> Void = {}, resultName: () -> String? = { nil }) -> Evaluation {
        let compiled: [LuaValue]
        do {
            compiled = try engine.call(compile, [.string(LuaString(code))])
        } catch {
            return .failed(error)
        }
        guard let chunk = compiled.first?.functionValue else {
            // the engine's own test, so the REPL and an embedder's prompt agree on what ends early
            if engine.isIncomplete(code) { return .incomplete }
            beforeRunning()
            let message = compiled.count > 1 ? compiled[1].description : "cannot compile the input"
            return .failed(LuaError(message, kind: .syntax))
        }
        beforeRunning()
        let name = resultName().map { LuaValue.string(LuaString($0)) } ?? .nil
        do {
            // Printing runs Lua too (a huge table, a slow __tostring): Ctrl-C covers it as well.
            let rendered = try ScriptHost.interruptible(engine) { () throws(LuaError) in
                let results = try engine.call(chunk, [])
                if let first = results.first { _ = try engine.call(keep, [first, name]) }
                return try results.map { value throws(LuaError) in try render(value) + Self.definitionNote(value) }
            }
            return .values(rendered)
        } catch {
            return .failed(error)
        }
    }

    /// A Lua function printed alone says where it was written and what it takes, beside the
    /// address Lua gives it: `function: 0x55d0...  (name, admin) at app.lua:42` (`help(f)` says more).
    static func definitionNote(_ value: LuaValue) -> String {
        guard let function = value.functionValue, let definition = try? function.definition(),
              let site = definition.site else { return "" }
        return "  " + TerminalText.escaped(definition.parameterList + " at " + site)
    }

    /// The chunk as a function, compiled once (an expression returns its value), for `:timeit` to
    /// call many times; an incomplete or wrong chunk is a syntax error.
    func compiled(_ code: String) throws(LuaError) -> LuaFunction {
        let compiled = try engine.call(compile, [.string(LuaString(code))])
        guard let chunk = compiled.first?.functionValue else {
            throw LuaError(compiled.count > 1 ? compiled[1].description : "cannot compile the input", kind: .syntax)
        }
        return chunk
    }

    /// A value as the REPL prints it: nesting, cycles marked, `__tostring` honoured, fitted to the terminal.
    func render(_ value: LuaValue, width: Int = TerminalWidth.current) throws(LuaError) -> String {
        beforePrinting()
        return try engine.call(printer, [value, .integer(Int64(width)), .boolean(colored)]).first?.description ?? "nil"
    }

    private static func function(from source: String, name: String, in engine: LuaEngine) throws(LuaError) -> LuaFunction {
        guard let function = try engine.run(source, chunkName: name).first?.functionValue else {
            throw LuaError("\(name) did not produce a function")
        }
        return function
    }
}

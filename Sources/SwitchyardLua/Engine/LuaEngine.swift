import CLua
import CLuaShim

/// A Lua 5.4 state with Switchyard's safety rules. Not thread-safe; one per thread.
///
/// ```swift
/// let engine = try LuaEngine(configuration: .init(sandboxed: true, instructionLimit: 1_000_000))
/// engine.register("greet") { args in [.string("hello, \(args.first?.description ?? "you")")] }
/// let results = try engine.run("return greet('lua')", chunkName: "=demo")   // ["hello, lua"]
/// ```
///
/// Interrupting from Ctrl-C: install the shim's handler around a run, e.g.
/// `signal(SIGINT, sy_signal_handler)`; it calls `sy_interrupt_active()`, which asks the state
/// whose top-level call is running to stop ("interrupted"). Both are async-signal-safe (see
/// CLuaShim.h). From Swift code, `requestInterrupt()` does the same for this engine.
public final class LuaEngine {
    /// What a script may use and how much: the sandbox, an instruction budget per call, a memory cap.
    ///
    /// ```swift
    /// let untrusted = LuaEngine.Configuration(sandboxed: true, instructionLimit: 1_000_000,
    ///                                         memoryLimit: 16 * 1024 * 1024)
    /// ```
    public struct Configuration: Sendable {
        /// The sandbox profile: no io, os only clock/time/date/difftime, no package or C modules,
        /// no debug, dofile, loadfile or string.dump, text-only load, `require` of Lua files only.
        /// `Configuration(sandboxed: false)` opens Lua's full libraries (a trusted script of the host's own).
        public var sandboxed: Bool
        /// Lua instructions per top-level call (count hook); nil = unlimited. With
        /// `instructionLimit: 1_000_000`, `while true do end` stops with `LuaError.Kind.instructionLimit`.
        public var instructionLimit: Int?
        /// Bytes the whole state may hold (custom allocator); nil = unlimited. With
        /// `memoryLimit: 16 * 1024 * 1024`, a script growing a table without end stops with `.memoryLimit`.
        public var memoryLimit: Int?

        /// The defaults are sandboxed and unlimited: `LuaEngine.Configuration(instructionLimit: 10_000_000)`.
        public init(sandboxed: Bool = true, instructionLimit: Int? = nil, memoryLimit: Int? = nil) {
            self.sandboxed = sandboxed
            self.instructionLimit = instructionLimit
            self.memoryLimit = memoryLimit
        }
    }

    /// The configuration the engine was made with: `engine.configuration.sandboxed`.
    public let configuration: Configuration
    let state: LuaState
    /// The global table (`_G`): `try engine.globals.rawSet("app_name", "Music")`.
    public let globals: LuaTable
    /// Directories of the files run so far, searched by `require`.
    private(set) var scriptDirectories: [String] = []
    /// Every Lua file this engine read, run or `require`d, in order, each once: what a change to
    /// which means a rerun (`switchyard test --watch`).
    package internal(set) var filesRead: [String] = []
    /// Empties the cache of modules `require` found next to the scripts.
    var forgetModules: LuaFunction?
    /// Returns the table of loaded modules `require` keeps (`package.loaded`, or the sandbox's own).
    package var loadedModules: LuaFunction?

    /// A new Lua state with the libraries the configuration allows: `let engine = try LuaEngine()`.
    /// Fails only when the memory cap cannot hold Lua's own libraries.
    public init(configuration: Configuration = .init()) throws(LuaError) {
        self.configuration = configuration
        let limit = configuration.memoryLimit.map { max($0, 1) }
        guard let L = sy_newstate(limit ?? 0) else {
            throw LuaError(kind: .memoryLimit, message: LuaState.memoryMessage(limit ?? 0),
                           traceback: nil, isLocated: false)
        }
        state = LuaState(main: L, memoryLimit: limit)
        if let instructions = configuration.instructionLimit {
            sy_set_instruction_limit(L, Int64(max(instructions, 1)))
        }
        try state.check(sy_openlibs(L, configuration.sandboxed ? 1 : 0), on: L)
        sy_pushglobaltable(L)
        globals = LuaTable(state: state, ref: try state.reference(at: -1, on: L))
        lua_settop(L, 0)
        try installScriptModules()
    }

    deinit { state.close() }

    /// Closes the Lua state now, as `lua` does at exit: pending finalizers (`__gc`) run. Anything
    /// asked of the engine afterwards reports that it has been closed: `engine.close()`.
    public func close() { state.close() }

    /// Compile and run a chunk; returns its results. `chunkName` like "@examples/music/app.lua" or
    /// "=stdin" (Lua's convention: "@" for files, "=" for verbatim names) so errors read
    /// "app.lua:12: message".
    ///
    /// ```swift
    /// try engine.run("x = 1 + 1", chunkName: "=(command line)")
    /// ```
    @discardableResult
    public func run(_ code: String, chunkName: String) throws(LuaError) -> [LuaValue] {
        try state.run(Array(code.utf8), chunkName: chunkName)
    }

    /// Runs a chunk given as bytes (a string with NULs, or not UTF-8):
    /// `try engine.run(bytes: Array(source.utf8), chunkName: "=bytes")`.
    @discardableResult
    public func run(bytes code: [UInt8], chunkName: String) throws(LuaError) -> [LuaValue] {
        try state.run(code, chunkName: chunkName)
    }

    /// Runs a Lua file (chunk name "@path"); its directory joins those `require` searches.
    ///
    /// ```swift
    /// try engine.runFile("examples/music/app.lua")
    /// ```
    @discardableResult
    public func runFile(_ path: String) throws(LuaError) -> [LuaValue] {
        let code = try ScriptFile.read(path)
        let directory = ScriptFile.directory(of: path)
        if !scriptDirectories.contains(directory) { scriptDirectories.append(directory) }
        if !filesRead.contains(path) { filesRead.append(path) }
        return try state.run(code, chunkName: "@" + path)
    }

    /// For a REPL's continuation prompt: does `code` fail to compile only because it ends early
    /// ("<eof>")?
    ///
    /// ```swift
    /// engine.isIncomplete("function f()")   // true
    /// engine.isIncomplete("x = = 1")        // false: a real syntax error
    /// ```
    package func isIncomplete(_ code: String) -> Bool {
        guard let error = compileError(code) else { return false }
        return error.kind == .syntax && error.message.hasSuffix("<eof>")
    }

    /// Whether `code` compiles as a chunk of statements (nothing runs): `x = 1` and `f()` do,
    /// an expression such as `nav.path` does not.
    ///
    /// ```swift
    /// engine.compiles("nav.push('/a')")   // true
    /// engine.compiles("nav.path")         // false
    /// ```
    package func compiles(_ code: String) -> Bool {
        state.current != nil && compileError(code) == nil
    }

    /// What compiling `code` raised; nil when it compiled (or the state is closed).
    private func compileError(_ code: String) -> LuaError? {
        guard let L = state.current else { return nil }
        do {
            try state.balanced(L) { () throws(LuaError) in
                try state.load(Array(code.utf8), chunkName: "=stdin", on: L)
            }
            return nil
        } catch {
            return error
        }
    }

    /// Async-signal-safe: asks the running chunk to stop at its next hook ("interrupted").
    /// A request made while nothing runs is dropped when the next call starts. From a watchdog
    /// thread: `engine.requestInterrupt()`; the running `run` then throws `LuaError.Kind.interrupted`.
    public func requestInterrupt() {
        guard let L = state.main else { return }
        sy_request_interrupt(L)
    }

    /// What a SIGINT handler calls (a C function, async-signal-safe): interrupts whichever engine's
    /// top-level call is running. `sy_signal_handler` in CLuaShim is a ready-made handler calling it.
    ///
    /// ```swift
    /// InterruptSignal.whileRunning(interrupt: engine.interruptFunction) { try engine.run(code, chunkName: "=stdin") }
    /// ```
    var interruptFunction: @convention(c) () -> Void { sy_interrupt_active }

    /// The same, and every call into Lua that starts afterwards, in any engine, stops at once with
    /// "interrupted" until `releaseInterrupt()`: what Ctrl-C calls while a command makes many calls
    /// (a crawl's titles, a walk's invariants), so that one press stops the command and not only the
    /// call it landed in. Async-signal-safe.
    package static var holdingInterruptFunction: @convention(c) () -> Void { sy_interrupt_and_hold }

    /// Calls start clean again after `holdingInterruptFunction`.
    package static func releaseInterrupt() { sy_release_interrupt() }

    /// Bytes the state holds now.
    var memoryInUse: Int { state.main.map { Int(sy_memory_in_use($0)) } ?? 0 }

    /// Counts memory the host keeps on a script's behalf (a route's strings, a flow's steps) against
    /// the same cap as the Lua heap: under `memoryLimit` N, heap + host stay within N. Throws the
    /// memory-limit error, naming `what`, and counts nothing when they would not; the caller then
    /// keeps nothing either. No cap: nothing to count.
    package func chargeHostMemory(_ bytes: Int, for what: String) throws(LuaError) {
        try state.chargeHost(bytes, for: what)
    }

    /// Gives back a charge whose store failed after all.
    func refundHostMemory(_ bytes: Int) { state.refundHost(bytes) }

    /// Sets what is counted to `bytes` (what it was before the stores were replaced, or dropped).
    package func resetHostMemory(to bytes: Int) { state.refundHost(state.hostBytes - bytes) }

    /// Whether a memory cap is set (`chargeHostMemory` counts only then).
    package var limitsMemory: Bool { state.memoryLimit != nil }

    /// What `chargeHostMemory` has counted so far.
    package var hostMemory: Int { state.hostBytes }

    /// Calls a Lua function through `lua_pcall` with the traceback handler:
    /// `try engine.call(handler, [.string("/album/7")])`.
    @discardableResult
    public func call(_ function: LuaFunction, _ args: [LuaValue]) throws(LuaError) -> [LuaValue] {
        try state.call(function, args)
    }

    /// Defines a global Swift function. Its errors reach Lua as errors at the caller's line.
    ///
    /// ```swift
    /// engine.register("add") { args in [.integer((args[0].integerValue ?? 0) + (args[1].integerValue ?? 0))] }
    /// ```
    /// Registration is the host's own setup, so it is exempt from the memory cap.
    public func register(_ name: String, _ fn: @escaping ([LuaValue]) throws -> [LuaValue]) {
        _ = try? state.withoutMemoryCap { () throws(LuaError) in
            try globals.rawSet(.string(LuaString(name)), .function(try makeFunction(fn)))
        }
    }

    /// A Lua function running `fn` on the arguments as values:
    /// `try engine.globals.rawSet("count", .function(try engine.makeFunction { args in [.integer(Int64(args.count))] }))`.
    public func makeFunction(_ fn: @escaping ([LuaValue]) throws -> [LuaValue]) throws(LuaError) -> LuaFunction {
        try makeFunction { call in try call.returning(try fn(try call.values())) }
    }

    /// A Lua function over the raw call: reads arguments and pushes results itself, returning how
    /// many (the fast path: no arrays, no conversions it does not ask for):
    /// `try engine.makeFunction { call in try call.push(.integer((call.integer(1) ?? 0) * 2)); return 1 }`.
    public func makeFunction(_ body: @escaping (LuaCall) throws -> Int) throws(LuaError) -> LuaFunction {
        let L = try state.thread()
        return try state.balanced(L) { () throws(LuaError) -> LuaFunction in
            try SwiftFunction.push(body, state: state, on: L)
            return LuaFunction(state: state, ref: try state.reference(at: -1, on: L))
        }
    }

    /// A new empty table, with room for `arrayCapacity` items and `recordCapacity` fields:
    /// `let settings = try engine.makeTable(recordCapacity: 4)`.
    public func makeTable(arrayCapacity: Int = 0, recordCapacity: Int = 0) throws(LuaError) -> LuaTable {
        let L = try state.thread()
        return try state.balanced(L) { () throws(LuaError) -> LuaTable in
            try state.ensureStack(L, 4)
            try state.check(sy_newtable(L, Int32(arrayCapacity), Int32(recordCapacity)), on: L)
            return LuaTable(state: state, ref: try state.reference(at: -1, on: L))
        }
    }

    /// A metatable for userdata boxing Swift objects: its `__gc` releases the object. Add
    /// `__index`, `__newindex`, ... to it before making userdata.
    func makeUserdataMetatable() throws(LuaError) -> LuaTable {
        let L = try state.thread()
        return try state.balanced(L) { () throws(LuaError) -> LuaTable in
            try state.ensureStack(L, 4)
            try state.check(sy_newboxmetatable(L), on: L)
            return LuaTable(state: state, ref: try state.reference(at: -1, on: L))
        }
    }

    /// A userdata holding `object` (retained until Lua collects the userdata).
    func makeUserdata(_ object: AnyObject, metatable: LuaTable) throws(LuaError) -> LuaUserdata {
        let L = try state.thread()
        return try state.balanced(L) { () throws(LuaError) -> LuaUserdata in
            try state.push(reference: metatable, on: L)
            let box = Unmanaged.passRetained(object).toOpaque()
            let status = sy_pushbox(L, box, { Unmanaged<AnyObject>.fromOpaque($0!).release() }, -1)
            try state.check(status, on: L)
            return LuaUserdata(state: state, ref: try state.reference(at: -1, on: L))
        }
    }
}

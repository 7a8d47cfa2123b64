import CLua
import CLuaShim

/// Owns one `lua_State` and knows which Lua thread Swift is running on.
///
/// References (`LuaTable`, `LuaFunction`, ...) hold this object, not the engine, so an engine can
/// be released while Swift still holds references: the state closes, and the references then
/// answer with `LuaError.closed` instead of touching freed memory.
final class LuaState {
    /// The main thread; nil once closed.
    private(set) var main: OpaquePointer?
    /// The thread whose C stack Swift is on: the main thread, or the coroutine that called a Swift
    /// function (the trampoline keeps track, in C). Every stack operation uses this one.
    var current: OpaquePointer? { main.map { sy_current($0) } }
    let memoryLimit: Int?
    /// A limit error that a Swift function passed back into Lua as a plain string; lets the
    /// top-level call still report the right kind.
    var propagatedKind: LuaError.Kind?
    /// How deep Swift → Lua calls are nested (0: idle).
    var depth = 0
    /// Bytes the host keeps on the scripts' behalf (routes, flows, invariants: `chargeHost`), which
    /// the Lua heap's cap leaves room for: heap + these stay within `memoryLimit`.
    private(set) var hostBytes = 0
    /// Recent "chunk:line" texts that `location(level:on:)` made, by line (a slot per line modulo the
    /// count): routes declared in a loop share their line's text instead of each holding a copy. A
    /// text past 15 bytes is a heap string of about 80 bytes; 100,000 routes declared from three lines
    /// of `Benchmarks/results/resident-100000.lua` (Benchmarks case 6b) held 100,000 copies.
    var recentLocations = [String?](repeating: nil, count: 16)

    init(main: OpaquePointer, memoryLimit: Int?) {
        self.main = main
        self.memoryLimit = memoryLimit
    }

    deinit { close() }

    func close() {
        guard let L = main else { return }
        main = nil
        sy_close(L)  // runs finalizers: released Swift boxes find the state closed
    }

    /// The thread to work on, or `LuaError.closed`.
    func thread() throws(LuaError) -> OpaquePointer {
        guard let L = current else { throw LuaError.closed }
        return L
    }

    func release(_ ref: Int32) {
        guard let L = current else { return }
        sy_unref(L, ref)
    }

    /// Runs `body` with the memory cap lifted: the host's own setup (registering functions,
    /// building API tables) must not fail because a script filled the budget.
    func withoutMemoryCap<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        guard let L = main, let limit = memoryLimit else { return try body() }
        sy_set_memory_limit(L, 0)
        defer { sy_set_memory_limit(L, limit - hostBytes) }
        return try body()
    }

    /// Counts `bytes` the host is about to keep for a script against the memory cap, lowering the
    /// heap's cap by as much; throws the memory-limit error (nothing counted) when heap + host would
    /// pass it. Without a cap it does nothing.
    func chargeHost(_ bytes: Int, for what: String) throws(LuaError) {
        guard let L = main, let limit = memoryLimit else { return }
        let heap = Int(sy_memory_in_use(L))
        guard bytes <= limit - heap - hostBytes else {
            throw LuaError("\(what) would keep \(bytes) bytes, with \(hostBytes) kept for the scripts already "
                           + "and \(heap) in the Lua heap: " + Self.memoryMessage(limit), kind: .memoryLimit)
        }
        hostBytes += bytes
        sy_set_memory_limit(L, limit - hostBytes)
    }

    /// Gives back what `chargeHost` counted, for a declaration that failed after all.
    func refundHost(_ bytes: Int) {
        guard let L = main, let limit = memoryLimit else { return }
        hostBytes = max(hostBytes - bytes, 0)   // a negative refund counts more
        sy_set_memory_limit(L, limit - hostBytes)
    }

    /// Restores the stack top of `L` when the work is done, whatever happens.
    func balanced<T>(_ L: OpaquePointer, _ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        return try body()
    }

    func ensureStack(_ L: OpaquePointer, _ n: Int) throws(LuaError) {
        guard lua_checkstack(L, Int32(n)) != 0 else { throw LuaError.stackExhausted }
    }
}

import Foundation
import Testing
@testable import SwitchyardLua

/// Each hostile script gets a clear error, and the engine works afterwards.
@Suite struct HostileScriptTests {
    private func stillWorks(_ engine: LuaEngine) {
        #expect((try? engine.run("local t = {} for i = 1, 100 do t[i] = i end return #t", chunkName: "=after"))?.first == 100)
    }

    @Test func anEndlessLoopStopsAtTheInstructionBudget() throws {
        let engine = try LuaEngine(configuration: .init(instructionLimit: 100_000))
        let error = #expect(throws: LuaError.self) { try engine.run("while true do end", chunkName: "@loop.lua") }
        #expect(error?.kind == .instructionLimit)
        #expect(error?.message == "loop.lua:1: instruction limit of 100000 exceeded")
        stillWorks(engine)
    }

    @Test func pcallCannotSwallowTheBudget() throws {
        let engine = try LuaEngine(configuration: .init(instructionLimit: 50_000))
        let error = #expect(throws: LuaError.self) {
            try engine.run("while true do pcall(function() while true do end end) end", chunkName: "@sly.lua")
        }
        #expect(error?.kind == .instructionLimit)
        stillWorks(engine)
    }

    @Test func theBudgetIsPerTopLevelCall() throws {
        let engine = try LuaEngine(configuration: .init(instructionLimit: 200_000))
        // five runs of ~80,000 instructions each: over the limit together, each one under it alone
        for _ in 0..<5 {
            let sum = try engine.run("local n = 0 for i = 1, 20000 do n = n + i end return n", chunkName: "=small")
            #expect(sum.first?.integerValue == 200_010_000)
        }
    }

    @Test func coroutinesDoNotEscapeTheBudget() throws {
        let engine = try LuaEngine(configuration: .init(instructionLimit: 100_000))
        try engine.run("co = coroutine.wrap(function() while true do end end)", chunkName: "=c")
        let error = #expect(throws: LuaError.self) { try engine.run("co()", chunkName: "=c") }
        #expect(error?.kind == .instructionLimit)
        stillWorks(engine)
    }

    @Test func allocationStopsAtTheMemoryCap() throws {
        let engine = try LuaEngine(configuration: .init(memoryLimit: 4 << 20))
        let error = #expect(throws: LuaError.self) {
            try engine.run("local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100) .. i end", chunkName: "@hog.lua")
        }
        #expect(error?.kind == .memoryLimit)
        #expect(error?.message == "memory limit of 4 MB exceeded")
        let huge = #expect(throws: LuaError.self) { try engine.run("return ('x'):rep(1e9)", chunkName: "=rep") }
        #expect(huge?.kind == .memoryLimit)
        stillWorks(engine)
        #expect(engine.memoryInUse < 4 << 20)
    }

    @Test func aCapTooSmallForLuaItselfIsAClearError() {
        let error = #expect(throws: LuaError.self) { try LuaEngine(configuration: .init(memoryLimit: 2048)) }
        #expect(error?.kind == .memoryLimit)
        #expect(error?.message == "memory limit of 2 KB exceeded")
    }

    @Test func memoryErrorsPassedThroughSwiftKeepTheirKind() throws {
        let engine = try LuaEngine(configuration: .init(memoryLimit: 2 << 20))
        engine.register("relay") { args in try args[0].functionValue!.call() }
        let error = #expect(throws: LuaError.self) {
            try engine.run("relay(function() return ('y'):rep(3e6) end)", chunkName: "=relay")
        }
        #expect(error?.kind == .memoryLimit)
        stillWorks(engine)
    }

    @Test func deepLuaRecursionIsAStackOverflow() throws {
        let engine = try LuaEngine()
        let error = #expect(throws: LuaError.self) {
            try engine.run("local function f(n) return 1 + f(n + 1) end return f(1)", chunkName: "@deep.lua")
        }
        #expect(error?.message.contains("stack overflow") == true)
        stillWorks(engine)
    }

    @Test func recursionThroughCIsACStackOverflow() throws {
        let engine = try LuaEngine()
        let error = #expect(throws: LuaError.self) {
            try engine.run("local t = setmetatable({}, {__index = function(t, k) return t[k] end}) return t.x", chunkName: "@meta.lua")
        }
        #expect(error?.message.contains("stack overflow") == true)
        stillWorks(engine)
    }

    @Test func recursionThroughSwiftIsACStackOverflow() throws {
        let engine = try LuaEngine()
        engine.register("again") { args in try args[0].functionValue!.call(args[0]) }
        let error = #expect(throws: LuaError.self) {
            try engine.run("local function f(self) return again(self) end return f(f)", chunkName: "@swift.lua")
        }
        #expect(error?.message.contains("stack overflow") == true)
        stillWorks(engine)
    }

    @Test func yieldingAcrossASwiftCallIsAnError() throws {
        let engine = try LuaEngine()
        engine.register("through") { args in try args[0].functionValue!.call() }
        let results = try engine.run("""
            local co = coroutine.create(function() through(function() coroutine.yield(1) end) end)
            return coroutine.resume(co)
            """, chunkName: "@yield.lua")
        #expect(results.first == false)
        #expect(results.last?.stringValue?.contains("attempt to yield across a C-call boundary") == true)
        stillWorks(engine)
    }

    @Test func swiftFunctionsWorkInsideCoroutines() throws {
        let engine = try LuaEngine()
        engine.register("double") { args in [.integer((args[0].integerValue ?? 0) * 2)] }
        let results = try engine.run("""
            local co = coroutine.wrap(function(a) local b = coroutine.yield(double(a)) return double(b) end)
            return co(1), co(5)
            """, chunkName: "=co")
        #expect(results == [2, 10])
    }

    @Test func anInterruptStopsTheRunningScript() throws {
        let engine = try LuaEngine()
        var calls = 0
        engine.register("tick") { [unowned engine] _ in  // the engine owns this closure
            calls += 1
            if calls == 3 { engine.requestInterrupt() }
            return []
        }
        let error = #expect(throws: LuaError.self) {
            try engine.run("while true do pcall(tick) end", chunkName: "@spin.lua")
        }
        #expect(error?.kind == .interrupted)
        #expect(error?.message == "spin.lua:1: interrupted")
        stillWorks(engine)
        #expect(calls == 3)
    }

    @Test func anInterruptReachesCodeInsideACoroutine() throws {
        let engine = try LuaEngine()
        engine.register("stop") { [unowned engine] _ in engine.requestInterrupt(); return [] }
        let error = #expect(throws: LuaError.self) {
            try engine.run("coroutine.wrap(function() stop() while true do end end)()", chunkName: "@co.lua")
        }
        #expect(error?.kind == .interrupted)
        stillWorks(engine)
    }

    /// Without a budget no count hook runs (it would slow every instruction), so an interrupt from
    /// another thread has to find the thread that loops: the main one, a coroutine resumed inside a
    /// wrapped one, a coroutine's `__close` run by `coroutine.close`, a finalizer, a coroutine a Swift
    /// function called. Each loop would take seconds and then set `finished`; the interrupt comes every
    /// 50 ms. (Reaching only the main thread, the interrupt would land once the loop had finished.)
    @Test(arguments: [
        "LOOP",
        "coroutine.wrap(function() coroutine.resume(coroutine.create(function() LOOP end)) end)()",
        "local co = coroutine.create(function() local x <close> = setmetatable({}, {__close = function() LOOP end}) coroutine.yield() end) coroutine.resume(co) coroutine.close(co)",
        "setmetatable({}, {__gc = function() LOOP end}) collectgarbage() collectgarbage()",
        "through(coroutine.wrap(function() LOOP end))",
        // issue 31, item 1: finalizers of every shape run in a listed thread
        "setmetatable({}, {__gc = setmetatable({}, {__call = function() LOOP end})}) collectgarbage() collectgarbage()",
        "local mt = {__gc = true} setmetatable({}, mt) mt.__gc = function() LOOP end collectgarbage() collectgarbage()",
        "debug.setmetatable({}, {__gc = function() LOOP end}) collectgarbage() collectgarbage()",
        // issue 31, item 2: a library shift a __len sizes polls the interrupt
        "table.insert(setmetatable({}, {__len = function() return math.maxinteger - 1 end}), 1, 1) finished = true",
    ])
    func anInterruptWithoutABudgetReachesTheThreadThatLoops(_ code: String) throws {
        let engine = try LuaEngine(configuration: .init(sandboxed: false))
        engine.register("through") { args in try args[0].functionValue!.call() }
        let interrupter = Interrupter(engine)
        let error = #expect(throws: LuaError.self) {
            try interrupter.whileRunning {
                try engine.run(code.replacingOccurrences(of: "LOOP", with: "for i = 1, 3e9 do end finished = true"), chunkName: "@loop.lua")
            }
        }
        #expect(error?.kind == .interrupted)
        #expect(try engine.run("return finished", chunkName: "=finished") == [.nil])
        stillWorks(engine)
        #expect(try engine.run("return debug.gethook() == nil", chunkName: "=hook") == [true])
    }

    /// Calls `requestInterrupt` every 50 ms from another thread while `body` runs.
    private final class Interrupter: @unchecked Sendable {
        private let engine: LuaEngine
        private let lock = NSLock()
        private var running = false

        init(_ engine: LuaEngine) { self.engine = engine }

        func whileRunning<T>(_ body: () throws -> T) rethrows -> T {
            lock.withLock { running = true }
            let thread = Thread { [self] in
                repeat {
                    Thread.sleep(forTimeInterval: 0.05)
                } while lock.withLock({ if running { engine.requestInterrupt() }; return running })
            }
            thread.start()
            defer { lock.withLock { running = false } }
            return try body()
        }
    }

    @Test func anInterruptRequestedWhileIdleIsDropped() throws {
        let engine = try LuaEngine()
        engine.requestInterrupt()
        #expect(try engine.run("local n = 0 for i = 1, 10000 do n = n + 1 end return n", chunkName: "=idle") == [10000])
    }

    @Test func errorObjectsThatAreTablesDoNotCrash() throws {
        let engine = try LuaEngine()
        #expect(throws: LuaError.self) { try engine.run("error({})", chunkName: "=e") }
        let error = #expect(throws: LuaError.self) {
            try engine.run("error(setmetatable({}, {__tostring = error}))", chunkName: "=e")
        }
        #expect(error?.message == "e:1: error object is a table value (its __tostring raised a table value)")
        stillWorks(engine)
    }
}

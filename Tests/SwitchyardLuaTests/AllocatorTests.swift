@testable import SwitchyardLua
import Testing

/// The engine serves Lua's small blocks from its own free lists (`BlockPool.c`); these scripts churn
/// blocks of every size across the pooled/unpooled boundary and check nothing was overwritten or lost.
@Suite struct AllocatorTests {
    @Test func blocksOfEverySizeKeepTheirContentsWhileOthersComeAndGo() throws {
        let engine = try LuaEngine()
        let result = try engine.run("""
            local kept, sum = {}, 0
            for round = 1, 200 do
              for size = 1, 320, 7 do
                local s = string.rep(string.char(65 + size % 26), size) .. round
                local t = {}
                for i = 1, size % 40 do t[i] = i; t["k" .. i] = s end   -- tables grow through classes
                if round % 50 == 0 then kept[#kept + 1] = {s = s, t = t} end
              end
            end
            collectgarbage()
            for _, entry in ipairs(kept) do
              local n = #entry.t
              for i = 1, n do
                assert(entry.t[i] == i and entry.t["k" .. i] == entry.s, "a kept table changed")
              end
              sum = sum + #entry.s + n
            end
            return #kept, sum
            """, chunkName: "=churn")
        #expect(result == [.integer(184), .integer(33_234)])
    }

    @Test func repeatingTheSameWorkHoldsTheSameMemory() throws {
        let engine = try LuaEngine()
        func churn() throws -> Int {
            _ = try engine.run("""
                local t = {}
                for i = 1, 100000 do t[i] = {tostring(i), i .. "x", {}} end
                t = nil
                collectgarbage(); collectgarbage(); collectgarbage()
                """, chunkName: "=churn")
            return engine.memoryInUse
        }
        let first = try churn()
        let second = try churn()
        #expect(second <= first + 1024)
    }

    /// The bytes the allocator counts (`memoryInUse`, what the cap is checked against) are the bytes Lua
    /// counts itself, through blocks made and freed on every path: off a free list and back onto it
    /// inline, carved from a chunk, from malloc past the pool, a table's empty array part freed as NULL.
    /// A path that forgot a block's bytes makes the two differ.
    @Test func theBytesCountedAreLuasOwnCount() throws {
        let engine = try LuaEngine(configuration: .init(sandboxed: false))
        engine.register("bytes_in_use") { [unowned engine] _ in [.integer(Int64(engine.memoryInUse))] }
        let result = try engine.run("""
            local kept = {}
            bytes_in_use()  -- its first call may allocate what later calls reuse
            for round = 1, 20 do
              local t = {}
              for i = 1, 2000 do t[i] = {i, tostring(i) .. round, x = round} end
              kept[round] = string.rep("x", 300 * round)  -- past the pool's largest block
              if round % 5 == 0 then collectgarbage() end
            end
            local lua = collectgarbage("count") * 1024
            local counted = bytes_in_use()
            t = nil
            collectgarbage()
            return lua, counted, collectgarbage("count") * 1024, bytes_in_use()
            """, chunkName: "=count")
        #expect(result.count == 4)
        guard result.count == 4, case let .number(lua) = result[0], case let .integer(counted) = result[1],
              case let .number(luaAfter) = result[2], case let .integer(countedAfter) = result[3] else { return }
        #expect(Int64(lua) == counted)
        #expect(Int64(luaAfter) == countedAfter)
    }

    /// A block taken off a free list counts against the cap as a new one does: with the free lists full
    /// of the small blocks a script let go, growing again stops at the cap, not where they run dry.
    @Test func blocksFromTheFreeListsStayUnderTheCap() throws {
        let limit = 4 << 20
        let engine = try LuaEngine(configuration: .init(sandboxed: false, memoryLimit: limit))
        let result = try engine.run("""
            local limit = \(limit)
            local t = {}
            for i = 1, 40000 do t[i] = {} end  -- 40,000 small blocks, about 2 MiB
            t = nil
            collectgarbage()                   -- on the free lists now
            local big = {}
            while collectgarbage("count") * 1024 < limit - 512 * 1024 do
              big[#big + 1] = string.rep("y", 65536)  -- blocks from malloc, up to 512 KiB below the cap
            end
            local peak = 0
            local ok = pcall(function ()
              local k = {}
              for i = 1, 100000 do
                k[i] = {}
                peak = math.max(peak, collectgarbage("count") * 1024)
              end
            end)
            return ok, peak, limit
            """, chunkName: "=cap")
        #expect(result.first == .boolean(false))
        guard result.count == 3, case let .number(peak) = result[1] else {
            Issue.record("unexpected result \(result)")
            return
        }
        #expect(peak <= Double(limit))
    }
}

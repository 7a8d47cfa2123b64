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
}

import Foundation
import Testing

/// Switchyard replaces string.find, match, gmatch and gsub with its own budgeted matcher, and several
/// library functions with charged ones (docs/reliability.md). These hold them to what stock Lua 5.4 does.
@Suite struct LuaCompatibilityTests {
    /// Lua 5.4's own test files (`testes/pm.lua`, `testes/strings.lua` from the public Lua test suite,
    /// MIT licence; not committed here) run unchanged, sandboxed or not, when
    /// `SWITCHYARD_LUA_TESTES` names a directory holding them. The sandbox has no `io` and keeps
    /// only part of `os`: a prelude gives `strings.lua` the one `io.stdin` it formats with `%p` and
    /// sets the suite's own `_port` flag, which skips its locale checks (`os.setlocale`).
    static let testes = ProcessInfo.processInfo.environment["SWITCHYARD_LUA_TESTES"]

    @Test(.enabled(if: testes != nil, "set SWITCHYARD_LUA_TESTES to a directory with Lua 5.4's pm.lua and strings.lua"),
          arguments: ["pm.lua", "strings.lua"])
    func luasOwnTestFilesPass(_ file: String) throws {
        let directory = try #require(Self.testes)
        let prelude = "_port = true; io = {stdin = {}}"
        for arguments in [[file], ["--sandbox", "-e", prelude, file]] {
            let result = try CommandRun.switchyard(arguments, directory: directory, deadline: 120)
            #expect(!result.timedOut)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            #expect(result.output.hasSuffix("OK\n"), "\(arguments): \(result.output)")
        }
    }

    /// The behaviours of those files that Switchyard's own code provides, checked here without them.
    @Test func thePatternFunctionsBehaveAsStockLua() throws {
        let script = #"""
            -- gsub returns the subject itself when nothing was replaced (pm.lua checks it with %p)
            local s = ("subject "):rep(10)
            assert(string.format("%p", s) == string.format("%p", (s:gsub("xyz", "w"))))
            assert(string.format("%p", s) == string.format("%p", (s:gsub("%w+", function() end))))
            assert(string.format("%p", s) == string.format("%p", (s:gsub("%w+", {}))))
            assert(select(2, s:gsub("%w+", {})) == 10)
            local copy = s:gsub("subject", "subject")
            assert(copy == s)
            -- a template's %1 copies the capture's bytes (or a position's digits), never a __tostring
            getmetatable("").__tostring = function() return "HIJACKED" end
            assert(("abc"):gsub("(b)", "[%1]") == "a[b]c")
            assert(("abc"):gsub("()b", "[%1]") == "a[2]c")
            assert(("abc"):gsub("b", "[%0%%]") == "a[b%]c")
            getmetatable("").__tostring = nil
            -- pm.lua's staples
            assert(string.find("aaab", "a*b") == 1)
            assert(string.match("  key = value  ", "(%w+)%s*=%s*(%w+)") == "key")
            assert(string.match("hello [[world]]", "%[(%b[])%]") == "[world]")
            assert(string.gsub("THE (quick) fox", "%f[%a]%a+", "w") == "w (w) w")
            assert(string.find("abc", "b", -1) == nil and string.find("abc", "", 10) == nil)
            assert(string.find("abc", "", 4) == 4)
            assert(string.match("abcabc", "(abc)%1") == "abc")
            assert(string.gsub("hello world", "(o)", "%1%1", 1) == "helloo world")
            assert(string.gsub("abc", "%w", "%%%0") == "%a%b%c")
            local words = {}
            for w in string.gmatch("one two  three", "%a+") do words[#words + 1] = w end
            assert(#words == 3 and words[3] == "three")
            assert(string.gsub("", "^", "x") == "x")
            assert(string.gsub("a.b", ".", {a = 1, b = false}) == "1.b")
            assert(not pcall(string.gsub, "alo", ".", {a = {}}))
            assert(select(2, pcall(string.find, "a", "[a")):find("malformed pattern %(missing ']'%)"))
            assert(select(2, pcall(string.find, "a", "%")):find("malformed pattern %(ends with '%%'%)"))
            assert(select(2, pcall(string.gsub, "alo", "(.)", "%2")):find("invalid capture index %%2"))
            assert(select(2, pcall(string.rep, "x", 1e10)))  -- too large, or the memory cap
            -- the replaced table functions keep their checks, messages and results
            local t = {1, 2, 3}
            table.insert(t, 1, 0) assert(table.concat(t, ",") == "0,1,2,3")
            table.insert(t, 9) assert(table.concat(t, ",") == "0,1,2,3,9")
            assert(table.remove(t, 1) == 0 and table.concat(t, ",") == "1,2,3,9")
            assert(table.remove(t) == 9 and #t == 3)
            assert(table.remove({}) == nil)
            assert(select(2, pcall(table.insert, {1}, 5, 2)):find("position out of bounds"))
            assert(select(2, pcall(table.insert, {1}, 1, 2, 3)):find("wrong number of arguments to 'insert'"))
            assert(select(2, pcall(table.remove, 1)):find("table expected, got number"))
            assert(select(2, pcall(table.remove, {}, 5)):find("bad argument #1 to '.-remove' %(position out of bounds%)"))
            assert(select("#", string.byte("hello", -100, 100)) == 5 and select("#", string.byte("hello", 0)) == 0)
            assert(select("#", table.unpack({1, 2, 3}, -1, 1)) == 3 and select("#", table.unpack({}, 3, 2)) == 0)
            assert(select(2, pcall(table.unpack, {}, 1, 1e8)):find("too many results to unpack"))
            local proxy = setmetatable({}, {__index = t, __newindex = t, __len = function() return #t end})
            table.insert(proxy, 1, "p") assert(t[1] == "p" and #t == 4)
            assert(select("#", table.unpack({1, 2, 3}, 1, 5)) == 5)
            local sorted = {5, 3, 9, 1}
            table.sort(sorted) assert(table.concat(sorted, ",") == "1,3,5,9")
            table.sort(sorted, function(a, b) return a > b end) assert(sorted[1] == 9)
            assert(select(2, pcall(table.sort, {1, "x", 2})):find("attempt to compare"))
            assert(select("#", ("abc"):byte(1, -1)) == 3 and utf8.len("häh") == 3)
            assert(utf8.offset("häh", 3) == 4 and utf8.codepoint("häh", 2) == 228)
            assert(load("return 1 + 1")() == 2)
            local pieces = {"return ", "40 ", "+ 2"}
            assert(load(function() return table.remove(pieces, 1) end)() == 42)
            assert(string.unpack("i4", string.pack("i4", 7)) == 7)
            print("all as stock")
            """#
        let directory = try HostileFiles.directory()
        try script.write(toFile: directory + "/stock.lua", atomically: true, encoding: .utf8)
        for arguments in [["stock.lua"], ["--sandbox", "stock.lua"], ["--max-instructions", "100000000", "stock.lua"]] {
            let result = try CommandRun.switchyard(arguments, directory: directory, deadline: 60)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            #expect(result.output == "all as stock\n", "\(arguments): \(result.output)")
        }
    }

    /// Finalizers run through a sentinel now: they still run once, see their object, run when
    /// replaced after setmetatable or given as a callable table, and not at all once removed.
    @Test func finalizersRunAsStockLuaRunsThem() throws {
        let script = #"""
            local log = {}
            local mt = {__gc = function(o) log[#log + 1] = "f:" .. o.name end}
            setmetatable({name = "a"}, mt)
            local replaced = {__gc = true}
            setmetatable({name = "b"}, replaced)
            replaced.__gc = function(o) log[#log + 1] = "r:" .. o.name end
            setmetatable({name = "c"}, {__gc = setmetatable({}, {__call = function(_, o) log[#log + 1] = "t:" .. o.name end})})
            local removed = {__gc = function() log[#log + 1] = "removed ran" end}
            setmetatable({}, removed)
            removed.__gc = nil
            local none = {}
            setmetatable({}, none)
            none.__gc = function() log[#log + 1] = "late ran" end  -- too late: never marked
            assert(getmetatable(setmetatable({name = "d"}, mt)) == mt and rawget(mt, "__gc") ~= nil)
            collectgarbage() collectgarbage()
            table.sort(log)
            print(table.concat(log, " "))
            """#
        let directory = try HostileFiles.directory()
        try script.write(toFile: directory + "/gc.lua", atomically: true, encoding: .utf8)
        for arguments in [["gc.lua"], ["--sandbox", "gc.lua"]] {
            let result = try CommandRun.switchyard(arguments, directory: directory, deadline: 60)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            #expect(result.output == "f:a f:d r:b t:c\n", "\(arguments): \(result.output)")
        }
    }
}

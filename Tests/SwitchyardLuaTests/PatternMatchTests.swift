import Testing
import SwitchyardLua

/// Switchyard's own pattern matcher (PatternMatch.c) in place of Lua's: the same results and errors
/// (FuzzPatterns compares them with stock Lua's at random), and, unlike Lua's, under the budget.
@Suite struct PatternMatchTests {
    func run(_ code: String, limit: Int? = nil) throws(LuaError) -> [LuaValue] {
        let engine = try LuaEngine(configuration: .init(sandboxed: true, instructionLimit: limit))
        return try engine.run(code, chunkName: "=patterns")
    }

    @Test func theFourFunctionsWorkAsLuasDo() throws {
        let results = try run("""
            local out = {}
            local function add(...) for i = 1, select("#", ...) do out[#out + 1] = tostring((select(i, ...))) end end
            add(string.find("hello world", "o w"))                       -- 5 7
            add(("key=val"):match("(%w+)=(%w+)"))                        -- key val
            for word in ("one two  three"):gmatch("%a+") do add(word) end
            add(("hello"):gsub("l", {l = "L"}))                          -- heLLo 2
            add(string.gsub("abc", "%w", "%0%0", 2))                     -- aabbc 2
            add(string.match("  x", "()x()"))                            -- 3 4
            add(string.find("THE (quick) fox", "%((%a+)%)"))             -- 5 11 quick
            add(string.match("[[x]] y", "%b[]"))                         -- [[x]]
            add(string.find("THE END", "%f[%a]%a+", 2))                  -- 5 7
            add(string.match("a\\0b", "%z"))                              -- the NUL
            add(string.find("a+b", "+", 1, true))                        -- 2 2
            add(string.gsub("hello world", "o", function() end))         -- unchanged, 2
            for k, v in string.gmatch("a=1, b=2", "(%w+)=(%w+)", 3) do add(k, v) end
            return table.concat(out, " ")
            """)
        #expect(results.first?.stringValue == "5 7 key val one two three heLLo 2 aabbc 2 3 4 5 11 quick [[x]] 5 7 \0 2 2 hello world 2 b 2")
    }

    @Test(arguments: [
        ("string.find('a', '%')", "malformed pattern (ends with '%')"),
        ("string.find('a', '[a')", "malformed pattern (missing ']')"),
        ("string.find('a', '%f')", "missing '[' after '%f' in pattern"),
        ("string.find('a', '(')", "unfinished capture"),
        ("string.match('a', ')')", "invalid pattern capture"),
        ("string.find('a', '%1')", "invalid capture index %1"),
        ("string.find('a', '%b')", "malformed pattern (missing arguments to '%b')"),
        ("string.gsub('a', 'a', '%2')", "invalid capture index %2"),
        ("string.gsub('a', 'a', '%x')", "invalid use of '%' in replacement string"),
        ("string.gsub('a', 'a', {a = true})", "invalid replacement value (a boolean)"),
        ("string.gsub('a', 'a', true)", "bad argument #3 to 'gsub' (string/function/table expected, got boolean)"),
        ("string.find(('a'):rep(300), ('a?'):rep(300))", "pattern too complex"),
    ])
    func malformedPatternsGiveLuasMessages(_ code: String, _ message: String) throws {
        #expect(throws: LuaError.self) { try run(code) }
        do { _ = try run(code) } catch { #expect(error.message == "patterns:1: " + message) }
    }

    /// One line used to hang any host: now the budget stops it, as it stops a loop.
    @Test func aCatastrophicPatternStopsAtTheBudget() throws {
        do {
            _ = try run("return string.find(('a'):rep(26), ('a*'):rep(26) .. 'b')", limit: 1_000_000)
            Issue.record("the pattern finished")
        } catch {
            #expect(error.kind == .instructionLimit)
            #expect(error.message == "patterns:1: instruction limit of 1000000 exceeded")
        }
        // pcall cannot swallow it, as it cannot swallow the count hook's.
        do {
            _ = try run("pcall(string.find, ('a'):rep(26), ('a*'):rep(26) .. 'b') return 'went on'", limit: 1_000_000)
            Issue.record("the script went on")
        } catch {
            #expect(error.kind == .instructionLimit)
        }
    }
}

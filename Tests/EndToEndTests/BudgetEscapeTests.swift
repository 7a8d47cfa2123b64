import Foundation
import Testing

/// The ways a script once escaped the instruction budget and Ctrl-C (issue 21's hostile probe): a
/// looping message handler, a looping finalizer, nested coroutines, one huge `table.move`. Each now
/// ends with the budget's error, exit status 1, well inside its deadline.
@Suite(.serialized) struct BudgetEscapeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let script: String
        var arguments: [String] = []
        var budget = "1000000"
        /// What the run ends with; the budget's error unless said otherwise.
        var message: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a message handler that loops",
             script: "xpcall(function() error('x') end, function() while true do end end)"),
        Case(name: "a handler run after the budget stopped the body",
             script: "xpcall(function() while true do end end, function() for i = 1, 3e8 do end print('handler ran') end)"),
        Case(name: "a finalizer that loops, collected",
             script: "local t = setmetatable({}, {__gc = function() while true do end end})\nt = nil\ncollectgarbage()\nprint('went on')"),
        Case(name: "an error object whose finalizer loops",
             script: "error(setmetatable({}, {__gc = function() while true do end end}))\n",
             message: "error object is a table value"),
        Case(name: "table.move over 2^62 elements", script: "table.move({}, 1, 1 << 62, 1)"),
        Case(name: "a pattern that backtracks forever",
             script: "string.find(('a'):rep(26), ('a*'):rep(26) .. 'b')"),
        Case(name: "gsub with a catastrophic pattern inside pcall",
             script: "pcall(string.gsub, ('x'):rep(40), ('x-'):rep(40) .. 'y', '')"),
    ] + (1...4).map { depth in
        Case(name: "coroutines nested \(depth) deep",
             script: """
                local function f(d)
                  if d == 0 then while true do end end
                  while true do coroutine.resume(coroutine.create(f), d - 1) end
                end
                f(\(depth))
                """, budget: "100000")
    } + [
        Case(name: "wrapped coroutines nested 4 deep under pcall",
             script: """
                local function f(d)
                  if d == 0 then while true do end end
                  while true do pcall(coroutine.wrap(f), d - 1) end
                end
                f(4)
                """, budget: "100000"),
    ]

    @Test(arguments: cases)
    func stopsWithTheBudgetsError(_ escape: Case) throws {
        for sandbox in [["--sandbox"], []] {
            let result = try CommandRun.switchyard(
                sandbox + ["--max-instructions", escape.budget, "-e", escape.script], deadline: 60)
            #expect(!result.timedOut, "\(escape.name) still ran after 20 s")
            #expect(result.status == 1, "\(result.errors)")
            #expect(result.errors.contains(escape.message ?? "instruction limit of \(escape.budget) exceeded"),
                    "\(result.errors)")
            #expect(!result.output.contains("handler ran"))
            #expect(!result.output.contains("went on"))
        }
    }

    @Test func closingAStateEndsEvenWithALoopingFinalizer() throws {
        let result = try CommandRun.switchyard(
            ["--sandbox", "-e", "setmetatable({}, {__gc = function() while true do end end}) print('end')"], deadline: 60)
        #expect(!result.timedOut)
        #expect(result.status == 0)
        #expect(result.output == "end\n")
    }

    @Test func aSpecThatLeavesALoopingFinalizerEnds() throws {
        let directory = try HostileFiles.directory()
        try """
            describe("finalizers", function()
              it("leaves one behind", function()
                setmetatable({}, {__gc = function() while true do end end})
                assert.is_true(true)
              end)
            end)
            """.write(toFile: directory + "/gc_spec.lua", atomically: true, encoding: .utf8)
        let result = try CommandRun.switchyard(["test", "--max-instructions", "1000000", "gc_spec.lua"],
                                               directory: directory, deadline: 60)
        #expect(!result.timedOut)
        #expect(result.output.contains("1 passed, 0 failed"), "\(result.output)\(result.errors)")
    }

    /// The replacements keep what the stock functions do.
    @Test func theReplacedFunctionsStillWork() throws {
        let script = """
            -- xpcall: results, the handler on an ordinary error, yields inside
            assert(select("#", xpcall(function() return 1, 2 end, print)) == 3)
            local ok, message = xpcall(function() error("plain") end, function(m) return "handled: " .. m end)
            assert(not ok and message:find("handled: .*plain"))
            local co = coroutine.wrap(function() return xpcall(function() coroutine.yield(1) return 2 end, print) end)
            assert(co() == 1) assert(select(2, co()) == 2)
            -- finalizers run, and see their object
            local seen
            setmetatable({name = "x"}, {__gc = function(o) seen = o.name end})
            collectgarbage() collectgarbage()
            assert(seen == "x", "finalizer did not run")
            -- table.move: forwards, backwards over an overlap, into another table, in chunks
            local t = {}
            for i = 1, 10000 do t[i] = i end
            table.move(t, 1, 9000, 1001)
            assert(t[1001] == 1 and t[10000] == 9000 and t[1000] == 1000)
            local u = {}
            for i = 1, 10000 do u[i] = i end
            table.move(u, 1001, 10000, 1)
            assert(u[1] == 1001 and u[9000] == 10000 and u[10000] == 10000)
            local dest = table.move({1, 2, 3}, 1, 3, 2, {})
            assert(dest[2] == 1 and dest[4] == 3 and dest[1] == nil)
            assert(not pcall(table.move, {}, -(1 << 62), 1 << 62, 1))
            assert(select(2, pcall(table.move, nil, 1, 2, 3)):find("table expected"))
            -- coroutines: resume's results, wrap's errors keep their text
            assert(select(2, coroutine.resume(coroutine.create(function() return 7 end))) == 7)
            local ok2, err = pcall(coroutine.wrap(function() error("inside") end))
            assert(not ok2 and err:find("inside"))
            print("all kept")
            """
        let directory = try HostileFiles.directory()
        try script.write(toFile: directory + "/kept.lua", atomically: true, encoding: .utf8)
        for sandbox in [["--sandbox"], []] {
            let result = try CommandRun.switchyard(sandbox + ["kept.lua"], directory: directory, deadline: 60)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.hasSuffix("all kept\n"))
        }
    }
}

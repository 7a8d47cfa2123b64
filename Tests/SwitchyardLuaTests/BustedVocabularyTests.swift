import Testing
@testable import SwitchyardLua
@testable import SwitchyardTesting
import Switchyard

/// busted's vocabulary and its semantics (issue 16), through `runScenarios` as `switchyard test` uses it.
@Suite struct BustedVocabularyTests {
    private func run(_ scenario: String, selection: ScenarioSelection = ScenarioSelection()) throws -> ScenarioReport {
        let files = try TemporaryScripts.write(["app.lua": musicApp, "scenario_spec.lua": scenario])
        let runtime = try SwitchyardRuntime()
        try runtime.load(file: files["app.lua"]!)
        return runtime.runScenarios(files: [files["scenario_spec.lua"]!], selection: selection)
    }

    private func outcomes(_ report: ScenarioReport) -> [String] {
        report.results.map { "\($0.name): \($0.status.rawValue)" }
    }

    @Test func assertionsFailAndEverythingElseErrs() throws {
        let report = try run("""
            it("assertion", function() assert.are.equal(1, 2) end)
            it("plain assert", function() assert(false, "msg") end)
            it("caught and raised again", function()
              local ok, err = pcall(assert.is_true, false)
              error(err, 0)
            end)
            it("error", function() error("boom") end)
            it("nil index", function() local t; return t.x end)
            it("navigation", function() nav.push("/nowhere") end)
            it("passes", function() end)
            """)
        #expect(outcomes(report) == ["assertion: failure", "plain assert: failure", "caught and raised again: failure",
                                     "error: error", "nil index: error", "navigation: error", "passes: success"])
        #expect(report.results[1].message?.hasSuffix("scenario_spec.lua:2: msg") == true, "the spec's line, not the library's")
        #expect(report.results[0].line == 1)
        #expect((report.passed, report.failed, report.pending) == (1, 6, 0))
    }

    @Test func pendingInEachForm() throws {
        let report = try run("""
            pending("declared pending")
            pending("with a body that never runs", function() error("ran") end)
            it("without a body")
            it("stops at pending", function() pending("later") error("ran") end)
            it "curried" (function() assert.is_true(true) end)
            """)
        #expect(outcomes(report) == ["declared pending: pending", "with a body that never runs: pending",
                                     "without a body: pending", "stops at pending: pending", "curried: success"])
        #expect(report.results[3].message?.hasSuffix("scenario_spec.lua:4: later") == true)
        #expect(report.pending == 4 && report.failed == 0)
    }

    @Test func hooksRunAsBustedRunsThem() throws {
        let report = try run("""
            log = {}
            local function note(word) return function() log[#log + 1] = word end end
            describe("block", function()
              setup(note("setup"))
              lazy_setup(note("lazy_setup"))
              before_each(note("before"))
              after_each(note("after"))
              lazy_teardown(note("lazy_teardown"))
              teardown(note("teardown"))
              it("one", function() finally(note("finally")) assert.is_true(false) end)
              it("two", note("two"))
            end)
            describe("never runs", function()
              lazy_setup(note("never"))
            end)
            it("sees the log", function()
              assert.same({"setup", "lazy_setup", "before", "finally", "after", "before", "two", "after",
                           "lazy_teardown", "teardown"}, log)
            end)
            """)
        #expect(outcomes(report) == ["block one: failure", "block two: success", "sees the log: success"])
    }

    @Test func aHookThatRaisesIsAnErrorOfItsOwnAndSkipsWhatItWasFor() throws {
        let report = try run("""
            describe("setup fails", function()
              setup(function() error("no setup") end)
              teardown(function() end)
              it("skipped", function() end)
            end)
            describe("before fails", function()
              before_each(function() error("no before") end)
              it("skipped too", function() end)
            end)
            describe("after fails", function()
              after_each(function() error("no after") end)
              it("still passes", function() end)
            end)
            """)
        #expect(outcomes(report) == ["setup fails setup: error", "before fails before_each: error",
                                     "after fails still passes: success", "after fails after_each: error"])
        #expect(report.results[0].line == 2)
        #expect(report.results[0].message?.hasSuffix("scenario_spec.lua:2: no setup") == true)
    }

    @Test func aFinallyThatRaisesFailsAPassingTest() throws {
        let report = try run("""
            it("cleans up badly", function() finally(function() error("cleanup") end) end)
            """)
        #expect(outcomes(report) == ["cleans up badly: error"])
    }

    @Test func theAssertionWords() throws {
        let report = try run("""
            it("hold", function()
              assert.are.equal(1, 1) assert.is_not.equal(1, 2) assert.not_equal(1, 2) assert.are_not.same({1}, {2})
              assert.is.number(1) assert.is_not.string(1) assert.is_string("s") assert.is_table({})
              assert.True(true) assert.is_falsy(nil) assert.near(1, 1.05, 0.1) assert.is_not.near(1, 2, 0.5)
              assert.unique({1, 2}) assert.is_not.unique({1, 1}) assert.unique({{1}, {1}}) assert.is_not.unique({{1}, {1}}, true)
              assert.has_no.errors(function() end) assert.has_error(function() error({code = 1}) end, {code = 1})
              assert.error_matches(function() nav.push("/nowhere") end, "no route")
              assert.has_no.error_matches(function() error("x") end, "^zzz")
            end)
            it("same names the difference", function() assert.same({1, {path = "/b"}}, {1, {path = "/c"}}) end)
            it("near", function() assert.near(1, 2, 0.5) end)
            it("negated", function() assert.is_not.equal(1, 1, "they differ") end)
            it("unknown word", function() assert.is_equl(1, 1) end)
            """)
        #expect(report.results[0].message == nil)
        #expect(outcomes(report) == ["hold: success", "same names the difference: failure", "near: failure", "negated: failure",
                                     "unknown word: error"])
        #expect(report.results[1].message?.hasSuffix("\nexpected[2].path == \"/b\", got \"/c\"") == true)
        #expect(report.results[2].message?.hasSuffix("expected 2 to be within 0.5 of 1") == true)
        #expect(report.results[3].message?.hasSuffix("they differ (expected a value other than 1)") == true)
        #expect(report.results[4].message?.contains("no assertion named 'is_equl'") == true)
    }

    @Test func spiesSeeCallbacksRunAndAreRevertedAfterEachTest() throws {
        let report = try run("""
            app = {log = function() return "original" end}
            local allow = spy.new(function() return true end)
            route("/spied", {guard = allow})
            it("a guard may be a spy", function()
              nav.push("/spied")
              assert.spy(allow).was.called(1)
              assert.equal("/spied", allow.calls[1].vals[1].path)
            end)
            it("the sheet's on_dismiss ran once, with its info", function()
              local closed = spy.new(function() end)
              nav.sheet("/album/7", {on_dismiss = closed})
              assert.spy(closed).was_not.called()
              nav.dismiss()
              assert.spy(closed).was.called(1)
              assert.spy(closed).was.called_with(match.is_table())
              assert.equal("/album/7", closed.calls[1].vals[1].path)
              local s = spy.on(app, "log")
              assert.equal("original", app.log("x"))
              assert.spy(s).was.called_with("x")
              assert.spy(s).was.returned_with("original")
              stub(app, "other", 42)
              assert.equal(42, app.other())
            end)
            it("finds them reverted", function()
              assert.is_false(spy.is_spy(app.log))
              assert.is_nil(app.other)
            end)
            it("fails with the calls it saw", function()
              local s = spy.new()
              s(1, 2)
              assert.spy(s).was.called_with(1, 3)
            end)
            it("match still matches routes", function()
              assert.equal("/album/:id", match("/album/3").pattern)
              assert.has_error(function() match(3) end, "bad argument #1 to 'match' (string expected, got number)")
            end)
            """)
        #expect(outcomes(report) == ["a guard may be a spy: success", "the sheet's on_dismiss ran once, with its info: success",
                                     "finds them reverted: success",
                                     "fails with the calls it saw: failure", "match still matches routes: success"])
        #expect(report.results[3].message?.hasSuffix("expected a call with (1, 3); calls: (1, 2)") == true)
    }

    @Test func selectionByPatternAndTag() throws {
        let spec = """
            describe("checkout #slow", function()
              it("pays", function() end)
              it("refunds #smoke", function() end)
            end)
            it("opens #smoke", function() end)
            it("closes", function() end)
            """
        func names(_ change: (inout ScenarioSelection) -> Void) throws -> [String] {
            var selection = ScenarioSelection()
            change(&selection)
            return try run(spec, selection: selection).results.map(\.name)
        }
        #expect(try names { $0.tags = ["smoke"] } == ["checkout #slow refunds #smoke", "opens #smoke"])
        #expect(try names { $0.excludedTags = ["slow"] } == ["opens #smoke", "closes"])
        #expect(try names { $0.filters = ["^checkout"]; $0.filtersOut = ["refunds"] } == ["checkout #slow pays"])
        #expect(try names { $0.filters = ["^%a+s"] } == ["opens #smoke", "closes"], "Lua patterns")
        let shuffled = try names { $0.shuffleSeed = 7 }
        #expect(Set(shuffled).count == 4)
        #expect(try names { $0.shuffleSeed = 7 } == shuffled, "the same seed, the same order")
        #expect(ScenarioSelection.tags(in: "a #b-c d#e #") == ["b-c", "e"])
    }

    @Test func eachFileIsInsulatedAndItsTestsShareGlobals() throws {
        let files = try TemporaryScripts.write([
            "helper.lua": "counter = (counter or 0) + 1 return {loaded = counter}",
            "a_spec.lua": """
                leaked = "from a"
                local helper = require("helper")
                it("sets a global", function() shared = 1 end)
                it("sees it in the same file", function() assert.equal(1, shared) assert.equal(1, helper.loaded) end)
                """,
            "b_spec.lua": """
                local helper = require("helper")
                it("does not see a's globals", function() assert.is_nil(leaked) assert.is_nil(shared) end)
                it("loads modules again", function() assert.equal(1, helper.loaded) end)
                """,
        ])
        let runtime = try SwitchyardRuntime()
        let report = runtime.runScenarios(files: [files["a_spec.lua"]!, files["b_spec.lua"]!])
        #expect(report.failed == 0, "\(report.results.compactMap(\.message))")
        #expect(report.passed == 4)
    }

    @Test func listingNamesTestsWithoutRunningThem() throws {
        let files = try TemporaryScripts.write(["s_spec.lua": """
            describe("a", function()
              it("runs", function() error("ran") end)
              pending("later")
            end)
            """])
        let runtime = try SwitchyardRuntime()
        let entries = runtime.listScenarios(files: [files["s_spec.lua"]!])
        #expect(entries.map(\.name) == ["a runs", "a later"])
        #expect(entries.map(\.line) == [2, 3])
        #expect(entries.map(\.isPending) == [false, true])
    }
}

import Testing
@testable import SwitchyardLua
@testable import SwitchyardTesting
import Switchyard

/// `assert`, `spy`, `stub`, `mock` and `match` are built on first use (issue 19): a script sees the
/// same tables, messages and lines as when they were built at start.
@Suite struct ScenarioLibraryStandInTests {
    private func fixture() throws -> RuntimeFixture { try RuntimeFixture(musicApp) }

    private func isBuilt(_ fixture: RuntimeFixture) -> Bool { fixture.runtime.scenarios.beginSpyScope != nil }

    @Test func plainAssertNeverBuildsTheLibraries() throws {
        let app = try fixture()
        #expect(try app.lua("return type(assert), type(spy), type(stub), type(mock), type(match)").compactMap(\.stringValue)
                == ["table", "table", "table", "table", "table"])
        #expect(try app.lua("return assert(1, 'kept')").compactMap(\.integerValue) == [1])
        #expect(app.failure("assert(false, 'the reason')")?.message == "test.lua:1: the reason")
        #expect(app.failure("\nassert(nil)")?.message == "test.lua:2: assertion failed!")
        #expect(try app.lua("return match('/album/3').params.id").first?.stringValue == "3")
        #expect(!isBuilt(app))
    }

    /// An app embedding the Lua engine without SwitchyardTesting gets the route API, `match` the
    /// route lookup and Lua's own `assert`, and none of busted's words until the toolkit is installed.
    @Test func theToolkitIsInstalledOnlyWhenAsked() throws {
        let runtime = try SwitchyardRuntime()
        try runtime.load(code: musicApp, chunkName: "@app.lua")
        let globals = "return type(describe), type(it), type(spy), type(match), match('/album/3').params.id"
        #expect(try runtime.engine.run(globals, chunkName: "=embedded").compactMap(\.stringValue)
                == ["nil", "nil", "nil", "function", "3"])
        try runtime.installScenarioTesting()
        try runtime.installScenarioTesting()   // a second call changes nothing
        #expect(try runtime.engine.run(globals, chunkName: "=testing").compactMap(\.stringValue)
                == ["function", "function", "table", "table", "3"])
    }

    @Test func theFirstLookInsideBuildsThemAsTheSameTables() throws {
        let app = try fixture()
        try app.lua("early_assert, early_spy, early_match = assert, spy, match")
        #expect(app.failure("\n\nassert.same({1, 2}, {1, 3})")?.message == "test.lua:3: expected {1, 2}, got {1, 3}\nexpected[2] == 2, got 3")
        #expect(isBuilt(app))
        #expect(try app.lua("return rawequal(early_assert, assert), rawequal(early_spy, spy), rawequal(early_match, match)")
                == [.boolean(true), .boolean(true), .boolean(true)])
        #expect(try app.lua("return match.is_string().test('x'), match._ ~= nil") == [.boolean(true), .boolean(true)])
    }

    @Test func eachWayInBuildsFirst() throws {
        // pairs, a call, an index: each sees the built library, never the empty stand-in.
        let listed = try fixture()
        #expect(try listed.string("local keys = {} for k in pairs(assert) do keys[#keys + 1] = k end table.sort(keys) return table.concat(keys, ',')")
                == "namespace,negated")
        let called = try fixture()
        #expect(try called.string("local s = spy(function() return 'r' end) s(1) return tostring(s.calls[1].vals[1]) .. s.returnvals[1].vals[1]") == "1r")
        let indexed = try fixture()
        #expect(indexed.failure("assert.no_such_word(1)")?.message == "test.lua:1: assert: no assertion named 'no_such_word'")
        let matched = try fixture()
        #expect(try matched.string("return tostring(match.is_not_nil())") == "match.is_not_nil()")
    }

    @Test func aScriptThatReplacesGlobalsFirstDoesNotChangeTheAssertions() throws {
        let app = try fixture()
        #expect(app.failure("""
            type, tostring, pairs = nil, nil, nil
            string.find, string.format, table.concat = nil, nil, nil
            assert.is_number(1)
            assert.matches("^/al", "/album")
            assert.same({a = {1}}, {a = {2}})
            """)?.message == "test.lua:5: expected {a = {1}}, got {a = {2}}\nexpected.a[1] == 1, got 2")
    }

    @Test func spiesInAScenarioAreRevertedWhenTheLibrariesWereNeverTouched() throws {
        let files = try TemporaryScripts.write(["app.lua": musicApp, "spy_spec.lua": """
            local target = {f = function() return "original" end}
            it("spies", function()
              local s = spy.on(target, "f")
              target.f()
              assert.spy(s).was.called(1)
            end)
            it("sees the original again", function()
              assert.is_false(spy.is_spy(target.f))
              assert.equal("original", target.f())
            end)
            """])
        let runtime = try SwitchyardRuntime()
        try runtime.load(file: files["app.lua"]!)
        let report = runtime.runScenarios(files: [files["spy_spec.lua"]!])
        #expect(report.results.map(\.status) == [.success, .success], "\(report.results.map(\.message))")
    }
}

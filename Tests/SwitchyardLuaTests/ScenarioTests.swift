import Testing
@testable import SwitchyardLua
@testable import SwitchyardTesting
import Switchyard

@Suite struct ScenarioTests {
    private func report(_ app: String, _ scenario: String) throws -> ScenarioReport {
        let files = try TemporaryScripts.write(["app.lua": app, "scenario.lua": scenario])
        let runtime = try SwitchyardRuntime()
        try runtime.load(file: files["app.lua"]!)
        return runtime.runScenarios(files: [files["scenario.lua"]!])
    }

    @Test func passingAndFailingTestsAreReportedByFullName() throws {
        let result = try report(musicApp, """
            describe("album", function()
              describe("deep link", function()
                it("opens a sheet", function()
                  nav.open("myapp://album/12")
                  assert.equal("/album/12", nav.path)
                  assert.equal("sheet", nav.state.environments[2].kind)
                end)
              end)
              it("fails with the line", function()
                nav.push("/album/1")
                assert.equal("/album/2", nav.path)
              end)
            end)
            """)
        #expect(result.passed == 1)
        #expect(result.failed == 1)
        #expect(result.results.map(\.name) == ["album deep link opens a sheet", "album fails with the line"])
        let failure = try #require(result.results[1].message)
        #expect(failure.hasSuffix("scenario.lua:11: expected \"/album/2\", got \"/album/1\""), "\(failure)")
        #expect(result.results.allSatisfy { $0.file.hasSuffix("scenario.lua") })
    }

    @Test func eachTestStartsOnAFreshNavigatorWithHooksAroundIt() throws {
        let result = try report(musicApp, """
            log = {}
            describe("outer", function()
              before_each(function() log[#log + 1] = "before outer" end)
              after_each(function() log[#log + 1] = "after outer" end)
              describe("inner", function()
                before_each(function() log[#log + 1] = "before inner" nav.push("/search") end)
                after_each(function() log[#log + 1] = "after inner" end)
                it("first", function()
                  assert.equal(2, #nav.stack)
                  nav.push("/album/1")
                end)
                it("second", function()
                  assert.equal(2, #nav.stack, "a fresh navigator each time")
                  error("boom")
                end)
              end)
            end)
            it("checks the log", function()
              assert.same({"before outer", "before inner", "after inner", "after outer",
                           "before outer", "before inner", "after inner", "after outer"}, log)
            end)
            """)
        #expect(result.results.map(\.passed) == [true, false, true])
        #expect(result.results[1].message?.hasSuffix("scenario.lua:14: boom") == true)
    }

    @Test func theAssertVocabulary() throws {
        let result = try report(musicApp, """
            it("all pass", function()
              assert(true)
              assert.equal(1, 1)
              assert.same({a = {1, 2}}, {a = {1, 2}})
              assert.is_true(true) assert.is_false(false) assert.is_nil(nil) assert.not_nil(0)
              assert.has_error(function() nav.push("/nowhere") end)
              assert.has_error(function() error("exact") end, "exact")
              assert.matches("^/album/%d+$", "/album/12")
            end)
            it("same fails", function() assert.same({1, 2}, {1, 3}) end)
            it("has_error fails", function() assert.has_error(function() end) end)
            it("matches fails", function() assert.matches("^x", "y") end)
            it("plain assert fails", function() assert(1 == 2, "one is not two") end)
            it("is_nil fails", function() assert.is_nil(nav.path) end)
            """)
        #expect(result.results.map(\.passed) == [true, false, false, false, false, false])
        let failures = result.results.compactMap(\.message).map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? $0 }
        #expect(failures == ["expected {1, 2}, got {1, 3}\nexpected[2] == 2, got 3", "expected an error, none was raised",
                             "expected \"y\" to match \"^x\"", "one is not two", "expected nil, got \"/\""])
        #expect(result.results[1].message?.contains("scenario.lua:10:") == true)
    }

    @Test func aScenarioFileMayRequireTheAppItself() throws {
        let files = try TemporaryScripts.write([
            "app.lua": musicApp,
            "app_test.lua": """
                require "app"
                describe("deep links", function()
                  it("land on the album", function()
                    nav.open("myapp://album/3?presentation=cover")
                    assert.equal("Album 3", nav.screen.title)
                    assert.equal("cover", nav.state.environments[2].kind)
                  end)
                end)
                """,
        ])
        let runtime = try SwitchyardRuntime()
        let report = runtime.runScenarios(files: [files["app_test.lua"]!])
        #expect(report.results.map(\.name) == ["deep links land on the album"])
        #expect(report.failed == 0, "\(report.results.compactMap(\.message))")
        #expect(runtime.routeTable.count == 10)
    }

    @Test func aScenarioFileThatFailsToLoadIsOneFailure() throws {
        let result = try report(musicApp, "it('x', function() end)\nthis is not lua")
        #expect(result.failed == 1)
        #expect(result.results.first?.message?.contains("scenario.lua:2:") == true)
    }

    @Test func theNavigatorIsPutBackAfterARun() throws {
        let files = try TemporaryScripts.write(["app.lua": musicApp, "s.lua": "it('moves', function() nav.push('/search') end)"])
        let runtime = try SwitchyardRuntime()
        try runtime.load(file: files["app.lua"]!)
        try runtime.navigator.push("/album/3")
        let before = runtime.navigator
        #expect(runtime.runScenarios(files: [files["s.lua"]!]).passed == 1)
        #expect(runtime.navigator === before)
        #expect(runtime.navigator.path == "/album/3")
    }

    @Test func describeAndItOutsideARunSaySo() throws {
        let app = try RuntimeFixture("")
        #expect(app.failure("it('x', function() end)")?.message.contains("only while running them") == true)
    }
}

@Suite struct ReloadTests {
    @Test func reloadForgetsEverythingAndReadsTheFilesAgain() throws {
        let files = try TemporaryScripts.write([
            "app.lua": "require 'extra'\nroute('/', {title = 'Home'})",
            "extra.lua": "route('/extra')",
        ])
        let runtime = try SwitchyardRuntime()
        try runtime.load(file: files["app.lua"]!)
        try runtime.engine.run("nav.push('/extra') nav.on('change', function() end)", chunkName: "=repl")
        #expect(runtime.routeTable.count == 2)
        try runtime.reload()
        #expect(runtime.routeTable.count == 2, "modules are required again, no duplicate declarations")
        #expect(runtime.navigator.path == "/")
        #expect(runtime.loadedFiles == [files["app.lua"]!])
    }

    @Test func infoTablesAfterAReloadReportTheNewRoutes() throws {
        let files = try TemporaryScripts.write(["app.lua": "route('/a/:id')"])
        let runtime = try SwitchyardRuntime()
        try runtime.load(file: files["app.lua"]!)
        let before = try runtime.engine.run("local info = match('/a/1') return info.pattern, info.params.id", chunkName: "=repl")
        #expect(before == ["/a/:id", "1"])
        _ = try TemporaryScripts.overwrite(files["app.lua"]!, with: "route('/b/:name')")
        try runtime.reload()
        let after = try runtime.engine.run("local info = match('/b/1') return info.pattern, info.params.name, info.params.id",
                                           chunkName: "=repl")
        #expect(after == ["/b/:name", "1", nil], "the first route of the new table is not the old one")
    }

    @Test func aFailedReloadKeepsThePreviousRoutes() throws {
        let files = try TemporaryScripts.write(["app.lua": "route('/', {title = 'Home'}) route('/a')"])
        let runtime = try SwitchyardRuntime()
        try runtime.load(file: files["app.lua"]!)
        try runtime.navigator.push("/a")
        _ = try TemporaryScripts.overwrite(files["app.lua"]!, with: "route('/') error('half written')")
        #expect(throws: LuaError.self) { try runtime.reload() }
        #expect(runtime.routeTable.count == 2)
        #expect(runtime.navigator.path == "/a")
    }
}

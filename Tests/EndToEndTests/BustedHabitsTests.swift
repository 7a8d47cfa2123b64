import Foundation
import Testing

/// busted's habits in `switchyard test`: the `.busted` file, `--run TASK`, `--repeat N`, the run's
/// time on the closing line.
@Suite(.serialized) struct BustedHabitsTests {
    /// A project folder with a .busted file, a helper, specs and a check folder found by pattern.
    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-busted-\(UUID().uuidString)").path
        for sub in ["specs", "checks"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        let files = [
            ".busted": """
                return {
                  _all = { helper = "helper.lua" },
                  default = { ROOT = {"specs"}, ["exclude-tags"] = "slow", verbose = true },
                  checks = { ROOT = "checks", pattern = "^check_", output = "TAP", tagz = "x" },
                }
                """,
            "helper.lua": "route('/', {}) route('/a', {})\nhelped = true\n",
            "specs/a_spec.lua": """
                describe("a", function()
                  it("sees the helper", function() assert.is_true(helped); nav.push("/a"); assert.equal("/a", nav.path) end)
                  it("is slow #slow", function() error("excluded by .busted") end)
                end)
                """,
            "checks/check_one.lua": "it('runs by pattern', function() assert.is_true(helped) end)\n",
            "checks/other_spec.lua": "it('is not matched by ^check_', function() end)\n",
        ]
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func theDefaultTaskGivesRootTagsAndTheHelper() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CommandRun.switchyard(["test", "--no-color"], directory: folder)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("✓ a sees the helper  specs/a_spec.lua:2"))
        #expect(!result.output.contains("is slow"))
        #expect(result.errors.contains(".busted default.verbose is busted's; switchyard test does not use it"))
        // the command line wins over the file
        let tagged = try CommandRun.switchyard(["test", "--no-color", "--exclude-tags", "none"], directory: folder)
        #expect(tagged.output.contains("✱ a is slow #slow"))
    }

    @Test func runPicksATaskAndAMisspeltOneGetsTheNearest() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checks = try CommandRun.switchyard(["test", "--run", "checks"], directory: folder)
        #expect(checks.status == 0, "\(checks.output)\(checks.errors)")
        #expect(checks.output == "ok 1 - runs by pattern\n1..1\n")
        #expect(checks.errors.contains(".busted checks.tagz is not an option (did you mean tags?); ignored"))
        let typo = try CommandRun.switchyard(["test", "--run", "chekcs"], directory: folder)
        #expect(typo.status == 2)
        #expect(typo.errors.contains(".busted has no task 'chekcs' (did you mean checks?); its tasks: checks, default"))
    }

    @Test func repeatRunsEverythingNTimesAndTheClosingLineHasTheTime() throws {
        let result = try CommandRun.switchyard(["test", "--no-color", "--repeat", "3", "specs/navigation_spec.lua"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("✓ albums open from a deep link") }.count == 3)
        let closing = try #require(lines.last)
        #expect(closing.hasPrefix("6 passed, 0 failed ("), "\(closing)")
        #expect(closing.hasSuffix(" s)"))
        let bad = try CommandRun.switchyard(["test", "--repeat", "0", "specs"])
        #expect(bad.status == 2 && bad.errors.contains("--repeat takes a positive number"))
    }

    @Test func insulateUndoesItsBlocksGlobalsAndExposeLetsThemOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-insulate-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            describe("outer", function()
              insulate("an insulated block", function()
                declared_inside = "body"
                package.loaded.fake_module = {}
                it("sees what its body set", function()
                  assert.equal("body", declared_inside)
                  set_by_test = true
                end)
                expose("an exposed block", function()
                  exposed_value = 42
                  it("runs", function() end)
                end)
              end)
              it("sees nothing of the insulated block", function()
                assert.is_nil(declared_inside)
                assert.is_nil(set_by_test)
                assert.is_nil(package.loaded.fake_module)
              end)
              it("but what the exposed block set", function() assert.equal(42, exposed_value) end)
            end)
            """.write(toFile: folder + "/insulate_spec.lua", atomically: true, encoding: .utf8)
        let result = try CommandRun.switchyard(["test", "--no-color", "insulate_spec.lua"], directory: folder)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.withoutRunTime.hasSuffix("4 passed, 0 failed\n"))
    }

    @Test func helpNamesTheNewOptionsWithExamples() throws {
        let help = try CommandRun.switchyard(["test", "--help"])
        for text in ["--repeat <N>", "--watch", "-r, --run <TASK>", "(busted's format) gives default options", "switchyard test --run ci",
                     "switchyard test --watch specs", "switchyard test --repeat 20 specs"] {
            #expect(help.output.contains(text), "\(text)")
        }
    }
}

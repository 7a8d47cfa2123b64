import Foundation
import Testing

/// `switchyard test`'s output handlers and selection (issue 16), through the built executable, on
/// the plain-Lua spec scripts/compare-busted also runs under busted.
@Suite(.serialized) struct TestCommandOutputTests {
    static let spec = "busted/vocabulary_spec.lua"

    @Test func utfCountsFailuresErrorsAndPendingAndNamesEachTestsFile() throws {
        let result = try CommandRun.switchyard(["test", "--no-color", Self.spec])
        #expect(result.status == 1)
        let lines = result.output.withoutRunTime.split(separator: "\n").map(String.init)
        #expect(lines.last == "7 passed, 7 failed, 3 pending")
        #expect(lines.contains("✗ assertions fails with equal  busted/vocabulary_spec.lua:55"))
        #expect(lines.contains("✱ assertions errors with error()  busted/vocabulary_spec.lua:59"))
        #expect(lines.contains("◌ pending a test to write  busted/vocabulary_spec.lua:99"))
        #expect(lines.contains("    expected[2].path == \"/b\", got \"/c\""))
        #expect(lines.contains("    busted/vocabulary_spec.lua:57: one is not two"), "a plain assert fails at the spec's line")
    }

    @Test func tapHasALinePerTestAndThePlan() throws {
        let result = try CommandRun.switchyard(["test", "-o", "TAP", Self.spec])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "ok 1 - hooks \\#hooks run in busted's order", "TAP escapes # in a description")
        #expect(lines.contains("not ok 5 - assertions fails with equal"))
        #expect(lines.contains("# error at busted/vocabulary_spec.lua:59"))
        #expect(lines.contains("ok 16 - pending stops where pending is called # SKIP busted/vocabulary_spec.lua:102: not yet"))
        #expect(lines.last == "1..17")
    }

    @Test func jsonIsBustedsShape() throws {
        let result = try CommandRun.switchyard(["test", "-o", "json", Self.spec])
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let counts = ["successes", "failures", "errors", "pendings"].map { ((document[$0] as? [Any]) ?? []).count }
        #expect(counts == [7, 5, 2, 3])
        let failure = try #require((document["failures"] as? [[String: Any]])?.first)
        #expect(failure["name"] as? String == "hooks #hooks finally runs after a failure")
        #expect(failure["file"] as? String == Self.spec)
        #expect(failure["line"] as? Int == 17)
        #expect((failure["message"] as? String)?.hasPrefix("busted/vocabulary_spec.lua:19: expected true") == true)
        #expect(failure["duration"] is Double)
    }

    @Test func junitKeepsErrorsFailuresAndSkipsApart() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let result = try CommandRun.switchyard(["test", "-o", "TAP", "--junit", report, Self.spec])
        #expect(result.status == 1)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains("tests=\"17\" failures=\"5\" errors=\"2\" skipped=\"3\""))
        #expect(xml.components(separatedBy: "<error ").count - 1 == 2)
        #expect(xml.components(separatedBy: "<skipped ").count - 1 == 3)
        #expect(xml.contains("name=\"assertions read as words\"") && !xml.contains("name=\"assertions read as words\" classname=\"busted.vocabulary_spec\" file=\"busted/vocabulary_spec.lua\" line=\"33\" time=\"0.000000\""),
                "a real duration, in microseconds")
    }

    @Test func selectionByFilterAndTagAndListing() throws {
        let listed = try CommandRun.switchyard(["test", "--list", "--tags", "hooks", "--filter-out", "nested", Self.spec])
        #expect(listed.status == 0)
        #expect(listed.output == """
            busted/vocabulary_spec.lua:13: hooks #hooks run in busted's order
            busted/vocabulary_spec.lua:17: hooks #hooks finally runs after a failure

            """)
        let filtered = try CommandRun.switchyard(["test", "--no-color", "--filter", "^spies", "--exclude-tags", "hooks", Self.spec])
        #expect(filtered.output.withoutRunTime.split(separator: "\n").last == "3 passed, 1 failed")
    }

    @Test func theSameSeedRunsTheSameOrder() throws {
        let first = try CommandRun.switchyard(["test", "-o", "TAP", "--seed", "11", Self.spec])
        let second = try CommandRun.switchyard(["test", "-o", "TAP", "--shuffle", "--seed", "11", Self.spec])
        let plain = try CommandRun.switchyard(["test", "-o", "TAP", Self.spec])
        #expect(first.output == second.output)
        #expect(first.output.contains("# shuffled with --seed 11"))
        #expect(first.output != plain.output)
        let shuffled = try CommandRun.switchyard(["test", "--no-color", "--shuffle", Self.spec])
        #expect(shuffled.output.contains("shuffled with --seed "), "a random seed is printed, to run that order again")
    }

    @Test func badOptionsAreUsageErrors() throws {
        let pattern = try CommandRun.switchyard(["test", "--filter", "album[", Self.spec])
        #expect(pattern.status == 2)
        #expect(pattern.errors.contains("--filter 'album[' is not a Lua pattern: "))
        #expect(pattern.errors.contains("malformed pattern (missing ']')"))
        let output = try CommandRun.switchyard(["test", "-o", "xml", Self.spec])
        #expect(output.status == 2)
        #expect(output.errors.contains("-o/--output takes utf, TAP or json, not 'xml'"))
    }

    @Test func helpShowsTheNewOptionsWithExamples() throws {
        let result = try CommandRun.switchyard(["test", "--help"])
        #expect(result.status == 0)
        for word in ["USAGE: switchyard test", "--filter-out", "--exclude-tags", "--list", "--shuffle", "--seed", "-o TAP specs"] {
            #expect(result.output.contains(word), "\(word)")
        }
    }
}

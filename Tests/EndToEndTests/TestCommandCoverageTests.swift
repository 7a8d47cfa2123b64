import Foundation
import Testing

/// `switchyard test --coverage` and `--coverage-json` (issue 13), through the built executable, on
/// Fixtures/coverage: one app exercised in part on purpose (coverage_spec.lua says what), and a
/// second app whose "/" must stay a route of its own.
@Suite(.serialized) struct TestCommandCoverageTests {
    static let suite = "coverage"

    static let expected = """
        6 passed, 0 failed
        coverage:
          /                  coverage/app.lua:4        landed 5, links 1 of 2
          /album/:id         coverage/app.lua:5        landed 1, links 0 of 1, validator accept 1 reject 1
          /album/:id/tracks  coverage/app.lua:9        never landed
          /admin             coverage/app.lua:10       landed 1, guard allow 1 block 1
          /settings          coverage/app.lua:15       never landed
          /signup            coverage/app.lua:16       landed 1
          /signup/name       coverage/app.lua:17       landed 1
          /signup/done       coverage/app.lua:18       never landed
          /                  coverage/other/app.lua:2  landed 1
          /unused            coverage/other/app.lua:3  never landed
        routes      6 of 10 landed (60.0%)
        links       1 of 3 followed (33.3%)
        guards      2 of 3 outcomes seen (66.7%)
        validators  2 of 2 outcomes seen (100.0%)
        flow steps  2 of 3 ran (66.7%)
        not found   shown once
        never landed:
          /album/:id/tracks  coverage/app.lua:9
          /settings          coverage/app.lua:15
          /signup/done       coverage/app.lua:18
          /unused            coverage/other/app.lua:3

        """

    @Test func theTextFollowsTheClosingLineWithExactTotals() throws {
        let result = try CommandRun.switchyard(["test", "--no-color", "--coverage", Self.suite])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let output = result.output.withoutRunTime
        let tail = try #require(output.range(of: "6 passed, 0 failed\n"))
        #expect(String(output[tail.lowerBound...]) == Self.expected)
    }

    @Test func withoutTheFlagNothingFollowsTheClosingLine() throws {
        let result = try CommandRun.switchyard(["test", "--no-color", Self.suite])
        #expect(result.output.withoutRunTime.hasSuffix("6 passed, 0 failed\n"))
        #expect(!result.output.contains("coverage:"))
    }

    @Test func theJSONFileHasTheSameTotalsAndImpliesTheText() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try CommandRun.switchyard(["test", "--no-color", "--coverage-json", file, Self.suite])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.withoutRunTime.hasSuffix(Self.expected), "--coverage-json implies --coverage")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let routes = try #require(document["routes"] as? [String: Any])
        #expect(routes["total"] as? Int == 10)
        #expect(routes["landed"] as? Int == 6)
        #expect(routes["uncovered"] as? [String] == ["/album/:id/tracks", "/settings", "/signup/done", "/unused"])
        let each = try #require(routes["each"] as? [[String: Any]])
        #expect(each.map { $0["site"] as? String } == ["coverage/app.lua:4", "coverage/app.lua:5", "coverage/app.lua:9",
                                                      "coverage/app.lua:10", "coverage/app.lua:15", "coverage/app.lua:16",
                                                      "coverage/app.lua:17", "coverage/app.lua:18",
                                                      "coverage/other/app.lua:2", "coverage/other/app.lua:3"])
        #expect(each.map { $0["landings"] as? Int } == [5, 1, 0, 1, 0, 1, 1, 0, 1, 0])
        #expect(each[3]["guard"] as? [String: Int] == ["allow": 1, "block": 1, "redirect": 0, "pending": 0])
        #expect(each[1]["validator"] as? [String: Int] == ["accept": 1, "reject": 1])
        #expect(each[0]["guard"] == nil && each[0]["validator"] == nil, "absent for a route without either")
        #expect(document["links"] as? [String: Int] == ["total": 3, "followed": 1])
        let guards = try #require(document["guards"] as? [String: Any])
        #expect(guards["total"] as? Int == 1)
        #expect(guards["outcomes_total"] as? Int == 3)
        #expect(guards["outcomes_seen"] as? Int == 2)
        #expect(guards["outcomes"] as? [String: Int] == ["allow": 1, "block": 1, "redirect": 0, "pending": 0])
        let validators = try #require(document["validators"] as? [String: Any])
        #expect(validators["total"] as? Int == 1)
        #expect(validators["outcomes_total"] as? Int == 2)
        #expect(validators["outcomes_seen"] as? Int == 2)
        #expect(validators["outcomes"] as? [String: Int] == ["accept": 1, "reject": 1])
        let flows = try #require(document["flows"] as? [String: Any])
        #expect(flows["total"] as? Int == 3)
        #expect(flows["ran"] as? Int == 2)
        #expect(document["not_found_shown"] as? Bool == true)
    }

    @Test func jsonOutputStaysOneDocumentAndTAPGetsComments() throws {
        let json = try CommandRun.switchyard(["test", "-o", "json", "--coverage", Self.suite])
        #expect(json.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) is [String: Any])
        let tap = try CommandRun.switchyard(["test", "-o", "TAP", "--coverage", Self.suite])
        let lines = tap.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("1..6"))
        #expect(lines.contains("# routes      6 of 10 landed (60.0%)"))
    }

    @Test func anUnwritableJSONFileFailsTheRun() throws {
        let result = try CommandRun.switchyard(["test", "--coverage-json", "/nonexistent/dir/c.json", Self.suite])
        #expect(result.status == 1)
        #expect(result.errors.contains("switchyard test: the coverage report: "), "\(result.errors)")
    }

    /// The transcript in the documentation (docs/testing.md) is real output: rerun it (from the repository
    /// root) and paste it again when the music app or its scenarios change.
    @Test func theDocumentedTranscriptIsWhatTheMusicSuitePrints() throws {
        let command = "$ switchyard test examples/music/scenarios --coverage\n...\n"
        let (file, readme) = try #require(try DocumentationFiles.holding(command), "no document shows the coverage transcript")
        let start = try #require(readme.range(of: command))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let transcript = String(readme[start.upperBound..<end.lowerBound])
        let result = try CommandRun.switchyard(["test", "--no-color", "--coverage", "examples/music/scenarios"],
                                               directory: SwitchyardBinary.packageRoot)
        #expect(result.output.withoutRunTime.hasSuffix(transcript.withoutRunTime), "\(file)'s coverage transcript differs from the output:\n\(result.output)")
    }

    @Test func helpNamesTheOptionsAndAnExample() throws {
        let result = try CommandRun.switchyard(["test", "--help"])
        for word in ["--coverage ", "--coverage-json <FILE>", "switchyard test specs --coverage"] {
            #expect(result.output.contains(word), "\(word)")
        }
        for line in result.output.split(separator: "\n") where line.contains("switchyard test ") {
            #expect(line.count <= 80, "\(line)")
        }
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `test`, `routes` and `graph` through pipes.
@Suite(.serialized) struct SubcommandTests {
    @Test func testPrintsALinePerTestAndTheClosingLineAndFailsOnAFailure() throws {
        let result = try CommandRun.switchyard(["test", "--no-color", "specs"])
        #expect(result.status == 1)
        let lines = result.output.withoutRunTime.split(separator: "\n").map(String.init)
        #expect(lines == [
            "✓ albums open from a deep link  specs/navigation_spec.lua:4",
            "✓ albums push their tracks  specs/navigation_spec.lua:9",
            "✓ settings & <things> is reachable  specs/nested/failing_spec.lua:4",
            "✗ settings & <things> fails on purpose  specs/nested/failing_spec.lua:9",
            "    specs/nested/failing_spec.lua:11: expected \"/album/2\", got \"/album/1\"",
            "3 passed, 1 failed",
        ])
    }

    @Test func passingFileExitsZero() throws {
        let result = try CommandRun.switchyard(["test", "specs/navigation_spec.lua"])
        #expect(result.status == 0)
        #expect(result.output.withoutRunTime.hasSuffix("2 passed, 0 failed\n"))
    }

    @Test func junitReportIsValidXMLWithTheResults() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let result = try CommandRun.switchyard(["test", "specs", "--junit", report])
        #expect(result.status == 1)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "4")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        let names: [String] = cases.compactMap { $0.attribute(forName: "name")?.stringValue }
        #expect(names.contains("settings & <things> fails on purpose"))
        let failures = cases.flatMap { $0.elements(forName: "failure") }
        #expect(failures.count == 1)
        #expect(failures.first?.stringValue?.contains("failing_spec.lua:11") == true)
    }

    @Test func missingTestPathIsAUsageError() throws {
        let result = try CommandRun.switchyard(["test", "no-such-dir"])
        #expect(result.status == 2)
        #expect(result.errors.contains("no-such-dir"))
    }

    @Test func routesListsTheTableInRankOrderWithSites() throws {
        let result = try CommandRun.switchyard(["routes", "app/app.lua"])
        #expect(result.status == 0)
        let patterns = result.output.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map(String.init)
        }
        #expect(patterns.firstIndex(of: "/album/new")! < patterns.firstIndex(of: "/album/:id")!)
        #expect(result.output.contains("album"))
        #expect(result.output.contains("app/app.lua:6"))
        #expect(result.output.contains("(not found)"))
    }

    @Test func routesOfABrokenScriptExitsOne() throws {
        let result = try CommandRun.switchyard(["routes", "fails.lua"])
        #expect(result.status == 1)
        #expect(result.errors.contains("fails.lua:3:"))
    }

    @Test func graphDotIsAcceptedByGraphviz() throws {
        let result = try CommandRun.switchyard(["graph", "app/app.lua"])
        #expect(result.status == 0)
        #expect(result.output.contains("subgraph \"cluster_album\""))
        guard let dot = ["/usr/bin/dot", "/usr/local/bin/dot"].first(where: FileManager.default.isExecutableFile) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg", "-o", "/dev/null"]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(result.output.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func graphRendersAPNGWithGraphviz() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") else { return }
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: image) }
        let result = try CommandRun.switchyard(["graph", "app/app.lua", "-o", image])
        #expect(result.status == 0)
        let bytes = try #require(FileManager.default.contents(atPath: image))
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func graphMermaidHasSubgraphsAndStyledPresentations() throws {
        let result = try CommandRun.switchyard(["graph", "app/app.lua", "--format", "mermaid"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("flowchart LR\n"))
        #expect(result.output.contains("subgraph group_album[\"/album\"]"))
        #expect(result.output.contains(":::sheet"))
        #expect(result.output.contains(":::cover"))
        #expect(result.output.contains("-.->|\"onboarding #2\"|"))
    }
}

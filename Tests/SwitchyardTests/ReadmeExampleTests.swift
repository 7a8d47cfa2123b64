import Foundation
import Switchyard
import Testing

/// The README's Swift example of the routing core runs here, line for line: the second test checks
/// that the README's block still reads exactly as `routingCoreExample` does.
@Suite struct ReadmeExampleTests {
    @Test func routingCoreExampleRuns() throws {
        try routingCoreExample()
    }

    @Test func readmeShowsThisExampleVerbatim() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let block = try #require(Self.block(in: readme, startingWith: "```swift\nimport Switchyard\n\nlet table"))
        let body = block.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)   // "import", blank
        let indented = body.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        #expect(source.contains(indented), "README's routing-core example differs from routingCoreExample()")
    }

    static func block(in text: String, startingWith opening: String) -> String? {
        guard let start = text.range(of: opening) else { return nil }
        let code = text[text.index(start.lowerBound, offsetBy: "```swift\n".count)...]
        guard let end = code.range(of: "\n```") else { return nil }
        return String(code[..<end.lowerBound])
    }
}

/// Kept identical to the README's block (indentation aside).
private func routingCoreExample() throws {
    let table = RouteTable<String>()
    try table.add("/album/new", payload: "new album")
    try table.add("/album/:id", name: "album",
                  validator: { info in Int(info.params["id"]!) },   // nil rejects, anything else is info.value
                  payload: "album")
    try table.add("/album/:slug", payload: "album by slug")          // fall-through of the validated route

    let album = try table.match("/album/12?tab=info")
    precondition(album?.info.params == ["id": "12"] && album?.info.value as? Int == 12)
    let slug = try table.match("/album/abc")
    precondition(slug?.route.payload == "album by slug")
    let lent = try table.withMatch("/album/abc") { $0?.parameterCount }   // nothing built: hot paths
    precondition(lent == 1)
    precondition(table.firstMatch("/album/new") == table.routes[0].id)  // the route only
    let link = try table.url(name: "album", params: ["id": "12"], query: [("tab", "info")])
    precondition(link == "/album/12?tab=info")
}

/// The README's block checks with `precondition`, as a reader's program would; here that name records a
/// failed test at the line instead of trapping, so a regression fails this one test, not the whole run.
private func precondition(_ condition: @autoclosure () -> Bool,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    if !condition() { Issue.record("a check in the README's routing-core example failed", sourceLocation: sourceLocation) }
}

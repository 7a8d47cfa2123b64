import Foundation
import Testing
@testable import SwitchyardLua

/// docs/lua-api.md is written from `LuaAPIReference` (scripts/lua-api-doc): the committed file must be what
/// the generator writes today, so a summary changed for `help()` cannot leave the web reference behind.
@Suite struct LuaAPIReferenceDocumentTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(LuaAPIReferenceDocument.path)

    /// With SWITCHYARD_WRITE_LUA_API_DOC=1 (what scripts/lua-api-doc sets) the file is written instead.
    @Test func theCommittedReferenceIsWhatTheGeneratorWrites() throws {
        let generated = LuaAPIReferenceDocument.markdown
        if ProcessInfo.processInfo.environment["SWITCHYARD_WRITE_LUA_API_DOC"] == "1" {
            try generated.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(committed == generated, "\(LuaAPIReferenceDocument.path) is out of date: run scripts/lua-api-doc and commit it")
    }

    @Test("the reference holds each entry: signature, summary and example", arguments: LuaAPIReference.entries)
    func theReferenceHoldsTheEntry(entry: LuaAPIReference.Entry) {
        let markdown = LuaAPIReferenceDocument.markdown
        let name = entry.topic == .fields ? "- `\(entry.name)`: " : "- **`\(entry.signature)`** "
        #expect(markdown.contains(name + entry.summary), "no line for \(entry.name)")
        #expect(markdown.contains("example: `\(entry.example)`") || entry.example.contains("`"), "no example for \(entry.name)")
    }

    @Test func eachTopicHasItsSectionInOrder() {
        let markdown = LuaAPIReferenceDocument.markdown
        let offsets = LuaAPIReference.Topic.allCases.compactMap { markdown.range(of: "\n## \($0.rawValue)\n")?.lowerBound }
        #expect(offsets.count == LuaAPIReference.Topic.allCases.count)
        #expect(offsets == offsets.sorted())
    }
}

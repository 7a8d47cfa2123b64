import Foundation
import Testing
@testable import SwitchyardREPL

/// History on disk across sessions. readline's history is global to the process: one test at a time.
@Suite(.serialized) struct PersistentHistoryTests {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)").path

    func session() -> PersistentHistory {
        let history = PersistentHistory(path: file, limit: 5)
        history.load()
        return history
    }

    @Test func aMultiLineChunkComesBackAsOneEntry() throws {
        defer { try? FileManager.default.removeItem(atPath: file) }
        let first = session()
        first.add("x = 1")
        first.add("for i = 1, 2 do\n  print(i)\nend")
        first.add("#t")
        #expect(first.entries == ["x = 1", "for i = 1, 2 do\n  print(i)\nend", "#t"])

        let second = session()
        #expect(second.entries == ["x = 1", "for i = 1, 2 do\n  print(i)\nend", "#t"])
        second.add("function f()\n  return 1\nend")
        #expect(session().entries.last == "function f()\n  return 1\nend")
    }

    @Test func trimmingKeepsWholeEntries() throws {
        defer { try? FileManager.default.removeItem(atPath: file) }
        let history = session()
        for index in 1...8 { history.add("do\n  n = \(index)\nend") }
        #expect(session().entries == (4...8).map { "do\n  n = \($0)\nend" })
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("#") }.count <= 5 + 5 / 4)
    }

    @Test func aFileWithoutTimestampsIsReadAndKeptReadable() throws {
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "old = 1\nold\n".write(toFile: file, atomically: true, encoding: .utf8)
        let first = session()
        #expect(first.entries == ["old = 1", "old"])
        first.add("if old then\n  print(old)\nend")
        #expect(session().entries == ["old = 1", "old", "if old then\n  print(old)\nend"])
    }
}

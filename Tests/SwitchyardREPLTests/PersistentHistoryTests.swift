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

    /// Two sessions share the file: when one passes the bound and trims, the other's new lines stay.
    @Test func trimmingKeepsAnotherSessionsLines() throws {
        defer {
            try? FileManager.default.removeItem(atPath: file)
            try? FileManager.default.removeItem(atPath: file + ".lock")
        }
        let mine = session()
        for index in 1...4 { mine.add("mine = \(index)") }
        // Another session (another process) appends its lines meanwhile, as readline writes them.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        handle.seekToEndOfFile()
        handle.write(Data("#1700000000\ntheirs = 1\n#1700000001\ntheirs = 2\n".utf8))
        try handle.close()
        mine.add("mine = 5")
        mine.add("mine = 6")   // past 5 + 5/4 entries in the file: trimmed to the last five
        #expect(session().entries == ["mine = 4", "theirs = 1", "theirs = 2", "mine = 5", "mine = 6"])
    }
}

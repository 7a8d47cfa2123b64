import Foundation
import Testing

/// `switchyard types`: the editor and linter definitions, as a user writes and uses them.
@Suite struct TypesCommandTests {
    static let root = SwitchyardBinary.packageRoot
    /// Each committed set of definitions in examples/, with the command that wrote it.
    static let committed: [(files: [String], directory: String)] = [
        (["examples/music/app.lua"], "examples/music"), (["examples/news/app.lua"], "examples/news"),
        (["examples/todos/app.lua"], "examples/todos"), (["examples/onboarding/app.lua"], "examples/onboarding"),
        (["examples/embedding/routes.lua"], "examples/embedding"), (["examples/tour.lua"], "examples"),
    ]

    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("types-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("the examples' definitions are what switchyard types writes today", arguments: committed.indices)
    func committedDefinitionsAreCurrent(index: Int) throws {
        let (files, directory) = Self.committed[index]
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try CommandRun.switchyard(["types"] + files + ["-o", output], directory: Self.root)
        #expect(run.status == 0, "\(run.errors)")
        for name in ["library/switchyard.lua", ".luarc.json", ".luacheckrc"] {
            let written = try String(contentsOfFile: output + "/" + name, encoding: .utf8)
            let kept = try String(contentsOfFile: Self.root + "/" + directory + "/" + name, encoding: .utf8)
            #expect(written == kept, "\(directory)/\(name) is stale: run switchyard types \(files.joined(separator: " ")) -o \(directory)")
        }
    }

    @Test func anAppsNamesBecomeTypesAndItsGlobalsKnownGlobals() throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try CommandRun.switchyard(["types", "examples/onboarding/app.lua", "-o", output], directory: Self.root)
        #expect(run.output == "wrote \(output)/library/switchyard.lua\nwrote \(output)/.luarc.json\nwrote \(output)/.luacheckrc\n")
        let library = try String(contentsOfFile: output + "/library/switchyard.lua", encoding: .utf8)
        #expect(library.hasPrefix("---@meta\n"))
        #expect(library.contains("---@alias SwitchyardFlowName \"onboarding\"\n"))
        #expect(library.contains("---@param name SwitchyardRouteName\n"))
        #expect(library.contains("---adds a screen on top"))
        #expect(library.contains("---@param opts? SwitchyardScreenOptions\nfunction nav.push(path, opts) end"))
        #expect(library.contains("---@field pending_navigation SwitchyardPendingNavigation?"))
        #expect(try String(contentsOfFile: output + "/.luarc.json", encoding: .utf8).contains("\"globals\": [\"app\"]"))
        #expect(try String(contentsOfFile: output + "/.luacheckrc", encoding: .utf8).contains("  globals = {\"app\"},"))
    }

    @Test func withoutAnAppNamesAreStringsAndLuacheckFlagsAMisspelledCall() throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try CommandRun.switchyard(["types"], directory: output)
        #expect(run.status == 0 && run.output.contains("wrote ./library/switchyard.lua"))
        let library = try String(contentsOfFile: output + "/library/switchyard.lua", encoding: .utf8)
        #expect(library.contains("---@alias SwitchyardRouteName string\n"))
        try "route(\"/a\", {})\nnav.push(\"/a\")\nnav.psh(\"/a\")\nassert.equal(nav.path, \"/a\")\n"
            .write(toFile: output + "/app.lua", atomically: true, encoding: .utf8)
        let lint = try Self.luacheck(in: output)
        #expect(lint.output.contains("app.lua:3:1: accessing undefined field 'psh' of global 'nav'"), "\(lint.output)")
        #expect(lint.output.contains("1 warning / 0 errors in 1 file"), "only the misspelling: \(lint.output)")
    }

    @Test func aFileThatFailsOrADirectoryThatCannotBeMadeIsAnError() throws {
        let missing = try CommandRun.switchyard(["types", "nowhere.lua"], directory: Self.root)
        #expect(missing.status == 1 && missing.errors.contains("nowhere.lua"))
        let blocked = try CommandRun.switchyard(["types", "-o", "/dev/null/x"], directory: Self.root)
        #expect(blocked.status == 1 && blocked.errors.contains("switchyard types: cannot create the directory /dev/null"), "\(blocked.errors)")
        let help = try CommandRun.switchyard(["types", "--help"], directory: Self.root)
        #expect(help.output.contains("USAGE: switchyard types") && help.output.contains("EXAMPLES:"))
    }

    /// Issue 31 item 9: `-o ''` wrote library/switchyard.lua, .luarc.json and .luacheckrc into `/`.
    @Test func anEmptyOutputDirectoryIsAUsageErrorThatWritesNothing() throws {
        let here = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: here) }
        let run = try CommandRun.switchyard(["types", "-o", ""], directory: here)
        #expect(run.status == 2, "\(run.output)\(run.errors)")
        #expect(run.errors.contains("-o takes a directory, not an empty path"), "\(run.errors)")
        #expect(run.output.isEmpty, "nothing written: \(run.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: here).isEmpty)
    }

    /// luacheck (Debian's lua-check, which scripts/install-deps installs) run in `directory`.
    static func luacheck(in directory: String) throws -> CommandRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["luacheck", "--no-color", "."]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), errors: "")
    }
}

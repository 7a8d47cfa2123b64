import Foundation
import Testing

/// Issue 31 item 12: titles, views, paths, names and messages from a script, a restored document or
/// a deep link reach the terminal with their control characters escaped (`\027[2J`), in the REPL and
/// in every command. Only Lua's own `print` and `io.write` write the script's bytes as they are.
@Suite(.serialized) struct TerminalTextTests {
    /// A title that sets the window title, a parameter that clears the screen (decoded from the deep
    /// link's `%1B%5B2J`), a title that writes the clipboard, a view with a C1 CSI (U+009B), colours.
    static let app = #"""
        route('/', {title = 'Home\27]0;pwned\7', links = {'/esc/%1B%5B2J'}})
        route('/esc/:x', {
          title = function(info) return 'T' .. info.params.x .. '\27]52;c;aGk=\7' end,
          view = function(info) return 'view\27[31mred\nline\194\155two' end,
          links = {'/esc/%1B%5B2J/more'},
        })
        route('/esc/:x/more', {title = function() error('boom\27[2J') end})
        """#

    static let spec = #"""
        describe('suite\27[2J', function()
          it('fails\27]52;c;aGk=\7', function()
            nav.go('/esc/%1B%5B2J')
            assert.equal('x', nav.title)
          end)
          it('errors', function() error('bad\27[H\27[2J') end)
        end)
        """#

    /// Every control byte but newline and tab; DEL; and the C1 range as UTF-8 (C2 80–C2 9F).
    static func controlBytes(in data: Data) -> [String] {
        let bytes = [UInt8](data)
        var found: [String] = []
        for (index, byte) in bytes.enumerated() {
            if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
                found.append(String(format: "0x%02X at %d", byte, index))
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                found.append(String(format: "C1 0x%02X at %d", bytes[index + 1], index))
            }
        }
        return found
    }

    func directory() throws -> String {
        let directory = try HostileFiles.directory()
        try Self.app.write(toFile: directory + "/app.lua", atomically: true, encoding: .utf8)
        try (Self.app + "\n" + Self.spec).write(toFile: directory + "/esc_spec.lua", atomically: true, encoding: .utf8)
        return directory
    }

    /// Output captured as bytes, so nothing is lost to decoding.
    func rawRun(_ arguments: [String], in directory: String) throws -> (output: Data, errors: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SwitchyardBinary.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (outputData, errorData)
    }

    @Test(arguments: [
        ["routes", "app.lua"],
        ["check", "app.lua"],
        ["walk", "app.lua", "--steps", "20", "--runs", "5", "--seed", "1"],
        ["test", "--coverage", "esc_spec.lua"],
        ["graph", "app.lua"],
        ["-e", "dofile('app.lua') nav.go('/esc/%1B%5B2J') nav.push('more')"],
        ["-e", "route('/') error(setmetatable({}, {__tostring = function() return 'obj\\27]52;c;aGk=\\7' end}))"],
    ])
    func noCommandWritesTheScriptsControlBytes(_ arguments: [String]) throws {
        let directory = try directory()
        let (output, errors) = try rawRun(arguments, in: directory)
        let text = String(decoding: output + errors, as: UTF8.self)
        #expect(!text.isEmpty)
        #expect(Self.controlBytes(in: output).isEmpty, "stdout of \(arguments): \(Self.controlBytes(in: output))\n\(text)")
        #expect(Self.controlBytes(in: errors).isEmpty, "stderr of \(arguments): \(Self.controlBytes(in: errors))\n\(text)")
    }

    @Test func theTestReportShowsTheEscapes() throws {
        let directory = try directory()
        let (output, _) = try rawRun(["test", "esc_spec.lua"], in: directory)
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains(#"fails\027]52;c;aGk=\007"#), "\(text)")
        #expect(text.contains(#"bad\027[H\027[2J"#), "\(text)")
    }

    /// A JSON report stays JSON: DEL and C1 become `\u00XX` inside its strings (the encoder leaves
    /// them raw), so there is nothing left for the terminal filter to rewrite.
    @Test func jsonReportsEscapeDeleteAndC1AsJSON() throws {
        let directory = try HostileFiles.directory()
        try "describe('c1\\194\\155', function() it('x\\127', function() error('e\\194\\155') end) end)"
            .write(toFile: directory + "/c1_spec.lua", atomically: true, encoding: .utf8)
        let (output, _) = try rawRun(["test", "-o", "json", "c1_spec.lua"], in: directory)
        #expect(Self.controlBytes(in: output).isEmpty, "\(String(decoding: output, as: UTF8.self))")
        let document = try JSONSerialization.jsonObject(with: output) as? [String: Any]
        let errors = document?["errors"] as? [[String: Any]]
        #expect(errors?.first?["name"] as? String == "c1\u{9B} x\u{7F}", "\(String(decoding: output, as: UTF8.self))")
    }

    @Test func printAndIoWriteStillWriteWhatTheScriptAsked() throws {
        let directory = try directory()
        let (output, _) = try rawRun(["-e", "print('a\\27[1mb') io.write('c\\7')"], in: directory)
        #expect([UInt8](output) == Array("a\u{1B}[1mb\nc\u{07}".utf8))
    }

    /// The REPL in tmux: every byte it writes to the terminal is recorded, and none of the script's
    /// sequences is among them, while their escaped text is on the screen.
    @Test(.enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
    func theREPLShowsTheEscapesAndWritesNoneOfTheSequences() throws {
        let directory = try directory()
        // A saved state whose screen's path and parameter hold a window-title sequence (JSON \u001b).
        let saved = try CommandRun.switchyard(["-e", #"""
            dofile('app.lua')
            local doc = nav.save():gsub('"params":{},"path":"\\/"',
              '"params":{"x":"\\u001b]0;T\\u0007"},"path":"\\/esc\\/\\u001b]0;T\\u0007","pattern":"\\/esc\\/:x","route":1', 1)
            nav.restore(doc)
            io.open('esc.json', 'w'):write(doc):close()
            """#], directory: directory, deadline: 60)
        #expect(saved.status == 0, "\(saved.errors)")
        let session = try TerminalSession(arguments: ["-i", "app.lua"], directory: directory)
        defer { session.close() }
        let bytes = directory + "/terminal.bytes"
        try session.recordOutput(to: bytes)
        try session.waitFor("> ", deadline: 60)
        try session.enter(":go /esc/%1B%5B2J", expecting: #"T\027[2J\027]52;c;aGk=\007"#)
        try session.waitFor(#"view\027[31mred"#)
        try session.waitFor(#"line\194\155two"#)
        try session.enter(":state", expecting: "root  /esc/%1B%5B2J")
        try session.enter(":trace on", expecting: "trace on")
        try session.enter(":push more", expecting: #"boom\027[2J"#)
        try session.enter("nav.title", expecting: #""T\027[2J\027]52;c;aGk=\007""#)
        try session.enter("setmetatable({}, {__tostring = function() return 'obj\\27]0;x\\7' end})",
                          expecting: #"obj\027]0;x\007"#)
        try session.enter(":explain /esc/%1B%5B2J", expecting: "/esc/:x")
        try session.enter(":routes", expecting: "/esc/:x/more")
        try session.enter(":restore esc.json", expecting: #"/esc/\027]0;T\007"#)
        try session.enter(":state", expecting: #"root  /esc/\027]0;T\007"#)
        try session.enter("print('done')", expecting: "\ndone")
        let written = try Data(contentsOf: URL(fileURLWithPath: bytes))
        let text = String(decoding: written, as: UTF8.self)
        for sequence in ["\u{1B}[2J", "\u{1B}]52", "\u{1B}]0;", "\u{1B}[31mred", "\u{9B}", "\u{1B}[H"] {
            #expect(!text.contains(sequence), "the REPL wrote \(sequence.debugDescription) to the terminal")
        }
        #expect(text.contains(#"T\027[2J"#), "nothing recorded: \(text.prefix(400))")
    }
}

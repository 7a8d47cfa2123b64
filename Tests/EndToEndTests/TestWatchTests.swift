import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `switchyard test --watch`: reruns what a saved change affects, redrawn, and keeps going.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
struct TestWatchTests {
    @Test func aSavedChangeRerunsTheSpecsThatLoadedItAndAFailureOrSyntaxErrorKeepsItRunning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ text: String, _ name: String) throws {
            try save(text, to: folder + "/" + name)
        }
        try write("route('/', {title = 'Home'})\nroute('/a', {title = 'A'})\n", "app.lua")
        try write("require('app')\nit('opens a', function() nav.push('/a'); assert.equal('A', nav.title) end)\n",
                  "specs/a_spec.lua")
        try write("it('stands alone', function() end)\n", "specs/b_spec.lua")

        let session = try TerminalSession(arguments: ["test", "--no-color", "--watch", "specs"], directory: folder)
        defer { session.close() }
        try session.waitFor("2 passed, 0 failed")
        try session.waitFor("Ctrl-C stops")

        try write("route('/', {title = 'Home'})\nroute('/a', {title = 'B'})\n", "app.lua")
        try session.waitFor("expected \"A\", got \"B\"")
        var screen = try session.screen()
        #expect(screen.contains("changed: app.lua — running 1 spec file"))
        #expect(!screen.contains("stands alone"), "only the spec that loads app.lua runs, on a cleared screen")

        try write("it('broken' (\n", "specs/b_spec.lua")
        try session.waitFor("')' expected")
        try write("it('mended', function() end)\n", "specs/b_spec.lua")
        try session.waitFor("✓ mended")
        screen = try session.screen()
        #expect(screen.contains("1 passed, 0 failed"))

        try session.press("C-c")
        #expect(try session.waitForExit() == 0)
    }

    @Test func watchGoesWithTheUtfOutputOnly() throws {
        let result = try CommandRun.switchyard(["test", "--watch", "-o", "TAP", "specs"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--watch draws the utf output again at each change"))
    }
}

/// `text` written to a new file beside `path`, closed, then renamed over it, as editors save: the watch
/// must see that too. Not `String.write(toFile:atomically:)`: Foundation opens its temporary file without
/// close-on-exec and renames it while still open, so a process that another test starts at that moment
/// inherits a descriptor of the saved file; when that process closes it, maybe a minute later, the
/// watch is told, rightly, that the file was written again (seen once in a full run on a busy machine:
/// "changed: app.lua, specs/a_spec.lua").
private func save(_ text: String, to path: String) throws {
    let temporary = path + ".saving"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw SaveFailure(path: temporary, code: errno) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    let code = errno
    close(descriptor)
    guard written == bytes.count else { throw SaveFailure(path: temporary, code: code) }
    guard rename(temporary, path) == 0 else { throw SaveFailure(path: path, code: errno) }
}

private struct SaveFailure: Error, CustomStringConvertible {
    let path: String
    let code: Int32
    var description: String { "cannot save \(path): \(String(cString: strerror(code)))" }
}

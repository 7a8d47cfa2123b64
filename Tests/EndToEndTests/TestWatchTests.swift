import Foundation
import Testing

/// `switchyard test --watch`: reruns what a saved change affects, redrawn, and keeps going.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, "tmux is not installed"))
struct TestWatchTests {
    @Test func aSavedChangeRerunsTheSpecsThatLoadedItAndAFailureOrSyntaxErrorKeepsItRunning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sy-watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ text: String, _ name: String) throws {
            // Written beside and renamed over, as editors save: the watch must see that too.
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
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

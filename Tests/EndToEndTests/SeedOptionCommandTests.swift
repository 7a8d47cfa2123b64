import Foundation
import Testing

/// Issue 33 items 5 and 6 through the executable: the spec of the seed options, the per-tab reset,
/// `extra` and a case-insensitive table passes under `switchyard test`, and the REPL's `:state` shows
/// a sheet's drag indicator and a modal's placement, and a wrong option names the allowed values.
@Suite(.serialized) struct SeedOptionCommandTests {
    private let folder = SwitchyardBinary.fixtures + "/seedopts"

    @Test func theSeedOptionSpecPasses() throws {
        try CommandRun.expectSpecPasses("seed_options_spec.lua", in: folder, count: 4)
    }

    @Test func stateShowsTheDragIndicatorAndTheModalsPlacement() throws {
        let input = """
            nav.sheet("/filters", {detents = {"medium", "large"}, drag_indicator = true})
            nav.modal("/tip", {transition = "opacity", alignment = "center", use_device_bounds = false})
            nav.modal("/tip", {alignment = "middle"})
            :state

            """
        let result = try CommandRun.switchyard(["--no-color", "-i", "app.lua"], input: input, directory: folder)
        #expect(result.output.contains("  sheet (medium* · large, drag indicator)  /filters\nmodals  /tip (opacity, center, safe area)"),
                "\(result.output)")
        #expect((result.output + result.errors).contains(#"nav.modal: option 'alignment' must be one of "center", "top", "bottom", "leading", "trailing", "top-leading", "top-trailing", "bottom-leading", "bottom-trailing", got "middle""#),
                "\(result.output)\(result.errors)")
        #expect(!result.output.contains("/tip › /tip"), "the refused modal was not shown")
    }

    @Test func resetTabAndExtraThroughTheREPL() throws {
        let input = """
            :push /home/item
            nav.tab("library")
            nav.push("/compose", {extra = {draft = {title = "Hi"}}})
            nav.reset_tab("home")
            nav.push("/compose", {extra = {f = print}})
            :state

            """
        let result = try CommandRun.switchyard(["--no-color", "-i", "app.lua"], input: input, directory: folder)
        #expect(result.output.contains("━━ Compose Hi ━━"), "\(result.output)")
        #expect(result.output.contains("root [home · library*]  /library › /compose"), "\(result.output)")
        #expect((result.output + result.errors).contains("nav.push: extra.f is a function, which does not save as JSON"), "\(result.output)\(result.errors)")
    }

    /// `:record` writes the line with its `extra` table as typed, and the spec it writes replays it.
    @Test func recordKeepsExtraAndTheTabReset() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seedopts-record-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: self.folder + "/app.lua", toPath: folder + "/app.lua")
        let input = """
            :record rec_spec.lua
            nav.push("/compose", {extra = {draft = {title = "Hi"}}})
            nav.reset_tab("home")
            :record stop

            """
        _ = try CommandRun.switchyard(["--no-color", "-i", "app.lua"], input: input, directory: folder)
        let spec = try String(contentsOfFile: folder + "/rec_spec.lua", encoding: .utf8)
        #expect(spec.contains(#"nav.push("/compose", {extra = {draft = {title = "Hi"}}})"#), "\(spec)")
        let replay = try CommandRun.switchyard(["test", "--no-color", "rec_spec.lua"], directory: folder)
        #expect(replay.status == 0 && replay.output.contains("1 passed, 0 failed"), "\(replay.output)\(replay.errors)")
    }
}

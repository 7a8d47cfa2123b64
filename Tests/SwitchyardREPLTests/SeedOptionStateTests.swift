import Testing
@testable import SwitchyardREPL
import SwitchyardTools

/// Issue 33 item 5: a sheet's drag indicator and a modal's animation, alignment and bounds reach the
/// state tree `:state` prints and the JSON the live view's page draws its cards from.
@Suite struct SeedOptionStateTests {
    let host: ScriptHost

    init() throws {
        host = try ScriptHost(options: SessionOptions())
        try host.runChunk("""
            route("/", {}) route("/filters", {}) route("/tip", {})
            nav.sheet("/filters", {detents = {"medium", "large"}, drag_indicator = true})
            nav.modal("/tip", {transition = "move-bottom", animation = "linear", alignment = "bottom", use_device_bounds = true})
            """)
    }

    @Test func theStateTreeSaysTheDragIndicatorAndTheModalsPlacement() {
        let tree = StateTreePrinter().render(NavigationSnapshot(host.runtime.navigator))
        #expect(tree.contains("sheet (medium* · large, drag indicator)  /filters"), "\(tree)")
        #expect(tree.contains("modals  /tip (move-bottom, linear, bottom, device bounds)"), "\(tree)")
    }

    @Test func theLiveViewStateCarriesThemToTheCards() {
        let json = LiveViewState.json(host, nodes: [:], sequence: 1, move: nil)
        #expect(json.contains(#""dragIndicator":true"#), "\(json)")
        #expect(json.contains(#""style":"move-bottom, linear, bottom, device bounds""#), "\(json)")
    }
}

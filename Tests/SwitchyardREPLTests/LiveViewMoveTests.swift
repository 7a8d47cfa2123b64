import Testing
@testable import SwitchyardREPL

/// A page's move becomes the Lua line it equals; whatever a page sends stays a string in it.
@Suite struct LiveViewMoveTests {
    private func line(_ fields: [String: String]) -> String? {
        try? LiveViewMove.line(for: fields).get()
    }

    @Test func eachMoveIsTheLineAPersonWouldType() {
        #expect(line(["op": "push", "path": "/album/7"]) == #"nav.push("/album/7")"#)
        #expect(line(["op": "tab", "name": "search"]) == #"nav.tab("search")"#)
        #expect(line(["op": "choose", "label": "Delete"]) == #"nav.choose("Delete")"#)
        #expect(line(["op": "settle", "key": "payment", "result": "false"]) == #"nav.settle("payment", false)"#)
        #expect(line(["op": "settle", "key": "payment", "result": "true"]) == #"nav.settle("payment", true)"#)
        #expect(line(["op": "back"]) == "nav.back()")
        #expect(line(["op": "dismiss"]) == "nav.dismiss()")
    }

    @Test func aPathThatTriesToEndTheStringStaysAString() {
        #expect(line(["op": "push", "path": "/\") os.exit() --\n"]) == #"nav.push("/\") os.exit() --\n")"#)
    }

    @Test func anUnknownOrIncompleteMoveIsRefusedWithWhatWasWrong() {
        let unknown = LiveViewMove.line(for: ["op": "explode"])
        guard case .failure(let refusal) = unknown else { Issue.record("an unknown move was accepted"); return }
        #expect(refusal.description.contains("unknown move \"explode\""))
        guard case .failure(let missing) = LiveViewMove.line(for: ["op": "push"]) else { Issue.record("a push without a path"); return }
        #expect(missing.description.contains("lacks its \"path\""))
    }

    @Test func onlyAnsweringTheAlertIsAllowedWhileItIsUp() {
        #expect(LiveViewMove.isAllowedBehindAlert(["op": "choose", "label": "OK"]))
        #expect(LiveViewMove.isAllowedBehindAlert(["op": "dismiss"]))
        #expect(!LiveViewMove.isAllowedBehindAlert(["op": "push", "path": "/"]))
    }
}

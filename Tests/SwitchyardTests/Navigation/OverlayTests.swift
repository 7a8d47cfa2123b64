import Testing
@testable import Switchyard

@Suite("Navigator: alert and modals")
struct OverlayTests {
    @Test func chooseDismissesThenRunsTheButtonAction() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        var log: [String] = []
        try navigator.alert(Alert(title: "Delete?", message: "Sure?", buttons: [
            AlertButton("Cancel") { log.append("cancel") },
            AlertButton("Delete") { log.append("delete"); try navigator.pop() },
        ]))
        #expect(navigator.alertActive)
        #expect(navigator.alert?.labels == ["Cancel", "Delete"])
        try navigator.choose("Delete")
        #expect(log == ["delete"])
        #expect(!navigator.alertActive && navigator.path == "/")
        // The choice and its action's pop are one operation, one entry.
        #expect(navigator.history.map(\.operation) == [.reset, .push, .alert, .choose])
        try navigator.back()
        #expect(navigator.alertActive && navigator.path == "/a")
    }

    @Test func alertErrorsAreClearAndChangeNothing() throws {
        let navigator = try NavigationFixture.navigator()
        try expectUnchanged(navigator) { try navigator.choose("OK") }
        try expectUnchanged(navigator) { try navigator.dismissAlert() }
        try expectUnchanged(navigator) {
            try navigator.alert(Alert(title: "Twice", buttons: [AlertButton("A"), AlertButton("A")]))
        }
        try navigator.alert(Alert(title: "Hello"))
        #expect(navigator.alert?.labels == ["OK"])
        try expectUnchanged(navigator) { try navigator.alert(Alert(title: "Another")) }
        try expectUnchanged(navigator) { try navigator.choose("Nope") }
        #expect(throws: NavigationError(.unknownButton("Nope", available: ["OK"]))) { try navigator.choose("Nope") }
        try navigator.dismissAlert()
        #expect(!navigator.alertActive)
    }

    @Test func aThrowingActionUndoesTheWholeChoice() throws {
        struct Boom: Error {}
        let navigator = try NavigationFixture.navigator()
        try navigator.alert(Alert(title: "X", buttons: [
            AlertButton("Go") { throw Boom() },
            AlertButton("Half") { try navigator.push("/a"); try navigator.push("/b"); throw Boom() },
        ]))
        try expectUnchanged(navigator) { try navigator.choose("Go") }
        try expectUnchanged(navigator) { try navigator.choose("Half") }
        #expect(navigator.alertActive && navigator.path == "/")
        #expect(navigator.history.map(\.operation) == [.reset, .alert])
    }

    @Test func modalsStackOverTheTopScreenAndLeaveWithIt() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.modal("/a")
        try navigator.modal("/c/5")
        #expect(navigator.modals.map(\.path) == ["/a", "/c/5"])
        #expect(navigator.path == "/")
        try navigator.dismissModal()
        #expect(navigator.modals.map(\.path) == ["/a"])
        try navigator.alert(Alert(title: "T"))
        try navigator.push("/b")
        #expect(navigator.modals.isEmpty && !navigator.alertActive)
        try expectUnchanged(navigator) { try navigator.dismissModal() }
    }

    @Test func overlaysWorkInPresentedEnvironments() throws {
        for setup in ["sheet", "cover", "tabs"] {
            let navigator = try NavigationFixture.navigator(tabs: setup == "tabs" ? ["/home", "/search"] : [])
            if setup == "sheet" { try navigator.sheet("/a") }
            if setup == "cover" { try navigator.cover("/a") }
            try navigator.modal("/b")
            try navigator.alert(Alert(title: "T"))
            try navigator.choose("OK")
            try navigator.dismissModal()
            #expect(navigator.modals.isEmpty && !navigator.alertActive, "\(setup)")
        }
    }
}

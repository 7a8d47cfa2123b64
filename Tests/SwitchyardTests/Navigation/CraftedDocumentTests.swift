import Testing
@testable import Switchyard

/// Documents that parse and reference only known screens, yet could not have come from `save()`.
/// Both were found by Fuzz/FuzzStateRestore (seeds kept in Fuzz/corpus/FuzzStateRestore).
@Suite("Navigator: restoring crafted documents")
struct CraftedDocumentTests {
    private func saved() throws -> (Navigator, String) {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.sheet("/c/1")
        return (navigator, try navigator.save())
    }

    @Test func aNextIDNearIntMaxIsRefusedInsteadOfOverflowingOnTheNextPush() throws {
        let (navigator, json) = try saved()
        let crafted = json.replacingOccurrences("\"nextID\":4", with: "\"nextID\":9223372036854775807")
        #expect(crafted != json)
        try expectUnchanged(navigator) { try navigator.restore(crafted) }
        do { try navigator.restore(crafted) } catch {
            #expect("\(error)".contains("nextID 9223372036854775807 is out of range"))
        }
        try navigator.push("/b")
        #expect(navigator.path == "/b")
    }

    @Test func aScreenInTwoPlacesAtOnceIsRefused() throws {
        let (navigator, json) = try saved()
        // The last entry's root stack [1,2] becomes [1,1]: screen 1 twice in one state.
        let crafted = json.replacingOccurrences("\"stacks\":[[1,2]]", with: "\"stacks\":[[1,1]]")
        #expect(crafted != json)
        try expectUnchanged(navigator) { try navigator.restore(crafted) }
        do { try navigator.restore(crafted) } catch {
            #expect("\(error)".contains("screen id 1 appears twice"))
        }
        let modalTwice = json.replacingOccurrences("\"modals\":[]", with: "\"modals\":[3]")
        try expectUnchanged(navigator) { try navigator.restore(modalTwice) }
    }
}

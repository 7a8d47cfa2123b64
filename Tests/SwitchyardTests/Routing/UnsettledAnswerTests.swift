import Testing
@testable import Switchyard

/// Issue 37, thirteenth session: a lookup's answer that is not a hit is one case with a one-byte kind
/// (`RouteFind.unsettled`), so that `match` and `withMatch` tell a miss from the answer's first word. Each
/// kind is held here to the answer `find` gives for a path of that kind, and to what `match`,
/// `withMatch` and `firstMatch` make of it: a miss is nil, the candidates' and the normalised path's
/// answers are resolved to their route.
@Suite struct UnsettledAnswerTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/album/:id", payload: 0)
        // A validator: the lookup leaves the winner to the candidates.
        try table.add("/user/:name", validator: { info in info.params["name"] == "ann" ? true : nil }, payload: 1)
        try table.add("/user/me", payload: 2)
        return table
    }

    /// The kind `find` answers for `text`; nil for a hit.
    private func kind(_ table: RouteTable<Int>, _ text: String) -> RouteFind.Unsettled? {
        table.withFrozenLookup { lookup in
            var text = text
            return text.withUTF8 { bytes in
                if case .unsettled(let kind) = lookup.find(bytes) { return kind }
                return nil
            }
        }
    }

    @Test func eachKindIsTheAnswerItsPathGets() throws {
        let table = try table()
        #expect(kind(table, "/album/12") == nil)
        #expect(kind(table, "/nowhere/12") == .miss)
        #expect(kind(table, "/user/ann") == .needsCandidates)
        #expect(kind(table, "/album/../album/12") == .needsNormalising)
    }

    @Test func theFactoriesMakeTheirKind() {
        guard case .unsettled(.miss) = RouteFind.miss else { Issue.record("miss"); return }
        guard case .unsettled(.needsCandidates) = RouteFind.needsCandidates else { Issue.record("needsCandidates"); return }
        guard case .unsettled(.needsNormalising) = RouteFind.needsNormalising else {
            Issue.record("needsNormalising")
            return
        }
    }

    @Test func matchResolvesEachKind() throws {
        let table = try table()
        #expect(try table.match("/nowhere/12") == nil)
        #expect(try table.match("/user/ann")?.payload == 1)
        #expect(try table.match("/user/bob") == nil)
        #expect(try table.match("/album/../album/12")?.info.params["id"] == "12")
        #expect(try table.withMatch("/nowhere/12") { $0 == nil })
        #expect(try table.withMatch("/user/ann") { $0?.route.rawValue } == 1)
        #expect(try table.withMatch("/album/../album/12") { $0?.route.rawValue } == 0)
        #expect(table.firstMatch("/nowhere/12") == nil)
    }
}

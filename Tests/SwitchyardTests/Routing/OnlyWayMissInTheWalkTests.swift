import Testing
@testable import Switchyard

/// Issue 37, eleventh session: a dead end on the only way through the trie, in a segment of up to 8
/// bytes, is settled as a miss by the walk's loop itself (`FrozenTrie.deadEnd(onOnlyWay:)`, the node
/// marked by the freeze with `splat` -3), answered as `.deadEnd(missedOnOnlyWay)`. Only where `settleStop` would
/// answer a miss: a `?` or `#` in the dead segment, a rest that is not plain (a dot segment that may
/// normalise back onto a route), and a node beside a parameter sibling are left as before.
@Suite struct OnlyWayMissInTheWalkTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/a/b", payload: 0)
        try table.add("/a/b/c", payload: 1)
        try table.add("/p/new", payload: 2)
        try table.add("/p/:id/edit", payload: 3)
        try table.add("/api/:x/items/:y/act", payload: 4)
        return table
    }

    /// Whether the walk's loop answered `text` as a miss on the only way (`missedOnOnlyWay`).
    private func loopMissed(_ table: RouteTable<Int>, _ text: String) -> Bool {
        table.withFrozenLookup { lookup -> Bool in
            var text = text
            return text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                if case .deadEnd(FrozenTrie.missedOnOnlyWay) = lookup.trie.walk(bytes, spans: &spans) { return true }
                return false
            }
        }
    }

    /// The route's payload `text` matches in full, or nil; `withMatch` and `firstMatch` match or miss alike.
    private func matched(_ table: RouteTable<Int>, _ text: String) throws -> Int? {
        let owned = try table.match(text)?.route.payload
        #expect(try (table.withMatch(text) { $0?.route } == nil) == (owned == nil), "\(text)")
        #expect((table.firstMatch(text) == nil) == (owned == nil), "\(text)")
        return owned
    }

    @Test func aPlainDeadEndOnTheOnlyWayIsMissedInTheLoop() throws {
        let table = try table()
        for text in ["/a/x", "/a/x/c", "/a/b/x", "/zz", "/api/1/nope/2/act", "/api/1/items/2/nope", "/a/x/c?q=1",
                     "/a/x/c#f", "/a/x//c"] {
            #expect(loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == nil, "\(text)")
        }
    }

    @Test func aQueryMarkInTheDeadSegmentIsLeftToTheStop() throws {
        let table = try table()
        // The path before the mark ends on a route: not a miss.
        for (text, payload) in [("/a/b?x", 0), ("/a/b#x", 0), ("/a/b/c?q", 1), ("/a?b", nil)] as [(String, Int?)] {
            #expect(!loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == payload, "\(text)")
        }
    }

    @Test func aRestThatIsNotPlainIsLeftToTheGeneralWay() throws {
        let table = try table()
        // A dot segment after the dead end normalises back onto a route.
        for (text, payload) in [("/a/x/../b", 0), ("/a/x/../b/c", 1), ("/a/x/./../b", 0), ("/zz/../a/b", 0)] {
            #expect(!loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == payload, "\(text)")
        }
    }

    @Test func aDeadEndBesideAParameterSiblingIsNotMissed() throws {
        let table = try table()
        // `new` has a parameter sibling: the search tries `:id` after it, and `edit` then matches.
        #expect(!loopMissed(table, "/p/new/edit"))
        #expect(try matched(table, "/p/new/edit") == 3)
        #expect(try matched(table, "/p/new") == 2)
    }
}

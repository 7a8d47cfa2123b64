import Testing
@testable import Switchyard

/// Issue 37, ninth session (the walk's loop): a segment within 8 bytes of the text's end is read from
/// the text's last 8 bytes shifted down to it, in the loop (a text under 8 bytes still reads its bytes
/// one by one, out of line), and a dead end names its node from the loop's pointer by an exact division
/// (a shift and a multiply by the stride's inverse). Each is held here to what the walk must answer:
/// the last segment's value and route at every offset of the last word, and the node where the walk
/// stopped, at hundreds of nodes.
@Suite struct WalkLastWordAndDeadEndTests {
    /// A route's last segment, static or a parameter, of 1 to 9 bytes after a prefix of 0 to 11 bytes:
    /// the text's end falls at every offset of its last word, and texts run from 2 bytes (under a word,
    /// read byte by byte) to 22. The walk settles each on its route with the value the text holds, and
    /// every lookup answers as the full search does.
    @Test func theLastSegmentIsReadFromTheLastWordAtEveryOffset() throws {
        let table = RouteTable<Int>()
        let prefixes = ["", "/a", "/abc", "/abcdefg", "/abcdefghijk", "/a/bcdefghij"]
        var payload = 0
        for prefix in prefixes {
            try table.add(prefix + "/:last", payload: payload)
            payload += 1
            try table.add(prefix + "/fixed", payload: payload)
            payload += 1
        }
        var checked = 0
        for prefix in prefixes {
            for length in 1...9 {
                let value = String("0123456789".prefix(length))
                let text = prefix + "/" + value
                let (walked, values) = walkVerdict(table, text)
                guard case .node = walked else {
                    Issue.record("\(text): the walk did not settle it (\(walked))")
                    continue
                }
                #expect(values == [value], "\(text)")
                #expect(try table.withMatch(text) { $0?[parameter: "last"] } == value, "\(text)")
                try expectAsTheFullSearch(table, text)
                // The static sibling, and near misses of it ending at the same offsets.
                for last in ["fixed", "fixe", "fixedd", "fixee"] {
                    try expectAsTheFullSearch(table, prefix + "/" + last)
                }
                checked += 1
            }
        }
        #expect(checked == prefixes.count * 9)
    }

    /// Hundreds of nodes with no parameter child (a chain's head, `/r7` before `s`, and a node with two
    /// static children after a parameter, before `end` and `other`): a segment none of their static
    /// children takes is a dead end at that node, named by its index as the walk to the node itself
    /// names it.
    @Test func aDeadEndNamesTheNodeWhereTheWalkStopped() throws {
        let table = RouteTable<Int>()
        for index in 0..<300 {
            try table.add("/r\(index)/s/:id/x\(index)/end", payload: 2 * index)
            try table.add("/r\(index)/s/:id/x\(index)/other", payload: 2 * index + 1)
        }
        var stops = Set<Int32>()
        for index in stride(from: 0, to: 300, by: 7) {
            for prefix in ["/r\(index)", "/r\(index)/s/12/x\(index)"] {
                let (reached, _) = walkVerdict(table, prefix)
                let node: Int32
                switch reached {
                case .node(let found), .undecided(let found): node = found
                default:
                    Issue.record("\(prefix): the walk did not reach a node (\(reached))")
                    continue
                }
                // (A `?` past the segment's first 8 bytes: the loop answers the dead end itself. Else, on
                // the only way, it is settled in the loop, `OnlyWayMissInTheWalkTests`.)
                let (stopped, _) = walkVerdict(table, prefix + "/missingpart?q")
                guard case .deadEnd(let deadEnd) = stopped else {
                    Issue.record("\(prefix)/missingpart?q: not a dead end (\(stopped))")
                    continue
                }
                #expect(deadEnd == node, "\(prefix)/missingpart?q")
                stops.insert(deadEnd)
                #expect(try table.match(prefix + "/missing") == nil)
            }
        }
        // At the root too (index 0), which has no parameter child.
        if case .deadEnd(let root) = walkVerdict(table, "/missingpart?q").0 { #expect(root == 0) } else { Issue.record("/missingpart?q") }
        #expect(stops.count == 2 * 43)
        #expect(stops.contains { $0 > 255 })
    }
}

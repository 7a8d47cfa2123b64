import Testing
@testable import Switchyard

/// Issue 37, eleventh and twelfth sessions: a dead end on the only way through the trie is settled by
/// the walk's loop itself (`FrozenTrie.deadEnd(onOnlyWay:)`, the node marked by the freeze with
/// `parameter` `onlyWayDeadEndParameter` since the seventeenth session, `splat` -3 before): a miss, answered as `.deadEnd(missedOnOnlyWay)`, or, with a `?` or `#` in the dead segment's
/// first 8 bytes, the path before it (the static child it names, a hit before the query, as the
/// complement of its node; no child, a miss). Only where `settleStop` would answer the same: a rest that
/// is not plain (a dot segment that may normalise back onto a route), an empty or dot segment before
/// the mark, a mark further in a long segment, and a node beside a parameter sibling are left as before.
/// Thirteenth session: after a dead segment of up to 8 bytes with no mark, the rest is asked only
/// whether it holds a `.` (only a `..` segment before the path's end can take the segment back; a `?`
/// or `#` there ends the path after it), and a rest with one is read as before.
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

    /// What the walk's loop answered for `text` at a dead end on the only way: whether it settled the
    /// path before a `?` or `#` in the dead segment (a `.deadEnd` payload below 0 other than the miss's).
    private func loopSettledBeforeQuery(_ table: RouteTable<Int>, _ text: String) -> Bool {
        table.withFrozenLookup { lookup -> Bool in
            var text = text
            return text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                if case .deadEnd(let settled) = lookup.trie.walk(bytes, spans: &spans) {
                    return settled < 0 && settled != FrozenTrie.missedOnOnlyWay
                }
                return false
            }
        }
    }

    @Test func aStaticChildBeforeAQueryMarkInTheDeadSegmentIsTheHitBeforeTheQuery() throws {
        let table = try table()
        for (text, payload) in [("/a/b?x", 0), ("/a/b#x", 0), ("/a/b/c?q", 1), ("/a/b/c?q=1/2#f", 1),
                                ("/api/1/items/2/act?tab=info&page=17", 4), ("/api/12345/items/678/act#top", 4)] {
            #expect(loopSettledBeforeQuery(table, text), "\(text)")
            #expect(!loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == payload, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
        let found = try table.match("/api/12345/items/678/act?tab=info&page=17")
        #expect(found?.info.params == ["x": "12345", "y": "678"])
        #expect(found?.info.query == ["tab": "info", "page": "17"])
        #expect(try table.withMatch("/api/7/items/8/act?tab=1") { $0.map { [$0.info.params["y"], $0.info.query["tab"]] } }
            == ["8", "1"])
    }

    @Test func aQueryMarkAfterNoStaticChildOnTheOnlyWayIsMissedInTheLoop() throws {
        let table = try table()
        // No child before the mark, or one where no route ends (`a`, on the only way).
        for text in ["/a/x?b", "/a/bb#x", "/zz?x", "/api/1/items/2/acts?tab=1", "/api/1/nope?x/items", "/a?b", "/a#b"] {
            #expect(loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == nil, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    @Test func aQueryMarkAfterAnEmptyOrDotSegmentIsLeftToTheGeneralWay() throws {
        let table = try table()
        // The path before the mark ends in a `/`, or its last segment starts with `.`: not plain.
        for text in ["/a/b/?x", "/a/?x", "/a/.b?x", "/a/..?x", "/a/b/.?x", "/a/x/..?q"] {
            #expect(!loopSettledBeforeQuery(table, text), "\(text)")
            #expect(!loopMissed(table, text), "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    @Test func aQueryMarkPastTheSegmentsFirstWordIsLeftToTheStop() throws {
        let table = try table()
        // A mark past the first 8 bytes of the dead segment: `settleStop` settles it, as before.
        try table.add("/a/abcdefghij", payload: 5)
        for (text, payload) in [("/a/abcdefghij?x", 5), ("/a/abcdefghik?x", nil), ("/a/b/c/abcdefghij#f", nil)] as [(String, Int?)] {
            #expect(!loopSettledBeforeQuery(table, text), "\(text)")
            #expect(!loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == payload, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    @Test func aQueryMarkInADeadSegmentBesideAParameterSiblingIsNotDecidedInTheLoop() throws {
        let table = try table()
        // `new` has a parameter sibling: its dead end is not the only way's, and `:id` takes `new`.
        for (text, payload) in [("/p/new/edit?x=1", 3), ("/p/new/nope?x=1", nil), ("/p/new?x", 2)] as [(String, Int?)] {
            #expect(!loopSettledBeforeQuery(table, text), "\(text)")
            #expect(!loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == payload, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
        #expect(try table.match("/p/new/edit?x=1")?.info.params == ["id": "new"])
    }

    @Test func aRestThatIsNotPlainIsLeftToTheGeneralWay() throws {
        let table = try table()
        // A dot segment after the dead end normalises back onto a route.
        for (text, payload) in [("/a/x/../b", 0), ("/a/x/../b/c", 1), ("/a/x/./../b", 0), ("/zz/../a/b", 0)] {
            #expect(!loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == payload, "\(text)")
        }
    }

    /// Texts of 16 bytes and more, whose rest after the dead segment is asked only for a `.`.
    @Test func aDotDotSegmentAfterTheDeadSegmentTakesThePathBackOntoARoute() throws {
        let table = try table()
        for (text, payload) in [("/api/1/nope/../items/2/act", 4), ("/api/1/items/2/nope/../act", 4),
                                ("/api/1/nope/x/../../items/2/act", 4), ("/api/1/items/nope/..?tab=1", nil),
                                ("/api/1/nope/../items/2/act?tab=1", 4), ("/api/123/nope/..#/items/2/act", nil)] as [(String, Int?)] {
            #expect(!loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == payload, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    /// Eighteenth session: the loop reads a rest of up to 48 bytes from the dead segment (a middle chunk
    /// for one past 32, asked for a `.` alone), and asks the segment alone for a `?` or `#`. A `..` that
    /// only the middle chunk holds still takes the path back onto its route; a `?` in a dead segment of 9
    /// to 18 bytes, past the first 16 bytes of the text from it or within them, still ends the path
    /// before it; a plain rest of 33 to 48 bytes is missed in the loop.
    @Test func aRestOfUpTo48BytesIsReadInTheLoopForADotAndTheSegmentForAMark() throws {
        let table = try table()
        for (text, payload) in [("/api/1/missing/aaaaaaaa/../../items/22222222/act", 4),
                                ("/api/1/missing/aaaaaaaaaaaa/../../items/22222222/act", 4),
                                ("/api/1/missing/aaaaaaaa/bbbbbbbbbbbb/../../../items/22222222/act", 4)] {
            #expect(!loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == payload, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
        // (`items` here has static children alone: on the only way.)
        let long = RouteTable<Int>()
        try long.add("/api/:x/items/abcdefghijkl", payload: 5)
        try long.add("/api/:x/items/abcdefghijklmnop", payload: 6)
        for (text, payload) in [("/api/1/items/abcdefghijkl?x/yy/zzzzzzzzzz", 5),
                                ("/api/1/items/abcdefghijklmnop?x/yyyyyyyyyyy/zzzzzzzzzz", 6),
                                ("/api/1/items/abcdefghijklmnop#x/yyyyyyyyyyy/zzzz", 6),
                                ("/api/1/items/abcdefghijklmnop?/yyyyyyyyyyyyy/zzzzzz", 6),
                                ("/api/1/items/abcdefghijklmno?x/yyyyyyyyyyy/zzzz", nil)] as [(String, Int?)] {
            #expect(!loopMissed(long, text) || payload == nil, "\(text)")
            #expect(try matched(long, text) == payload, "\(text)")
            try expectAsTheFullSearch(long, text)
        }
        for text in ["/api/1/missing/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/2/act", "/api/1/missing/aaaaaaaa/bbbbbbbb/ccccccccccccccccc",
                     "/missing/12345/items/67890/act/1234567", "/api/1/missing/aaaaaaaa/bbbbbbbb/cc?x/../../..",
                     "/api/1/missing/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/2/act.json"] {
            #expect(loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == nil, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    @Test func aDotThatTakesNoSegmentBackLeavesTheMiss() throws {
        let table = try table()
        // A `.` inside a segment, or in the query: read as before, and missed in the loop.
        for text in ["/api/1/nope/2/act.json", "/api/1/nope/v1.2/act", "/api/1/items/2/nope/x?v=1.2", "/api/1/nope/2/act#a.b"] {
            #expect(loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == nil, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
        // A `.` segment is dropped by normalising (a miss all the same), left to the general way as before.
        for text in ["/api/1/nope/./items/2/act", "/api/1/items/2/nope/.", "/api/1/nope/.hidden/act"] {
            #expect(!loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == nil, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    @Test func aQueryMarkAfterTheDeadSegmentLeavesTheMiss() throws {
        let table = try table()
        // The path ends after the dead segment: it dead-ends there all the same, whatever comes before
        // the mark (an empty segment, a `/` right before it, which `settleStop` left to the general way).
        for text in ["/api/1/nope/2/act?x=1", "/api/1/items/2/nope/?x", "/api/1/nope//?x#f",
                     "/api/1/nope/x?/../../items/2/act"] {
            #expect(loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == nil, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
        // A mark past a long dead segment's first word, the rest after it without a `.`: left to the stop
        // (`items` on the only way, with no parameter child).
        let long = RouteTable<Int>()
        try long.add("/api/:x/items/abcdefghij", payload: 5)
        try long.add("/api/:x/items/other", payload: 6)
        for (text, payload) in [("/api/1/items/abcdefghij?x/y/zz", 5), ("/api/1/items/abcdefghik#x/y/zz", nil)] as [(String, Int?)] {
            #expect(!loopMissed(long, text), "\(text)")
            #expect(try matched(long, text) == payload, "\(text)")
            try expectAsTheFullSearch(long, text)
        }
        #expect(loopMissed(long, "/api/1/items/nope/y/zz"))
    }

    @Test func aDeadEndBesideAParameterSiblingIsNotMissed() throws {
        let table = try table()
        // `new` has a parameter sibling: the search tries `:id` after it, and `edit` then matches.
        #expect(!loopMissed(table, "/p/new/edit"))
        #expect(try matched(table, "/p/new/edit") == 3)
        #expect(try matched(table, "/p/new") == 2)
    }

    /// Eighteenth session: the loop's own test at the only way's dead end (`FrozenTrie.isMissOnOnlyWay`),
    /// asked of every text of 1 to 56 bytes at every segment start, dead segments of 1 to 18 bytes, with
    /// a `.`, `?` or `#` at every byte. It tells a miss only where no `?` or `#` is in the dead segment
    /// and no `.` after it (else the path may end inside the segment, or a `..` take it back), and it
    /// tells one wherever the text has 16 bytes or more, the rest from the segment 48 or fewer, the
    /// segment 16 or fewer, and no mark from the segment on; a `?` or `#` after the segment's first 16
    /// bytes, past its `/`, leaves it told (the rest's later chunks are asked for a `.` alone).
    @Test func theLoopsMissTestAsksTheSegmentForAMarkAndTheRestForADot() {
        var wrong: [String] = []
        var toldPastAMark = 0
        for count in 1...56 {
            for cursor in 1..<count {
                for length in Set([1, 7, 8, 16, 17, 18].map { min($0, count - cursor) }) {
                    let stop = cursor + length
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: count)
                    text[0] = UInt8(ascii: "/")
                    text[cursor - 1] = UInt8(ascii: "/")
                    if stop < count { text[stop] = UInt8(ascii: "/") }
                    for mark in [nil, UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "#")] as [UInt8?] {
                        for at in mark == nil ? [0] : Array(cursor..<count) where at != stop {
                            let kept = text[at]
                            if let mark { text[at] = mark }
                            let told = text.withUnsafeBufferPointer { bytes in
                                let base = bytes.baseAddress!
                                return FrozenTrie.isMissOnOnlyWay(at: base + cursor, segmentEnd: base + stop, text: base,
                                                                  end: base + count)
                            }
                            let name = "\(String(decoding: text, as: UTF8.self)) from \(cursor) to \(stop)"
                            // Told only where the path is a miss whatever follows.
                            if told, let mark, mark == UInt8(ascii: ".") ? at >= stop : at < stop { wrong.append("told: " + name) }
                            // Told wherever the text is plain from the segment on, within the bounds.
                            if !told && mark == nil && count >= 16 && count - cursor <= 48 && length <= 16 {
                                wrong.append("not told: " + name)
                            }
                            if told && mark != nil && mark != UInt8(ascii: ".") { toldPastAMark += 1 }
                            text[at] = kept
                        }
                    }
                }
            }
        }
        let told = wrong.count
        #expect(told == 0, "\(wrong.prefix(10))")
        #expect(toldPastAMark > 0)
    }

    /// Seventeenth session, second round: a rest of 1 to 16 bytes from the dead segment is read in the
    /// text's last 16 bytes, the bits of the bytes before it left out by a mask of the chunk's last bits
    /// (`lastBitsMasks`), not a shift. Every byte before the segment a `.`, `?` or `#` (each left out), the
    /// rest plain: a miss; a mark at any byte of the rest, its first and last among them: not told.
    @Test func aRestInTheLastChunkIsAskedFromItsFirstByteToItsLast() {
        var wrong: [String] = []
        for count in 16...40 {
            for rest in 1...min(16, count - 1) {
                for before in [UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "#")] {
                    var text = [UInt8](repeating: before, count: count - rest) + [UInt8](repeating: UInt8(ascii: "a"), count: rest)
                    text[0] = UInt8(ascii: "/")
                    let cursor = count - rest
                    for at in [nil] + (cursor..<count).map { Int?($0) } {
                        if let at { text[at] = UInt8(ascii: ".") }
                        let told = text.withUnsafeBufferPointer { bytes in
                            let base = bytes.baseAddress!
                            return FrozenTrie.isMissOnOnlyWay(at: base + cursor, segmentEnd: base + count, text: base,
                                                              end: base + count)
                        }
                        if told != (at == nil) { wrong.append("\(String(decoding: text, as: UTF8.self)) from \(cursor)") }
                        if let at { text[at] = UInt8(ascii: "a") }
                    }
                }
            }
        }
        let told = wrong.count
        #expect(told == 0, "\(wrong.prefix(10))")
    }

    /// Fourteenth session: dead ends on the only way at the root, after one parameter and after two,
    /// with dead segments of 1 to 12 bytes and rests of 0 to 40 bytes, plain or holding a `..` segment, a
    /// `.`, a `?` or a `#` at either side of the 16- and 32-byte chunk edges: each answered as the full
    /// search answers it, and a plain one in a text of 16 bytes or more missed by the walk's loop.
    @Test func aDeadEndOnTheOnlyWayIsAnsweredAsTheFullSearchAtEveryChunkEdge() throws {
        let table = try table()
        let rests = ["", "/2", "/2/act", "/items/2/act", "/x/y/zz/www/vvvv/uuuuu/tttttt/s", "/x/y/zz/www/vvvv/uuuuu/tttttt/ss/r",
                     "/../items/2/act", "/x/../../items/2/act", "/xxxxxxxxxxxx/../../items/2/act", "/2/act.json",
                     "/xxxxxxxxxxxxxxxx/2.0", "/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/v.1", "/2/act?tab=1", "/xxxxxxxxxxxxxxxx?x",
                     "/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx#f", "//2", "/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/..", "/."]
        for prefix in ["/", "/api/12/", "/api/1/items/123/"] {
            for length in 1...12 {
                let dead = String(repeating: "n", count: length)
                for rest in rests {
                    let text = prefix + dead + rest
                    try expectAsTheFullSearch(table, text)
                    if text.utf8.count >= 16 && !rest.contains(where: { ".?#".contains($0) }) {
                        #expect(loopMissed(table, text), "\(text)")
                        #expect(try matched(table, text) == nil, "\(text)")
                    }
                }
            }
        }
    }

    /// Sixteenth session: the loop's miss is `.deadEnd(-1)` (`missedOnOnlyWay`), the complement of the
    /// root, which no hit before a query names (its node is a static child, never the root), with no
    /// spans; `find` tells it from the payload alone. The root's static children before a `?` or `#`,
    /// node 1 among them (`~1`, the payload next to the miss's), are each the hit before the query, and a
    /// miss after two parameters is `find`'s miss.
    @Test func theLoopsMissIsTheRootsComplementAndNoHitBeforeAQueryIsTakenForIt() throws {
        let table = RouteTable<Int>()
        for (index, name) in ["a", "b", "c", "d"].enumerated() { try table.add("/\(name)", payload: index) }
        try table.add("/api/:x/items/:y/act", payload: 4)
        let nodes = table.withFrozenLookup { lookup in
            ["a", "b", "c", "d"].map { name -> Int32 in
                var text = "/\(name)"
                return text.withUTF8 { bytes in
                    var spans = Parameters.InlineSpans()
                    if case .node(let node) = lookup.trie.walk(bytes, spans: &spans) { return node }
                    return -1
                }
            }
        }
        // (Node 1 is one of them: the freeze places the root's children first.)
        #expect(nodes.contains(1), "\(nodes)")
        for (index, name) in ["a", "b", "c", "d"].enumerated() {
            for text in ["/\(name)?x", "/\(name)#x"] {
                let (walked, found) = walkedAndFound(table, text)
                if case .deadEnd(let settled) = walked { #expect(settled == ~nodes[index], "\(text)") } else {
                    Issue.record("\(text): \(walked)")
                }
                if case .hitBeforeQuery = found {} else { Issue.record("\(text): \(found)") }
                #expect(try matched(table, text) == index, "\(text)")
                try expectAsTheFullSearch(table, text)
            }
        }
        for text in ["/api/1/items/2/nope", "/api/12345/items/678/nope/x", "/zz/api/1/items/2/act"] {
            let (walked, found) = walkedAndFound(table, text)
            if case .deadEnd(let settled) = walked { #expect(settled == -1, "\(text)") } else { Issue.record("\(text): \(walked)") }
            #expect(spansAfterTheWalk(table, text) == 0, "\(text)")
            if case .unsettled(.miss) = found {} else { Issue.record("\(text): \(found)") }
            #expect(try matched(table, text) == nil, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    /// Sixteenth session: a text the walk does not read (empty, not starting with `/`, past 16-bit
    /// offsets) is settled by `find` without it, as the full resolution settles it.
    @Test func aTextTheWalkDoesNotReadIsResolvedInFull() throws {
        let table = RouteTable<Int>()
        for (index, name) in ["a", "b"].enumerated() { try table.add("/\(name)", payload: index) }
        try table.add("/api/:x/items/:y/act", payload: 4)
        let long = "/api/" + String(repeating: "1", count: 70_000) + "/items/2/act"
        for (text, payload) in [("", nil), ("a", 0), ("b?x=1", 1), ("api/1/items/2/act", 4), ("zz", nil), (long, 4),
                                ("/a", 0)] as [(String, Int?)] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { FrozenTrie.isWalked($0) } == (text.hasPrefix("/")
                        && text.utf8.count <= Parameters.Span.offsetLimit), "\(text.prefix(20))")
            #expect(try matched(table, text) == payload, "\(text.prefix(20))")
            if text.utf8.count < 100 { try expectAsTheFullSearch(table, text) }
        }
    }

    /// Seventeenth session: the only way's dead ends are marked on the field the loop reads for the
    /// parameter child (`parameter` `onlyWayDeadEndParameter`, `Int32.min`), and only they: a node with a
    /// parameter child keeps it, a static child beside a parameter sibling (off the only way) and an
    /// optional chain's start (`~optional`) keep theirs. The loop misses at the marked nodes alone, and
    /// settles a splat's parent's and the chain's dead ends as before.
    @Test func theOnlyWaysDeadEndsAreMarkedOnTheParameterFieldAlone() throws {
        let table = try table()
        try table.add("/files/*", payload: 5)
        try table.add("/opt/:x?/:y?", payload: 6)
        let marked = FrozenTrie.onlyWayDeadEndParameter
        // The field of the node where each prefix ends (0 where the walk names none: no node is 0 there).
        let fields = ["/a", "/a/b", "/api/1/items", "/p", "/p/new", "/opt"].map { prefix -> Int32 in
            let node: Int32
            switch walkVerdict(table, prefix).0 {
            case .node(let found), .undecided(let found): node = found
            default: return 0
            }
            return table.withFrozenLookup { $0.trie.nodes[Int(node)].parameter }
        }
        #expect(fields[0] == marked && fields[1] == marked && fields[2] >= 0 && fields[3] >= 0, "\(fields)")
        #expect(fields[4] == -1 && fields[5] < -1 && fields[5] != marked, "\(fields)")
        for text in ["/a/x", "/a/b/x", "/api/1/items/2/nope"] {
            #expect(loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == nil, "\(text)")
        }
        for (text, payload) in [("/p/new/edit", 3), ("/files/x/y", 5), ("/files/x", 5), ("/opt", 6), ("/opt/1", 6),
                                ("/opt/1/2", 6), ("/opt/1/2/3", nil)] as [(String, Int?)] {
            #expect(!loopMissed(table, text), "\(text)")
            #expect(try matched(table, text) == payload, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    /// What the walk's loop answered for `text`, and what `find` answered.
    private func walkedAndFound(_ table: RouteTable<Int>, _ text: String) -> (FrozenTrie.Walked, RouteFind) {
        table.withFrozenLookup { lookup in
            var text = text
            return text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                return (lookup.trie.walk(bytes, spans: &spans), lookup.find(bytes))
            }
        }
    }

    /// How many spans the walk's loop reported for `text`.
    private func spansAfterTheWalk(_ table: RouteTable<Int>, _ text: String) -> Int32 {
        table.withFrozenLookup { lookup in
            var text = text
            return text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                _ = lookup.trie.walk(bytes, spans: &spans)
                return spans.count
            }
        }
    }
}

import Testing
@testable import Switchyard

/// Issue 37, seventh session: where the walk's loop stops in a segment, `RouteLookup.settle` settles
/// it in one step (`FrozenTrie.settleStop`) when it can: a splat taking the rest, a chain of optional
/// segments, a miss on the only way, the path before a `?` in that segment; everything else goes the
/// general way (`settleInFull`). The rest of the text is checked for being plain with one mark of `/`
/// and `.` together (`FrozenTrie.segmentStarts`). Each answer `find` gives here is held to what the
/// general way gave (the kind of answer) and to the full search of the normalised path (the route,
/// its parameters and query, through `match`, `withMatch` and `firstMatch`).
@Suite struct StopSettledInOneStepTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/files0/d0/e0/*path", payload: 0)
        try table.add("/o0/p0/q0/:x?/:y?/:z?", payload: 1)
        try table.add("/api/:a/items/:b/act", payload: 2)
        try table.add("/drive/:owner/shared/*rest", payload: 3)
        try table.add("/api/:a/items/:b/act/:c/deep", payload: 4)
        return table
    }

    /// The kind of answer `find` gives for `text`, and the route (its payload) of a hit.
    private enum Verdict: Equatable {
        case hit(Int)
        case hitBeforeQuery(Int)
        case miss
        case needsNormalising
        case needsCandidates
    }

    private func verdict(_ table: RouteTable<Int>, _ text: String) -> Verdict {
        table.withFrozenLookup { lookup -> Verdict in
            var text = text
            return text.withUTF8 { bytes in
                switch lookup.find(bytes) {
                case .hit(let declaration): return .hit(table.routes[Int(declaration.takeUnretainedValue().routeIndex)].payload)
                case .hitBeforeQuery(let declaration):
                    return .hitBeforeQuery(table.routes[Int(declaration.takeUnretainedValue().routeIndex)].payload)
                case .unsettled(.miss): return .miss
                case .unsettled(.needsNormalising): return .needsNormalising
                case .unsettled(.needsCandidates): return .needsCandidates
                }
            }
        }
    }

    @Test func aSplatTakesOneToSixSegmentsAndNone() throws {
        let table = try table()
        for count in 1...6 {
            let tail = (1...count).map { "t\($0 * 7)" }.joined(separator: "/")
            #expect(verdict(table, "/files0/d0/e0/" + tail) == .hit(0), "\(count) segments")
            #expect(try table.match("/files0/d0/e0/" + tail)?.info.params == ["path": tail])
            try expectAsTheFullSearch(table, "/files0/d0/e0/" + tail)
            // After a parameter (the cursor found from the last span, not from the node's run alone).
            #expect(verdict(table, "/drive/me/shared/" + tail) == .hit(3))
            #expect(try table.match("/drive/me/shared/" + tail)?.info.params == ["owner": "me", "rest": tail])
            try expectAsTheFullSearch(table, "/drive/me/shared/" + tail)
        }
        // An empty splat: the text ends at the splat's parent.
        #expect(verdict(table, "/files0/d0/e0") == .hit(0))
        #expect(try table.match("/files0/d0/e0")?.info.params == ["path": ""])
        try expectAsTheFullSearch(table, "/files0/d0/e0")
        try expectAsTheFullSearch(table, "/drive/me/shared")
    }

    @Test func anOptionalChainTakesNoneToThreeSegments() throws {
        let table = try table()
        let values = ["10437", "55120", "x"]
        for count in 0...3 {
            let text = (["/o0/p0/q0"] + values.prefix(count)).joined(separator: "/")
            #expect(verdict(table, text) == .hit(1), "\(text)")
            let found = try #require(try table.match(text), "\(text)")
            // The left-out ones are absent, not counted.
            #expect(found.info.params.count == count, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
        // A fourth segment is past the chain's end: no route.
        #expect(verdict(table, "/o0/p0/q0/1/2/3/4") == .miss || verdict(table, "/o0/p0/q0/1/2/3/4") == .needsCandidates
                || verdict(table, "/o0/p0/q0/1/2/3/4") == .needsNormalising)
        #expect(try table.match("/o0/p0/q0/1/2/3/4") == nil)
        try expectAsTheFullSearch(table, "/o0/p0/q0/1/2/3/4")
    }

    @Test func aMissOnTheOnlyWayAtEveryDepth() throws {
        let table = try table()
        let misses = ["/missing", "/missing/a/b/c", "/api/missing-value-past-a-word", "/api/1/missing", "/api/1/items/2/missing",
                      "/api/1/items/2/act/3/missing", "/api/1/items/2/act/3/deep/further/on", "/files0/missing/e0/a",
                      "/files0/d0/missing/a", "/drive/me/elsewhere/a/b"]
        for text in misses {
            // `/api/missing-value…` takes the parameter `:a`, then ends where no route does: also a miss.
            #expect(verdict(table, text) == .miss, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    @Test func aRestThatIsNotPlainIsNormalisedFirst() throws {
        let table = try table()
        // Not a miss: resolved after normalising.
        #expect(verdict(table, "/api/1/missing/../items/2/act") == .needsNormalising)
        #expect(try table.match("/api/1/missing/../items/2/act")?.route.payload == 2)
        #expect(verdict(table, "/files0/d0/e0/a/../b") == .needsNormalising)
        #expect(try table.match("/files0/d0/e0/a/../b")?.info.params == ["path": "b"])
        // An empty segment, a `.` segment, a trailing slash before a `?`.
        for text in ["/files0/d0/e0/a//b", "/files0/d0/e0/a/./b", "/files0/d0/e0/a/b/?q=1"] {
            #expect(verdict(table, text) == .needsNormalising, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
        // A trailing slash before a `?` after a dead end on the only way: the path before the mark
        // dead-ends there all the same, a miss (thirteenth session: settled by the walk's loop).
        #expect(verdict(table, "/api/1/missing/x/?q=1") == .miss)
        try expectAsTheFullSearch(table, "/api/1/missing/x/?q=1")
        // An empty segment after a dead end on the only way: a miss whatever normalising makes of it
        // (eighth session: settled by the lookup, `PlainRestTests`).
        #expect(verdict(table, "/api/1/missing//x") == .miss)
        try expectAsTheFullSearch(table, "/api/1/missing//x")
        // A segment starting with `.` that is not a dot segment: normalised already, settled the general way.
        #expect(verdict(table, "/files0/d0/e0/a/.well-known") == .hit(0))
        #expect(try table.match("/files0/d0/e0/a/.well-known")?.info.params == ["path": "a/.well-known"])
    }

    @Test func aQueryMarkAtEveryOffsetOfAWordInTheRest() throws {
        let table = try table()
        let filler = Array("ab/cdefghij/k/lmnopqrstu/vw".utf8)
        for offset in 0...16 {
            let before = String(decoding: filler[0..<offset], as: UTF8.self)
            for prefix in ["/files0/d0/e0/", "/drive/me/shared/", "/api/1/missing/", "/o0/p0/q0/"] {
                for rest in [before + "?x=1", before + "#top", before + "z?x=/../y", before + "/..", before + "//z"] {
                    try expectAsTheFullSearch(table, prefix + rest)
                }
            }
        }
        // A `?` in the segment where the loop stopped: the path before it, whose splat takes it.
        #expect(verdict(table, "/files0/d0/e0/a?x=1") == .hitBeforeQuery(0))
        #expect(try table.match("/files0/d0/e0/a?x=1")?.info.params == ["path": "a"])
        // Further on: the splat takes the path before it (the general way cuts it).
        #expect(try table.match("/files0/d0/e0/abcdefgh/ijklmnop?x=1")?.info.params == ["path": "abcdefgh/ijklmnop"])
        // A miss before a query on the only way is a miss all the same.
        #expect(verdict(table, "/api/1/missing/x?y=1") == .miss)
        #expect(verdict(table, "/api/1/missing?y=1") == .miss)
    }

    @Test func aQueryAfterAHitIsCutWhereTheLoopStopped() throws {
        let table = try table()
        // A static segment holding the `?` (a dead end at the loop, cut at the mark), and a parameter's.
        #expect(verdict(table, "/api/1/items/2/act?tab=info") == .hitBeforeQuery(2))
        #expect(verdict(table, "/api/1/items/2/act/3/deep?tab=info#f") == .hitBeforeQuery(4))
        #expect(verdict(table, "/drive/me?x") == .miss)
        #expect(try table.match("/api/1/items/2?tab=info") == nil)
        for text in ["/api/1/items/2/act?tab=info", "/api/1/items/2/act/3/deep?tab=info#f", "/api/12345678/items/9?x",
                     "/drive/me/shared?x=1", "/o0/p0/q0/1?x=2", "/o0/p0/q0/1/2#z"] {
            try expectAsTheFullSearch(table, text)
        }
        let found = try #require(try table.match("/api/1/items/2/act?tab=info"))
        #expect(found.info.params == ["a": "1", "b": "2"] && found.info.query == ["tab": "info"])
    }
}

/// Issue 37, tenth session: a dead end at a splat's parent is settled in the walk's loop
/// (`FrozenTrie.splatTakingRest`, called at the loop's dead end): the splat, its span the rest of the
/// text, when the rest is a plain normalised path with no `?` or `#`, the node has no optional child
/// and a route ends at the splat, within the eight spans; otherwise (and in a case-insensitive
/// table's loop) the loop's dead end as before, settled after it. Each text is held to the full
/// search too.
@Suite struct SplatSettledInTheWalkTests {
    private func table(caseInsensitive: Bool = false) throws -> RouteTable<Int> {
        let table = RouteTable<Int>(caseInsensitive: caseInsensitive)
        try table.add("/files0/d0/e0/*path", payload: 0)
        try table.add("/drive/:owner/shared/*rest", payload: 1)
        // Static children beside the splat: a segment none of them takes is the splat's.
        try table.add("/mix/a/b", payload: 2)
        try table.add("/mix/*rest", payload: 3)
        // An optional beside the splat: the optional chain's, not the loop's.
        try table.add("/opt/:x?", payload: 4)
        try table.add("/opt/*rest", payload: 5)
        // Eight parameters before the splat: no span left for it in a hit.
        try table.add("/eight/:a/:b/:c/:d/:e/:f/:g/:h/*rest", payload: 6)
        return table
    }

    /// What the walk's loop says of `text`: the route's payload and the splat's value when it settles a
    /// splat, nil when it leaves anything else.
    private func splatWalked(_ table: RouteTable<Int>, _ text: String) -> (payload: Int, value: String, count: Int32)? {
        table.withFrozenLookup { lookup in
            var text = text
            return text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                guard case .node(let node) = lookup.trie.walk(bytes, spans: &spans), spans.count > 0 else { return nil }
                let span = spans[Int(spans.count) - 1]
                let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.end)]), as: UTF8.self)
                return (table.routes[lookup.trie.firstRoute(at: node)].payload, value, spans.count)
            }
        }
    }

    /// Rests of 1 to 40 bytes (every edge of the 16-byte chunks the rest is read in), of one to several
    /// segments, after the splat's parent.
    private var plainRests: [String] {
        // (Not from `a`: `/mix/a` is a static node of its own.)
        let letters = Array("klmnopqrstuvwxyz0123456789ABCDEFGHIJKLMN")
        return (1...40).flatMap { length -> [String] in
            let word = String(letters.prefix(length))
            var segmented = Array(word)
            for index in stride(from: 3, to: segmented.count - 1, by: 5) { segmented[index] = "/" }
            return [word, String(segmented)]
        }
    }

    @Test func aPlainRestIsTheSplatsInTheLoop() throws {
        for caseInsensitive in [false, true] {
            let table = try table(caseInsensitive: caseInsensitive)
            for rest in plainRests {
                for (prefix, payload, count) in [("/files0/d0/e0/", 0, Int32(1)), ("/drive/me/shared/", 1, 2), ("/mix/", 3, 1)] {
                    let text = prefix + rest
                    // (The folding loop leaves it to the stop.)
                    if caseInsensitive {
                        #expect(splatWalked(table, text) == nil, "\(text)")
                    } else {
                        let walked = try #require(splatWalked(table, text), "\(text)")
                        #expect(walked.payload == payload && walked.count == count && walked.value == rest, "\(text)")
                    }
                    try expectAsTheFullSearch(table, text)
                }
                // A dead end below the splat's parent (`/mix/a`, which has no splat) is left to the stop.
                #expect(splatWalked(table, "/mix/a/" + rest) == nil, "\(rest)")
                try expectAsTheFullSearch(table, "/mix/a/" + rest)
            }
        }
    }

    @Test func aRestThatIsNotPlainIsLeftToTheStop() throws {
        let table = try table()
        for rest in ["a?x=1", "a/b#f", "abcdefghijklmnopq/r?s", "a//b", "a/./b", "a/../b", "./a", "a/.", "abcdefghijklmnopqrstu/..",
                     "abcdefghijklmnopqrstuvwxyz0123/?q"] {
            for prefix in ["/files0/d0/e0/", "/drive/me/shared/", "/mix/"] {
                let text = prefix + rest
                #expect(splatWalked(table, text) == nil, "\(text)")
                try expectAsTheFullSearch(table, text)
            }
        }
        // A segment starting with `.` that is not a dot segment: the chunk reading refuses every segment
        // starting with `.`, so the stop settles it (`StopSettledInOneStepTests`).
        #expect(splatWalked(table, "/files0/d0/e0/a/.well-known") == nil)
        try expectAsTheFullSearch(table, "/files0/d0/e0/a/.well-known")
    }

    @Test func anOptionalBesideOrNoSpanLeftIsLeftToTheStop() throws {
        let table = try table()
        for text in ["/opt/a/b", "/opt/abcdefghijklmnopqrstuvwxyz/b/c", "/eight/1/2/3/4/5/6/7/8/a/b", "/eight/1/2/3/4/5/6/7/8/a"] {
            #expect(splatWalked(table, text) == nil, "\(text)")
            try expectAsTheFullSearch(table, text)
        }
    }

    /// Issue 37, twelfth session: a hashed parent's slot for a child whose only child is a splat carries
    /// `StaticEdge.splatOnlyMark`, and the loop settles the splat from that slot without reading the
    /// next segment. Beside it: a splat beside a static child, a splat beside a parameter and a splat
    /// under a parameter (no mark), a rest that is not plain, the text ending at the marked child, and a
    /// case-insensitive table (no mark).
    private func hashedTable(caseInsensitive: Bool = false) throws -> RouteTable<Int> {
        let table = RouteTable<Int>(caseInsensitive: caseInsensitive)
        // More than `hashThreshold` children under `/h`: hashed.
        try table.add("/h/only/*rest", payload: 0)
        try table.add("/h/beside/*rest", payload: 1)
        try table.add("/h/beside/x", payload: 2)
        try table.add("/h/param/*rest", payload: 3)
        try table.add("/h/param/:id", payload: 4)
        try table.add("/h/under/:id/*rest", payload: 5)
        try table.add("/h/c4", payload: 6)
        try table.add("/h/c5", payload: 7)
        try table.add("/h/only2/*rest", payload: 8)
        try table.add("/h/only2/:x?/y", payload: 9)
        return table
    }

    @Test func aHashedSlotMarksAChildWhoseOnlyChildIsASplat() throws {
        for caseInsensitive in [false, true] {
            let table = try hashedTable(caseInsensitive: caseInsensitive)
            let marked = table.withFrozenLookup { lookup -> Set<String> in
                var names: Set<String> = []
                for slot in lookup.trie.hashSlots where slot.child >= 0 && slot.length < 0 {
                    let node = lookup.trie.nodes[Int(FrozenTrie.node(atSlotChild: slot.child))]
                    let literal = lookup.trie.literalBytes[Int(node.literalOffset)...].prefix(Int(node.literalLength))
                    names.insert(String(decoding: literal, as: UTF8.self))
                }
                return names
            }
            #expect(marked == (caseInsensitive ? [] : ["only"]), "caseInsensitive \(caseInsensitive)")
        }
    }

    @Test func aMarkedSlotSettlesTheSplatAndLeavesTheRestAsBefore() throws {
        for caseInsensitive in [false, true] {
            let table = try hashedTable(caseInsensitive: caseInsensitive)
            for rest in plainRests {
                let walked = splatWalked(table, "/h/only/" + rest)
                if caseInsensitive {
                    #expect(walked == nil, "\(rest)")
                } else {
                    #expect(walked?.payload == 0 && walked?.value == rest && walked?.count == 1, "\(rest)")
                }
                for prefix in ["/h/only/", "/h/beside/", "/h/param/", "/h/under/7/", "/h/only2/", "/h/c4/"] {
                    try expectAsTheFullSearch(table, prefix + rest)
                }
            }
            for text in ["/h/only", "/h/only/", "/h/only/a/", "/h/only//a", "/h/only/a//b", "/h/only/./a", "/h/only/a/../b",
                         "/h/only/..", "/h/only/.", "/h/only/a?x=1", "/h/only/a/b#f", "/h/only?x", "/h/only/?x",
                         "/h/only/abcdefghijklmnopq/r?s", "/h/only/a/.well-known", "/h/only/*", "/h/beside/x", "/h/beside/x/y",
                         "/h/param/7", "/h/param/7/8", "/h/under/7", "/h/under/7/a/b", "/h/only2/y", "/h/only2/q/y", "/h/c4/a"] {
                if !caseInsensitive && ["/h/only/a?x=1", "/h/only//a", "/h/only/a/../b", "/h/only/./a", "/h/only/a/"].contains(text) {
                    #expect(splatWalked(table, text) == nil, "\(text)")
                }
                try expectAsTheFullSearch(table, text)
            }
            let found = try #require(try table.match("/h/only/a/b"))
            #expect(found.route.payload == 0 && found.info.params == ["rest": "a/b"])
            #expect(try table.match("/h/beside/x")?.route.payload == 2)
            #expect(try table.match("/h/beside/y")?.route.payload == 1)
            #expect(try table.match("/h/param/7")?.route.payload == 4)
            #expect(try table.match("/h/param/7/8")?.route.payload == 3)
        }
    }

    /// Issue 37, thirteenth session: at a marked slot, in a text of 17 bytes or more, the rest is read
    /// in 16-byte chunks that ask, for each byte, whether it is a `?` or `#`, or a `/` or `.` right after
    /// a `/` (`FrozenTrie.isPlainSplatRest`); a shorter text as before. Under `/archive/` (14 bytes
    /// before the rest: texts of 15 to 58 bytes), every rest of 1 to 40 bytes with a `?`, `#`, `/`, `//`,
    /// `.`, `/.`, `/..` or `/./` put in at each offset, or a trailing `/`: the loop takes exactly the
    /// plain ones, and every answer is the full search's, beside a static child and a parameter too.
    private func archiveTable() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/archive/only/*rest", payload: 0)
        try table.add("/archive/beside/*rest", payload: 1)
        try table.add("/archive/beside/x", payload: 2)
        try table.add("/archive/param/*rest", payload: 3)
        try table.add("/archive/param/:id", payload: 4)
        try table.add("/archive/c5", payload: 5)
        try table.add("/archive/c6", payload: 6)
        return table
    }

    /// Whether a splat takes `rest` in the loop: no `?` or `#`, no empty segment, none starting with `.`.
    private func isPlainRest(_ rest: String) -> Bool {
        !rest.contains("?") && !rest.contains("#") && !rest.hasPrefix("/") && !rest.hasPrefix(".") && !rest.hasSuffix("/")
            && !rest.contains("//") && !rest.contains("/.")
    }

    @Test func aMarkedSlotReadsEveryRestInChunksAsTheFullSearch() throws {
        let table = try archiveTable()
        #expect(table.withFrozenLookup { lookup in lookup.trie.hashSlots.contains { $0.child >= 0 && $0.length < 0 } })
        let letters = Array("klmnopqrstuvwxyz0123456789ABCDEFGHIJKLMN")
        for length in 1...40 {
            var segmented = Array(letters.prefix(length))
            for index in stride(from: 3, to: segmented.count - 1, by: 5) { segmented[index] = "/" }
            var rests = [String(segmented), String(segmented) + "/"]
            for offset in 0...length {
                for mark in ["?", "#", "/", "//", ".", "/.", "/..", "/./"] {
                    var rest = segmented
                    rest.insert(contentsOf: mark, at: offset)
                    rests.append(String(rest))
                }
            }
            for rest in rests {
                let walked = splatWalked(table, "/archive/only/" + rest)
                if isPlainRest(rest) {
                    #expect(walked?.payload == 0 && walked?.value == rest && walked?.count == 1, "\(rest)")
                } else {
                    #expect(walked == nil, "\(rest)")
                }
                try expectAsTheFullSearch(table, "/archive/only/" + rest)
                if length % 3 == 0 {
                    for prefix in ["/archive/beside/", "/archive/param/"] { try expectAsTheFullSearch(table, prefix + rest) }
                }
            }
        }
    }

    /// Issue 37, fourteenth session: at a marked slot the loop returns the splat itself, its span
    /// written after the parameters' (`FrozenTrie.splatTakesRest` writes it at the loop's next span):
    /// below one to seven parameters the walk answers every span, the splat's last; below eight, no
    /// span is left for it and the loop leaves the lookup to the full search. A rest of 17 to 32 bytes
    /// is read in two overlapping chunks: a mark in its first or last 16 bytes leaves it to the stop. A
    /// text ending at the marked child is refused by the same compare as a rest of one chunk.
    @Test func aMarkedSlotBelowParametersWritesTheSplatsSpanAfterTheirs() throws {
        for parameters in 1...8 {
            let table = RouteTable<Int>()
            let head = (0..<parameters).map { "/:p\($0)" }.joined()
            try table.add(head + "/only/*rest", payload: 0)
            for sibling in 1...4 { try table.add(head + "/c\(sibling)", payload: sibling) }
            #expect(table.withFrozenLookup { lookup in lookup.trie.hashSlots.contains { $0.child >= 0 && $0.length < 0 } })
            let values = (0..<parameters).map { "v\($0)" }
            // The text ending at the marked child (17 bytes or more from four parameters: the reading in
            // chunks tells it with the one-chunk case) is left to the stop and the full search.
            let atChild = "/" + values.joined(separator: "/") + "/only"
            #expect(splatWalked(table, atChild) == nil, "\(atChild)")
            try expectAsTheFullSearch(table, atChild)
            for rest in ["x", "x/y", "klmnopqrstuvwxyz/1", "klmnopq/stuvwxyz0123456789ABCDEF", "klmnopqrstu/wxyz0123456789ABCDEFG"] {
                let text = "/" + values.joined(separator: "/") + "/only/" + rest
                let walked = splatWalked(table, text)
                if parameters < 8 {
                    #expect(walked?.payload == 0 && walked?.value == rest && walked?.count == Int32(parameters + 1), "\(text)")
                    let found = try #require(try table.match(text))
                    #expect(found.info.params["rest"] == rest && found.info.params["p0"] == "v0", "\(text)")
                } else {
                    #expect(walked == nil, "\(text)")
                }
                try expectAsTheFullSearch(table, text)
                for mark in ["?", "//", "/."] where rest.count > 16 {
                    for offset in [0, 1, rest.count - 16, rest.count - 1] {
                        var marked = Array(rest)
                        marked.insert(contentsOf: mark, at: offset)
                        let text = "/" + values.joined(separator: "/") + "/only/" + String(marked)
                        #expect(splatWalked(table, text) == nil, "\(text)")
                        try expectAsTheFullSearch(table, text)
                    }
                }
            }
        }
    }

    /// Issue 37, sixteenth session: a marked slot's rest of 17 to 32 bytes is told by one unsigned compare
    /// of its length and read in two chunks (its first 16 bytes and the text's last 16); one of 33 or
    /// more in whole chunks and then the last 16; one of up to 16 in the text's last 16, its mask shifted
    /// by 16 less its length. At every length from 15 to 34 bytes (the edges of the three readings), a
    /// `?`, `#`, `//` or `/.` at each byte of the rest (and a `/` or `.` as its first) leaves the lookup
    /// to the stop, and the rest with none is the splat's whole value.
    @Test func aMarkedSlotsRestAtTheEdgesOfTwoChunksIsAskedAtEveryByte() throws {
        let table = try archiveTable()
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEF")
        for length in 15...34 {
            var plain = Array(letters.prefix(length))
            plain[length / 2] = "/"
            let rest = String(plain)
            let walked = splatWalked(table, "/archive/only/" + rest)
            #expect(walked?.payload == 0 && walked?.value == rest && walked?.count == 1, "\(rest)")
            for offset in 0..<length {
                for mark in ["?", "#", "//", "/.", "/", "."] where offset == 0 || mark.count > 1 || mark == "?" || mark == "#" {
                    var marked = plain
                    marked.replaceSubrange(offset..<min(offset + mark.count, length), with: mark)
                    let text = "/archive/only/" + String(marked)
                    #expect(splatWalked(table, text) == nil, "\(text)")
                    try expectAsTheFullSearch(table, text)
                }
            }
        }
    }

    /// Issue 37, seventeenth session: a marked slot's rest of up to 16 bytes has the bits of the bytes
    /// before it left out by a mask read from a table (`lastBitsMasks`, the chunk's last `rest` bits),
    /// not by a shift. At every length from 1 to 16, in a text of 17 bytes or more (the one-chunk
    /// reading's), a `?`, `#`, `//` or `/.` at each byte of the rest (and a `/` or `.` as its first)
    /// leaves the lookup to the stop, and the rest with none is the splat's whole value.
    @Test func aMarkedSlotsRestOfOneChunkIsAskedAtEveryByte() throws {
        let table = RouteTable<Int>()
        try table.add("/archives-kept/only/*rest", payload: 0)
        try table.add("/archives-kept/beside/*rest", payload: 1)
        try table.add("/archives-kept/beside/x", payload: 2)
        for sibling in 3...6 { try table.add("/archives-kept/c\(sibling)", payload: sibling) }
        let prefix = "/archives-kept/only/"
        let letters = Array("abcdefghijklmnop")
        for length in 1...16 {
            var plain = Array(letters.prefix(length))
            if length >= 3 { plain[length / 2] = "/" }
            let rest = String(plain)
            let walked = splatWalked(table, prefix + rest)
            #expect(walked?.payload == 0 && walked?.value == rest && walked?.count == 1, "\(rest)")
            for offset in 0..<length {
                for mark in ["?", "#", "//", "/.", "/", "."] where offset == 0 || mark.count > 1 || mark == "?" || mark == "#" {
                    var marked = plain
                    marked.replaceSubrange(offset..<min(offset + mark.count, length), with: mark)
                    let text = prefix + String(marked)
                    #expect(splatWalked(table, text) == nil, "\(text)")
                    try expectAsTheFullSearch(table, text)
                }
            }
        }
    }
}

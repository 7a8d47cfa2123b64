import Testing
@testable import Switchyard

/// Issue 37, where the walk stops short of a route: the walk's loop says which node it stopped at (or,
/// at a `?` in a parameter's segment, which parameter child), and the settling goes on from there (its
/// cursor found from the spans the loop wrote and the node's `stopCodes`) instead of tracing the way
/// again from the root. A splat that takes the rest, a chain of optional segments, a miss on the only
/// way, the path before a query: each must still match as the full search of the normalised path
/// does, wherever on the way the loop stopped (after static segments, after parameters, inside a chain
/// of single-child static nodes, past a literal longer than 16 bits count).
@Suite struct WalkStopResumeTests {
    private func table(caseInsensitive: Bool = false) throws -> RouteTable<Int> {
        let table = RouteTable<Int>(caseInsensitive: caseInsensitive)
        try table.add("/files0/d0/e0/*path", payload: 0)
        try table.add("/o0/p0/q0/:x?/:y?/:z?", payload: 1)
        try table.add("/api/:a/items/:b/act", payload: 2)
        try table.add("/api/:a/items/:b/:c", payload: 3)             // a parameter beside `act`
        try table.add("/drive/:owner/shared/*rest", payload: 4)
        try table.add("/long/organizations-and-teams/members/list", payload: 5)   // a chain
        try table.add("/one/:a/:b/:c/:d/tail", payload: 6)
        try table.add("/one/:a/:b/:c/:d/*rest", payload: 7)
        try table.add("/nine/:a/:b/:c/:d/:e/:f/:g/:h/*rest", payload: 9)
        try table.add("/Mixed/Case/*rest", payload: 8)
        return table
    }

    /// What `stop` settles where the walk's loop stopped, for the shapes this round settles there.
    private enum Verdict: Equatable {
        case hit(Int)
        case hitBeforeQuery(Int)
        case miss
        /// Left to the retrace, the search or the full resolution.
        case left
    }

    private func stopped(_ table: RouteTable<Int>, _ text: String) -> Verdict {
        table.withFrozenLookup { lookup -> Verdict in
            var text = text
            return text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                let walked = lookup.trie.walk(bytes, spans: &spans)
                switch walked {
                // (A node with no route of its own: an optional chain's below it, the rest left out.)
                // (The miss the loop settles at a dead end on the only way: `FrozenTrie.missedOnOnlyWay`.)
                case .deadEnd(FrozenTrie.missedOnOnlyWay): return .miss
                case .node(let node): return .hit(table.routes[lookup.trie.firstRoute(at: lookup.trie.absentTail(below: node)?.node ?? node)].payload)
                case .deadEnd, .notPlain: break
                case .undecided, .pastInlineParameters: return .left
                }
                switch lookup.trie.stop(after: walked, bytes, spans: &spans) {
                case .nodeBeforeQuery(let node): return .hitBeforeQuery(table.routes[lookup.trie.firstRoute(at: node)].payload)
                case .miss: return .miss
                case .settled(.node(let node)), .settled(.nodeSkipping(let node, _)):
                    return .hit(table.routes[lookup.trie.firstRoute(at: node)].payload)
                case .settled(.miss): return .miss
                case .settled, .walked: return .left
                }
            }
        }
    }

    @Test func aSplatTakesTheRestWhereTheLoopStopped() throws {
        let table = try table()
        #expect(stopped(table, "/files0/d0/e0/a") == .hit(0))
        #expect(stopped(table, "/files0/d0/e0/a/b/c/d/e/f") == .hit(0))
        #expect(stopped(table, "/drive/me/shared/a/b") == .hit(4))   // after a parameter
        #expect(try table.match("/files0/d0/e0/a/b/c")?.info.params == ["path": "a/b/c"])
        #expect(try table.match("/drive/me/shared/a/b")?.info.params == ["owner": "me", "rest": "a/b"])
        // An empty splat: the path ends at the splat's parent (the retrace's, not a stop).
        #expect(try table.match("/files0/d0/e0")?.info.params == ["path": ""])
        // After a query mark: the splat takes the path before it.
        #expect(try table.match("/files0/d0/e0/a/b?x=1")?.info.params == ["path": "a/b"])
        #expect(try table.match("/files0/d0/e0/a/b?x=1")?.info.query == ["x": "1"])
        #expect(try table.match("/files0/d0/e0?x=1")?.info.params == ["path": ""])
        // Not plain after the splat's first segment: normalised first, then matched.
        #expect(stopped(table, "/files0/d0/e0/a/") == .left)
        #expect(stopped(table, "/files0/d0/e0/a//b") == .left)
        #expect(stopped(table, "/files0/d0/e0/a/./b") == .left)
        #expect(stopped(table, "/files0/d0/e0/a/../b") == .left)
        #expect(try table.match("/files0/d0/e0/a/")?.info.params == ["path": "a"])
        #expect(try table.match("/files0/d0/e0/a//b")?.info.params == ["path": "a/b"])
        #expect(try table.match("/files0/d0/e0/a/./b")?.info.params == ["path": "a/b"])
        #expect(try table.match("/files0/d0/e0/a/../b")?.info.params == ["path": "b"])
        for text in ["/files0/d0/e0/a", "/files0/d0/e0/a/b/c/d/e/f", "/files0/d0/e0", "/files0/d0/e0/a/b?x=1",
                     "/files0/d0/e0?x=1", "/files0/d0/e0/a/", "/files0/d0/e0/a//b", "/files0/d0/e0/a/./b",
                     "/files0/d0/e0/a/../b", "/files0/d0/e0/a#f", "/files0/d0/e0/.hidden/x", "/drive/me/shared/a/b",
                     "/drive/me/shared", "/drive/me/other/a"] {
            try expectAsTheFullSearch(table, text)
        }
    }

    /// What the lookup settles where the walk's loop read all the text and ended at a node with no
    /// route (`Walked.undecided`), at that node (`FrozenTrie.ended`).
    private func ended(_ table: RouteTable<Int>, _ text: String) -> Verdict {
        table.withFrozenLookup { lookup -> Verdict in
            var text = text
            return text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                guard case .undecided(let node) = lookup.trie.walk(bytes, spans: &spans) else { return .left }
                switch lookup.trie.ended(at: node, bytes, spans: &spans) {
                case .node(let node), .nodeSkipping(let node, _): return .hit(table.routes[lookup.trie.firstRoute(at: node)].payload)
                case .miss: return .miss
                default: return .left
                }
            }
        }
    }

    @Test func aPathEndingWhereNoRouteDoesIsSettledAtThatNode() throws {
        let table = try table()
        #expect(ended(table, "/files0/d0/e0") == .hit(0))          // an empty splat
        // (An optional chain taking no segment is the walk's own hit since issue 37's eleventh session:
        // `OptionalChainWalkTests`.)
        #expect(ended(table, "/api/1/items") == .miss)             // on the only way
        #expect(ended(table, "/drive/me") == .miss)
        #expect(ended(table, "/one/1/2/3/4") == .hit(7))           // an empty splat, the fifth parameter
        #expect(ended(table, "/nine/1/2/3/4/5/6/7/8") == .left)    // a splat there would be a ninth parameter
        #expect(try table.match("/o0/p0/q0")?.info.params == [:])
        #expect(try table.match("/drive/me/shared")?.info.params == ["owner": "me", "rest": ""])
        for text in ["/files0/d0/e0", "/o0/p0/q0", "/api/1/items", "/drive/me", "/drive/me/shared", "/one/1/2/3/4", "/nine/1/2/3/4/5/6/7/8",
                     "/long/organizations-and-teams", "/", "/api/1/items?x", "/o0/p0/q0#f"] {
            try expectAsTheFullSearch(table, text)
        }
    }

    @Test func aNinthParameterAtTheStopIsLeftToTheCandidates() throws {
        let table = try table()
        // Eight spans written, then a splat would be the ninth: the candidates decide. (A hit carries
        // eight: a splat as the fifth is settled.)
        #expect(stopped(table, "/nine/1/2/3/4/5/6/7/8/x/y") == .left)
        #expect(try table.match("/nine/1/2/3/4/5/6/7/8/x/y")?.info.params["rest"] == "x/y")
        try expectAsTheFullSearch(table, "/nine/1/2/3/4/5/6/7/8/x/y")
        #expect(stopped(table, "/one/1/2/3/4/x/y") == .hit(7))
        #expect(try table.match("/one/1/2/3/4/x/y")?.info.params == ["a": "1", "b": "2", "c": "3", "d": "4", "rest": "x/y"])
        #expect(try table.match("/one/1/2/3/4/tail?q=1")?.route.payload == 6)
        try expectAsTheFullSearch(table, "/one/1/2/3/4/x/y")
        try expectAsTheFullSearch(table, "/one/1/2/3/4/tail?q=1")
    }

    @Test func anOptionalChainTakesTheRestWhereTheLoopStopped() throws {
        let table = try table()
        #expect(stopped(table, "/o0/p0/q0/1") == .hit(1))
        #expect(stopped(table, "/o0/p0/q0/1/2/3") == .hit(1))
        #expect(stopped(table, "/o0/p0/q0/1/2/3/4") == .left)        // more segments than the chain
        #expect(try table.match("/o0/p0/q0/1/2")?.info.params == ["x": "1", "y": "2"])
        // With a query: the path before it is found alone, the chain settled there too.
        #expect(try table.match("/o0/p0/q0/1/2?tab=info")?.info.params == ["x": "1", "y": "2"])
        #expect(try table.match("/o0/p0/q0/1/2?tab=info")?.info.query == ["tab": "info"])
        #expect(try table.match("/o0/p0/q0?tab=info")?.info.params == [:])
        #expect(try table.match("/o0/p0/q0/1?a=1#f")?.info.fragment == "f")
        for text in ["/o0/p0/q0/1", "/o0/p0/q0/1/2/3", "/o0/p0/q0/1/2/3/4", "/o0/p0/q0", "/o0/p0/q0/1/2?tab=info",
                     "/o0/p0/q0?tab=info", "/o0/p0/q0/1?a=1#f", "/o0/p0/q0/1/", "/o0/p0/q0/1//2", "/o0/p0/q0/./1",
                     "/o0/p0/q1/1", "/o0/p0/q0/1/2/3?x=/a"] {
            try expectAsTheFullSearch(table, text)
        }
    }

    @Test func aMissBesideAParameterSiblingIsLeftToTheSearchAndOnTheOnlyWayDecided() throws {
        let table = try table()
        // `items/:b` has `act` beside `:c`: a dead end past it is not on the only way.
        #expect(stopped(table, "/api/1/items/2/act/more") == .left)
        #expect(try table.match("/api/1/items/2/act/more") == nil)
        #expect(try table.match("/api/1/items/2/other")?.info.params == ["a": "1", "b": "2", "c": "other"])
        // On the only way, after a parameter and a static segment: decided where the loop stopped.
        #expect(stopped(table, "/api/1/missing/2/act") == .miss)
        #expect(stopped(table, "/drive/me/missing/a") == .miss)      // `shared`, no parameter beside it
        #expect(stopped(table, "/api/1/missing/2/act?x=1") == .miss)
        for text in ["/api/1/items/2/act/more", "/api/1/items/2/other", "/api/1/missing/2/act",
                     "/api/1/missing/2/act?x=1", "/api/1/missing/../items/2/act", "/api/1/items/2/act?x",
                     "/api/1/items/2/act#", "/missing", "/missing?x"] {
            try expectAsTheFullSearch(table, text)
        }
    }

    @Test func theLoopStoppingInsideAChainGoesOnFromItsHead() throws {
        let table = try table()
        // A chain's bytes compared at once: the loop stops at its head, wherever in it the text leaves.
        #expect(stopped(table, "/long/organizations-and-teams/members/list?x=1") == .hitBeforeQuery(5))
        #expect(stopped(table, "/long/organizations-and-teams/members?x=1") == .miss)
        #expect(stopped(table, "/long/organizations-and-teams/other/list") == .miss)
        #expect(stopped(table, "/long/organizations-and-teams/members/list/more") == .miss)
        for text in ["/long/organizations-and-teams/members/list?x=1", "/long/organizations-and-teams/members?x=1",
                     "/long/organizations-and-teams/other/list", "/long/organizations-and-teams/members/list/more",
                     "/long/organizations-and-teams/members/list#f", "/long/organizations-and-teams/members/./list"] {
            try expectAsTheFullSearch(table, text)
        }
    }

    @Test func aCaseInsensitiveTableSettlesItsStopsByFoldedLiterals() throws {
        let table = try table(caseInsensitive: true)
        #expect(stopped(table, "/FILES0/D0/E0/A/b") == .hit(0))
        #expect(try table.match("/FILES0/D0/E0/A/b")?.info.params == ["path": "A/b"])
        #expect(stopped(table, "/mixed/CASE/x") == .hit(8))
        #expect(stopped(table, "/O0/P0/Q0/1/2") == .hit(1))
        #expect(stopped(table, "/API/1/Missing/2/act") == .miss)
        #expect(stopped(table, "/Long/Organizations-And-Teams/MEMBERS/List?x") == .hitBeforeQuery(5))
        for text in ["/FILES0/D0/E0/A/b", "/mixed/CASE/x", "/O0/P0/Q0/1/2?x=1", "/API/1/Missing/2/act",
                     "/Long/Organizations-And-Teams/MEMBERS/List?x", "/Files0/d0/E0?x"] {
            try expectAsTheFullSearch(table, text)
        }
    }

    /// A literal of 30,000 bytes: the stops past it are found where the loop left them. (A text past
    /// `Parameters.Span.offsetLimit`, 32,767 bytes, is not walked: the resolution decides, below.)
    @Test func aStopPastAVeryLongLiteralGoesOnFromWhereTheLoopStopped() throws {
        let table = RouteTable<Int>()
        let literal = String(repeating: "a", count: 30_000)
        try table.add("/\(literal)/x/*rest", payload: 0)
        try table.add("/\(literal)/y/:id", payload: 1)
        try table.add("/short/x/*rest", payload: 2)
        #expect(stopped(table, "/\(literal)/x/1/2") == .hit(0))
        #expect(stopped(table, "/\(literal)/y/1/2") == .miss)
        #expect(stopped(table, "/\(literal)/y/1?q") == .hitBeforeQuery(1))
        #expect(stopped(table, "/\(literal)/y/12345678901?q") == .hitBeforeQuery(1))   // past the value's first word
        #expect(stopped(table, "/\(literal)/x?q") == .left)   // ends where no route does, beside a splat
        #expect(try table.match("/\(literal)/x/1/2")?.info.params == ["rest": "1/2"])
        #expect(try table.match("/\(literal)/y/7?q=1")?.info.params == ["id": "7"])
        #expect(try table.match("/short/x/1")?.info.params == ["rest": "1"])
        let longer = String(repeating: "b", count: 40_000)
        try table.add("/\(longer)/x/*rest", payload: 3)
        #expect(stopped(table, "/\(longer)/x/1/2") == .left)
        #expect(try table.match("/\(longer)/x/1/2")?.info.params == ["rest": "1/2"])
    }

    /// Every short text over tokens that reach each kind of stop in the table (static literals,
    /// parameters' values, missing literals, `?`, `#`, dot and empty segments), looked up by `match`,
    /// `withMatch` and `firstMatch`, against the full search.
    @Test func everyShortTextMatchesAsTheFullSearchDoes() throws {
        for caseInsensitive in [false, true] {
            let table = try table(caseInsensitive: caseInsensitive)
            let heads = ["/files0/d0/e0", "/o0/p0/q0", "/api/1/items", "/drive/me/shared", "/one/1/2/3/4", "/nine/1/2/3/4/5/6/7/8",
                         "/long/organizations-and-teams", "/Mixed/CASE", ""]
            let tokens = ["/", "a", "act", "members", "list", "tail", "?x", "#f", ".", "..", "/1"]
            var checked = 0
            for head in heads {
                var texts = [head]
                for _ in 1...4 {
                    texts = texts.flatMap { text in tokens.map { text + $0 } }
                    for text in texts {
                        try expectAsTheFullSearch(table, text)
                        checked += 1
                    }
                }
            }
            #expect(checked > 100_000)
        }
    }
}

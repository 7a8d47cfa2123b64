import Testing
@testable import Switchyard

/// Issue 37, misses and queries in the walk: where the one-pass walk stops in a segment, it decides
/// there what it can without a second pass. A dead end (or an end where no route does) on the only
/// way through the trie is a miss, when the path is plain from there on; a `?` or `#` ends the path,
/// and the segment holding it is taken again up to it, so the path before a query is settled in the
/// same scan. Everything the walk leaves must still match as the full search does.
@Suite struct WalkStopsTests {
    private func table(caseInsensitive: Bool = false) throws -> RouteTable<Int> {
        let table = RouteTable<Int>(caseInsensitive: caseInsensitive)
        try table.add("/api/:a/items/:b/act", payload: 0)
        try table.add("/api/:a/items/act/:c", payload: 1)
        try table.add("/users", payload: 2)
        try table.add("/users/:id", payload: 3)
        try table.add("/album/new", payload: 4)
        try table.add("/album/:id", payload: 5)
        try table.add("/settings/notifications-and-privacy", payload: 6)
        try table.add("/maybe/:x?", payload: 7)
        try table.add("/files/*path", payload: 8)
        try table.add("/q/:a/:b/:c/:d/end", payload: 9)
        try table.add("/q/:a/:b/:c/:d/:e", payload: 10)
        try table.add("/q/:a/:b/:c/:d/:e/:f/:g/:h/:i", payload: 11)
        return table
    }

    private enum Verdict: Equatable {
        case node(Int)
        case nodeBeforeQuery(Int)
        case miss
        /// Anything the walk leaves to `RouteLookup.settle` (a dead end beside another way, text that
        /// is not plain, a ninth parameter).
        case left
    }

    /// What the walk says of `text` (and, where its loop stopped in a segment, what `stop` settles
    /// there), a node by its route's payload.
    private func walked(_ table: RouteTable<Int>, _ text: String) -> Verdict {
        table.withFrozenLookup { lookup -> Verdict in
            var text = text
            return text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                let walked = lookup.trie.walk(bytes, spans: &spans)
                switch walked {
                // (A node with no route of its own: an optional chain's below it, the rest left out.)
                // (The miss the loop settles at a dead end on the only way: `FrozenTrie.missedOnOnlyWay`.)
                case .deadEnd(FrozenTrie.missedOnOnlyWay): return .miss
                // (The path before a `?` or `#` in the dead segment, settled there: the complement of its node.)
                case .deadEnd(let settled) where settled < 0:
                    return .nodeBeforeQuery(table.routes[lookup.trie.firstRoute(at: ~settled)].payload)
                case .node(let node): return .node(table.routes[lookup.trie.firstRoute(at: lookup.trie.absentTail(below: node)?.node ?? node)].payload)
                case .deadEnd, .notPlain: break
                case .undecided, .pastInlineParameters: return .left
                }
                // Stopped in a segment: what the lookup settles there.
                switch lookup.trie.stop(after: walked, bytes, spans: &spans) {
                case .nodeBeforeQuery(let node): return .nodeBeforeQuery(table.routes[lookup.trie.firstRoute(at: node)].payload)
                case .miss: return .miss
                case .settled, .walked: return .left
                }
            }
        }
    }

    @Test func aDeadEndOnTheOnlyWayIsAMissWhereTheWalkStops() throws {
        let table = try table()
        // A literal no static child takes where there is no parameter child, at the root, after a
        // parameter, and at the last segment; a query after the path changes nothing.
        for text in ["/missing/1/items/2/act", "/api/1/missing/2/act", "/api/1/items/2/missing",
                     "/api/1/missing/2/act?x=1", "/api/1/missing/2/act#f", "/api/1/missing?x=/../api", "/nowhere",
                     "/album/12/photos"] {
            #expect(walked(table, text) == .miss, "\(text)")
        }
        // A path that ends where no route does, on the only way, is one too (decided where the walk
        // stopped when a query follows it, by the retrace otherwise).
        #expect(walked(table, "/api/1/items?x") == .miss)
        for text in ["/api/1/items", "/api/1/items?x", "/api/1/missing?x=/../api"] {
            #expect(try table.match(text) == nil, "\(text)")
            #expect(try table.withMatch(text) { $0?.route } == nil, "\(text)")
            #expect(table.firstMatch(text) == nil, "\(text)")
        }
        // The rest of the path after the dead end is not plain: normalising it may lead to a route.
        for text in ["/api/1/missing/../items/2/act", "/api/1/missing/./2/act", "/api/1/missing/..?x"] {
            #expect(walked(table, text) == .left, "\(text)")
        }
        // A trailing slash after the dead segment leaves the miss (normalising drops it, and the segment
        // stays): the walk no longer refuses it on entry (eighteenth session), and its loop misses it as
        // it misses an empty segment there. A caller that lands a plain path asks the miss whether the
        // text is plain (`RouteResolution.miss(of:)`): still not.
        for text in ["/api/1/missing/2/act/", "/api/1/missing/", "/missing/"] {
            #expect(walked(table, text) == .miss, "\(text)")
            #expect(try table.match(text) == nil, "\(text)")
            #expect(try table.resolve(plainPath: text) == nil, "\(text)")
        }
        // A trailing slash before a `?` past the dead segment: the path before the mark dead-ends there
        // all the same (thirteenth session: a `?` or `#` after the dead segment is not read for).
        #expect(walked(table, "/api/1/missing/2/act/?x") == .miss)
        #expect(try table.match("/api/1/missing/2/act/?x") == nil)
        // An empty segment after a dead end on the only way leads to no route once normalised: the
        // walk's loop settles it as a miss (`FrozenTrie.deadEnd(onOnlyWay:)`, as `settleStop` did).
        #expect(walked(table, "/api/1/missing//2/act") == .miss)
        #expect(try table.match("/api/1/missing//2/act") == nil)
        #expect(try table.match("/api/1/missing/../items/2/act")?.route.payload == 0)
        #expect(try table.withMatch("/api/1/missing/..?x") { $0?.route } == nil)
        #expect(try table.match("/album/2/x/..?y")?.info.params == ["id": "2"])
    }

    @Test func aDeadEndBesideAnotherWayIsLeftToTheSearch() throws {
        let table = try table()
        // `maybe` has an optional, `files` a splat, and the ways through `items/act` and `album/new`
        // pass a parameter beside the static child.
        for text in ["/api/1/items/act/9/more", "/maybe/1/2", "/album/new/x", "/album/new/x?y"] {
            #expect(walked(table, text) == .left, "\(text)")
        }
        // The splat takes a plain rest in the walk's loop (issue 37, tenth session; `SplatSettledInTheWalkTests`).
        #expect(walked(table, "/files/a/b") == .node(8))
        #expect(try table.match("/files/a/b")?.info.params == ["path": "a/b"])
        #expect(try table.match("/maybe")?.route.payload == 7)
        for text in ["/api/1/items/act/9/more", "/maybe/1/2", "/album/new/x", "/album/new/x?y"] {
            #expect(try table.match(text) == nil, "\(text)")
            #expect(try table.withMatch(text) { $0?.route } == nil, "\(text)")
        }
    }

    @Test func aQueryIsCutOffInTheSameScan() throws {
        let table = try table()
        let cases: [(text: String, verdict: Verdict)] = [
            ("/album/12?tab=info", .nodeBeforeQuery(5)),
            ("/album/new?tab=info", .nodeBeforeQuery(4)),                    // the static child, not the parameter
            ("/users?tab=1", .nodeBeforeQuery(2)),                           // a static child, no parameter beside
            ("/users#top", .nodeBeforeQuery(2)),
            ("/users/7?x=1#f", .nodeBeforeQuery(3)),
            ("/settings/notifications-and-privacy?from=/home", .nodeBeforeQuery(6)),   // a literal past two words
            ("/api/1/items/2/act?tab=info&page=17", .nodeBeforeQuery(0)),
            ("/api/1/items/act/12345678901234567890?p", .nodeBeforeQuery(1)),  // a parameter past two words
            ("/api/1/items/2?x", .miss),                                     // ends where no route does, the only way
            ("/api/1/nope?x", .miss),
            ("/album/?x", .left),                                            // a trailing slash: normalised first
            ("/album/..?x", .left),
            ("/q/1/2/3/4/5?x", .nodeBeforeQuery(10)),                        // a fifth parameter: a hit carries eight
            ("/q/1/2/3/4/5/6/7/8/9?x", .left),                               // a ninth parameter
            ("??", .left), ("users?x", .left), ("?/users", .left),           // not a path: never walked
        ]
        for (text, verdict) in cases {
            #expect(walked(table, text) == verdict, "\(text)")
        }
    }

    @Test func aPathBeforeAQueryMatchesAsTheLocationDoes() throws {
        let table = try table()
        let cases: [(text: String, payload: Int?, params: [String: String], query: [String: String], fragment: String?)] = [
            ("/album/12?tab=info", 5, ["id": "12"], ["tab": "info"], nil),
            ("/album/new?tab=info", 4, [:], ["tab": "info"], nil),
            ("/users?tab=1#top", 2, [:], ["tab": "1"], "top"),
            ("/users/a%20b?x=1", 3, ["id": "a b"], ["x": "1"], nil),
            ("/settings/notifications-and-privacy?from=/home", 6, [:], ["from": "/home"], nil),
            ("/api/1/items/act/9#f?x", 1, ["a": "1", "c": "9"], [:], "f?x"),
            ("/q/1/2/3/4/end?x=1", 9, ["a": "1", "b": "2", "c": "3", "d": "4"], ["x": "1"], nil),
            ("/q/1/2/3/4/5?x=1", 10, ["a": "1", "b": "2", "c": "3", "d": "4", "e": "5"], ["x": "1"], nil),
            ("/album/12/?x=1", 5, ["id": "12"], ["x": "1"], nil),
            ("/api/1/items/2?x", nil, [:], [:], nil),
            ("??", nil, [:], [:], nil),
            ("users?tab=1", 2, [:], ["tab": "1"], nil),
        ]
        for (text, payload, params, query, fragment) in cases {
            let found = try table.match(text)
            #expect(found?.route.payload == payload, "\(text)")
            guard let found else { continue }
            #expect(found.info.params.dictionary == params && found.info.query == query && found.info.fragment == fragment, "\(text)")
            try table.withMatch(text) { lent in
                #expect(lent?.route == found.route.id, "\(text)")
                #expect(lent?.info.params.dictionary == params && lent?.info.query == query, "\(text)")
                #expect(lent?.info.path == found.info.path, "\(text)")
            }
            #expect(table.firstMatch(text) == found.route.id, "\(text)")
        }
    }

    @Test func aCaseInsensitiveTableCutsAndMissesByFoldedLiterals() throws {
        let table = try table(caseInsensitive: true)
        #expect(walked(table, "/USERS?x") == .nodeBeforeQuery(2))
        #expect(walked(table, "/API/1/Items/ACT/2?x") == .nodeBeforeQuery(1))
        #expect(walked(table, "/API/1/Missing/2/act") == .miss)
        #expect(try table.withMatch("/Album/NEW#x") { $0?.route } == RouteID(rawValue: 4))
    }

    /// Every short text over tokens that reach each kind of stop (a static literal, a parameter's
    /// value, a missing literal, `?`, `#`, dot segments, empty segments), looked up by `withMatch`,
    /// `match` and `firstMatch`, against the full search of the text's normalised path (no validator
    /// in the table: the search's first candidate is the winner).
    @Test func everyShortTextMatchesAsTheFullSearchDoes() throws {
        let table = try table()
        let tokens = ["/", "api", "items", "act", "users", "album", "new", "1", "missing", "?x", "#f", ".", ".."]
        var texts = [""]
        var checked = 0
        for _ in 1...5 {
            texts = texts.flatMap { text in tokens.map { text + $0 } }
            // Texts that are no path (`??`, `users?x`) too, while they are short.
            for text in texts where text.hasPrefix("/") || text.count <= 4 {
                try check(table, text)
                checked += 1
            }
        }
        #expect(checked > 20_000)
    }

    private func check(_ table: RouteTable<Int>, _ text: String) throws {
        let location = Location(parsing: text)
        let expected = table.withFrozenLookup { $0.all(location.path).first }
        let expectedParams = expected?.params.dictionary
        let found = try table.match(text)
        #expect(found?.route.id.rawValue == expected?.route, "\(text): match \(String(describing: found?.route.payload))")
        #expect(found?.info.params.dictionary == expectedParams, "\(text)")
        let lent = try table.withMatch(text) { $0.map { ($0.route.rawValue, $0.info.params.dictionary, $0.info.query) } }
        #expect(lent?.0 == expected?.route && lent?.1 == expectedParams, "\(text): withMatch \(String(describing: lent?.0))")
        #expect(lent == nil || lent?.2 == location.query, "\(text)")
        #expect(table.firstMatch(text)?.rawValue == expected?.route, "\(text): firstMatch")
    }
}

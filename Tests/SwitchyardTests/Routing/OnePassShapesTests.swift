import Testing
@testable import Switchyard

/// Issue 37: where the one-pass walk stops (no static child takes the segment, no parameter child),
/// its way traced again settles more shapes, where the path was split and searched: a splat or a
/// chain of optional segments takes the rest, and a path that ends where no route does on the only
/// way through the trie is a miss. The matches are the full search's, down to an empty splat's value
/// and an absent optional's; a path before a `?query` takes the same shapes.
@Suite struct OnePassShapesTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/files/*path", payload: 0)
        try table.add("/files/readme", payload: 1)
        try table.add("/drive/:owner/*rest", payload: 2)
        try table.add("/drive/:owner/shared", payload: 3)
        try table.add("/docs/guide/intro", payload: 4)
        try table.add("/docs/*rest", payload: 5)
        try table.add("/deep/:a/:b/:c/:d/*rest", payload: 6)
        try table.add("/opt/:x?/*rest", payload: 7)
        try table.add("/*", payload: 8)
        try table.add("/deeper/:a/:b/:c/:d/:e/:f/:g/:h/*rest", payload: 9)
        return table
    }

    /// What the walk alone decides for `path` (its loop, and `retrace` where it stops): the payload of
    /// the route at the node it settles, or nil.
    private func walked(_ table: RouteTable<Int>, _ path: String) -> Int? {
        guard case .node(let payload)? = verdict(table, path) else { return nil }
        return payload
    }

    private enum Verdict: Equatable {
        case node(Int)
        case skipping(Int)
        case miss
    }

    /// The walk's verdict for `path` when it settles it (a node's route by payload), nil where the
    /// search or the full resolution decides. A stop is settled (`FrozenTrie.retrace`) for a plain
    /// path with no query, as `RouteLookup.find` asks it.
    private func verdict(_ table: RouteTable<Int>, _ path: String) -> Verdict? {
        table.withFrozenLookup { lookup -> Verdict? in
            var text = path
            return text.withUTF8 { bytes in
                var spans = Parameters.InlineSpans()
                var walked = lookup.trie.walk(bytes, spans: &spans)
                // (The miss the loop settles at a dead end on the only way: `FrozenTrie.missedOnOnlyWay`.)
                if case .deadEnd(FrozenTrie.missedOnOnlyWay) = walked { return .miss }
                if case .node(let node) = walked {
                    // A node with no route of its own: an optional chain's route below it, the rest left
                    // out (FrozenTrie+OptionalSteps.swift), a hit when its spans fit, as `find` settles it.
                    if let (tail, absent) = lookup.trie.absentTail(below: node) {
                        guard spans.count + absent <= Int32(Parameters.InlineSpans.capacity) else { return nil }
                        return .skipping(table.routes[lookup.trie.firstRoute(at: tail)].payload)
                    }
                    return .node(table.routes[lookup.trie.firstRoute(at: node)].payload)
                }
                // Where the walk stopped in a segment: a miss on the only way is decided there (`WalkStopsTests`).
                var settled: FrozenTrie.Settled?
                if case .deadEnd = walked {
                    switch lookup.trie.stop(after: walked, bytes, spans: &spans) {
                    case .miss: return .miss
                    case .nodeBeforeQuery: return nil
                    case .settled(let found): settled = found
                    case .walked(let verdict): walked = verdict
                    }
                }
                if settled == nil {
                    guard FrozenTrie.plainPathEnd(bytes) == bytes.count else { return nil }
                    if case .pastInlineParameters = walked { return nil }
                    settled = lookup.trie.retrace(bytes, spans: &spans)
                }
                switch settled {
                case .node(let node): return .node(table.routes[lookup.trie.firstRoute(at: node)].payload)
                case .nodeSkipping(let node, _): return .skipping(table.routes[lookup.trie.firstRoute(at: node)].payload)
                case .miss: return .miss
                default: return nil
                }
            }
        }
    }

    @Test func theWalkTakesASplatWhereItStops() throws {
        let table = try table()
        #expect(walked(table, "/files/a/b/c") == 0)
        #expect(walked(table, "/files") == 0)                 // an empty splat
        #expect(walked(table, "/drive/me/a/b") == 2)          // after a parameter
        #expect(walked(table, "/drive/me") == 2)
        #expect(walked(table, "/nowhere/at/all") == 8)        // the root's splat
        // Left to the search: the splat is not on the walk's way (the static child dead-ends past it),
        // an optional comes before it, it would be a ninth parameter (a hit carries eight: a fifth is
        // taken), the rest is not plain.
        #expect(walked(table, "/docs/guide/other") == nil)
        #expect(walked(table, "/opt/a/b") == nil)
        #expect(walked(table, "/deep/1/2/3/4/5") == 6)
        #expect(walked(table, "/deeper/1/2/3/4/5/6/7/8/9") == nil)
        #expect(walked(table, "/files/a/../b") == nil)
        #expect(verdict(table, "/files/a?x=1") == nil)          // the path before the query is found alone
    }

    @Test func splatMatchesAreTheSearchesMatches() throws {
        let table = try table()
        let cases: [(path: String, payload: Int, params: [String: String])] = [
            ("/files/a/b/c", 0, ["path": "a/b/c"]),
            ("/files/a%20b/c", 0, ["path": "a b/c"]),
            ("/files", 0, ["path": ""]),
            ("/files/readme", 1, [:]),
            ("/files/readme/more", 0, ["path": "readme/more"]),
            ("/drive/me/a/b", 2, ["owner": "me", "rest": "a/b"]),
            ("/drive/me", 2, ["owner": "me", "rest": ""]),
            ("/drive/me/shared", 3, ["owner": "me"]),
            ("/drive/me/shared/x", 2, ["owner": "me", "rest": "shared/x"]),
            ("/docs/guide/intro", 4, [:]),
            ("/docs/guide/other", 5, ["rest": "guide/other"]),
            ("/deep/1/2/3/4/5/6", 6, ["a": "1", "b": "2", "c": "3", "d": "4", "rest": "5/6"]),
            ("/opt/a/b", 7, ["x": "a", "rest": "b"]),
            ("/nowhere/at/all", 8, ["*": "nowhere/at/all"]),
            ("/", 8, ["*": ""]),
            ("/files/a/../b", 0, ["path": "b"]),
            ("/files/a/.well-known/b", 0, ["path": "a/.well-known/b"]),
            ("/files/a//b/", 0, ["path": "a/b"]),
            ("/files/a/b?x=1#f", 0, ["path": "a/b"]),
        ]
        for (path, payload, params) in cases {
            let found = try #require(try table.match(path), "\(path)")
            #expect(found.route.payload == payload, "\(path): \(found.info.pattern)")
            #expect(found.info.params.dictionary == params, "\(path): \(found.info.params)")
            try table.withMatch(path) { lent in
                #expect(lent?.route == found.route.id, "\(path)")
                #expect(lent.map { lent in params.allSatisfy { lent[parameter: $0.key] == $0.value } } == true, "\(path)")
            }
            #expect(table.firstMatch(path) == found.route.id, "\(path)")
        }
        #expect(try table.match("/files/a/b?x=1#f")?.info.query == ["x": "1"])
    }

    private func lookupTable() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/album/new", payload: 0)
        try table.add("/album/:id", payload: 1)
        try table.add("/album/:id/photos", payload: 2)
        try table.add("/settings/notifications", payload: 3)
        try table.add("/settings/privacy/data", payload: 4)
        try table.add("/user/:id/settings", payload: 5)
        try table.add("/user/me", payload: 6)
        try table.add("/maybe/:x?", payload: 7)
        try table.add("/files/*path", payload: 8)
        return table
    }

    /// The path before a `?` or `#` takes the same shapes (a splat, an optional, a miss) as the path
    /// alone: it is found alone, cut where the query starts.
    @Test func aPathBeforeAQueryTakesTheSameShapes() throws {
        let table = try lookupTable()
        let cases: [(path: String, payload: Int?, params: [String: String], query: [String: String], fragment: String?)] = [
            ("/album/12?tab=info", 1, ["id": "12"], ["tab": "info"], nil),
            ("/album/new?x=1#f", 0, [:], ["x": "1"], "f"),
            ("/album/a%20b#x?y", 1, ["id": "a b"], [:], "x?y"),
            ("/album/12/photos?", 2, ["id": "12"], [:], nil),
            ("/files/a/b?x=1", 8, ["path": "a/b"], ["x": "1"], nil),
            ("/files?x=1", 8, ["path": ""], ["x": "1"], nil),
            ("/files/a/b#/c", 8, ["path": "a/b"], [:], "/c"),
            ("/maybe/1?x=2", 7, ["x": "1"], ["x": "2"], nil),
            ("/album/12/?x=1", 1, ["id": "12"], ["x": "1"], nil),
            ("/settings/nope?x", nil, [:], [:], nil),
            ("/settings?x", nil, [:], [:], nil),
        ]
        for (path, payload, params, query, fragment) in cases {
            let found = try table.match(path)
            #expect(found?.route.payload == payload, "\(path)")
            #expect(try table.withMatch(path) { $0?.route } == found?.route.id, "\(path)")
            #expect(table.firstMatch(path) == found?.route.id, "\(path)")
            guard let found else { continue }
            #expect(found.info.params.dictionary == params, "\(path): \(found.info.params)")
            #expect(found.info.query == query && found.info.fragment == fragment, "\(path): \(found.info.query)")
            try table.withMatch(path) { lent in
                #expect(lent?.info.query == query && lent?.info.fragment == fragment, "\(path)")
                #expect(lent.map { lent in params.allSatisfy { lent[parameter: $0.key] == $0.value } } == true, "\(path)")
            }
        }
    }

    /// A dead end is a miss when no node on its way offered another child; beside a
    /// parameter, an optional or a splat the search decides, as before.
    @Test func aDeadEndOnTheOnlyWayIsAMiss() throws {
        let table = try lookupTable()
        #expect(verdict(table, "/nowhere") == .miss)
        #expect(verdict(table, "/settings/nope") == .miss)
        #expect(verdict(table, "/settings") == .miss)                // ends where no route ends
        #expect(verdict(table, "/settings/privacy") == .miss)
        #expect(verdict(table, "/settings/privacy/data/more") == .miss)
        #expect(verdict(table, "/album/12/nope") == .miss)           // after a parameter
        #expect(verdict(table, "/user/me/settings") == nil)          // `me` beside `:id`: the search decides
        #expect(verdict(table, "/maybe/1/2") == nil)                 // an optional on the way
        #expect(verdict(table, "/settings/nope/../notifications") == nil)
        for path in ["/nowhere", "/settings/nope", "/settings", "/album/12/nope", "/user/me/nope", "/maybe/1/2",
                     "/settings/privacy/data/more"] {
            #expect(try table.match(path) == nil, "\(path)")
            #expect(try table.withMatch(path) { $0?.route } == nil, "\(path)")
            #expect(table.firstMatch(path) == nil, "\(path)")
        }
        #expect(try table.match("/user/me/settings")?.route.payload == 5)
        #expect(try table.match("/settings/nope/../notifications")?.route.payload == 3)
    }

    /// Issue 33's typed `int` in the walk's spans, eight digits at a time (`FrozenTrie.holdsIntegers`),
    /// against the byte-by-byte definition: an optional `-` and 1 to 18 ASCII digits. Values of every
    /// length to 20, with each wrong byte at each place (the bytes around the digits' range among them),
    /// at the text's end and before more text, as the first parameter and as the second: the inline
    /// check (one slot, 1 to 8 bytes, read from the value's first or from the text's last 8 bytes) and
    /// the out-of-line one must agree.
    @Test func integerSpansAgreeWithTheByteByByteDefinition() {
        let wrong: [UInt8] = [0x2f, 0x3a, 0x40, 0x20, 0xb0, 0xb9, 0x00, 0x2d, UInt8(ascii: "a")]
        var values: [[UInt8]] = []
        for length in 0...20 {
            let digits = (0..<length).map { UInt8(ascii: "0") + UInt8(($0 * 7) % 10) }
            values.append(digits)
            values.append([UInt8(ascii: "-")] + digits)
            for place in 0..<length {
                for byte in wrong {
                    var value = digits
                    value[place] = byte
                    values.append(value)
                }
            }
        }
        var checked = 0
        for value in values {
            let body = value.first == UInt8(ascii: "-") ? value.dropFirst() : value[...]
            let expected = (1...18).contains(body.count) && body.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            for suffix in ["", "/x", "/abcdefghijklmnop"] {
                for prefix in ["/n/", "/7/", "/"] {
                    let text = Array(prefix.utf8) + value + Array(suffix.utf8)
                    var spans = Parameters.InlineSpans()
                    spans.append(Parameters.Span(start: prefix.utf8.count, end: prefix.utf8.count + value.count))
                    let found = text.withUnsafeBufferPointer { FrozenTrie.holdsIntegers($0, &spans, integerSlots: 1) }
                    if found != expected { Issue.record("\(prefix)\(value)\(suffix): \(found), expected \(expected)") }
                    checked += 1
                    // The value as the second parameter, after `n` or `7`: read from its own slot
                    // (the first is an `int` or not), and with both slots typed, refused for `n`.
                    guard prefix.utf8.count == 3 else { continue }
                    var second = Parameters.InlineSpans()
                    second.append(Parameters.Span(start: 1, end: 2))
                    second.append(Parameters.Span(start: 3, end: 3 + value.count))
                    let foundSecond = text.withUnsafeBufferPointer { FrozenTrie.holdsIntegers($0, &second, integerSlots: 2) }
                    if foundSecond != expected { Issue.record("second \(prefix)\(value)\(suffix): \(foundSecond), expected \(expected)") }
                    let foundBoth = text.withUnsafeBufferPointer { FrozenTrie.holdsIntegers($0, &second, integerSlots: 3) }
                    let expectedBoth = expected && prefix == "/7/"
                    if foundBoth != expectedBoth { Issue.record("both \(prefix)\(value)\(suffix): \(foundBoth), expected \(expectedBoth)") }
                }
            }
        }
        #expect(checked > 5_000)
        // No typed `int` slot: the full check decides.
        var none = Parameters.InlineSpans()
        none.append(Parameters.Span(start: 1, end: 2))
        #expect(Array("/1".utf8).withUnsafeBufferPointer { FrozenTrie.holdsIntegers($0, &none, integerSlots: 0) } == false)
    }

    /// A chain of optional segments is taken where the walk stops: the segments go to the first
    /// optionals in turn, the rest are left out, and the shallowest node that takes every segment wins.
    @Test func aChainOfOptionalSegmentsIsTakenWhereTheWalkStops() throws {
        let table = RouteTable<Int>()
        try table.add("/q/:x?/:y?/:z?", payload: 0)
        try table.add("/q/:x?", payload: 1)
        try table.add("/p/:a/:b/:c/:d?/:e?", payload: 2)
        try table.add("/r/:x?/:y?/end", payload: 3)
        try table.add("/r/:x?/:y?", payload: 4)
        try table.add("/s/:x?/*rest", payload: 5)
        try table.add("/w/:a/:b/:c/:d/:e/:f/:g?/:h?", payload: 6)
        try table.add("/v/:a/:b/:c/:d/:e/:f/:g/:h?/:i?", payload: 7)
        // (Taken by the walk's loop since issue 37's eleventh session, `OptionalChainWalkTests`: a node
        // where the text ends on a route, or with the rest left out above one.)
        #expect(verdict(table, "/q") == .skipping(1))
        #expect(verdict(table, "/q/1") == .node(1))
        #expect(verdict(table, "/q/1/2") == .skipping(0))
        #expect(verdict(table, "/q/1/2/3") == .node(0))
        #expect(verdict(table, "/q/1/2/3/4") == nil)      // past the chain's end: the search decides
        #expect(verdict(table, "/p/1/2/3") == .skipping(2))
        #expect(verdict(table, "/p/1/2/3/4/5") == .node(2))
        #expect(verdict(table, "/w/1/2/3/4/5/6/7") == .skipping(6))
        #expect(verdict(table, "/w/1/2/3/4/5/6/7/8") == .node(6))
        #expect(verdict(table, "/v/1/2/3/4/5/6/7/8") == nil)     // past the eight spans a hit carries (nine)
        #expect(verdict(table, "/r/1") == nil)            // a static child in the chain
        #expect(verdict(table, "/s/1/2") == nil)          // a splat in the chain
        let cases: [(path: String, payload: Int?, params: [String: String])] = [
            ("/q", 1, [:]),
            ("/q/1", 1, ["x": "1"]),
            ("/q/1/2", 0, ["x": "1", "y": "2"]),
            ("/q/1/2/3", 0, ["x": "1", "y": "2", "z": "3"]),
            ("/q/a%20b/2?k=v#f", 0, ["x": "a b", "y": "2"]),
            ("/q/1/2/3/4", nil, [:]),
            ("/p/1/2/3", 2, ["a": "1", "b": "2", "c": "3"]),
            ("/p/1/2/3/4/5", 2, ["a": "1", "b": "2", "c": "3", "d": "4", "e": "5"]),
            ("/r/1", 4, ["x": "1"]),
            ("/r/1/end", 4, ["x": "1", "y": "end"]),   // the pattern that has ended ranks first
            ("/s/1/2", 5, ["x": "1", "rest": "2"]),
        ]
        for (path, payload, params) in cases {
            let found = try table.match(path)
            #expect(found?.route.payload == payload, "\(path): \(String(describing: found?.info.pattern))")
            #expect(try table.withMatch(path) { $0?.route } == found?.route.id, "\(path)")
            #expect(table.firstMatch(path) == found?.route.id, "\(path)")
            guard let found else { continue }
            #expect(found.info.params.dictionary == params, "\(path): \(found.info.params)")
            #expect(found.info.params.count == params.count, "\(path): \(found.info.params.count) present")
            try table.withMatch(path) { lent in
                #expect(lent?.parameterCount == params.count, "\(path)")
                #expect(lent.map { lent in params.allSatisfy { lent[parameter: $0.key] == $0.value } } == true, "\(path)")
            }
        }
    }
}

import Testing
@testable import Switchyard

/// Issue 37's shapes off the one-pass walk: a path followed by a `?query` or `#fragment` is looked up
/// by its path alone and its query parsed only when read; a miss is decided by retracing the walk when
/// no other way through the trie exists; a route of more than four parameters still matches whole.
@Suite struct QueryAndMissLookupTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/album/new", payload: 0)
        try table.add("/album/:id", payload: 1)
        try table.add("/album/:id/photos/:photo?", payload: 2)
        try table.add("/files/*path", payload: 3)
        try table.add("/api/:a/items/:b/act", payload: 4)
        try table.add("/api/static/other", payload: 7)
        try table.add("/many/:p1/:p2/:p3/:p4/:p5/:p6", payload: 5)
        try table.add("/many/:p1/:p2/:p3/:p4/:p5/:p6/:p7/end", payload: 6)
        return table
    }

    /// Query strings as `Location(parsing:)` reads them, each with what it must give.
    private static let queries: [(text: String, query: [String: String], fragment: String?)] = [
        ("/album/12?tab=info", ["tab": "info"], nil),
        ("/album/12?a=1&a=2&a=3", ["a": "3"], nil),                       // the last duplicate wins
        ("/album/12?flag&empty=&=v", ["flag": "", "empty": "", "": "v"], nil),
        ("/album/12?k%20y=v%26w&p=%41%zz", ["k y": "v&w", "p": "A%zz"], nil),
        ("/album/12?a=1+2&&b=c=d", ["a": "1+2", "b": "c=d"], nil),
        ("/album/12#top", [:], "top"),
        ("/album/12?x=1#frag?y=2", ["x": "1"], "frag?y=2"),
        ("/album/12#a?b=c", [:], "a?b=c"),
        ("/album/12?", [:], nil),
        ("/album/12?#", [:], ""),
        ("/album/12#", [:], ""),
        ("/album/new?x=%C3%A9", ["x": "é"], nil),
        ("/album/12/photos?tab=1", ["tab": "1"], nil),
        ("/many/1/2/3/4/5/6?q=6#six", ["q": "6"], "six"),
    ]

    @Test func aQueryAndFragmentReadAsTheLocationParsesThem() throws {
        let table = try table()
        for (text, query, fragment) in Self.queries {
            let location = Location(parsing: text)
            #expect(location.query == query && location.fragment == fragment, "\(text)")
            let found = try #require(try table.match(text), "\(text)")
            #expect(found.info.query == query, "\(text): match query \(found.info.query)")
            #expect(found.info.fragment == fragment, "\(text): match fragment \(String(describing: found.info.fragment))")
            #expect(found.info.path == location.path, "\(text): match path \(found.info.path)")
            try table.withMatch(text) { lent in
                let lent = try #require(lent, "\(text)")
                #expect(lent.route == found.route.id)
                #expect(lent.info.query == query && lent.info.fragment == fragment, "\(text): withMatch \(lent.info.query)")
                #expect(lent.info.path == location.path && lent.info.params == found.info.params, "\(text)")
            }
        }
    }

    @Test func aQueryDoesNotChangeWhichRouteMatchesOrItsParameters() throws {
        let table = try table()
        let found = try #require(try table.match("/album/a%20b?id=7"))
        #expect(found.route.payload == 1)
        #expect(found.info.params == ["id": "a b"])
        #expect(try table.withMatch("/album/new?x=1") { $0?.route } == RouteID(rawValue: 0))
        #expect(try table.withMatch("/album/12?x=1") { $0?[parameter: "id"] } == "12")
        #expect(try table.withMatch("/album?x=1") { $0?.route } == nil)
        #expect(try table.match("/nowhere?x=1#f") == nil)
        // A path that needs normalising before its query still takes the full resolution.
        #expect(try table.match("/album/./12/?x=1")?.info.params == ["id": "12"])
        #expect(try table.match("/album/./12/?x=1")?.info.query == ["x": "1"])
    }

    /// A match with a query is lent from the caller's bytes, not resolved into an owned info first.
    @Test func withMatchLendsAPathBeforeAQueryAsSpans() throws {
        let table = try table()
        let lentAsSpans = try table.withMatch("/album/12?tab=info") { lent -> Bool in
            guard case .spansBeforeQuery = lent?.source else { return false }
            return true
        }
        #expect(lentAsSpans)
    }

    @Test func settingTheQueryKeepsTheFragmentAndTheOtherWayRound() throws {
        let table = try table()
        var info = try #require(try table.match("/album/12?a=1&b=2#top")).info
        let copy = info
        info.query = ["c": "3"]
        #expect(info.query == ["c": "3"] && info.fragment == "top")
        info.fragment = nil
        #expect(info.query == ["c": "3"] && info.fragment == nil)
        #expect(copy.query == ["a": "1", "b": "2"] && copy.fragment == "top")
        var other = try #require(try table.match("/album/12?a=1#top")).info
        other.fragment = "bottom"
        #expect(other.query == ["a": "1"] && other.fragment == "bottom")
        other.value = 5
        #expect(other.query == ["a": "1"] && other.fragment == "bottom")
    }

    /// Misses where the retraced way dead-ends with nothing else to try, and near misses where a
    /// parameter, an optional or a splat offers another way, which must still match.
    @Test func missesAndNearMisses() throws {
        let table = try table()
        let misses = ["/nowhere", "/album/12/nope", "/api/1/missing/2/act", "/api/1/items/2/act/more", "/api/1/items/2",
                      "/many/1/2/3/4/5", "/many/1/2/3/4/5/6/7", "/many/1/2/3/4/5/6/7/8", "/nowhere?x=1", "/API/1/items/2/act"]
        for path in misses {
            #expect(try table.match(path) == nil, "\(path)")
            #expect(try table.withMatch(path) { $0?.route } == nil, "\(path)")
            #expect(table.firstMatch(path) == nil, "\(path)")
        }
        let hits: [(String, Int, [String: String])] = [
            ("/album/new", 0, [:]),
            ("/album/newer", 1, ["id": "newer"]),                       // a parameter beside a static child
            ("/album/new/photos", 2, ["id": "new"]),                    // the static child dead-ends, the parameter not
            ("/api/static/items/2/act", 4, ["a": "static", "b": "2"]),
            ("/album/12/photos", 2, ["id": "12"]),                      // an optional skipped at the end
            ("/album/12/photos/3", 2, ["id": "12", "photo": "3"]),
            ("/files/a/b/c", 3, ["path": "a/b/c"]),                     // a splat
            ("/api/x/items/y/act", 4, ["a": "x", "b": "y"]),
        ]
        for (path, payload, params) in hits {
            let found = try #require(try table.match(path), "\(path)")
            #expect(found.route.payload == payload && found.info.params.dictionary == params, "\(path)")
            #expect(try table.withMatch(path) { $0.map { ($0.route, $0.info.params.dictionary) } }.map { $0.0 == found.route.id && $0.1 == params } == true, "\(path)")
        }
    }

    @Test func aCaseInsensitiveMissIsStillDecidedByFoldedLiterals() throws {
        let table = RouteTable<Int>(caseInsensitive: true)
        try table.add("/Album/Photos/:id", payload: 0)
        #expect(try table.match("/album/PHOTOS/3")?.info.params == ["id": "3"])
        #expect(try table.match("/album/videos/3") == nil)
        #expect(try table.withMatch("/ALBUM/photos/3?x=1") { $0?[parameter: "id"] } == "3")
    }

    @Test func sixAndSevenParametersMatchWhole() throws {
        let table = try table()
        let six = try #require(try table.match("/many/a/b%20c/3/4/5/6"))
        #expect(six.route.payload == 5)
        #expect(six.info.params.dictionary == ["p1": "a", "p2": "b c", "p3": "3", "p4": "4", "p5": "5", "p6": "6"])
        try table.withMatch("/many/a/b%20c/3/4/5/6") { lent in
            #expect(lent?.parameterCount == 6 && lent?[parameter: "p6"] == "6" && lent?[parameter: "p2"] == "b c")
        }
        let seven = try #require(try table.match("/many/1/2/3/4/5/6/7/end?x=1"))
        #expect(seven.route.payload == 6 && seven.info.params["p7"] == "7" && seven.info.query == ["x": "1"])
        #expect(try table.withMatch("/many/1/2/3/4/5/6/7/end") { $0?.parameterCount } == 7)
    }

    /// Past four parameters the winner comes from one search that stops at the best shape (issue 37):
    /// it must still give way to a validator, and to a fall-through when the validator rejects.
    @Test func manyParametersStillAskTheWinnersValidator() throws {
        let table = RouteTable<Int>()
        try table.add("/w/:a/:b/:c/:d/:e", validator: { info in info.params["a"] == "no" ? nil : 1 }, payload: 0)
        try table.add("/w/:a/:b/:c/:d/:e", payload: 1)
        try table.add("/w/fixed/:b/:c/:d/:e", payload: 2)
        let cases: [(path: String, payload: Int, params: [String: String])] = [
            ("/w/fixed/2/3/4/5", 2, ["b": "2", "c": "3", "d": "4", "e": "5"]),
            ("/w/yes/2/3/4/5", 0, ["a": "yes", "b": "2", "c": "3", "d": "4", "e": "5"]),
            ("/w/no/2/3/4/5", 1, ["a": "no", "b": "2", "c": "3", "d": "4", "e": "5"]),
            ("/w/no/2/3/4/5?x=1", 1, ["a": "no", "b": "2", "c": "3", "d": "4", "e": "5"]),
        ]
        for (path, payload, params) in cases {
            let found = try #require(try table.match(path), "\(path)")
            #expect(found.route.payload == payload && found.info.params.dictionary == params, "\(path)")
            let lent = try table.withMatch(path) { $0.map { ($0.route, $0.info.params.dictionary) } }
            #expect(lent?.0 == found.route.id && lent?.1 == params, "\(path)")
        }
        #expect(try table.match("/w/1/2/3/4") == nil)
        #expect(try table.withMatch("/w/1/2/3/4/5/6") { $0 == nil })
    }
}

import Testing
@testable import Switchyard

/// Issue 37 item 2: the owned `match` holds the caller's text (its path, and any `?query#fragment`
/// after it, as written) and the route's declaration once; its info reads path, pattern, values, query
/// and fragment from them when asked. What a caller reads or sets must be what it was before.
@Suite struct OwnedMatchTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/album/:id", name: "album", payload: 1)
        try table.add("/album/:id/photos/:photo?", payload: 2)
        try table.add("/q/:a/:b/:c/:d/:e/:f", name: "six", payload: 6)
        return table
    }

    @Test func aMatchWithAQueryReadsItsPartsFromTheTextItWasGiven() throws {
        let found = try #require(try table().match("/album/Kind%20of%20Blue?tab=info&x=%41&tab=last&flag#side%20b"))
        #expect(found.route.name == "album" && found.route.payload == 1 && found.route.id == RouteID(rawValue: 0))
        #expect(found.info.path == "/album/Kind%20of%20Blue")
        #expect(found.info.pattern == "/album/:id")
        #expect(found.info.params == ["id": "Kind of Blue"])
        #expect(found.info.query == ["tab": "last", "x": "A", "flag": ""])
        #expect(found.info.fragment == "side%20b")
        #expect(!found.info.isAt(plainPath: "/album/Kind%20of%20Blue"))
    }

    @Test func aFragmentAloneOrAnEmptyQueryIsReadAsBefore() throws {
        let table = try table()
        let fragmentOnly = try #require(try table.match("/album/12#top")).info
        #expect(fragmentOnly.path == "/album/12" && fragmentOnly.query.isEmpty && fragmentOnly.fragment == "top")
        let emptyQuery = try #require(try table.match("/album/12?")).info
        #expect(emptyQuery.path == "/album/12" && emptyQuery.query.isEmpty && emptyQuery.fragment == nil)
        #expect(emptyQuery.isAt(plainPath: "/album/12"))
        #expect(!emptyQuery.isAt(plainPath: "/album/1"))
        #expect(!emptyQuery.isAt(plainPath: "/album/123"))
    }

    /// The query and fragment live in the text the parameters are spans of: replacing the parameters,
    /// or setting one of query and fragment, must keep the others.
    @Test func settingOnePartOfAMatchWithAQueryKeepsTheOthers() throws {
        let table = try table()
        var replaced = try #require(try table.match("/album/12?tab=info#top")).info
        replaced.params = ["name": "x"]
        #expect(replaced.params == ["name": "x"])
        #expect(replaced.path == "/album/12" && replaced.pattern == "/album/:id")
        #expect(replaced.query == ["tab": "info"] && replaced.fragment == "top")

        var queried = try #require(try table.match("/album/12?tab=info#top")).info
        queried.query = ["page": "2"]
        #expect(queried.query == ["page": "2"] && queried.fragment == "top" && queried.path == "/album/12")

        var fragmented = try #require(try table.match("/album/12?tab=info#top")).info
        fragmented.fragment = nil
        #expect(fragmented.query == ["tab": "info"] && fragmented.fragment == nil)
        fragmented.path = "/elsewhere"
        #expect(fragmented.path == "/elsewhere" && fragmented.params == ["id": "12"] && fragmented.query == ["tab": "info"])
    }

    /// `route` is made from the info's parameters' origin: an info set on the match (or its parameters
    /// replaced) must not change which route the match names.
    @Test func aMatchKeepsItsRouteWhenItsInfoIsReplaced() throws {
        let table = try table()
        var found = try #require(try table.match("/album/12?tab=info"))
        found.info.params = ["other": "1"]
        #expect(found.route.name == "album" && found.route.payload == 1)
        #expect(found.info.params == ["other": "1"] && found.info.query == ["tab": "info"])
        found.info = RouteInfo(path: "/made", pattern: "/made")
        #expect(found.route.name == "album" && found.route.pattern.text == "/album/:id")
        #expect(found.info.path == "/made")
        let copy = found
        found.info.value = 3
        #expect(copy.info.value == nil && found.info.value as? Int == 3 && copy.route.name == "album")
    }

    /// Matches the lookup leaves to the candidates (an optional parameter absent, more than four
    /// parameters) name their route and read their parts as a hit does.
    @Test func aMatchFromTheCandidatesReadsAsAHitDoes() throws {
        let table = try table()
        let six = try #require(try table.match("/q/1/2/3/4/5/6?k=v#f"))
        #expect(six.route.name == "six" && six.route.payload == 6)
        #expect(six.info.params == ["a": "1", "b": "2", "c": "3", "d": "4", "e": "5", "f": "6"])
        #expect(six.info.path == "/q/1/2/3/4/5/6" && six.info.query == ["k": "v"] && six.info.fragment == "f")
        let plainSix = try #require(try table.match("/q/1/2/3/4/5/6")).info
        #expect(plainSix.isAt(plainPath: "/q/1/2/3/4/5/6") && plainSix.pattern == "/q/:a/:b/:c/:d/:e/:f")
        let optional = try #require(try table.match("/album/12/photos"))
        #expect(optional.route.payload == 2 && optional.info.params == ["id": "12"])
        #expect(optional.info.path == "/album/12/photos")
    }

    /// A match kept after the caller's string is gone still reads its parts (it holds the text).
    @Test func aMatchOutlivesTheStringItWasMadeFrom() throws {
        let table = try table()
        var found: RouteMatch<Int>?
        do {
            let text = String(repeating: "7", count: 40)
            found = try table.match("/album/" + text + "?long=" + text)
        }
        #expect(found?.info.params["id"] == String(repeating: "7", count: 40))
        #expect(found?.info.query["long"] == String(repeating: "7", count: 40))
    }
}

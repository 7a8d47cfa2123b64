import Testing
@testable import Switchyard

/// Issue 37 (the owned `match`'s cost): a `RouteMatch` keeps no reference to its route's declaration
/// beside its info; it names the route its info's parameters came from. An info taken from a match of
/// another route, or passed from one match to another, must not change which route a match names.
@Suite struct MatchRouteFromOriginTests {
    private func table() throws -> RouteTable<Int> {
        let table = RouteTable<Int>()
        try table.add("/album/:id", name: "album", payload: 1)
        try table.add("/artist/:name", name: "artist", payload: 2)
        try table.add("/checked/:id", name: "checked", validator: { info in
            info.params["id"] == "ok" ? true : nil
        }, payload: 3)
        return table
    }

    @Test func aMatchGivenTheInfoOfAnotherRoutesMatchStillNamesItsOwn() throws {
        let table = try table()
        var album = try #require(try table.match("/album/12"))
        let artist = try #require(try table.match("/artist/miles"))
        album.info = artist.info
        #expect(album.route.name == "album" && album.route.payload == 1 && album.route.id == RouteID(rawValue: 0))
        #expect(album.info.params == ["name": "miles"] && album.info.path == "/artist/miles")
        // The info read back, set on the artist's match, names the artist there.
        var other = artist
        other.info = album.info
        #expect(other.route.name == "artist" && other.route.payload == 2)
        // Its own info again: the album, whose parameters it reads.
        album.info = try #require(try table.match("/album/7")).info
        #expect(album.route.name == "album" && album.info.params == ["id": "7"])
        #expect(album.info.matchedRoute == RouteID(rawValue: 0))
    }

    @Test func everyKindOfMatchNamesTheRouteItsInfoCameFrom() throws {
        let table = try table()
        let plain = try #require(try table.match("/artist/miles"))
        #expect(plain.route.name == "artist" && plain.info.matchedRoute == plain.route.id)
        let beforeQuery = try #require(try table.match("/artist/miles?tab=1#top"))
        #expect(beforeQuery.route.name == "artist" && beforeQuery.info.query == ["tab": "1"])
        let validated = try #require(try table.match("/checked/ok?x=1"))
        #expect(validated.route.name == "checked" && validated.route.payload == 3 && validated.info.value as? Bool == true)
        #expect(try table.match("/checked/no") == nil)
        let all = try table.matchAll("/album/3")
        #expect(all.map(\.route.name) == ["album"])
    }
}

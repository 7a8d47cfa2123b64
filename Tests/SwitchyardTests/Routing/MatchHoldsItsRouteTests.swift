import Testing
@testable import Switchyard

/// Issue 37 item 2, eighth session: a `RouteMatch` counts no reference of its own to its route's
/// declaration; its info holds it (the parameters' origin, or set aside when another info is set on the
/// match). Whatever info a match is given, its route must stay alive as long as the match does, with
/// nothing else holding it, and go with the match.
@Suite struct MatchHoldsItsRouteTests {
    @Test func aMatchGivenAnotherRoutesInfoHoldsItsOwnRouteAfterTheTableIsGone() throws {
        weak var albumDeclaration: RouteDeclaration?
        var album: RouteMatch<Int>
        do {
            let table = RouteTable<Int>()
            try table.add("/album/:id", name: "album", payload: 1)
            try table.add("/artist/:name", name: "artist", payload: 2)
            album = try #require(try table.match("/album/12"))
            albumDeclaration = table.route(named: "album")?.declaration
            album.info = try #require(try table.match("/artist/miles?tab=1")).info
        }
        // The table and the artist's match are gone: only the album's match holds its route.
        #expect(albumDeclaration != nil)
        #expect(album.route.name == "album" && album.route.pattern.text == "/album/:id" && album.route.payload == 1)
        #expect(album.info.params == ["name": "miles"] && album.info.query == ["tab": "1"])

        // Its parameters replaced as well: still its route.
        album.info.params = ["x": "1"]
        #expect(albumDeclaration != nil && album.route.name == "album")
        #expect(album.info.params == ["x": "1"] && album.info.pattern == "/artist/:name")
    }

    @Test func aMatchGivenAnInfoMadeByHandHoldsItsRoute() throws {
        weak var declaration: RouteDeclaration?
        var found: RouteMatch<String>
        do {
            let table = RouteTable<String>()
            try table.add("/user/:name", name: "user", validator: { info in info.params["name"]!.uppercased() },
                          payload: "user")
            found = try #require(try table.match("/user/ada"))
            declaration = table.route(named: "user")?.declaration
            found.info = RouteInfo(path: "/made", pattern: "/made", params: ["k": "v"])
        }
        #expect(declaration != nil)
        #expect(found.route.name == "user" && found.route.payload == "user" && found.route.id == RouteID(rawValue: 0))
        #expect(found.info.path == "/made" && found.info.params == ["k": "v"] && found.info.matchedRoute == nil)
    }

    @Test func aRouteGoesWithTheLastMatchOfIt() throws {
        weak var declaration: RouteDeclaration?
        do {
            var found: RouteMatch<Int>
            do {
                let table = RouteTable<Int>()
                try table.add("/album/:id", name: "album", payload: 1)
                try table.add("/artist/:name", name: "artist", payload: 2)
                found = try #require(try table.match("/album/12"))
                declaration = table.route(named: "album")?.declaration
                found.info = try #require(try table.match("/artist/miles")).info
            }
            #expect(declaration != nil && found.route.name == "album")
        }
        #expect(declaration == nil)
    }
}

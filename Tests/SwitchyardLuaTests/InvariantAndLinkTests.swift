import Switchyard
@testable import SwitchyardLua
import Testing

/// `invariant(name, fn)`, `links` as a function of the screen, and `entry = true` (issue 13).
@Suite struct InvariantAndLinkTests {
    let app = try! RuntimeFixture("""
        signed_in = false
        route("/", {links = {"/album/1", "/secret"}})
        route("/artist/:id", {title = "Artist"})
        route("/album/:id", {entry = true, links = function(info)
          if info.params.id == "0" then error("no artist for album 0") end
          return {"/artist/" .. info.params.id * 10, "/album/:id/tracks"}
        end})
        route("/album/:id/tracks", {})
        route("/secret", {})
        invariant("no secret signed out", function() return signed_in or nav.path ~= "/secret", "at the secret" end)
        invariant("never /artist/20", function() assert(nav.path ~= "/artist/20", "artist 20 reached") end)
        """)

    @Test func eachScreenComputesItsOwnLinksWhenItLands() throws {
        try app.lua("nav.push('/album/2')")
        #expect(app.navigator.links(of: app.navigator.screen) == ["/artist/20", "/album/2/tracks"])
        try app.lua("nav.push('/album/3')")
        #expect(app.navigator.links(of: app.navigator.screen) == ["/artist/30", "/album/3/tracks"])
        #expect(try app.lua("return preview('/album/4').links[1]") == ["/artist/40"])
    }

    @Test func computedLinksSurviveSaveAndRestore() throws {
        try app.lua("nav.push('/album/2')")
        let saved = try app.navigator.save()
        try app.lua("nav.reset()")
        try app.navigator.restore(saved)
        #expect(app.navigator.links(of: app.navigator.screen) == ["/artist/20", "/album/2/tracks"])
    }

    @Test func aRaisingLinkFunctionFailsTheLandingAndChangesNothing() throws {
        let error = try #require(app.failure("nav.push('/album/0')"))
        #expect(error.message.contains("app.lua:5: no artist for album 0"))
        #expect(app.navigator.path == "/")
        #expect(app.failure("route('/x', {links = 3})")?.message
                == "test.lua:1: option 'links' of /x must be a list of paths or a function, got number")
    }

    @Test func entryIsARouteOption() throws {
        #expect(try app.lua("return routes()[3].pattern, routes()[3].entry, routes()[1].entry") == ["/album/:id", true, false])
        #expect(app.failure("route('/y', {entry = 'yes'})")?.message == "test.lua:1: route /y: option 'entry' must be true or false, got string")
    }

    @Test func invariantsSayWhichBrokeAndWhy() throws {
        #expect(app.runtime.checkInvariants().isEmpty)
        try app.lua("nav.push('/secret')")
        #expect(app.runtime.checkInvariants() == [InvariantViolation(name: "no secret signed out", message: "at the secret", site: "app.lua:10")])
        try app.lua("signed_in = true nav.go('/artist/20')")
        let broken = app.runtime.checkInvariants()
        #expect(broken.map(\.name) == ["never /artist/20"])
        #expect(broken.first?.message.contains("app.lua:11: artist 20 reached") == true)
    }

    @Test func aSecondInvariantOfTheSameNameReplacesTheFirst() throws {
        try app.lua("invariant('never /artist/20', function() return true end)")
        #expect(app.runtime.invariants.map(\.name) == ["no secret signed out", "never /artist/20"])
        #expect(app.failure("invariant('x')")?.message.contains("invariant") == true)
    }
}

import Testing
@testable import SwitchyardLua
import Switchyard

@Suite struct DeclarationTests {
    @Test func routeTakesEveryOptionAndRecordsItsSite() throws {
        let app = try RuntimeFixture(musicApp)
        let album = try #require(app.runtime.routeTable.route(named: "album"))
        #expect(album.pattern.text == "/album/:id")
        #expect(album.site == "app.lua:3")
        #expect(album.hasValidator)
        #expect(album.payload.presentation == .sheet)
        let home = try #require(app.runtime.routeTable.routes.first)
        if case .fixed(let title)? = home.payload.title { #expect(title == "Home") } else { Issue.record("static title") }
        #expect(home.payload.links == ["/album/:id", "/search"])
        try app.lua("nav.push('/album/7')")
        #expect(app.navigator.screen.title == "Album 7")
        #expect(app.navigator.screen.view == "tracks of the album")
        #expect(app.navigator.screen.value as? LuaValue == 7)
    }

    @Test func routeReturnsADescriptionOfTheRoute() throws {
        let app = try RuntimeFixture("")
        let described = try app.lua("""
            local r = route("/news/:slug", {name = "news", title = "News", links = {"/"}})
            return r.pattern, r.name, r.site, r.title, r.presentation, r.links[1]
            """)
        #expect(described == ["/news/:slug", "news", "test.lua:1", "News", "push", "/"])
    }

    @Test func routeDescriptionHoldsExactlyItsFields() throws {
        let app = try RuntimeFixture("")
        let described = try app.lua("""
            local r = route("/a/:id", {links = {"/b", "/c/1"}, entry = true, validate = function() return true end})
            local keys = {} for k in pairs(r) do keys[#keys + 1] = k end table.sort(keys)
            local plain = route("/plain")
            return table.concat(keys, " "), #r.links, r.links[2], r.entry, r.validated, r.rank,
                   plain.entry, plain.validated, #plain.links, plain.name, plain.title
            """)
        #expect(described == ["entry links pattern presentation site validated", 2, "/c/1", true, true, nil,
                              false, false, 0, nil, nil])
    }

    @Test func groupsPrefixTheirRoutesAndNest() throws {
        let app = try RuntimeFixture("""
            group("/admin", function()
              route("/", {title = "Admin"})
              route("users", {title = "Users"})
              group("/settings", function() route("/:section", {title = "Section"}) end)
            end)
            route("/outside")
            """)
        #expect(app.runtime.routeTable.routes.map(\.pattern.text) == ["/admin", "/admin/users", "/admin/settings/:section", "/outside"])
        #expect(app.runtime.routeTable.routes[2].site == "app.lua:4")
    }

    @Test func notFoundCatchesUnknownPaths() throws {
        let app = try RuntimeFixture(#"route("/") not_found({title = function(info) return "Missing " .. info.path end})"#)
        try app.lua("nav.push('/nowhere')")
        #expect(app.navigator.screen.title == "Missing /nowhere")
        #expect(app.runtime.notFoundSite == "app.lua:1")
    }

    @Test func tabsMakeTheRootATabSet() throws {
        let app = try RuntimeFixture(#"route("/home") route("/search") tabs{"/home", "/search"}"#)
        #expect(app.runtime.tabs == ["/home", "/search"])
        #expect(try app.string("return nav.path") == "/home")
        try app.lua("nav.tab('search')")
        #expect(app.navigator.path == "/search")
        try app.lua("nav.tab(1)")
        #expect(app.navigator.path == "/home")
    }

    @Test func tabsDeclaredBeforeTheirRoutesStillLandOnThem() throws {
        let app = try RuntimeFixture(#"tabs{"/home", "/search"} route("/home", {title = "Home"}) route("/search")"#)
        #expect(app.navigator.screen.title == "Home")
        #expect(app.navigator.screen.pattern == "/home")
        #expect(app.navigator.history.count == 1)
    }

    @Test func aSecondScriptLandsTheUntouchedStartScreenOnItsRoutes() throws {
        let app = try RuntimeFixture(#"route("/about")"#)
        try app.runtime.load(code: #"route("/", {title = "Home"})"#, chunkName: "@more.lua")
        #expect(app.navigator.screen.title == "Home")
        try app.lua("nav.push('/about')")
        try app.runtime.load(code: #"route("/late")"#, chunkName: "@late.lua")
        #expect(app.navigator.path == "/about")
    }

    @Test func flowsAreDeclaredWithPresentations() throws {
        let app = try RuntimeFixture(musicApp)
        #expect(app.runtime.flows["signup"] == [FlowStep("/signup", as: .cover), FlowStep("/signup/name")])
    }

    @Test func badDeclarationsSayWhatAndWhere() throws {
        let app = try RuntimeFixture("route('/a/:id')")
        #expect(app.failure("route('/user/:user-id')")?.message.hasPrefix("test.lua:1: invalid pattern \"/user/:user-id\"") == true)
        #expect(app.failure("route('/b', {titel = 'B'})")?.message
            == "test.lua:1: route /b: unknown option 'titel' (did you mean 'title'? options: entry, guard, leave, links, name, parent, presentation, redirect, title, validate, view)")
        #expect(app.failure("\nroute('/c', {title = {}})")?.message
            == "test.lua:2: option 'title' of /c must be a string or a function, got table")
        #expect(app.failure("route('/d', {presentation = 'popover'})")?.message.contains("expected push, sheet or cover") == true)
        let duplicate = app.failure("route('/a/:name')")?.message ?? ""
        #expect(duplicate.hasPrefix("test.lua:1: "))
        #expect(duplicate.contains("app.lua:1"), "names the first declaration: \(duplicate)")
        #expect(app.failure("route(42)")?.message == "test.lua:1: bad argument #1 to 'route' (string expected, got number)")
        #expect(app.failure("flow('empty', {})")?.message == "test.lua:1: flow empty has no steps")
        #expect(app.failure("flow('bad', {42})")?.message.contains("step 1 must be a path") == true)
    }
}

import Testing
@testable import SwitchyardLua
import Switchyard

@Suite struct DeclarationTests {
    @Test func routesDeclaredInALoopEachRecordTheirOwnLine() throws {
        let app = try RuntimeFixture("""
            for i = 1, 3 do route("/loop" .. i) end
            route("/after")
            for i = 1, 2 do
              route("/nested" .. i)
            end
            """)
        #expect(app.runtime.routeTable.routes.map(\.site) == ["app.lua:1", "app.lua:1", "app.lua:1", "app.lua:2", "app.lua:4", "app.lua:4"])
    }

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
            == "test.lua:1: route /b: unknown option 'titel' (did you mean 'title'? options: action, entry, error, exact, guard, leave, links, load, meta, name, params, parent, presentation, query, query_mismatch, redirect, title, validate, view)")
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

    @Test func aGroupsGuardRunsBeforeEachRoutesOwnOuterGroupFirst() throws {
        let app = try RuntimeFixture("""
            asked = {}
            route("/login", {title = "Log In"})
            group("/admin", function()
              route("users", {guard = function() asked[#asked + 1] = "route" return true end})
              group("/deep", function()
                route("x", {})
              end, {guard = function() asked[#asked + 1] = "inner" return inner_answer end})
            end, {guard = function() asked[#asked + 1] = "outer" return signed_in or "/login" end})
            """)
        try app.lua("nav.push('/admin/users')")
        #expect(app.navigator.path == "/login")
        #expect(try app.string("return table.concat(asked, ',')") == "outer", "the group's redirect decides; the route's guard is not asked")
        try app.lua("signed_in = true asked = {} nav.push('/admin/users')")
        #expect(app.navigator.path == "/admin/users")
        #expect(try app.string("return table.concat(asked, ',')") == "outer,route")
        try app.lua("asked = {} inner_answer = false")
        #expect(app.failure("nav.push('/admin/deep/x')") != nil, "the inner group's guard blocks")
        #expect(try app.string("return table.concat(asked, ',')") == "outer,inner")
        #expect(app.navigator.path == "/admin/users")
        let users = try #require(app.runtime.routeTable.route(withPattern: "/admin/users"))
        #expect(app.runtime.guardSources(of: users) == "group /admin (app.lua:3), then its own (app.lua:4)")
        let deep = try #require(app.runtime.routeTable.route(withPattern: "/admin/deep/x"))
        #expect(app.runtime.guardSources(of: deep) == "group /admin (app.lua:3), then group /admin/deep (app.lua:5)")
        let login = try #require(app.runtime.routeTable.route(withPattern: "/login"))
        #expect(app.runtime.guardSources(of: login) == nil)
    }

    @Test func aGroupsTitleViewPresentationAndEntryYieldToTheRoutesOwn() throws {
        let app = try RuntimeFixture("""
            group("/settings", function()
              route("/", {})
              route("privacy", {title = "Privacy", presentation = "push", entry = false})
              group("/help", function() route("faq", {}) end, {title = function(info) return "Help: " .. info.path end})
            end, {title = "Settings", view = "All settings.", presentation = "sheet", entry = true})
            """)
        let table = app.runtime.routeTable
        let settings = try #require(table.routes.first { $0.pattern.text == "/settings" })
        let privacy = try #require(table.routes.first { $0.pattern.text == "/settings/privacy" })
        let faq = try #require(table.routes.first { $0.pattern.text == "/settings/help/faq" })
        #expect(settings.payload.presentation == .sheet && settings.payload.entry)
        #expect(privacy.payload.presentation == .push && !privacy.payload.entry)
        #expect(faq.payload.presentation == .sheet && faq.payload.entry)
        try app.lua("nav.push('/settings')")
        #expect(app.navigator.screen.title == "Settings" && app.navigator.screen.view == "All settings.")
        try app.lua("nav.push('/settings/privacy')")
        #expect(app.navigator.screen.title == "Privacy")
        try app.lua("nav.push('/settings/help/faq')")
        #expect(app.navigator.screen.title == "Help: /settings/help/faq")
    }

    @Test func aGroupsLeaveGuardIsAskedBeforeTheRoutesOwn() throws {
        let app = try RuntimeFixture("""
            left = {}
            group("/editor", function()
              route(":id", {leave = function() left[#left + 1] = "route" return true end})
            end, {leave = function() left[#left + 1] = "group" return saved == true end})
            """)
        try app.lua("nav.push('/editor/1')")
        let blocked = app.failure("nav.pop()")?.message ?? ""
        #expect(blocked.contains("blocked by the leave guard of /editor/:id"), "\(blocked)")
        #expect(app.navigator.path == "/editor/1")
        try app.lua("saved = true left = {} nav.pop()")
        #expect(app.navigator.path == "/")
        #expect(try app.string("return table.concat(left, ',')") == "group,route")
    }

    @Test func groupOptionsAreCheckedLikeRoutesWithTheCallsFileAndLine() throws {
        let app = try RuntimeFixture("")
        #expect(app.failure("\ngroup('/a', function() end, {gaurd = function() end})")?.message
            == "test.lua:2: group /a: unknown option 'gaurd' (did you mean 'guard'? options: entry, error, guard, leave, meta, presentation, title, view)")
        #expect(app.failure("group('/a', function() end, {redirect = '/'})")?.message.hasPrefix("test.lua:1: group /a: unknown option 'redirect'") == true)
        #expect(app.failure("group('/a', function() end, {}, 'extra')")?.message
            == "test.lua:1: group /a: unexpected argument #4 (a string value); group takes (prefix, function() ... end [, options])")
        #expect(app.failure("group('/a', function() end, {guard = '/login'})")?.message
            == "test.lua:1: group /a: option 'guard' must be a function, got string")
        #expect(app.failure("group('/a', function() end, {presentation = 'popover'})")?.message.hasPrefix("test.lua:1: ") == true)
        #expect(app.failure("group('/a', function() route('b') end, {title = {}})")?.message.hasPrefix("test.lua:1: ") == true)
        #expect(app.runtime.routeTable.routes.isEmpty, "a refused group declares nothing")
    }

    @Test func theStartScreenLandsOnTheRoutesAsTheyAreDeclared() throws {
        let app = try RuntimeFixture("")
        #expect(try app.lua("""
            local before = nav.title
            route("/", {title = "Home"})
            return before, nav.title, nav.stack[1].pattern
            """) == [.nil, "Home", "/"])
        try app.lua("nav.push('/')")
        try app.lua("route('/:anything?', {title = 'Later'})")
        #expect(app.navigator.screen.title == "Home", "a script that has navigated keeps its screens")
    }

    @Test func aStartTitleThatNeedsALaterGlobalWaitsForTheEndOfTheFile() throws {
        let app = try RuntimeFixture("""
            route("/", {title = function() return settings.name end})
            early = nav.title
            settings = {name = "Ready"}
            """)
        #expect(try app.lua("return early") == [.nil])
        #expect(app.navigator.screen.title == "Ready")
    }
}

import Testing
@testable import SwitchyardLua
import Switchyard

@Suite struct NavTests {
    let app: RuntimeFixture
    init() throws { app = try RuntimeFixture(musicApp) }

    @Test func aLoadedAppStartsOnItsRootRoute() throws {
        #expect(try app.lua("return nav.path, nav.info.pattern, nav.stack[1].title") == ["/", "/", "Home"])
    }

    @Test func stackOperations() throws {
        try app.lua("nav.push('/search') nav.push('/album/1') nav.push('/album/2')")
        #expect(try app.lua("return #nav.stack, nav.path, nav.params.id") == [4, "/album/2", "2"])
        #expect(try app.lua("return nav.pop()") == [true])
        try app.lua("nav.pop_to('/search')")
        #expect(app.navigator.path == "/search")
        #expect(try app.lua("return nav.pop_to_root(), nav.path, nav.pop()") == [true, "/", false])
        try app.lua("nav.push('/album/5') nav.push('/album/6')")
        let id = app.navigator.stack[1].id
        try app.lua("nav.pop_to(\(id))")
        #expect(app.navigator.path == "/album/5")
    }

    @Test func goReplacesTheLocationAndResolvesRelativePaths() throws {
        try app.lua("nav.push('/album/1') nav.go('/search')")
        #expect(app.navigator.stack.map(\.path) == ["/", "/search"])
        try app.lua("nav.go('/album/2', {replace = true})")
        #expect(app.navigator.history.count == 3)
        try app.lua("nav.go('../3')")  // the current path is a directory: /album/2/../3
        #expect(app.navigator.path == "/album/3")
    }

    @Test func environmentsSheetsCoversAndDismissals() throws {
        try app.lua("nav.sheet('/album/1') nav.push('/album/2')")
        #expect(try app.lua("local s = nav.state return #s.environments, s.environments[2].kind, #nav.stack") == [2, "sheet", 2])
        try app.lua("nav.dismiss()")
        #expect(app.navigator.path == "/album/1")
        try app.lua("nav.dismiss_environment() nav.cover('/search')")
        #expect(app.navigator.state.environments.last?.kind == .cover)
        #expect(try app.lua("return nav.dismiss_all(), nav.dismiss_all()") == [true, false])
        #expect(app.failure("nav.dismiss_environment()")?.message == "test.lua:1: dismiss_environment: no sheet or cover is presented")
    }

    @Test func deepLinksOpenWithTheirPresentation() throws {
        try app.lua("nav.open('myapp://album/12')")
        #expect(app.navigator.state.environments.last?.kind == .sheet, "the route's default presentation")
        #expect(app.navigator.path == "/album/12")
        try app.lua("nav.open('myapp://search?presentation=cover')")
        #expect(app.navigator.state.environments.last?.kind == .cover)
    }

    @Test func historyMovesBackAndForward() throws {
        try app.lua("nav.push('/search') nav.push('/album/1')")
        #expect(try app.lua("return nav.back(), nav.path, nav.can_forward") == [true, "/search", true])
        #expect(try app.lua("return nav.forward(5), nav.path, nav.can_forward, nav.can_back") == [true, "/album/1", false, true])
        let history = try app.lua("local h = nav.history return #h, h[#h].operation, h[#h].location, h[#h].current")
        #expect(history == [3, "push", "/album/1", true])
    }

    @Test func flowsRunStepByStep() throws {
        try app.lua("nav.start_flow('signup')")
        #expect(try app.lua("return nav.path, #nav.queue, nav.queue[1].path") == ["/signup", 1, "/signup/name"])
        try app.lua("nav.next()")
        #expect(app.navigator.path == "/signup/name")
        #expect(app.failure("nav.next()")?.message == "test.lua:1: next: the flow queue is empty; start a flow first (nav.start_flow)")
        try app.lua("nav.next_or_dismiss()")
        #expect(app.navigator.path == "/")
        try app.lua("nav.start_flow({'/search', {'/album/3', as = 'sheet'}})")
        #expect(try app.lua("return nav.cancel_flow(), nav.cancel_flow()") == [true, false])
        #expect(app.failure("nav.start_flow('nope')")?.message.contains("no flow named \"nope\"") == true)
    }

    @Test func alertsChooseRunsTheButtonAction() throws {
        try app.lua("nav.push('/search') nav.alert{title = 'Leave?', message = 'Sure', buttons = {'Stay', {'Leave', function() nav.pop() end}}}")
        #expect(try app.lua("return nav.alert_active, nav.state.alert.buttons[2]") == [true, "Leave"])
        try app.lua("nav.choose('Leave')")
        #expect(app.navigator.path == "/")
        #expect(app.navigator.alertActive == false)
        try app.lua("nav.alert{title = 'Hi'} nav.dismiss_alert()")
        #expect(app.failure("nav.dismiss_alert()")?.message == "test.lua:1: dismiss_alert: no alert is active")
        #expect(app.failure("nav.alert{message = 'no title'}")?.message == "test.lua:1: nav.alert: 'title' must be a string")
    }

    @Test func modalsStack() throws {
        try app.lua("nav.modal('/search') nav.modal('/login')")
        #expect(try app.lua("return #nav.modals, nav.modals[2].path") == [2, "/login"])
        try app.lua("nav.dismiss_modal()")
        #expect(app.navigator.modals.count == 1)
    }

    @Test func eventsReachHandlersUntilOff() throws {
        try app.lua("""
            seen = {}
            handle = nav.on('push', function(e) seen[#seen + 1] = e.operation .. ' ' .. e.from.path .. '>' .. e.to.path end)
            all = 0
            nav.on('change', function() all = all + 1 end)
            nav.push('/search') nav.pop()
            handle:off()
            nav.push('/album/1')
            """)
        #expect(try app.lua("return #seen, seen[1], all, handle:active()") == [1, "push />/search", 3, false])
        #expect(app.failure("nav.on('teleport', print)")?.message.contains("unknown event \"teleport\"") == true)
    }

    @Test func aFailingHandlerUndoesTheChange() throws {
        try app.lua("nav.on('push', function() error('handler refuses') end)")
        #expect(app.failure("nav.push('/search')")?.message == "test.lua:1: handler refuses")
        #expect(app.navigator.path == "/")
    }

    @Test func saveRestoreAndReset() throws {
        try app.lua("nav.push('/search') saved = nav.save() nav.push('/album/2')")
        try app.lua("nav.restore(saved)")
        #expect(app.navigator.path == "/search")
        try app.lua("nav.reset('/album/9')")
        #expect(app.navigator.path == "/album/9")
        #expect(app.navigator.history.count == 1)
        try app.lua("nav.reset()")
        #expect(app.navigator.path == "/")
        #expect(app.failure("nav.restore('{not json')")?.message.hasPrefix("test.lua:1: cannot restore navigation state") == true)
    }

    @Test func fieldsAreReadOnly() throws {
        let before = app.navigator.path
        #expect(app.failure("nav.path = '/x'")?.message == "test.lua:1: nav.path is read-only")
        #expect(app.failure("nav.push = print")?.message == "test.lua:1: nav.push is read-only")
        #expect(app.failure("return nav.nonsense")?.message == "test.lua:1: nav has no field 'nonsense'")
        #expect(app.navigator.path == before)
        #expect(try app.lua("return tostring(nav)") == ["nav: /"])
        try app.lua("getmetatable(nav).__newindex = nil")
        #expect(app.failure("nav.path = '/x'")?.message == "test.lua:1: nav.path is read-only", "the listing is not the metatable")
        #expect(try app.lua("local members = getmetatable(nav).__index return type(members.push), members.path")
            == ["function", "read-only field"])
    }

    @Test func currentScreenFields() throws {
        try app.lua("nav.push('/album/12?tab=info&x#notes')")
        #expect(try app.lua("return nav.params.id, nav.query.tab, nav.query.x, nav.info.pattern, nav.info.fragment, nav.info.value")
            == ["12", "info", "", "/album/:id", "notes", 12])
        #expect(try app.lua("local s = nav.screen return s.id, s.title, s.view, nav.title") ==
            [.integer(Int64(app.navigator.screen.id)), "Album 12", "tracks of the album", "Album 12"])
        #expect(try app.lua("return nav.stack[2].query.tab, #nav.modals, nav.alert_active, #nav.queue, #nav.tabs")
            == ["info", 0, false, 0, 0])
    }

    @Test func screenTablesCarryDecodedParametersAndLeaveOutWhatIsAbsent() throws {
        let app = try RuntimeFixture("""
            route('/')
            route('/tag/:name', {title = 'Tag'})
            not_found({title = 'Missing'})
            seen = {}
            nav.on('push', function(event) seen.from, seen.to = event.from, event.to end)
            """)
        try app.lua("nav.push('/tag/caf%C3%A9%20noir?x=1')")
        #expect(try app.lua("return nav.params.name, seen.to.params.name, seen.to.pattern, seen.to.query.x, nav.stack[2].params.name")
            == ["café noir", "café noir", "/tag/:name", "1", "café noir"])
        #expect(try app.lua("return seen.from.path, next(seen.from.params) == nil, seen.to.id == nav.screen.id")
            == ["/", true, true])
        try app.lua("nav.push('/nowhere')")
        #expect(try app.lua("return seen.to.pattern == nil, seen.to.title, next(seen.to.params) == nil, seen.to.fragment == nil")
            == [true, "Missing", true, true])
    }

    @Test func redirectFunctionsMayStay() throws {
        let app = try RuntimeFixture("""
            route('/')
            route('/maybe', {redirect = function(info) if info.query.go then return '/there' end end,
                             view = function(info) return 'staying at ' .. info.path end})
            route('/there')
            """)
        try app.lua("nav.push('/maybe')")
        #expect(app.navigator.screen.view == "staying at /maybe")
        try app.lua("nav.push('/maybe?go=1')")
        #expect(app.navigator.path == "/there")
    }

    @Test func badArgumentsAreClearErrorsAndChangeNothing() throws {
        #expect(app.failure("nav.push({})")?.message == "test.lua:1: bad argument #1 to 'nav.push' (string expected, got table)")
        #expect(app.failure("nav.pop('x')")?.message == "test.lua:1: bad argument #1 to 'nav.pop' (integer expected, got string)")
        #expect(app.failure("nav.push('/nowhere')")?.message.hasPrefix("test.lua:1: no route matches \"/nowhere\"") == true)
        #expect(app.navigator.history.count == 1)
    }

    @Test func completionNamesCoverTheWholeObject() throws {
        #expect(app.runtime.navOperationNames.contains("pop_to_root"))
        #expect(app.runtime.navFieldNames.contains("can_forward"))
        for field in app.runtime.navFieldNames {
            #expect(app.failure("return nav.\(field)") == nil, "nav.\(field) reads")
        }
    }
}

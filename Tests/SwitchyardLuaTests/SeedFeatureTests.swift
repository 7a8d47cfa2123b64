import Testing
@testable import SwitchyardLua
import Switchyard

/// Issue 14: the seed features and the most-requested ones, through the Lua API as a script uses them.
/// Every failure path is checked to change nothing (`unchanged`).
@Suite struct SeedFeatureTests {
    let app: RuntimeFixture
    init() throws {
        app = try RuntimeFixture("""
            route("/", {title = "Home"})
            route("/a", {}) route("/b", {}) route("/c", {})
            route("/news", {}) route("/news/latest", {}) route("/settings", {})
            route("/item/:id", {title = function(info) return "Item " .. info.params.id .. " " .. (info.params.text or "") end})
            route("/locked", {guard = function() return false end, title = "Locked"})
            route("/old", {redirect = "/a"})
            route("/editor/:id", {leave = function(info, to) leaving = {info.path, to.path} return saved end})
            route("/library", {title = "Library"})
            route("/album/:id", {parent = "/library", title = "Album", links = {"/album/:id/track/1"}})
            route("/album/:id/track/:n", {parent = "/album/:id", title = "Track"})
            route("/user/:id", {validate = function(info) return tonumber(info.params.id) or mismatch("not a number") end})
            route("/user/:name", {title = "By name"})
            route("/strict/:id", {validate = function(info) error("validator broke") end})
            """)
    }

    /// Runs `code`, expects it to fail with `message` in its text, and the state and timeline untouched.
    func unchanged(_ code: String, failingWith message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try app.navigator.save()
        let failure = app.failure(code)
        #expect(failure?.message.contains(message) == true, "\(failure?.message ?? "no error")", sourceLocation: sourceLocation)
        #expect(try app.navigator.save() == before, "the state changed", sourceLocation: sourceLocation)
    }

    // 1 and 12: on_dismiss and on_result

    @Test func onDismissRunsOnceAfterTheScreenLeaves() throws {
        try app.lua("""
            dismissed = {}
            nav.push("/a", {on_dismiss = function(info) dismissed[#dismissed + 1] = info.path .. " " .. nav.path end})
            """)
        try app.lua("nav.back() nav.forward() nav.pop()")
        #expect(try app.lua("return #dismissed, dismissed[1]") == [1, "/a /"], "back removed it: it ran then, with the state committed")
        try app.lua("nav.sheet('/b', {on_dismiss = function(info) dismissed[#dismissed + 1] = info.path end}) nav.push('/c')")
        try app.lua("nav.dismiss_all()")
        #expect(try app.lua("return #dismissed, dismissed[2]") == [2, "/b"])
        try app.lua("nav.push('/c', {on_dismiss = function(info) dismissed[#dismissed + 1] = info.path end}) nav.go('/a')")
        #expect(try app.lua("return dismissed[3]") == ["/c"], "a replacing go removes the screen")
    }

    @Test func anErrorInOnDismissUndoesTheOperationAndNamesTheCallback() throws {
        try app.lua("nav.push('/a', {on_dismiss = function() error('keep me') end})")
        try unchanged("nav.pop()", failingWith: "test.lua:1: keep me")
        #expect(app.navigator.path == "/a")
    }

    @Test func popAndDismissHandTheirResultToOnResult() throws {
        try app.lua("""
            results = {}
            local function keep(value) results[#results + 1] = value == nil and "nil" or value end
            nav.push("/a", {on_result = keep})
            nav.pop{result = "blue"}
            nav.push("/a", {on_result = keep})
            nav.pop()
            nav.sheet("/b", {on_result = keep})
            nav.dismiss{result = 42}
            """)
        #expect(try app.lua("return results[1], results[2], results[3]") == ["blue", "nil", 42])
        try unchanged("nav.pop{result = 1, count = 2}", failingWith: "nav.pop: unknown option 'count' (options: result)")
    }

    // 2: push_stack

    @Test func pushStackPushesSeveralScreensAsOneEntry() throws {
        try app.lua("nav.push_stack{'/a', '/b', '/old'}")
        #expect(app.navigator.stack.map(\.path) == ["/", "/a", "/b", "/a"], "redirects run for each")
        #expect(app.navigator.history.count == 2 && app.navigator.history.last?.operation == .pushStack)
        try unchanged("nav.push_stack{'/c', '/locked'}", failingWith: "blocked by the guard of /locked")
        try unchanged("nav.push_stack{}", failingWith: "push_stack: no paths to push")
        try unchanged("nav.push_stack{'/c', 3}", failingWith: "nav.push_stack: entry 2 must be a path, got number")
    }

    // 3: detents

    @Test func resizableSheetsKeepTheirDetent() throws {
        try app.lua("nav.sheet('/a', {detents = {'medium', 'large'}})")
        #expect(try app.lua("local e = nav.state.environments[2] return e.detent, #e.detents") == ["medium", 2])
        try app.lua("nav.set_detent('large')")
        #expect(app.navigator.history.last?.operation == .setDetent)
        let saved = try app.navigator.save()
        try app.navigator.back()
        try app.navigator.restore(saved)
        #expect(app.navigator.state.environments.last?.detents?.selected == "large")
        try unchanged("nav.set_detent('small')", failingWith: "set_detent: no detent \"small\"; detents: medium, large")
        try unchanged("nav.sheet('/b', {detents = {'medium'}, detent = 'large'})", failingWith: "no detent \"large\"")
        try unchanged("nav.sheet('/b', {detent = 'large'})", failingWith: "option 'detent' needs 'detents'")
        try app.lua("nav.dismiss()")
        try unchanged("nav.set_detent('large')", failingWith: "set_detent: the top environment is not a sheet with detents")
    }

    // 4: browser

    @Test func aBrowserShowsAURLOverEverything() throws {
        try app.lua("nav.sheet('/a') nav.browser('https://example.com/help')")
        #expect(try app.lua("return nav.path, nav.state.environments[3].kind") == ["https://example.com/help", "browser"])
        try unchanged("nav.push('/b')", failingWith: "a browser is showing https://example.com/help")
        try unchanged("nav.sheet('/b')", failingWith: "a browser is showing https://example.com/help")
        try unchanged("nav.browser('example.com')", failingWith: "expected scheme://host/path")
        let saved = try app.navigator.save()
        try app.lua("nav.dismiss()")
        #expect(app.navigator.path == "/a")
        try app.navigator.restore(saved)
        #expect(app.navigator.path == "https://example.com/help")
        // A save whose browser shows a path, or whose sheet shows a URL, is refused.
        let pathInBrowser = saved.replacingOccurrences(of: "\"path\":\"https:\\/\\/example.com\\/help\"", with: "\"path\":\"\\/b\"")
        #expect(pathInBrowser != saved)
        #expect(throws: NavigationError.self) { try app.navigator.restore(pathInBrowser) }
        let urlInSheet = saved.replacingOccurrences(of: "\"path\":\"\\/a\"", with: "\"path\":\"https:\\/\\/example.com\\/a\"")
        #expect(urlInSheet != saved)
        #expect(throws: NavigationError.self) { try app.navigator.restore(urlInSheet) }
        #expect(try app.navigator.save() == saved)
    }

    // 5: alert styles and the basic alert

    @Test func alertsHaveAStyleAndABasicForm() throws {
        try app.lua("nav.alert('Saved')")
        #expect(try app.lua("local a = nav.state.alert return a.title, a.buttons[1], #a.buttons, a.style") == ["Saved", "OK", 1, "alert"])
        try app.lua("nav.dismiss_alert() nav.alert{title = 'Share', style = 'confirmation', buttons = {'Mail', 'Copy'}}")
        #expect(try app.lua("return nav.state.alert.style") == ["confirmation"])
        let saved = try app.navigator.save()
        try app.lua("nav.dismiss_alert()")
        try app.navigator.restore(saved)
        #expect(app.navigator.alert?.style == .confirmation)
        try app.lua("nav.dismiss_alert()")
        try unchanged("nav.alert{title = 'x', style = 'sheet'}", failingWith: "option 'style' must be one of \"alert\", \"confirmation\"")
        try unchanged("nav.alert{title = 'x', buton = {}}", failingWith: "nav.alert: unknown option 'buton' (did you mean 'buttons'? options: buttons, message, style, title)")
    }

    // 6: modal options

    @Test func modalsKeepTheirTransitionAndBackground() throws {
        try app.lua("nav.modal('/a', {transition = 'move-top', background = 'blur'})")
        #expect(try app.lua("return nav.modals[1].transition, nav.modals[1].background") == ["move-top", "blur"])
        let saved = try app.navigator.save()
        #expect(saved.contains("\"transition\":\"move-top\""))
        try app.lua("nav.dismiss_modal()")
        try app.navigator.restore(saved)
        #expect(app.navigator.modals.first?.background == .blur)
        try unchanged("nav.modal('/b', {transition = 'fly'})", failingWith: "option 'transition' must be one of")
        try unchanged("nav.push('/b', {background = 'dim'})", failingWith: "nav.push: unknown option 'background'")
    }

    // 8: direction

    @Test func everyChangeSaysWhichWayItWent() throws {
        try app.lua("seen = {} nav.on('change', function(e) seen[#seen + 1] = e.direction end)")
        try app.lua("nav.push('/news') nav.push('/news/latest') nav.go('/settings') nav.go('/news/latest') nav.pop()")
        #expect(try app.lua("return seen[1], seen[2], seen[3], seen[4], seen[5]") == ["deeper", "deeper", "sideways", "sideways", "higher"])
        #expect(try app.lua("local a = nav.last_action return a.operation, a.from.path, a.to.path, a.direction")
                == ["pop", "/news/latest", "/news", "higher"])
        try unchanged("nav.push('/locked')", failingWith: "blocked")
        #expect(try app.lua("return nav.last_action.operation") == ["pop"], "a failed operation is not the last action")
    }

    // 9: push with params

    @Test func pushedParamsSitBesideThePathsAndSurviveASave() throws {
        try app.lua("nav.push('/item/1', {params = {text = 'Hello!', count = 2}})")
        #expect(try app.lua("return nav.params.text, nav.params.count, nav.params.id, nav.title") == ["Hello!", "2", "1", "Item 1 Hello!"])
        let saved = try app.navigator.save()
        try app.lua("nav.pop()")
        try app.navigator.restore(saved)
        #expect(app.navigator.params == ["id": "1", "text": "Hello!", "count": "2"])
        try unchanged("nav.push('/item/2', {params = {id = '3'}})", failingWith: "the parameter id is captured from the path /item/2")
        try unchanged("nav.push('/item/2', {params = {text = {}}})", failingWith: "nav.push: params.text must be a string or a number, got table")
        try unchanged("nav.push('/item/2', {parms = {}})", failingWith: "nav.push: unknown option 'parms' (did you mean 'params'? options: extra, on_dismiss, on_result, params)")
    }

    // 10: preview

    @Test func previewShowsAScreenWithoutGoingThere() throws {
        let before = try app.navigator.save()
        #expect(try app.lua("local s = preview('/album/7') return s.title, s.pattern, s.params.id, s.links[1], s.id")
                == ["Album", "/album/:id", "7", "/album/7/track/1", .nil])
        #expect(try app.lua("return preview('/locked').title, preview('/old').path, preview('/nowhere')") == ["Locked", "/a", .nil])
        #expect(try app.navigator.save() == before, "no id taken, nothing navigated")
    }

    // 11: mismatch

    @Test func mismatchInAValidatorTriesTheNextRoute() throws {
        #expect(try app.lua("return match('/user/bob').pattern, match('/user/7').pattern") == ["/user/:name", "/user/:id"])
        #expect(try app.string("return explain('/user/bob')")?.contains("rejected by its validator: not a number") == true)
        try unchanged("nav.push('/strict/1')", failingWith: "validator broke")
        #expect(app.failure("mismatch('outside')")?.message == "test.lua:1: mismatch: outside")
        try app.lua("""
            route("/careful/:id", {validate = function(info) pcall(mismatch, "caught") error("real trouble") end})
            """)
        try unchanged("nav.push('/careful/1')", failingWith: "real trouble")
    }

    // 13: parents

    @Test func deepLinksBuildTheirBackStackAndUpGoesToTheParent() throws {
        try app.lua("nav.open('myapp://album/7/track/2')")
        #expect(app.navigator.stack.map(\.path) == ["/", "/library", "/album/7", "/album/7/track/2"])
        #expect(app.navigator.history.count == 2, "one operation")
        try app.lua("nav.up()")
        #expect(app.navigator.stack.map(\.path) == ["/", "/library", "/album/7"], "popped to the parent below")
        try app.lua("nav.go('/album/7/track/3') nav.up()")
        #expect(app.navigator.stack.map(\.path) == ["/", "/library", "/album/7"], "replaced with the parent")
        try app.lua("nav.pop_to_root()")
        try unchanged("nav.up()", failingWith: "up: / declares no parent")
        try app.lua("route('/x/:id', {parent = '/y/:id'}) route('/y/:id', {parent = '/x/:id'})")
        try unchanged("nav.open('myapp://x/1')", failingWith: "parents loop: /x/1 → /y/1 → /x/1")
    }

    // 14: leave guards

    @Test func aLeaveGuardBlocksWhateverWouldRemoveItsScreen() throws {
        try app.lua("saved = false nav.push('/editor/1')")
        for operation in ["nav.pop()", "nav.back()", "nav.go('/a')", "nav.reset()", "nav.pop_to_root()", "nav.open('myapp://a')"] {
            try unchanged(operation, failingWith: "leaving \"/editor/1\" was blocked by the leave guard of /editor/:id")
        }
        try app.lua("nav.push('/a')")
        #expect(try app.lua("return leaving") != [.nil])
        try app.lua("saved = true nav.pop() nav.pop()")
        #expect(try app.lua("return leaving[1], leaving[2], nav.path") == ["/editor/1", "/", "/"])
    }

    @Test func navigationOptionTablesAreChecked() throws {
        try unchanged("nav.sheet('/a', {detent = 'x', colour = 1})", failingWith: "nav.sheet: unknown option 'colour' (options: detent, detents, drag_indicator, extra, on_dismiss, on_result, params)")
        try unchanged("nav.cover('/a', {detents = {}})", failingWith: "nav.cover: unknown option 'detents'")
        try unchanged("nav.push('/a', {on_dismiss = 1})", failingWith: "option 'on_dismiss' must be a function, got number")
        #expect(app.failure("route('/z', {parent = 3})")?.message.contains("option 'parent' must be a string, got number") == true)
        #expect(app.failure("route('/z', {leave = true})")?.message.contains("option 'leave' of /z must be a function, got boolean") == true)
    }

    // 15: guards that wait

    @Test func aGuardThatWaitsHoldsTheNavigationUntilItIsSettled() throws {
        try app.lua("""
            asked = 0
            route("/pay/:amount", {title = "Pay", guard = function(info) asked = asked + 1 return nav.pending("payment " .. info.params.amount) end})
            nav.push("/a")
            """)
        try app.lua("nav.push('/pay/3', {params = {note = 'hi'}})")
        #expect(try app.lua("return nav.path, nav.pending_navigation.key, nav.pending_navigation.path, nav.pending_navigation.operation")
                == ["/a", "payment 3", "/pay/3", "push"])
        #expect(try app.lua("return tostring(nav.pending('x')):match('^pending navigation')") == ["pending navigation"])
        try unchanged("nav.settle('payment 4')", failingWith: "settle: no navigation is pending under \"payment 4\"; the pending one is \"payment 3\"")
        try unchanged("nav.settle('payment 3', 12)", failingWith: "nav.settle: the result must be nil, true, false or a path, got a number value")
        try unchanged("nav.settle('payment 3', nav.pending('y'))", failingWith: "not another nav.pending")
        try unchanged("nav.settle('payment 3', '/locked')", failingWith: "blocked by the guard of /locked")
        #expect(try app.lua("return nav.pending_navigation.key, asked") == ["payment 3", 1], "a failed settle leaves it pending; the guard is not asked again")
        #expect(try app.lua("return nav.settle('payment 3'), nav.path, nav.params.note, nav.pending_navigation, asked") == [true, "/pay/3", "hi", .nil, 1])
        try app.lua("nav.pop() nav.push('/pay/5')")
        #expect(try app.lua("return nav.settle('payment 5', '/b'), nav.path") == [true, "/b"])
        try app.lua("nav.push('/pay/6')")
        #expect(try app.lua("return nav.settle('payment 6', false), nav.path, nav.pending_navigation") == [false, "/b", .nil])
        try unchanged("nav.settle('payment 6', true)", failingWith: "(none is pending)")
    }

    @Test func anotherNavigationCancelsAPendingOneAndASaveKeepsIt() throws {
        try app.lua("route('/wait', {guard = function() return nav.pending('w') end}) nav.start_flow{'/a', '/wait', '/c'} nav.next()")
        #expect(try app.lua("return nav.pending_navigation.operation, nav.queue[1].path") == ["next", "/wait"])
        try app.lua("saved = nav.save()")
        try unchanged("nav.push('/locked')", failingWith: "blocked")
        #expect(try app.lua("return nav.pending_navigation.key") == ["w"], "a failed navigation cancels nothing")
        try app.lua("nav.push('/b')")
        #expect(try app.lua("return nav.pending_navigation") == [.nil])
        try app.lua("nav.restore(saved)")
        #expect(try app.lua("return nav.settle('w'), nav.path, #nav.queue") == [true, "/wait", 1])
    }

    @Test func aGuardReturningSomethingElseIsAnErrorNamingIt() throws {
        try app.lua("route('/odd', {guard = function() return {} end})")
        try unchanged("nav.push('/odd')", failingWith: "guard of /odd returned a table value; expected nil, true, false, a path or nav.pending(key)")
        try unchanged("nav.pending()", failingWith: "nav.pending")
    }
}

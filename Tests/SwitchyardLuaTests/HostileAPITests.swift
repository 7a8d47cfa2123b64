import Testing
@testable import SwitchyardLua
import Switchyard

/// Hostile scripts at the API level: each hostile script gets a clear error with file:line, the navigator
/// is unchanged, and the runtime keeps working.
@Suite struct HostileAPITests {
    private func unchanged(_ app: RuntimeFixture, _ snapshot: String) throws {
        #expect(try app.navigator.save() == snapshot)
        try app.lua("nav.push('/search') nav.pop()")
    }

    @Test func aValidatorThatErrors() throws {
        let app = try RuntimeFixture("route('/'); route('/search'); route('/item/:id', {validate = function(info)\n error('bad id ' .. info.params.id) end})")
        let snapshot = try app.navigator.save()
        #expect(app.failure("nav.push('/item/3')")?.message == "app.lua:2: bad id 3")
        #expect(app.failure("match('/item/4')")?.message == "app.lua:2: bad id 4")
        try unchanged(app, snapshot)
    }

    @Test func aGuardThatErrors() throws {
        let app = try RuntimeFixture("route('/'); route('/search'); route('/vault', {guard = function() local x = nil; return x.open end})")
        let snapshot = try app.navigator.save()
        #expect(app.failure("nav.push('/vault')")?.message.hasPrefix("app.lua:1: attempt to index a nil value") == true)
        try unchanged(app, snapshot)
    }

    @Test func aGuardThatNavigates() throws {
        let app = try RuntimeFixture("route('/'); route('/search'); route('/sneaky', {guard = function() nav.push('/search') end})")
        let snapshot = try app.navigator.save()
        let message = app.failure("nav.push('/sneaky')")?.message ?? ""
        #expect(message.hasPrefix("app.lua:1: cannot push while push is in progress"), "\(message)")
        try unchanged(app, snapshot)
    }

    @Test func aGuardThatBlocksOrReturnsNonsense() throws {
        let app = try RuntimeFixture(musicApp + "\nroute('/odd', {guard = function() return {} end})")
        let snapshot = try app.navigator.save()
        #expect(app.failure("nav.push('/locked')")?.message == "test.lua:1: navigation to \"/locked\" was blocked by the guard of /locked")
        #expect(app.failure("nav.push('/odd')")?.message
            == "app.lua:18: guard of /odd returned a table value; expected nil, true, false, a path or nav.pending(key)")
        try unchanged(app, snapshot)
        try app.lua("nav.push('/admin')")
        #expect(app.navigator.path == "/login", "a guard returning a path redirects")
    }

    @Test func aRedirectLoop() throws {
        let app = try RuntimeFixture("route('/'); route('/search'); route('/a', {redirect = '/b'}); route('/b', {redirect = function() return '/a' end})")
        let snapshot = try app.navigator.save()
        #expect(app.failure("nav.push('/a')")?.message == "test.lua:1: redirect loop: /a → /b → /a")
        try unchanged(app, snapshot)
    }

    @Test func callbacksCannotRunAwayWithTheBudget() throws {
        let app = try RuntimeFixture("route('/'); route('/search'); route('/spin', {title = function() while true do end end})",
                                     configuration: .init(instructionLimit: 100_000))
        let snapshot = try app.navigator.save()
        let error = app.failure("nav.push('/spin')")
        #expect(error?.kind == .instructionLimit)
        #expect(error?.message == "app.lua:1: instruction limit of 100000 exceeded")
        try unchanged(app, snapshot)
    }

    @Test func swiftCallersSeeTheScriptsErrorToo() throws {
        let app = try RuntimeFixture("route('/'); route('/boom', {title = function() error('no title today') end})")
        #expect(throws: LuaError.self) { try app.navigator.push("/boom") }
        do { try app.navigator.push("/boom") } catch { #expect(String(describing: error) == "app.lua:1: no title today") }
        #expect(app.navigator.path == "/")
    }

    @Test func aButtonActionThatErrors() throws {
        let app = try RuntimeFixture(musicApp)
        try app.lua("nav.alert{title = 'Delete?', buttons = {'Keep', {'Delete', function()\n error('cannot delete') end}}}")
        #expect(app.failure("nav.choose('Delete')")?.message == "test.lua:2: cannot delete")
        // Choose and its action are one operation: the action failed, so the alert is still up.
        #expect(app.navigator.alertActive, "the failed choice was undone")
        #expect(app.navigator.path == "/")
        #expect(app.failure("nav.choose('Delete')")?.message == "test.lua:2: cannot delete")
        _ = try app.lua("nav.choose('Keep')")
        #expect(!app.navigator.alertActive)
    }

    @Test func memoryCapInsideCallbacks() throws {
        let app = try RuntimeFixture("route('/'); route('/search'); route('/hog', {title = function() return ('x'):rep(64 * 1024 * 1024) end})",
                                     configuration: .init(memoryLimit: 8 << 20))
        let snapshot = try app.navigator.save()
        let error = app.failure("nav.push('/hog')")
        #expect(error?.kind == .memoryLimit)
        #expect(error?.message == "memory limit of 8 MB exceeded")
        try unchanged(app, snapshot)
    }

    @Test func memoryCapWhileBuildingInfoTables() throws {
        let app = try RuntimeFixture("route('/s/:a/:b')", configuration: .init(memoryLimit: 4 << 20))
        let values = try app.lua("""
            hog = {}
            local ok, err
            for i = 1, 1e6 do
              ok, err = pcall(function() hog[i] = match('/s/' .. i .. '/x') end)
              if not ok then break end
            end
            hog = nil
            collectgarbage()
            local info = match('/s/7/y')
            return ok, tostring(err), info.pattern, info.params.a, info.params.b
            """)
        #expect(values.count == 5)
        #expect(values.first == .boolean(false), "the cap stops the loop")
        #expect(values[1].stringValue?.contains("memory") == true)
        #expect(Array(values.dropFirst(2)) == ["/s/:a/:b", "7", "y"], "and matching works again afterwards")
    }

    @Test func stringsWithNULsAreJustUnknownPaths() throws {
        let app = try RuntimeFixture(musicApp)
        let message = app.failure("nav.push('/al\\0bum')")?.message ?? ""
        #expect(message.hasPrefix("test.lua:1: no route matches"))
        #expect(try app.lua("return match('/album/1\\0')") == [nil])
        #expect(app.navigator.history.count == 1)
    }
}

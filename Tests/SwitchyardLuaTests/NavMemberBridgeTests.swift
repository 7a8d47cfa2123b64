import Testing
@testable import SwitchyardLua
import Switchyard

/// `nav`'s members are called through a box of their own (`NavMemberFunction`), and `nav.pop()`
/// pushes its answer without asking Lua for a slot (`LuaCall.pushOnlyResult`): both hold what a
/// script sees, whatever the callbacks the operation runs do to the calling thread's stack.
@Suite struct NavMemberBridgeTests {
    let app: RuntimeFixture
    init() throws { app = try RuntimeFixture(musicApp) }

    @Test func popAnswersAfterAHookFilledAndLeftTheCallingStack() throws {
        // The hook runs on the thread that called nav.pop, inside the call, and takes hundreds of
        // slots there before it returns: pop's answer still lands as its only result.
        try app.lua("""
            told = 0
            nav.after(function(to, from, action)
              local t = {}
              for i = 1, 300 do t[i] = i end
              told = told + select('#', table.unpack(t))
            end)
            """)
        try app.lua("nav.push('/search') nav.push('/album/1')")
        #expect(try app.lua("local a, b = nav.pop(), nav.pop() return a, b, nav.pop(), nav.path, told, select('#', nav.pop())")
                == [true, true, false, "/", 1_200, 1])
    }

    @Test func popWithNothingToPopAnswersFalseAndLeavesTheHistory() throws {
        #expect(try app.lua("return nav.pop(), nav.pop(nil), #nav.history") == [false, false, 1])
    }

    @Test func membersReportFailuresAtTheScriptLineAndChangeNothing() throws {
        try app.lua("nav.push('/search')")
        #expect(app.failure("\n nav.push('/nowhere')")?.message.hasPrefix("test.lua:2: ") == true)
        #expect(app.failure("nav.push({})")?.message == "test.lua:1: bad argument #1 to 'nav.push' (string expected, got table)")
        #expect(app.failure("nav.pop('x')")?.message == "test.lua:1: bad argument #1 to 'nav.pop' (integer expected, got string)")
        #expect(app.navigator.stack.map(\.path) == ["/", "/search"])
        #expect(app.navigator.history.count == 2)
    }

    @Test func theLastActionFollowsEachChangeWatchedOrNot() throws {
        try app.lua("nav.push('/search') nav.push('/album/1') nav.pop()")
        #expect(app.navigator.lastAction?.operation == .pop)
        #expect(app.navigator.lastAction?.from.path == "/album/1")
        #expect(app.navigator.lastAction?.to.path == "/search")
        // A watched change keeps the screen it started from; the unwatched one after it does not.
        let token = app.navigator.observe { _ in }
        try app.lua("nav.push('/album/2')")
        #expect(app.navigator.lastAction?.operation == .push)
        #expect(app.navigator.lastAction?.from.path == "/search")
        token.cancel()
        try app.lua("nav.pop() nav.push('/album/3')")
        #expect(app.navigator.lastAction?.operation == .push)
        #expect(app.navigator.lastAction?.from.path == "/search")
        #expect(app.navigator.lastAction?.to.path == "/album/3")
    }

    @Test func membersKeptFromBeforeARenewDriveTheNavigatorOfTheMoment() throws {
        try app.lua("kept_push, kept_pop = nav.push, nav.pop")
        try NavObject.renew(in: app.runtime)
        try app.lua("kept_push('/album/3')")
        #expect(app.navigator.path == "/album/3")
        #expect(try app.lua("return kept_pop(), nav.path") == [true, "/"])
    }
}

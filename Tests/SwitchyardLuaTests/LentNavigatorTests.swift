import Testing
@testable import SwitchyardLua
import Switchyard

/// `nav.push` and `nav.pop` run with the runtime's navigator lent, not retained
/// (`SwitchyardRuntime.withLentNavigator`): a navigator the runtime replaces during such a call (a
/// host's observer starting a fresh one, as a scenario does) must live until the call returns, and
/// go once it has.
@Suite struct LentNavigatorTests {
    /// What an observer that replaces the navigator saw of the one it replaced, inside the call.
    final class Sighting {
        weak var replaced: Navigator?
        var pathAfterReplacing: String?
        var replacements = 0
    }

    /// Installs on the runtime's navigator an observer that starts `times` fresh navigators the
    /// first time it hears a change, then reads the replaced one's path. Nothing here holds that
    /// navigator but the runtime (the token holds it weakly).
    func replacingOnFirstChange(_ app: RuntimeFixture, times: Int, failing: Bool = false) -> (Sighting, ObservationToken) {
        let sighting = Sighting()
        let navigator = app.navigator
        sighting.replaced = navigator
        let token = navigator.observe { [unowned runtime = app.runtime] _ in
            guard sighting.replacements == 0 else { return }
            for _ in 0..<times {
                _ = try runtime.startFresh()
                sighting.replacements += 1
            }
            sighting.pathAfterReplacing = sighting.replaced?.path
            if failing { throw NavigationError(.invalidArgument(operation: .push, reason: "refused by the test")) }
        }
        return (sighting, token)
    }

    @Test func aNavigatorReplacedDuringNavPushLivesUntilTheCallReturns() throws {
        let app = try RuntimeFixture(musicApp)
        let (sighting, token) = replacingOnFirstChange(app, times: 1)
        try app.lua("nav.push('/search')")
        // Inside the call, after the replacement, the old navigator was still there, on its new screen.
        #expect(sighting.pathAfterReplacing == "/search")
        #expect(sighting.replacements == 1)
        // Once the call returned it went, and `nav` drives the fresh one (on its start screen).
        #expect(sighting.replaced == nil)
        #expect(app.runtime.retiredNavigators.isEmpty)
        #expect(app.navigator.path == "/")
        #expect(try app.lua("nav.push('/album/2') return nav.path") == ["/album/2"])
        _ = token
    }

    @Test func aNavigatorReplacedTwiceDuringNavPopLivesUntilTheCallReturns() throws {
        let app = try RuntimeFixture(musicApp)
        try app.lua("nav.push('/search')")
        let (sighting, token) = replacingOnFirstChange(app, times: 2)
        #expect(try app.lua("return nav.pop()") == [true])
        #expect(sighting.pathAfterReplacing == "/")
        #expect(sighting.replacements == 2)
        #expect(sighting.replaced == nil)
        #expect(app.runtime.retiredNavigators.isEmpty)
        #expect(try app.lua("return nav.pop(), #nav.history") == [false, 1])
        _ = token
    }

    @Test func aFailedCallLetsGoOfTheNavigatorsItReplaced() throws {
        let app = try RuntimeFixture(musicApp)
        let (sighting, token) = replacingOnFirstChange(app, times: 1, failing: true)
        #expect(app.failure("nav.push('/search')")?.message.contains("refused by the test") == true)
        // Read before the observer threw: the push the throw undid had landed.
        #expect(sighting.pathAfterReplacing == "/search")
        #expect(sighting.replaced == nil)
        #expect(app.runtime.retiredNavigators.isEmpty)
        _ = token
    }

    @Test func aCallMadeInsideAnotherLeavesNothingLent() throws {
        // A guard (Lua, inside nav.push) calls nav.pop: the navigator refuses an operation inside
        // another, the guard raises, and the push fails; both calls have given the navigator back.
        let app = try RuntimeFixture(musicApp + """

            route("/guarded", {guard = function() nav.pop() return true end})
            """)
        try app.lua("nav.push('/search')")
        #expect(app.failure("nav.push('/guarded')") != nil)
        #expect(app.runtime.navigatorLends == 0)
        #expect(app.runtime.retiredNavigators.isEmpty)
        #expect(try app.lua("return nav.path, nav.pop(), nav.path") == ["/search", true, "/"])
    }
}

import Testing
@testable import SwitchyardLua
import Switchyard

/// `nav.push` + `nav.pop` pairs past the timeline's 100 entries, where each push's screen refills the
/// object of a screen whose entry fell off (issue 37 item 3, branch `pushpop2`): what a script reads
/// is as if every screen had its own.
@Suite struct NavPushPopRecyclingTests {
    let app: RuntimeFixture
    init() throws {
        app = try RuntimeFixture("""
            route("/")
            route("/item/:n")
            """)
    }

    @Test func screensAScriptHoldsAndTheHistoryReadAsLandedPastTheTimelinesLength() throws {
        let results = try app.lua("""
            nav.push('/item/1')
            local first = nav.screen
            local first_id = first.id
            nav.pop()
            local ids = {}
            for i = 2, 160 do
              nav.push('/item/' .. i)
              ids[#ids + 1] = nav.screen.id
              nav.pop()
            end
            nav.push('/item/161')
            local increasing = true
            for i = 2, #ids do increasing = increasing and ids[i] > ids[i - 1] end
            local h = nav.history
            return first.path, first.id == first_id, first.params.n, #h, h[1].location, h[2].location,
              h[#h - 1].location, h[#h].location, nav.path, nav.params.n, #nav.stack, increasing
            """)
        #expect(results == ["/item/1", true, "1", 100, "/", "/item/112", "/", "/item/161", "/item/161", "161", 2, true])
    }

    @Test func popWithAndWithoutItsArgumentAnswersAsBefore() throws {
        // `nav.pop()` now reads the argument count before the argument's type.
        try app.lua("for i = 1, 4 do nav.push('/item/' .. i) end")
        #expect(try app.lua("return nav.pop(), nav.pop(nil), nav.pop(1), #nav.stack, nav.pop(5), nav.path")
                == [true, true, true, 2, true, "/"])
        #expect(app.failure("nav.pop(false)")?.message == "test.lua:1: bad argument #1 to 'nav.pop' (integer expected, got boolean)")
    }
}

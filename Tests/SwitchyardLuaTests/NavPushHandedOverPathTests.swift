import Testing
@testable import SwitchyardLua
@testable import Switchyard

/// `nav.push(path)` hands the path it made from the Lua string over to the navigator
/// (`Navigator.push(handingOver:)`), which looks it up itself and moves it into a bare landing's
/// info (issue 37 item 3, branch `pushpop3`). Whatever the lookup answers, a script must see what
/// `Navigator.push(_:)` from Swift gives for the same path: the same screen, history, error.
@Suite struct NavPushHandedOverPathTests {
    static let app = """
        route("/", {})
        route("/item/:n", {})
        route("/titled/:n", {title = function(info) return "Titled " .. info.params.n end})
        route("/user/:id", {validate = function(info) return tonumber(info.params.id) or mismatch("not a number") end})
        route("/user/:name", {title = function(info) return "Named " .. info.params.name end})
        route("/held/:n", {guard = function() return nav.pending("wait") end})
        route("/old/:n", {redirect = "/item/:n"})
        route("/back", {redirect = "/"})
        route("/deep/:a/:b/:c/:d/:e/:f/:g/:h/:i", {})
        """

    /// What a script reads after pushing `path` onto /item/1, or the error it gets.
    static func seenFromLua(_ path: String) throws -> [String] {
        let fixture = try RuntimeFixture(app)
        try fixture.lua("nav.push('/item/1')")
        do {
            try fixture.lua("nav.push(...)".replacingOccurrences(of: "...", with: "[==[\(path)]==]"))
        } catch {
            return ["error", error.message]
        }
        return describe(fixture.navigator)
    }

    /// The same from Swift's `Navigator.push(_:)`.
    static func seenFromSwift(_ path: String) throws -> [String] {
        let fixture = try RuntimeFixture(app)
        try fixture.navigator.push("/item/1")
        do {
            try fixture.navigator.push(path)
        } catch {
            // As the Lua error reports it, without its "file:line: " prefix.
            return ["error", "\(error)"]
        }
        return describe(fixture.navigator)
    }

    static func describe(_ navigator: Navigator) -> [String] {
        let screen = navigator.screen
        return [screen.path, screen.pattern ?? "-", screen.params.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","),
                screen.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","),
                screen.fragment ?? "-", screen.title ?? "-", "\(screen.value.map { "\($0)" } ?? "-")",
                navigator.stack.map(\.path).joined(separator: " "), navigator.history.map(\.location).joined(separator: " "),
                navigator.pendingNavigation.map { "\($0.key) \($0.path)" } ?? "-"]
    }

    @Test(arguments: [
        "/item/2",                 // a bare route's hit: the path moved into the info
        "/item/1",                 // already there: nothing recorded
        "/titled/3",               // a hit on a route with a title
        "/user/42",                // a validator's route: the candidates decide
        "/user/ann",               // ... and the next candidate when it refuses
        "/held/5",                 // a guard holds the push
        "/old/6",                  // a redirect
        "/back",                   // a redirect back where the screen is: no change
        "/deep/1/2/3/4/5/6/7/8/9", // more parameters than a hit keeps inline
        "/nowhere",                // a miss
        "/nowhere//x",             // a miss of text that is not plain: it lands at its normalised path
        "/nowhere/x/?q=1",         // ... and with a query after a trailing slash
        "/item/2?tab=info#top",    // a query and a fragment
        "/item/./2",               // not normalised
        "/item//2/",               // empty segment, trailing slash
        "../titled/7",             // relative
        "titled/8",                // relative, no dots
        "/item/caf\u{e9}",         // not ASCII
    ])
    func aScriptSeesWhatSwiftsPushGives(_ path: String) throws {
        let lua = try Self.seenFromLua(path)
        let swift = try Self.seenFromSwift(path)
        if lua.first == "error" {
            #expect(swift.first == "error")
            #expect(lua.last?.hasSuffix(swift.last ?? "") == true, "\(lua) \(swift)")
        } else {
            #expect(lua == swift)
        }
    }

    @Test func aPathOverTheLengthLimitIsRefusedAsFromSwift() throws {
        let long = "/item/" + String(repeating: "x", count: NavigatorLimits().pathBytes)
        let lua = try Self.seenFromLua(long)
        let swift = try Self.seenFromSwift(long)
        #expect(lua.first == "error" && swift.first == "error")
        #expect(lua.last?.hasSuffix(swift.last ?? "-") == true)
    }

    @Test func aHeldPushKeepsItsPathAndLandsItWhenSettled() throws {
        let fixture = try RuntimeFixture(Self.app)
        try fixture.lua("nav.push('/held/9')")
        #expect(try fixture.lua("return nav.pending_navigation.path, nav.path") == ["/held/9", "/"])
        try fixture.lua("nav.settle('wait', true)")
        #expect(fixture.navigator.path == "/held/9")
        #expect(fixture.navigator.history.map(\.location) == ["/", "/held/9"])
    }

    @Test func pushedBareScreensKeepTheirPathsAsTheirEntriesFallOff() throws {
        // The path moved into a bare landing's info is that screen's own: over a timeline short
        // enough for screens to be refilled, each screen read from the stack and history shows the
        // path it was pushed with.
        let fixture = try RuntimeFixture(Self.app)
        try fixture.navigator.setTimelineLimit(4)
        for n in 1...12 {
            try fixture.lua("nav.push('/item/\(n)')")
            #expect(fixture.navigator.screen.path == "/item/\(n)")
            #expect(fixture.navigator.screen.params == ["n": "\(n)"])
            try fixture.lua("nav.pop()")
        }
        #expect(fixture.navigator.history.map(\.location) == ["/item/11", "/", "/item/12", "/"])
        try fixture.lua("nav.push('/item/20') nav.push('/item/21') nav.push('/titled/22')")
        #expect(try fixture.lua("local s = nav.stack return s[2].path, s[3].path, s[4].path, s[3].params.n")
                == ["/item/20", "/item/21", "/titled/22", "21"])
        #expect(fixture.navigator.history.map(\.location) == ["/", "/item/20", "/item/21", "/titled/22"])
    }
}

/// `nav.push`'s handed-over path that no route takes: the not-found screen shows the normalised path,
/// as Swift's `push` does (the lookup calls a path with an empty segment a miss without normalising it).
@Suite struct NavPushMissPathTests {
    @Test func aMissWithAnEmptySegmentLandsAtItsNormalisedPath() throws {
        let fixture = try RuntimeFixture("""
            route("/", {})
            route("/item/:n", {})
            not_found({title = "Lost"})
            """)
        for (typed, shown) in [("/zzz//x", "/zzz/x"), ("/item/1/zzz//x", "/item/1/zzz/x"), ("/zzz//x?y=1", "/zzz/x")] {
            try fixture.lua("nav.push([==[\(typed)]==])")
            #expect(fixture.navigator.path == shown, "\(typed)")
            #expect(fixture.navigator.screen.title == "Lost")
        }
    }
}

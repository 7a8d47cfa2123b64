import Testing
@testable import SwitchyardLua
import Switchyard

/// `match` is a C function of the shim entering Swift once: what it raises, what it returns for a path
/// it cannot build from spans, and its second entrance (luassert's `match` table) must be what they were.
@Suite struct MatchFunctionTests {
    let app: RuntimeFixture
    init() throws { app = try RuntimeFixture(musicApp) }

    @Test func aValidatorsErrorIsRaisedAtItsOwnLine() throws {
        try app.lua("route('/v/:id', {validate = function(info)\n  error('no ' .. info.params.id)\nend})")
        let error = try #require(app.failure("\n\nreturn match('/v/7')"))
        #expect(error.message.hasPrefix("test.lua:2: no 7") || error.message.contains(":2: no 7"),
                "the validator's line, not the caller's: \(error.message)")
        #expect(try app.lua("return pcall(match, '/v/8')").first == .boolean(false))
        #expect(try app.lua("return match('/album/3').params.id") == ["3"], "match works after a raise")
    }

    @Test func aBadArgumentIsRaisedAtTheCallersLine() throws {
        #expect(app.failure("\nmatch({})")?.message == "test.lua:2: bad argument #1 to 'match' (string expected, got table)")
        #expect(app.failure("match()")?.message == "test.lua:1: bad argument #1 to 'match' (string expected, got no value)")
    }

    @Test func mismatchInAValidatorTriesTheNextRoute() throws {
        try app.lua("""
            route('/u/:id', {validate = function(info) return tonumber(info.params.id) or mismatch('not a number') end})
            route('/u/:name', {name = 'by-name'})
            """)
        #expect(try app.lua("local i = match('/u/12') return i.pattern, i.value") == ["/u/:id", 12])
        #expect(try app.lua("local i = match('/u/bob') return i.pattern, i.params.name, i.value") == ["/u/:name", "bob", nil])
    }

    @Test func aValidatorMayCallMatchItself() throws {
        try app.lua("route('/w/:id', {validate = function(info) return match('/album/' .. info.params.id).params.id end})")
        #expect(try app.lua("local i = match('/w/5') return i.value, i.params.id") == ["5", "5"])
    }

    @Test func nonASCIIAndEscapedValuesComeBackDecoded() throws {
        try app.lua("route('/n/:a/:b')")
        #expect(try app.lua("local i = match('/n/ü/%C3%A9') return i.path, i.params.a, i.params.b") == ["/n/ü/%C3%A9", "ü", "é"])
        #expect(try app.lua("local i = match('/n/x/a%2Fb') return i.params.a, i.params.b") == ["x", "a/b"])
    }

    @Test func aRouteWithManyParametersAndARedeclaredPatternMatchWhole() throws {
        let names = (1...10).map { ":p\($0)" }.joined(separator: "/")
        try app.lua("route('/m/\(names)')")
        let values = try app.lua("local i = match('/m/1/2/3/4/5/6/7/8/9/10') return i.params.p1, i.params.p9, i.params.p10")
        #expect(values == ["1", "9", "10"])
        #expect(try app.lua("return match('/album/4').pattern, match('/search').pattern") == ["/album/:id", "/search"])
    }

    @Test func luassertsMatchTableCallsTheSameMatch() throws {
        let values = try app.lua("""
            local _ = match._
            local i = match('/album/9')
            return getmetatable(match) ~= nil, i.pattern, i.params.id, match('/nowhere'), (pcall(match, 3))
            """)
        #expect(values == [true, "/album/:id", "9", nil, false])
        #expect(app.failure("local _ = match._\nmatch(3)")?.message == "test.lua:2: bad argument #1 to 'match' (string expected, got number)")
    }
}

import Testing
@testable import SwitchyardLua
import Switchyard

/// Lua's `match(text)` on routes with five to nine parameters (issue 37): the lookup now lends a hit of
/// up to eight parameters as spans of the argument, which the shim builds the table from (it was
/// resolved from the candidates' search past four). Its table must be the one `RouteTable.match`
/// describes for the same text, field by field, and a navigator push must land on the same values.
@Suite struct ManyParametersMatchTableTests {
    let app: RuntimeFixture

    static let paths = [
        "/five/1/2/3/4/5", "/five/a%20b/c/d/e/f", "/five/1/2/3/4/5?tab=info&x=%41", "/five/1/2/3/4/5#top", "/five/1/2/3/4",
        "/six/x/s/12/y/t/z/34/w", "/six/x/s/12/y/t/z/34/w?page=2", "/six/x/s/twelve/y/t/z/34/w",
        "/eight/1/2/3/4/5/6/7/8", "/eight/a/b%20c/d/e/f/g/h/i", "/eight/1/2/3/4/5/6/7/8?q=1#f",
        "/nine/1/2/3/4/5/6/7/8/9", "/nine/1/2/3/4/5/6/7/8/9?x=y",
        "/opt/1/2/3/4/5", "/opt/1/2/3/4/5/6", "/opt/1/2/3/4/5/6/7", "/opt/1/2/3/4/fixed", "/opt/1/2/3/4/5?x=1",
    ]

    init() throws {
        app = try RuntimeFixture(Self.line.luaFunction + "\n" + """
            route("/five/:a/:b/:c/:d/:e")
            route("/six/:a/s/:b/:c/t/:d/:e/:f", {params = {b = "int", e = "int"}})
            route("/six/*rest")
            route("/eight/:a/:b/:c/:d/:e/:f/:g/:h")
            route("/nine/:a/:b/:c/:d/:e/:f/:g/:h/:i")
            route("/opt/:a/:b/:c/:d/:e/:f?/:g?")
            route("/opt/:a/:b/:c/:d/fixed")
            """)
    }

    static let line = InfoTableLine(typed: false)

    /// The same line made from what `RouteTable.match` returns for `text`.
    private func describedBySwift(_ text: String) throws -> String { try Self.line.fromSwift(text, in: app) }

    @Test func matchBuildsTheTableSwiftDescribes() throws {
        for text in Self.paths {
            let described = try Self.line.fromLua(text, in: app)
            #expect(described == (try describedBySwift(text)), "\(text)")
        }
        // Spot values, so that the comparison cannot pass on two empty descriptions.
        #expect(try app.lua("local i = match('/eight/a/b%20c/d/e/f/g/h/i') return i.params.b, i.params.h, i.pattern")
                == ["b c", "i", "/eight/:a/:b/:c/:d/:e/:f/:g/:h"])
        #expect(try app.lua("local i = match('/six/x/s/12/y/t/z/34/w?page=2') return i.params.e, i.params.f, i.query.page")
                == [34, "w", "2"])
        #expect(try app.string("return match('/six/x/s/twelve/y/t/z/34/w').pattern") == "/six/*rest")
    }

    @Test func aPushLandsOnTheValuesMatchReads() throws {
        for text in Self.paths where try describedBySwift(text) != "nil" {
            let expected = try #require(try app.runtime.routeTable.match(text)).info.params.dictionary
            try app.lua("nav.push('\(text)')")
            #expect(app.navigator.params == expected, "\(text)")
        }
    }
}

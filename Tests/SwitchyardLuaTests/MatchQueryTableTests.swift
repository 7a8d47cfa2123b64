import Testing
@testable import SwitchyardLua
import Switchyard

/// `match(text)` where the path goes on with a `?query` or `#fragment` (issue 37 item 3): the shim builds
/// the info table from the argument's bytes, the query table included, when nothing in it needs decoding.
/// Its table must be the one `RouteTable.match` describes for the same text, field by field.
@Suite struct MatchQueryTableTests {
    let app: RuntimeFixture

    init() throws {
        app = try RuntimeFixture(Self.line.luaFunction + "\n" + """
            route("/q/:a/:b")
            route("/plain")
            route("/files/*rest")
            route("/opt/:x?/:y?")
            route("/many/:p1/:p2/:p3/:p4/:p5/:p6/:p7/:p8/:p9")
            route("/checked/:id", {validate = function(info) seen_query = info.query.tab return true end})
            """)
    }

    static let line = InfoTableLine(typed: false)

    private func described(_ text: String) throws -> String? { try Self.line.fromLua(text, in: app) }

    /// The same line made from what `RouteTable.match` returns for `text`.
    private func describedBySwift(_ text: String) throws -> String { try Self.line.fromSwift(text, in: app) }

    @Test func aQueryIsReadIntoTheTableAndThePathStopsBeforeIt() throws {
        #expect(try described("/q/1/2?tab=info&page=17")
                == "params:{a=1,b=2} path:/q/1/2 pattern:/q/:a/:b query:{page=17,tab=info}")
        #expect(try app.lua("local i = match('/plain?x=1') return i.path, i.query.x, i.fragment") == ["/plain", "1", nil])
    }

    @Test func pairsAreReadAsLocationParsesThem() throws {
        // Empty pairs skipped, no '=' an empty value, the first '=' splits, a later key wins, '+' kept.
        #expect(try described("/plain?&a=1&&b&c=x=y&a=2&d=1+2&")
                == "params:{} path:/plain pattern:/plain query:{a=2,b=,c=x=y,d=1+2}")
        #expect(try described("/plain?") == "params:{} path:/plain pattern:/plain query:{}")
        #expect(try described("/plain?=v") == "params:{} path:/plain pattern:/plain query:{=v}")
    }

    @Test func aFragmentIsAllAfterTheFirstHash() throws {
        #expect(try described("/q/1/2#top") == "fragment:top params:{a=1,b=2} path:/q/1/2 pattern:/q/:a/:b query:{}")
        #expect(try described("/q/1/2?a=1#top?b=2#c")
                == "fragment:top?b=2#c params:{a=1,b=2} path:/q/1/2 pattern:/q/:a/:b query:{a=1}")
        #expect(try described("/q/1/2#x?a=1") == "fragment:x?a=1 params:{a=1,b=2} path:/q/1/2 pattern:/q/:a/:b query:{}")
        #expect(try described("/plain?a=1#") == "fragment: params:{} path:/plain pattern:/plain query:{a=1}")
    }

    @Test func escapesInTheQueryOrTheValuesAreDecoded() throws {
        #expect(try described("/q/a%20b/2?name=Charles%20Mingus&k%3D=v")
                == "params:{a=a b,b=2} path:/q/a%20b/2 pattern:/q/:a/:b query:{k==v,name=Charles Mingus}")
        #expect(try described("/q/1/2?bad=%zz&pct=100%") == "params:{a=1,b=2} path:/q/1/2 pattern:/q/:a/:b query:{bad=%zz,pct=100%}")
    }

    @Test func everyShapeReadsAsRouteTableMatchReadsIt() throws {
        let texts = [
            "/q/1/2?tab=info", "/q/1/2?flag&x=1", "/q/1/2?tab=info&page=3#frag", "/plain#", "/plain?a&a=&b=1", "/files/a/b/c?x=1",
            "/files/a?x=1#y", "/opt?x=1", "/opt/1?y=2", "/opt/1/2?z=3#w", "/many/1/2/3/4/5/6/7/8/9?q=1",
            "/q/1/2/3?x=1", "/nowhere?x=1", "/q/1?x=1", "/q/./1/2?x=1", "/q//1/2?x=1", "/q/1/2?x=%41",
            "/q/ü/2?x=1", "/q/1/2?x=é", "/Plain?x=1",
        ]
        for text in texts {
            #expect(try described(text) == describedBySwift(text), "match('\(text)')")
        }
    }

    @Test func escapesInTheQueryAreDecodedAsPercentCodingDecodesThem() throws {
        // Well-formed UTF-8 decoded; a malformed escape kept; a key or value whose bytes do not decode to
        // UTF-8 (stray continuation, overlong, surrogate, past U+10FFFF, cut short) kept as written.
        let escapes = ["%41", "%zz", "100%", "a%2", "%%41", "%C3%A9", "%F0%9F%98%80", "%E0%A0%80", "%F4%8F%BF%BF",
                       "%C2%80", "%FF", "%80", "%C1%BF", "%E0%9F%BF", "%ED%A0%80", "%F0%8F%BF%BF", "%F4%90%80%80",
                       "%E2%82", "%E2%82x", "%C3%A9%FF", "%2B+", "%26%3D"]
        for escape in escapes {
            for text in ["/q/1/2?k=\(escape)", "/q/1/2?\(escape)=v&w=\(escape)#\(escape)", "/plain?\(escape)"] {
                #expect(try described(text) == describedBySwift(text), "match('\(text)')")
            }
        }
        #expect(try app.lua("return match('/plain?name=Charles%20Mingus&caf%C3%A9=1').query.name") == ["Charles Mingus"])
        #expect(try app.lua("return match('/plain?caf%C3%A9=1&bad=%FF')['query']['café']") == ["1"])
        #expect(try app.lua("return match('/plain?caf%C3%A9=1&bad=%FF').query.bad") == ["%FF"])
    }

    @Test func aValidatorStillSeesTheQuery() throws {
        #expect(try app.lua("local i = match('/checked/7?tab=info') return i.params.id, seen_query") == ["7", "info"])
    }

    @Test func aRoutesStringsServePlainAndQueriedPathsAlike() throws {
        // The shim keeps a route's pattern and names by slot: the first match of a route may come with a
        // query or without, and a route declared again takes its slot with other names.
        let values = try app.lua("""
            local a = match('/q/1/2?x=1')
            local b = match('/q/3/4')
            local c = match('/q/5/6#f')
            return a.params.a, a.params.b, b.params.a, b.pattern, c.params.b, c.pattern
            """)
        #expect(values == ["1", "2", "3", "/q/:a/:b", "6", "/q/:a/:b"])
        try app.lua("route('/r/:first/:second')")
        #expect(try app.lua("local i = match('/r/x/y?k=v') return i.params.first, i.params.second, i.query.k") == ["x", "y", "v"])
        #expect(try app.lua("local i = match('/r/x/y') return i.params.first, i.pattern") == ["x", "/r/:first/:second"])
    }
}

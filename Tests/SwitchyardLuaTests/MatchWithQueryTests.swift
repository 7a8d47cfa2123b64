import Testing
@testable import SwitchyardLua
import Switchyard

/// What a script reads from `match(text)` when the text carries a `?query` (issue 37, item 3: the path
/// before the `?` is looked up alone and the table built from the text's bytes): the values, repeated
/// keys, escapes, `+`, empty values, a miss, and the routes the path alone cannot settle.
@Suite struct MatchWithQueryTests {
    let app: RuntimeFixture

    init() throws {
        app = try RuntimeFixture("""
            route("/album/:id")
            route("/album/:id/track/:n")
            route("/many/:p1/:p2/:p3/:p4/:p5/:p6")
            route("/typed/:n", {params = {n = "int"}})
            route("/gate/:id", {validate = function(info) return info.query.pass == "1" end})
            route("/gate/:other")
            -- The query table as a script sees it through pairs: keys sorted, "k=v;".
            function listed(t)
              local keys, out = {}, {}
              for k in pairs(t) do keys[#keys + 1] = k end
              table.sort(keys)
              for _, k in ipairs(keys) do out[#out + 1] = k .. "=" .. t[k] .. ";" end
              return table.concat(out)
            end
            """)
    }

    @Test func theQueryValuesAndTheParametersAreRead() throws {
        #expect(try app.lua("""
            local i = match('/album/12/track/3?presentation=sheet&t=90')
            return i.path, i.pattern, i.params.id, i.params.n, listed(i.query)
            """) == ["/album/12/track/3", "/album/:id/track/:n", "12", "3", "presentation=sheet;t=90;"])
    }

    @Test func aRepeatedKeyKeepsItsLastValue() throws {
        #expect(try app.string("return listed(match('/album/1?tab=a&tab=b&x=1&tab=c').query)") == "tab=c;x=1;")
    }

    @Test func escapedKeysAndValuesAreDecodedAndPlusIsKept() throws {
        #expect(try app.string("return listed(match('/album/1?na%6De=Charles%20Mingus&a+b=c+d').query)")
                == "a+b=c+d;name=Charles Mingus;")
        // A parameter value with an escape beside a query: decoded too.
        #expect(try app.lua("local i = match('/album/a%2Fb?x=%41') return i.params.id, i.query.x") == ["a/b", "A"])
    }

    @Test func emptyValuesAndEmptyPairs() throws {
        #expect(try app.string("return listed(match('/album/1?flag&empty=&&=v').query)") == "=v;empty=;flag=;")
        #expect(try app.lua("local q = match('/album/1?').query return next(q), #q") == [nil, .integer(0)])
    }

    @Test func aQueryOnAMissIsNil() throws {
        #expect(try app.lua("return match('/nowhere?x=1'), match('/album?x=1'), match('/album/1/track?x=1#f')") == [nil, nil, nil])
    }

    @Test func routesThePathAloneDoesNotSettleStillSeeTheQuery() throws {
        // A validator reading the query: the path alone would be refused, the text accepted.
        #expect(try app.lua("local i = match('/gate/7?pass=1') return i.pattern, i.params.id, i.query.pass")
                == ["/gate/:id", "7", "1"])
        #expect(try app.lua("local i = match('/gate/7?pass=0') return i.pattern, i.params.other") == ["/gate/:other", "7"])
        // Six parameters (more than a lent hit holds) and a typed one (its value coerced).
        #expect(try app.lua("local i = match('/many/1/2/3/4/5/6?k=v') return i.params.p6, i.query.k") == ["6", "v"])
        #expect(try app.lua("local i = match('/typed/12?k=v') return math.type(i.params.n), i.query.k") == ["integer", "v"])
        #expect(try app.lua("return match('/typed/twelve?k=v')") == [nil])
    }

    @Test func aPathToNormaliseBeforeAQueryIsMatchedAsItsNormalForm() throws {
        #expect(try app.lua("local i = match('/album/./12/?x=1') return i.path, i.params.id, i.query.x") == ["/album/12", "12", "1"])
    }
}

import Testing
@testable import SwitchyardLua
import Switchyard

/// The `query` and `query_mismatch` options of `route` (issue 33.2) in the Lua layer: what scripts read,
/// what a wrong declaration says, and that a failed declaration or navigation changes nothing.
@Suite struct QuerySchemaOptionTests {
    private let app: RuntimeFixture

    init() throws {
        app = try RuntimeFixture("""
            route("/", {title = "Home"})
            route("/list", {name = "list", query = {page = {type = "int", default = 1}, exact = "bool", ratio = "number",
              view = {"grid", "list"}, slug = {match = "^[a-z]+$"}, q = {required = true}}})
            route("/strict/:id", {name = "strict", query = {tab = {"a", "b"}}, query_mismatch = "error"})
            """)
    }

    @Test func scriptsReadCoercedValuesDefaultsAndUndeclaredKeys() throws {
        #expect(try app.lua("""
            local info = match("/list?q=x&exact=true&ratio=0.5&view=grid&slug=abc&other=7")
            return info.query.page, math.type(info.query.page), info.query.exact, info.query.ratio, info.query.view,
                   info.query.slug, info.query.other, info.query.q
            """) == [1, "integer", true, 0.5, "grid", "abc", "7", "x"])
        try app.lua("nav.push('/list?q=y&page=4')")
        #expect(try app.lua("return nav.query.page, nav.stack[#nav.stack].query.page, nav.screen.query.q") == [4, 4, "y"])
        #expect(try app.lua("return preview('/list?q=z').query.page") == [1])
    }

    @Test func eachTypeRefusesWhatDoesNotFit() throws {
        for wrong in ["page=x", "exact=yes", "ratio=inf", "view=tiles", "slug=ABC"] {
            #expect(try app.lua("return match('/list?q=x&\(wrong)')") == [.nil], "\(wrong)")
        }
        #expect(try app.lua("return match('/list')") == [.nil], "a required key that is missing")
        let routes = try app.lua("for _, r in ipairs(routes()) do if r.name == 'list' then return r.query.page, r.query.q, r.query.view end end")
        #expect(routes == ["int=1", "string!", "grid|list"])
    }

    @Test func anErrorRouteFailsTheNavigationAndLeavesTheNavigator() throws {
        try app.lua("nav.push('/strict/1?tab=a')")
        let before = try app.navigator.save()
        let failure = app.failure("nav.push('/strict/2?tab=c')")
        #expect(failure?.message.contains(#"route "strict": query tab "c" is not one of a, b"#) == true, "\(failure?.message ?? "no error")")
        #expect(try app.navigator.save() == before)
    }

    @Test func aWrongDeclarationSaysWhatAndWhereAndDeclaresNothing() throws {
        let cases: [(String, String)] = [
            (#"route("/x", {query = {tab = {type = {"a"}, default = "b"}}})"#,
             #"route /x: query.tab: default "b" does not fit its own type: tab "b" is not one of a"#),
            (#"route("/x", {query = {page = {type = "int", default = "one"}}})"#, #"default "one" does not fit its own type"#),
            (#"route("/x", {query = {q = {required = true, default = "a"}}})"#, "query.q: a required key cannot have a default"),
            (#"route("/x", {query = {q = {requird = true}}})"#, "unknown field 'requird' (did you mean 'required'?"),
            (#"route("/x", {query = {q = "integer"}})"#, #"unknown type "integer""#),
            (#"route("/x", {query = {}})"#, "option 'query' is empty"),
            (#"route("/x", {query = "int"})"#, "option 'query' must be a table"),
            (#"route("/x", {query = {q = {default = {}}}})"#, "default must be a string, number or boolean, got table"),
            (#"route("/x", {query_mismatch = "error"})"#, "option 'query_mismatch' needs a 'query' schema beside it"),
            (#"route("/x", {query = {q = "int"}, query_mismatch = "skip"})"#, #"must be "no_match" (the next candidate is tried) or "error", got "skip""#),
            (#"route("/x", {query = {q = {match = "[a"}}})"#, #"'match' pattern "[a" is malformed"#),
        ]
        let count = app.runtime.routeTable.count
        for (code, message) in cases {
            let failure = app.failure(code)
            #expect(failure?.message.contains(message) == true, "\(code): \(failure?.message ?? "no error")")
            #expect(failure?.message.contains("test.lua:1") == true, "where: \(failure?.message ?? "")")
        }
        #expect(app.runtime.routeTable.count == count)
    }

    @Test func urlChecksTheQueryAgainstTheSchema() throws {
        #expect(try app.lua("return url('list', {}, {q = 'x', page = 2})") == ["/list?page=2&q=x"])
        #expect(app.failure("url('list', {}, {page = 2})")?.message.contains(#"route "list": query q is required"#) == true)
        #expect(app.failure("url('strict', {id = 1}, {tab = 'c'})")?.message.contains(#"route "strict": query tab "c" is not one of a, b"#) == true)
    }
}

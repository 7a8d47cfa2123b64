import Testing
@testable import SwitchyardLua
import Switchyard

/// `route(pattern, {params = {...}})` (issue 33): the declaration, the coerced values scripts read and
/// the errors a wrong declaration gets.
@Suite struct TypedDeclarationTests {
    private let app = """
        route("/album/:id", {name = "album", params = {id = "int"}, title = function(info) return "Album " .. math.type(info.params.id) end})
        route("/album/:slug", {title = "By name"})
        route("/tag/:tag", {name = "tag", params = {tag = {match = "^[a-z-]+$"}}})
        """

    @Test func callbacksMatchAndScreensReadTheCoercedValue() throws {
        let app = try RuntimeFixture(self.app)
        let read = try app.lua("""
            nav.push("/album/12")
            return nav.title, match("/album/12").params.id, math.type(nav.stack[#nav.stack].params.id), match("/album/x").pattern
            """)
        #expect(read == ["Album integer", 12, "integer", "/album/:slug"])
    }

    @Test func aRestoredScreenOfATypedRouteKeepsItsTypeAndAWrongValueIsRefused() throws {
        let app = try RuntimeFixture(self.app)
        let read = try app.lua("""
            nav.push("/album/12")
            local saved = nav.save()
            nav.restore(saved)
            local kind = math.type(nav.stack[#nav.stack].params.id)
            local bad = saved:gsub("\\\\/album\\\\/12", "\\\\/album\\\\/1x"):gsub('"id":"12"', '"id":"1x"')
            local ok, message = pcall(nav.restore, bad)
            return kind, ok, message
            """)
        #expect(read.prefix(2) == ["integer", false])
        #expect(read[2].stringValue?.contains("id \"1x\" is not an int (the route /album/:id types it)") == true, "\(read)")
    }

    @Test func aLuaPatternTypeIsCheckedInTheScriptsEngine() throws {
        let app = try RuntimeFixture(self.app)
        #expect(try app.lua(#"return match("/tag/a-b") ~= nil, match("/tag/A") == nil, url("tag", {tag = "ok"})"#)
                == [true, true, "/tag/ok"])
        #expect(throws: LuaError.self) { try app.lua(#"url("tag", {tag = "NO"})"#) }
    }

    @Test func wrongDeclarationsSayWhatIsWrong() throws {
        let app = try RuntimeFixture("")
        func message(_ code: String) -> String {
            do { try app.lua(code); return "" } catch { return "\(error)" }
        }
        #expect(message(#"route("/a/:id", {params = {idd = "int"}})"#)
                .contains("route /a/:id: option 'params': 'idd' is not a parameter of the pattern (did you mean 'id'? parameters: id)"))
        #expect(message(#"route("/b/:id", {params = {id = "nt"}})"#).contains("unknown type \"nt\" (did you mean \"int\"?)"))
        #expect(message(#"route("/c/:id", {params = {id = {match = "[a"}}})"#).contains("'match' pattern \"[a\" is malformed"))
        #expect(message(#"route("/d/:id", {params = "int"})"#).contains("option 'params' must be a table such as {id = \"int\"}, got string"))
        #expect(message(#"route("/e/:id", {params = {id = {}}})"#).contains("must be \"int\", \"number\""))
        #expect(app.runtime.routeTable.count == 0, "a refused declaration declares nothing")
    }
}

/// `meta` on routes and groups (issue 33).
@Suite struct RouteMetaTests {
    @Test func aGroupsMetaLiesUnderEachRoutesOwnAndNestedGroupsMergeOutsideIn() throws {
        let app = try RuntimeFixture("""
            group("/a", function()
              group("/b", function()
                route("c", {meta = {own = 1, shared = "route"}})
              end, {meta = {inner = true, shared = "inner"}})
            end, {meta = {outer = true, shared = "outer"}})
            """)
        #expect(try app.lua(#"local m = match("/a/b/c").meta return m.outer, m.inner, m.own, m.shared"#)
                == [true, true, 1, "route"])
        let route = try #require(app.runtime.routeTable.routes.first)
        #expect(route.meta?.json == #"{"inner":true,"outer":true,"own":1,"shared":"route"}"#)
    }

    @Test func metaThatDoesNotSaveAsJSONIsAnErrorAtTheDeclaration() throws {
        let app = try RuntimeFixture("")
        func message(_ code: String) -> String {
            do { try app.lua(code); return "" } catch { return "\(error)" }
        }
        #expect(message(#"route("/a", {meta = {f = print}})"#).contains("route /a: meta.f is a function, which does not save as JSON"))
        #expect(message(#"group("/g", function() end, {meta = 3})"#).contains("group /g: option 'meta' must be a table, got number"))
        #expect(message(#"local t = {} t.t = t route("/b", {meta = t})"#).contains("nests deeper than 32 tables"))
        #expect(message(#"route("/c", {meta = {[true] = 1}})"#).contains("JSON records have string keys"))
        #expect(app.runtime.routeTable.count == 0)
    }
}

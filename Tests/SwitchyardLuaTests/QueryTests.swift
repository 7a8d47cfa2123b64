import Testing
@testable import SwitchyardLua
import Switchyard

@Suite struct QueryTests {
    let app: RuntimeFixture
    init() throws { app = try RuntimeFixture(musicApp) }

    @Test func matchReturnsAnInfoTable() throws {
        let info = try app.lua("""
            local info = match('/album/12?tab=info#top')
            return info.path, info.pattern, info.params.id, info.query.tab, info.fragment, info.value
            """)
        #expect(info == ["/album/12", "/album/:id", "12", "info", "top", 12])
        #expect(try app.lua("return match('/nowhere')") == [nil])
        #expect(try app.lua("return match('/album/abc')") == [nil], "the validator rejects, nothing else matches")
    }

    @Test func matchAllListsCandidatesInRankOrder() throws {
        #expect(try app.lua("local all = match_all('/album/new') return #all, all[1].pattern") == [1, "/album/new"])
        try app.lua("route('/album/:id/edit') route('/album/*rest')")
        #expect(try app.lua("local all = match_all('/album/3') return #all, all[1].pattern, all[2].pattern")
            == [2, "/album/:id", "/album/*rest"])
    }

    @Test func explainSaysWhy() throws {
        let text = try #require(try app.string("return explain('/album/new')"))
        #expect(text.contains("/album/new"))
        #expect(text.contains("/album/:id"))
    }

    @Test func urlBuildsPathsFromNames() throws {
        #expect(try app.string("return url('album', {id = 12})") == "/album/12")
        #expect(try app.string("return url('album', {id = 'a b'}, {tab = 'info', from = 'x'})") == "/album/a%20b?from=x&tab=info")
        #expect(app.failure("url('albun', {id = 1})")?.message.contains("albun") == true)
        #expect(app.failure("url('album', {})")?.message.hasPrefix("test.lua:1: ") == true)
    }

    @Test func routesListsDeclarations() throws {
        let listed = try app.lua("local all = routes() return #all, all[1].pattern, all[3].name, all[3].site, all[3].validated")
        #expect(listed == [10, "/", "album", "app.lua:3", true])
        let ranks = try app.lua("local r = {} for _, route in ipairs(routes()) do r[route.pattern] = route.rank end return r['/album/new'] < r['/album/:id']")
        #expect(ranks == [true])
    }
}

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

    @Test func matchDecodesParametersAndLeavesOutWhatIsAbsent() throws {
        try app.lua("route('/f/:a/:b/:c/:d/:e/:f?')")
        let values = try app.lua("""
            local info = match('/f/a%20b/%zz/3/4/%C3%BC')
            local n = 0 for _ in pairs(info.params) do n = n + 1 end
            local q = 0 for _ in pairs(info.query) do q = q + 1 end
            return info.params.a, info.params.b, info.params.e, info.params.f, n, q, info.fragment
            """)
        #expect(values == ["a b", "%zz", "ü", nil, 5, 0, nil])
        #expect(try app.lua("local info = match('/f/1/2/3/4/5/6#') return info.params.f, info.fragment") == ["6", ""])
    }

    /// What `pairs`, `ipairs`, `#`, `assert.same`, assignment and Swift see of an info table: its four
    /// fields, the same table on every read (a deferred build of `params`/`query` must keep all of this).
    @Test func anInfoTableReadsWholeEveryWay() throws {
        try app.lua("route('/d/:a/:b?')")
        let listed = try app.lua("""
            local function listing(t)
              local parts = {}
              for k, v in pairs(t) do
                parts[#parts + 1] = type(v) == "table" and k .. "=" .. listing(v) or k .. "=" .. v
              end
              table.sort(parts)
              return "{" .. table.concat(parts, ",") .. "}"
            end
            local info = match('/d/x')
            local params = info.params
            return listing(match('/d/x/y')), listing(info), #info, ipairs(info)(info, 0), params == info.params,
                   getmetatable(info), (pcall(assert.same, {path = "/d/x", pattern = "/d/:a/:b?",
                                                           params = {a = "x"}, query = {}}, match('/d/x')))
            """)
        #expect(listed == ["{params={a=x,b=y},path=/d/x/y,pattern=/d/:a/:b?,query={}}",
                           "{params={a=x},path=/d/x,pattern=/d/:a/:b?,query={}}", 0, nil, true, nil, true])
        let written = try app.lua("""
            local a, b, c = match('/d/1'), match('/d/2'), match('/d/3')
            a.params = nil b.query = {k = "v"} c.extra = 1
            return a.params, a.query ~= nil, b.query.k, b.params.a, c.extra, c.params.a
            """)
        #expect(written == [nil, true, "v", "2", 1, "3"])
        guard case .table(let fromSwift)? = try app.lua("return match('/d/7')").first else {
            Issue.record("match did not return a table")
            return
        }
        #expect(Set(try fromSwift.keys().compactMap(\.stringValue)) == ["path", "pattern", "params", "query"])
        #expect(try fromSwift.rawGet("params").tableValue?.rawGet("a") == "7")
    }

    @Test func everyMatchGetsTablesOfItsOwn() throws {
        let values = try app.lua("""
            local first, second = match('/album/12'), match('/album/13')
            first.params.id = 'changed' first.query.x = 1 first.pattern = 'mine'
            local n = 0 for _ in pairs(second) do n = n + 1 end
            return second.pattern, second.params.id, second.query.x, n, match('/album/12').params.id,
                   next(second.params), rawequal(first.params, second.params)
            """)
        #expect(values == ["/album/:id", "13", nil, 5, "12", "id", false], "path, pattern, params, query, value")
    }

    @Test func aPathThatIsNotPlainIsReportedNormalised() throws {
        let values = try app.lua("""
            local plain, untidy = '/album/12', '//album//12/'
            return match(plain).path, match(untidy).path, match(untidy).params.id, match('/search?q=1').path
            """)
        #expect(values == ["/album/12", "/album/12", "12", "/search"])
    }

    @Test func parameterNamesStayWithTheirValuesWhenOptionalOnesAreAbsent() throws {
        try app.lua("route('/g/:a/:b?') route('/h/:x/:y/:z')")
        let values = try app.lua("""
            local g1, g2, h = match('/g/1'), match('/g/1/2'), match('/h/1/2/3')
            local again = match('/g/3')
            return g1.params.a, g1.params.b, g2.params.a, g2.params.b, h.params.x, h.params.z, again.params.a, again.params.b
            """)
        #expect(values == ["1", nil, "1", "2", "1", "3", "3", nil])
    }

    /// A plain path with up to four parameters and no validator is matched in the argument's own bytes
    /// (`withMatch(utf8:)`): what those tables hold must be what any other match gives.
    @Test func aPlainPathsTableIsBuiltFromItsOwnBytes() throws {
        try app.lua("route('/p/:a/:b/:c', {name = 'p'}) route('/o/:a/:b?')")
        let values = try app.lua("""
            local info = match('/p/a%20b/plain/%FF%zz')
            local n, keys = 0, {}
            for key in pairs(info) do n = n + 1 keys[#keys + 1] = key end
            table.sort(keys)
            return info.path, info.pattern, info.params.a, info.params.b, info.params.c, n, table.concat(keys, ','),
                   next(info.query), info.fragment, info.value, info.name
            """)
        #expect(values == ["/p/a%20b/plain/%FF%zz", "/p/:a/:b/:c", "a b", "plain", "%FF%zz", 4,
                           "params,path,pattern,query", nil, nil, nil, nil],
                "a value whose decoding is not UTF-8 stays as written; no fragment, value or name field")
        #expect(try app.lua("local i = match('/o/x') return i.params.a, i.params.b, next(i.params, 'a')") == ["x", nil, nil])
        #expect(try app.lua("local i = match('/o/x/../y/%C3%BC') return i.path, i.params.a, i.params.b") == ["/o/y/%C3%BC", "y", "ü"])
        #expect(try app.lua("local i = match('/o/x?k=v#f') return i.path, i.params.a, i.query.k, i.fragment") == ["/o/x", "x", "v", "f"])
    }

    @Test func bytesThatAreNotPlainASCIIMatchAsTheirDecodedText() throws {
        try app.lua("route('/o/:a/:b?')")
        let nul = try app.lua("local i = match('/o/a\\0b/c') return i.path, #i.path, i.params.a, #i.params.a")
        #expect(nul == ["/o/a\u{0}b/c", 8, "a\u{0}b", 3])
        #expect(try app.lua("local i = match('/o/ü') return i.path, i.params.a") == ["/o/ü", "ü"])
        // Not UTF-8: the text is repaired (U+FFFD) before matching, as a Swift `String` made of it would be.
        #expect(try app.lua("local i = match('/o/a\\255') return i.path, i.params.a") == ["/o/a\u{FFFD}", "a\u{FFFD}"])
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

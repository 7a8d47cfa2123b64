import Testing
@testable import SwitchyardLua

/// A `match(path)` table's `query`, and its `path` when the text goes on past it with `?` or `#`, are built
/// on first read (issue 37, item 3): what a script reads, lists and compares is what an eagerly built table
/// gave, and raw access sees each once it was read.
@Suite struct MatchLazyQueryTests {
    let app: RuntimeFixture

    init() throws {
        app = try RuntimeFixture("""
            route("/album/:id")
            function keys(t)
              local out = {}
              for k in pairs(t) do out[#out + 1] = k end
              table.sort(out)
              return table.concat(out, ",")
            end
            """)
    }

    @Test func rawAccessSeesTheQueryOnceItWasRead() throws {
        #expect(try app.lua("""
            local i = match('/album/1?x=2&y=3')
            local before = rawget(i, 'query')
            local q = i.query
            local p = i.path  -- the other lazy field: the metatable comes off once both were read
            return before, rawget(i, 'query') == q, i.query == q, q.x, q.y, getmetatable(i)
            """) == [nil, true, true, "2", "3", nil])
        // A raw walk lists them after the reads.
        #expect(try app.string("""
            local i = match('/album/1?x=2') local _, _ = i.query, i.path
            local out = {} for k in next, i do out[#out + 1] = k end table.sort(out) return table.concat(out, ',')
            """) == "params,path,pattern,query")
    }

    @Test func pairsListsTheQueryBeforeAnyRead() throws {
        #expect(try app.lua("""
            local i, p, f = match('/album/1?x=2#top'), match('/album/1'), match('/album/1#top')
            return keys(i), keys(i.query), keys(p), next(p.query), keys(f), f.fragment
            """) == ["fragment,params,path,pattern,query", "x", "params,path,pattern,query", nil,
                     "fragment,params,path,pattern,query", "top"])
    }

    @Test func otherKeysReadNilAndWritesStay() throws {
        #expect(try app.lua("""
            local i = match('/album/1?x=2')
            local missing = i.nothing
            i.extra = 5
            return missing, rawget(i, 'extra'), i.query.x
            """) == [nil, .integer(5), "2"])
        // A query set before any read stays what was set, nil included, as on an eager table.
        #expect(try app.lua("""
            local i, j = match('/album/1?x=2'), match('/album/1?x=2')
            i.query = nil
            j.query = 'mine'
            return i.query, j.query
            """) == [nil, "mine"])
    }

    @Test func eachTableKeepsItsOwnQueryThroughCollections() throws {
        #expect(try app.string("""
            local kept = {}
            for n = 1, 300 do kept[n] = match('/album/' .. n .. '?n=' .. n .. '&k=v' .. n) end
            collectgarbage() collectgarbage()
            for n = 300, 1, -1 do
              local q = kept[n].query
              if q.n ~= tostring(n) or q.k ~= 'v' .. n then return 'wrong at ' .. n end
              if kept[n].path ~= '/album/' .. n then return 'wrong path at ' .. n end
            end
            return 'ok'
            """) == "ok")
    }

    @Test func assertSameComparesTheWholeTable() throws {
        #expect(try app.string("""
            assert.same({x = '2'}, match('/album/1?x=2').query)
            assert.same({path = '/album/1', pattern = '/album/:id', params = {id = '1'}, query = {x = '2'}},
                        match('/album/1?x=2'))
            local ok = pcall(assert.same, {path = '/album/1', pattern = '/album/:id', params = {id = '1'}},
                             match('/album/1?x=2'))
            return ok and 'same' or 'differs'
            """) == "differs")
    }

    @Test func swiftsPairsOfAMatchTableListTheQuery() throws {
        guard case .table(let info) = try app.lua("return match('/album/1?x=2')").first else {
            Issue.record("match returned no table"); return
        }
        let keys = try info.keys().compactMap(\.stringValue).sorted()
        #expect(keys == ["params", "path", "pattern", "query"])
        guard case .table(let other) = try app.lua("return match('/album/1?x=2')").first else {
            Issue.record("match returned no table"); return
        }
        let path = try other.pairs().first { $0.key.stringValue == "path" }?.value
        #expect(path?.stringValue == "/album/1")
    }

    @Test func rawAccessSeesThePathOnceItWasRead() throws {
        // The path first: the metatable stays until the query is read too, and the other way round.
        #expect(try app.lua("""
            local i = match('/album/1?x=2')
            local before = rawget(i, 'path')
            local p = i.path
            local kept = getmetatable(i) ~= nil
            local q = i.query
            return before, p, rawget(i, 'path'), kept, getmetatable(i), rawget(i, 'query') == q, q.x
            """) == [nil, "/album/1", "/album/1", true, nil, true, "2"])
        #expect(try app.lua("""
            local i = match('/album/1?x=2')
            local q = i.query
            local kept = getmetatable(i) ~= nil
            return rawget(i, 'path'), kept, i.path, getmetatable(i), rawget(i, 'path')
            """) == [nil, true, "/album/1", nil, "/album/1"])
        // A plain hit's path is the argument itself, there raw from the start.
        #expect(try app.lua("return rawget(match('/album/1'), 'path')") == ["/album/1"])
    }

    @Test func thePathEndsAtTheFirstQuestionMarkOrHash() throws {
        #expect(try app.lua("""
            local a, b, c = match('/album/1#a?b'), match('/album/1#top'), match('/album/1?x=2#y?z')
            return a.path, a.fragment, next(a.query), b.path, b.fragment, c.path, c.fragment, c.query.x
            """) == ["/album/1", "a?b", nil, "/album/1", "top", "/album/1", "y?z", "2"])
    }

    @Test func pairsGivesThePathBeforeAnyRead() throws {
        #expect(try app.lua("""
            local i, f = match('/album/1?x=2'), match('/album/1#top')
            local function field(t, name) for k, v in pairs(t) do if k == name then return v end end end
            return field(i, 'path'), field(f, 'path'), rawget(i, 'path'), getmetatable(i)
            """) == ["/album/1", "/album/1", "/album/1", nil])
    }

    @Test func aPathOrQuerySetBeforeAnyReadStaysAndTheOtherIsBuilt() throws {
        #expect(try app.lua("""
            local i, j, k = match('/album/1?x=2'), match('/album/1?x=2'), match('/album/1?x=2')
            i.path = nil
            j.path = 'mine'
            k.query = nil
            return i.path, i.query.x, j.path, j.query.x, k.query, k.path, getmetatable(i), getmetatable(k)
            """) == [nil, "2", "mine", "2", nil, "/album/1", nil, nil])
    }

    @Test func theSharedMetatableIsProtectedUntilTheQueryIsRead() throws {
        // Replaced before a read, the query would be lost without a word: setmetatable refuses instead,
        // and getmetatable says why; once read, the table is a plain one.
        #expect(try app.lua("""
            local i = match('/album/1?x=2')
            local note = getmetatable(i)
            local ok, err = pcall(setmetatable, i, {})
            local x = i.query.x .. i.path:sub(1, 0)
            return note, ok, tostring(err):find('protected metatable', 1, true) ~= nil, getmetatable(i), x,
                   (pcall(setmetatable, i, {}))
            """) == ["match info: its path and query are built on first read", false, true, nil, "2", true])
    }

    @Test func swiftsPairsRunNoScriptFunctionPutInTheSharedMetatable() throws {
        // Swift's walk runs unbudgeted: it builds only through the shim's own __index, even when a script
        // reached the shared metatable past its protection (the debug library, where it is loaded).
        let app = try RuntimeFixture("route('/album/:id')", configuration: .init(sandboxed: false))
        guard case .table(let info) = try app.lua("""
            ran = 0
            local i = match('/album/1?x=2')
            debug.getmetatable(i).__index = function() ran = ran + 1 end
            return i
            """).first else { Issue.record("match returned no table"); return }
        _ = try info.keys()
        #expect(try app.lua("return ran") == [.integer(0)])
    }
}

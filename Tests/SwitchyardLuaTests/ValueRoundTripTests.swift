import Testing
@testable import SwitchyardLua

@Suite struct ValueRoundTripTests {
    let engine: LuaEngine
    init() throws { engine = try LuaEngine() }

    private func identity() throws -> LuaFunction {
        try #require(try engine.run("return function(...) return ... end", chunkName: "=id").first?.functionValue)
    }

    @Test func scalarsComeBackAsTheyWent() throws {
        let values: [LuaValue] = [nil, true, false, 42, -7, 2.5, "hello", .integer(Int64.max), .number(-0.5)]
        let back = try identity().call(values)
        #expect(back == values)
        if case .integer = back[3] {} else { Issue.record("42 should stay an integer, got \(back[3])") }
        if case .number = back[5] {} else { Issue.record("2.5 should stay a float, got \(back[5])") }
    }

    @Test func stringsKeepEmbeddedNULsAndRawBytes() throws {
        let bytes: [UInt8] = [0x61, 0x00, 0x62, 0xFF, 0x00]
        let back = try identity().call(.string(LuaString(bytes: bytes)))
        #expect(back.first?.bytesValue == bytes)
        let length = try engine.run("return #'a\\0b\\0c', 'x\\0y'", chunkName: "=nul")
        #expect(length.first == 5)
        #expect(length.last?.bytesValue == [0x78, 0x00, 0x79])
        let f = try #require(try engine.run("return function(s) return #s, s:byte(2) end", chunkName: "=f").first?.functionValue)
        #expect(try f.call(.string(LuaString(bytes: bytes))) == [5, 0])
    }

    @Test func tablesReadWriteAndIterate() throws {
        let table = try #require(try engine.run("return {10, 20, 30, name = 'music'}", chunkName: "=t").first?.tableValue)
        #expect(try table.get("name") == "music")
        #expect(try table.get(2) == 20)
        #expect(try table.length() == 3)
        #expect(try table.array() == [10, 20, 30])
        try table.set("extra", true)
        let keys = try table.keys().map(\.description).sorted()
        #expect(keys == ["1", "2", "3", "extra", "name"])
        #expect(try engine.run("return ...", chunkName: "=x").isEmpty)
        let reader = try #require(try engine.run("return function(t) return t.extra end", chunkName: "=r").first?.functionValue)
        #expect(try reader.call(.table(table)) == [true])
    }

    @Test func tableAccessHonoursMetamethods() throws {
        let proxy = try #require(try engine.run(
            "return setmetatable({}, {__index = function(_, k) return k .. '!' end, __len = function() return 99 end})",
            chunkName: "=p"
        ).first?.tableValue)
        #expect(try proxy.get("hi") == "hi!")
        #expect(try proxy.rawGet("hi") == nil)
        #expect(try proxy.length() == 99)
        #expect(proxy.rawLength == 0)
    }

    @Test func metamethodErrorsBecomeLuaErrorsNotCrashes() throws {
        let hostile = try #require(try engine.run(
            "return setmetatable({}, {__index = function(_, k) error('no field ' .. k) end, __newindex = function() error({}) end})",
            chunkName: "@meta.lua"
        ).first?.tableValue)
        let readError = #expect(throws: LuaError.self) { try hostile.get("x") }
        #expect(readError?.message == "meta.lua:1: no field x")
        let writeError = #expect(throws: LuaError.self) { try hostile.set("x", 1) }
        #expect(writeError?.message == "meta.lua:1: error object is a table value")
        #expect(try engine.run("return 1 + 1", chunkName: "=after").first == 2)
    }

    @Test func globalsAreReachable() throws {
        try engine.globals.set("answer", 42)
        #expect(try engine.run("return answer", chunkName: "=g").first == 42)
        try engine.run("fromLua = 'yes'", chunkName: "=g")
        #expect(try engine.globals.get("fromLua") == "yes")
        #expect(try engine.globals.keys().contains("string"))
    }

    @Test func referencesLetLuaCollectWhenSwiftLetsGo() throws {
        try engine.run("weak = setmetatable({}, {__mode = 'v'})", chunkName: "=w")
        let make = try #require(try engine.run("return function() local t = {} weak[1] = t return t end", chunkName: "=m").first?.functionValue)
        var held: LuaValue? = try make.call().first
        try engine.run("collectgarbage() collectgarbage()", chunkName: "=gc")
        #expect(try engine.run("return weak[1] ~= nil", chunkName: "=q").first == true, "a held reference keeps the table")
        #expect(held?.typeName == "table")
        held = nil
        try engine.run("collectgarbage() collectgarbage()", chunkName: "=gc")
        #expect(try engine.run("return weak[1] == nil", chunkName: "=q").first == true, "released reference frees it")
    }

    @Test func identityOfReferencesIsLuaIdentity() throws {
        let pair = try engine.run("local t = {} return t, t, {}", chunkName: "=i")
        #expect(pair[0] == pair[1])
        #expect(pair[0] != pair[2])
    }

    @Test func referencesOutlivingTheEngineFailCleanly() throws {
        var engine: LuaEngine? = try LuaEngine()
        let table = try #require(try engine?.run("return {1}", chunkName: "=t").first?.tableValue)
        engine = nil
        #expect(throws: LuaError.self) { try table.get(1) }
    }
}

final class Token {
    nonisolated(unsafe) static var alive = 0
    let label: String
    init(_ label: String) { self.label = label; Token.alive += 1 }
    deinit { Token.alive -= 1 }
}

@Suite(.serialized) struct UserdataTests {
    @Test func swiftObjectsTravelAsUserdataAndAreReleasedByGC() throws {
        let engine = try LuaEngine()
        let metatable = try engine.makeUserdataMetatable()
        let methods = try engine.makeTable()
        try methods.set("label", .function(try engine.makeFunction { call in
            guard let token = call.object(1) as? Token else { throw LuaError("label: token expected") }
            try call.push(string: token.label)
            return 1
        }))
        try metatable.set("__index", .table(methods))
        let before = Token.alive
        do {
            let userdata = try engine.makeUserdata(Token("first"), metatable: metatable)
            #expect((userdata.object as? Token)?.label == "first")
            try engine.globals.set("token", .userdata(userdata))
        }
        #expect(try engine.run("return token:label(), type(token)", chunkName: "=u") == ["first", "userdata"])
        let error = #expect(throws: LuaError.self) { try engine.run("return token.label({})", chunkName: "=u") }
        #expect(error?.message == "u:1: label: token expected")
        #expect(Token.alive == before + 1)
        try engine.run("token = nil collectgarbage() collectgarbage()", chunkName: "=gc")
        #expect(Token.alive == before, "__gc released the Swift object")
    }

    @Test func closingTheEngineReleasesEverySwiftObject() throws {
        let before = Token.alive
        do {
            let engine = try LuaEngine()
            let metatable = try engine.makeUserdataMetatable()
            try engine.globals.set("a", .userdata(try engine.makeUserdata(Token("a"), metatable: metatable)))
            let captured = Token("captured")
            engine.register("f") { _ in [.string(LuaString(captured.label))] }
            #expect(Token.alive == before + 2)
        }
        #expect(Token.alive == before)
    }
}

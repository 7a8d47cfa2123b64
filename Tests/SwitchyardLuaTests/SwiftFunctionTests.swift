import Testing
@testable import SwitchyardLua

struct Refusal: Error, CustomStringConvertible { var description: String { "refused politely" } }

@Suite struct SwiftFunctionTests {
    let engine: LuaEngine
    init() throws { engine = try LuaEngine() }

    @Test func registeredFunctionsReceiveArgumentsAndReturnResults() throws {
        engine.register("add") { args in [.integer((args[0].integerValue ?? 0) + (args[1].integerValue ?? 0)), "sum"] }
        #expect(try engine.run("return add(2, 40)", chunkName: "=a") == [42, "sum"])
        #expect(try engine.run("local x, y = add(1, 1) return y", chunkName: "=a") == ["sum"])
    }

    @Test func swiftErrorsSurfaceAtTheCallersLine() throws {
        engine.register("refuse") { _ in throw Refusal() }
        let error = #expect(throws: LuaError.self) {
            try engine.run("local x = 1\nrefuse()", chunkName: "@app.lua")
        }
        #expect(error?.message == "app.lua:2: refused politely")
        #expect(error?.kind == .runtime)
        #expect(error?.traceback?.contains("stack traceback") == true)
        // Lua code can catch them like any error (called by pcall itself, a C function, there is
        // no Lua line to name: like `pcall(error, "x")`)
        #expect(try engine.run("return pcall(function() refuse() end)", chunkName: "@app.lua") == [false, "app.lua:1: refused politely"])
        #expect(try engine.run("return pcall(refuse)", chunkName: "@app.lua") == [false, "refused politely"])
    }

    @Test func swiftCanCallBackIntoLua() throws {
        engine.register("twice") { args in
            guard let f = args.first?.functionValue else { throw LuaError("twice: function expected") }
            return try f.call(2) + (try f.call(3))
        }
        #expect(try engine.run("return twice(function(n) return n * 10 end)", chunkName: "=t") == [20, 30])
        let error = #expect(throws: LuaError.self) {
            try engine.run("twice(function(n) error('inner ' .. n) end)", chunkName: "@t.lua")
        }
        #expect(error?.message == "t.lua:1: inner 2")
    }

    @Test func rawCallsReadArgumentsWithoutConversion() throws {
        let describe = try engine.makeFunction { call in
            try call.push(string: "\(call.count):\(call.string(1) ?? "-"):\(call.integer(2).map(String.init) ?? "-"):\(call.typeName(3))")
            return 1
        }
        try engine.globals.set("describe", .function(describe))
        #expect(try engine.run("return describe('a', 7, {})", chunkName: "=d") == ["3:a:7:table"])
        #expect(try engine.run("return describe(5, 1.5)", chunkName: "=d") == ["2:-:-:no value"])
    }

    @Test func luaFunctionsCalledFromSwiftGetTheirOwnErrors() throws {
        let f = try #require(try engine.run("return function(x) return x.field end", chunkName: "@f.lua").first?.functionValue)
        let error = #expect(throws: LuaError.self) { try engine.call(f, [nil]) }
        #expect(error?.message.hasPrefix("f.lua:1: attempt to index a nil value") == true)
        #expect(try engine.call(f, [.table(try engine.makeTable())]) == [nil])
    }
}

import Testing
import SwitchyardLua
@testable import SwitchyardREPL

/// Lua input as the REPL evaluates and prints it, through a real engine.
@Suite struct ChunkEvaluatorTests {
    let evaluator: ChunkEvaluator

    init() throws {
        evaluator = try ChunkEvaluator(engine: LuaEngine(configuration: .init(sandboxed: true)))
    }

    func printed(_ code: String) throws -> String {
        guard case .values(let values) = evaluator.evaluate(code) else {
            Issue.record("\(code) did not evaluate to values")
            return ""
        }
        return values.joined(separator: "\t")
    }

    @Test func expressionsPrintWithoutReturn() throws {
        #expect(try printed("1 + 1") == "2")
        #expect(try printed("'a', 2.0, nil, true") == "\"a\"\t2.0\tnil\ttrue")
        #expect(try printed("x = 5") == "")
        #expect(try printed("x") == "5")
    }

    @Test func colourByTypeOnlyWhenAsked() throws {
        let coloured = try ChunkEvaluator(engine: LuaEngine(configuration: .init(sandboxed: true)), colored: true)
        guard case .values(let values) = coloured.evaluate("{name = 'x', n = 1.5, f = print}, true") else {
            Issue.record("did not evaluate"); return
        }
        #expect(values[0].contains("\u{1B}[34mname\u{1B}[0m = \u{1B}[32m\"x\"\u{1B}[0m"))
        #expect(values[0].contains("\u{1B}[36m1.5\u{1B}[0m"))
        #expect(values[0].contains("\u{1B}[35mfunction: 0x"))
        #expect(values[1] == "\u{1B}[33mtrue\u{1B}[0m")
        // Escapes take no room: the table still fits one line of 40 columns.
        guard case .values(let narrow) = coloured.evaluate("{alpha = 1, beta = 2, gamma = 3}") else { return }
        #expect(!narrow[0].contains("\n"))
        #expect(try !printed("{name = 'x'}").contains("\u{1B}"))
    }

    @Test func thePrinterKeepsItsOwnLibraries() throws {
        _ = evaluator.evaluate("string.gsub, string.match, string.format = nil, nil, nil")
        _ = evaluator.evaluate("math = nil string = nil table = nil pairs = nil type = nil tostring = nil")
        #expect(try printed("{1.0, 'a\\n', key = true}") == "{ 1.0, \"a\\n\", key = true }")
    }

    @Test func incompleteInputAsksForMore() {
        guard case .incomplete = evaluator.evaluate("function f()") else { Issue.record("not incomplete"); return }
        guard case .incomplete = evaluator.evaluate("t = {1,") else { Issue.record("not incomplete"); return }
        guard case .failed(let error) = evaluator.evaluate("x = = 1") else { Issue.record("no syntax error"); return }
        #expect(error.message.hasPrefix("stdin:1:"))
    }

    @Test func runtimeErrorsCarryTheChunkAndLine() {
        guard case .failed(let error) = evaluator.evaluate("local t = nil\nreturn t.x") else { Issue.record("no error"); return }
        #expect(error.message.hasPrefix("stdin:2: attempt to index a nil value"))
    }

    @Test func tablesPrintNestedInKeyOrder() throws {
        #expect(try printed("{3, 1, b = {c = 'd'}, a = true, ['not id'] = 1, [10] = 'x'}")
                == "{ 3, 1, [10] = \"x\", a = true, b = { c = \"d\" }, [\"not id\"] = 1 }")
    }

    @Test func cyclesAreMarked() throws {
        let text = try printed("local t = {name = 'loop'}; t.self = t; return t")
        #expect(text.hasPrefix("{ name = \"loop\", self = <cycle: table: 0x"))
    }

    @Test func tostringIsHonouredAndItsFailureDescribed() throws {
        #expect(try printed("setmetatable({}, {__tostring = function() return 'Point(1, 2)' end})") == "Point(1, 2)")
        #expect(try printed("setmetatable({}, {__tostring = function() error('nope', 0) end})")
                == "<table: __tostring failed: nope>")
    }

    @Test func longTablesBreakIntoLinesThatFitTheWidth() throws {
        let value = try #require(try evaluator.engine.run(
            "local t = {} for i = 1, 12 do t[i] = {id = i, title = 'Track ' .. i} end return t", chunkName: "=t").first)
        let text = try evaluator.render(value, width: 40)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 14)
        #expect(lines[1] == "  { id = 1, title = \"Track 1\" },")
        #expect(lines.allSatisfy { $0.count <= 40 })
    }

    @Test func aWideTableUnderAKeyBreaksIntoLines() throws {
        let value = try #require(try evaluator.engine.run(
            "return {album = {title = 'Kind of Blue', artist = 'Miles Davis', year = 1959}}", chunkName: "=t").first)
        let text = try evaluator.render(value, width: 30)
        #expect(text.split(separator: "\n").count > 1)
        #expect(text.contains("album = {"))
        #expect(text.contains("title = \"Kind of Blue\""))
    }

    @Test func stringsAreQuotedWithEscapes() throws {
        #expect(try printed("'a\\nb\\0c\"'") == "\"a\\nb\\000c\\\"\"")
    }

    @Test func replacingLoadDoesNotBreakTheREPL() throws {
        #expect(try printed("load = nil") == "")
        #expect(try printed("40 + 2") == "42")
    }
}

import CLuaStock
import FuzzInvariants
import SwitchyardLua

/// Differential: Switchyard's pattern matcher (PatternMatch.c, budgeted) against stock Lua 5.4's
/// string library, on one operation (find, plain find, match, gmatch, gsub with a string, table or
/// function replacement) over a fuzzed subject, pattern, init and replacement. Both must give the same
/// results, captures and positions, and the same error message for a malformed pattern or argument.
/// For gsub also the result's identity: stock Lua returns the subject itself when nothing was replaced
/// (a long subject, past 40 bytes, is then the same object; a copy would not be).
/// Stock Lua runs only when Switchyard's matcher finished within its budget: stock matching cannot be
/// stopped, and the budget is what stands between a pathological pattern and a hung fuzzer.
/// Input: op byte, init byte, subject NUL pattern NUL replacement.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatterns(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let operation = input.choice(7)
    let initial = Int64(input.choice(17)) - 8           // -8 ... 8
    let subject = input.bytes(upTo: 0)
    let pattern = input.bytes(upTo: 0)
    let replacement = input.remainingBytes()
    guard let ours = Differential.ours(operation, subject, pattern, initial, replacement) else { return 0 }
    let stock = Differential.stock(operation, subject, pattern, initial, replacement)
    invariant(ours == stock, """
        op \(operation) init \(initial) subject \(subject) pattern \(String(decoding: pattern, as: UTF8.self)) \
        replacement \(replacement): Switchyard \(ours) but stock Lua \(stock)
        """)
    return 0
}

enum Differential {
    /// Steps of Switchyard's matcher (one per attempt, per character tried) before it gives up.
    static let budget = 200_000

    /// Runs in both states: the operation, through pcall, its results shown as one string.
    static let script = """
        local op, s, p, init, repl = ...
        local concat, select, tostring, type, mtype = table.concat, select, tostring, type, math.type
        local function show(ok, ...)
          local parts = {tostring(ok)}
          for i = 1, select("#", ...) do
            local v = select(i, ...)
            parts[#parts + 1] = (mtype(v) or type(v)) .. ":" .. tostring(v)
          end
          return concat(parts, "|")
        end
        local format = string.format
        local function showgsub(ok, r, n)
          return show(ok, r, n) .. "|same:" .. tostring(ok and format("%p", r) == format("%p", s))
        end
        if op == 0 then return show(pcall(string.find, s, p, init)) end
        if op == 1 then return show(pcall(string.find, s, p, init, true)) end
        if op == 2 then return show(pcall(string.match, s, p, init)) end
        if op == 3 then
          return show(pcall(function()
            local out, n = {}, 0
            for a, b in string.gmatch(s, p, init) do
              n = n + 1
              out[n] = tostring(a) .. "," .. tostring(b)
              if n == 64 then break end
            end
            return concat(out, ";")
          end))
        end
        if op == 4 then return showgsub(pcall(string.gsub, s, p, repl, init > 0 and init or nil)) end
        if op == 5 then return showgsub(pcall(string.gsub, s, p, {a = "A", [""] = false, b = 1, c = {}})) end
        return showgsub(pcall(string.gsub, s, p, function(x, y) if x == "x" then return {} end return y end))
        """

    /// The script as a function of its five arguments.
    static let wrapped = "return function(...)\n" + script + "\nend"

    nonisolated(unsafe) static let switchyard: (engine: LuaEngine, run: LuaFunction) = {
        do {
            let engine = try LuaEngine(configuration: .init(sandboxed: false, instructionLimit: budget))
            guard let run = try engine.run(wrapped, chunkName: "=differential").first?.functionValue else {
                fatalError("the differential script made no function")
            }
            return (engine, run)
        } catch {
            fatalError("Switchyard's engine: \(error)")
        }
    }()

    /// Switchyard's result; nil when its budget ran out (stock Lua might then never return).
    static func ours(_ op: Int, _ s: [UInt8], _ p: [UInt8], _ initial: Int64, _ repl: [UInt8]) -> String? {
        let arguments: [LuaValue] = [.integer(Int64(op)), .string(LuaString(bytes: s)), .string(LuaString(bytes: p)),
                                     .integer(initial), .string(LuaString(bytes: repl))]
        do {
            let results = try switchyard.engine.call(switchyard.run, arguments)
            guard let shown = results.first?.stringValue else { fatalError("the script showed \(results)") }
            return shown.contains("instruction limit of") ? nil : shown
        } catch {
            if error.kind == .instructionLimit || error.kind == .memoryLimit { return nil }
            fatalError("Switchyard's matcher raised outside pcall: \(error)")
        }
    }

    /// Stock Lua 5.4, with its own string library. Driven through the C API, protected (lua_pcall).
    /// The script's function is kept as the global `differential` (the registry index is a macro
    /// Swift does not import).
    nonisolated(unsafe) static let reference: OpaquePointer = {
        guard let L = luaL_newstate() else { fatalError("no stock Lua state") }
        luaL_openlibs(L)
        guard luaL_loadbufferx(L, wrapped, wrapped.utf8.count, "=differential", "t") == LUA_OK,
              lua_pcallk(L, 0, 1, 0, 0, nil) == LUA_OK else {
            fatalError("stock Lua could not load the script")
        }
        lua_setglobal(L, "differential")
        return L
    }()

    static func stock(_ op: Int, _ s: [UInt8], _ p: [UInt8], _ initial: Int64, _ repl: [UInt8]) -> String {
        let L = reference
        func push(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { raw in _ = lua_pushlstring(L, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count) }
        }
        lua_getglobal(L, "differential")
        lua_pushinteger(L, lua_Integer(op))
        push(s)
        push(p)
        lua_pushinteger(L, lua_Integer(initial))
        push(repl)
        let status = lua_pcallk(L, 5, 1, 0, 0, nil)
        var length = 0
        let text = lua_tolstring(L, -1, &length).map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? "(nothing)"
        lua_settop(L, 0)
        invariant(status == LUA_OK, "stock Lua raised outside pcall: \(text)")
        return text
    }
}

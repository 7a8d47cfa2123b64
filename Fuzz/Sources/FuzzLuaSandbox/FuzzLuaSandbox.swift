import FuzzInvariants
import Switchyard
import SwitchyardLua

/// Lua chunks through the sandbox with an instruction budget and a memory cap (docs/sandbox.md), over a runtime
/// whose routes have Lua validators, guards, titles and redirects (so the chunk can drive callbacks into
/// errors, loops and re-entrant navigation). Input: the chunk, as raw bytes (binary chunks included).
/// Properties: the chunk runs or fails with a LuaError that has a message; it never crashes the process;
/// afterwards the engine still runs code, the navigator keeps its invariants and has no operation left in
/// flight, and a binary chunk is never loaded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLuaSandbox(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let chunk = FuzzInput(data, size).remainingBytes()
    let runtime = SandboxFixture.runtime()
    do {
        _ = try runtime.engine.run(bytes: chunk, chunkName: "=fuzz")
        invariant(!chunk.starts(with: [0x1B, 0x4C, 0x75, 0x61]), "a binary chunk ran in the sandbox")
    } catch {
        invariant(!error.message.isEmpty, "an empty error message (\(error.kind))")
    }
    NavigatorInvariants.check(runtime.navigator, context: "after the chunk")
    do {
        try runtime.navigator.push("/a")
    } catch {
        invariant(!NavigatorInvariants.isLeftInFlight(error), "an operation was left in flight: \(error)")
    }
    NavigatorInvariants.check(runtime.navigator, context: "after a push from Swift")
    do {
        let result = try runtime.engine.run("return 1 + 1", chunkName: "=check")
        let isTwo = if case .integer(2)? = result.first { true } else { false }
        invariant(isTwo, "1 + 1 gave \(result)")
    } catch {
        // A chunk may keep the memory it was allowed; anything else means the engine is broken.
        invariant(error.kind == .memoryLimit, "the engine no longer runs code: \(error)")
    }
    return 0
}

enum SandboxFixture {
    /// Small enough that no input runs long: each relative `nav.push` continues the current path, so a
    /// loop of them does quadratic work in path length (1,000 pushes take 1.2 s in a release build and
    /// 60 times that under the fuzzer's instrumentation). 1,000 instructions allow about 140.
    static let instructionLimit = 1_000
    static let memoryLimit = 8 << 20

    /// Routes whose callbacks the chunk can reach through `nav`, `match` and `explain`. The pattern
    /// functions stay: Switchyard's matcher is under the budget (Lua's was not, and the harness had to
    /// take them away).
    static let app = """
        route("/", {title = "Home"})
        route("/a", {title = "A", view = function(info) return "view of " .. info.path end})
        route("/b/:id", {validate = function(info) return tonumber(info.params.id) end,
                         title = function(info) return "B " .. info.value end})
        route("/b/:slug", {title = "slug"})
        route("/guarded", {guard = function(info) if info.query.ok then return true end return "/a" end})
        route("/blocked", {guard = function() return false end})
        route("/boom", {guard = function() error(setmetatable({}, {__tostring = function() error("worse") end})) end})
        route("/sneaky", {guard = function() nav.push("/a") end})
        route("/spin", {title = function() while true do end end})
        route("/deep", {validate = function(info) local function f(n) return f(n + 1) + 1 end return f(1) end})
        route("/loop1", {redirect = "/loop2"})
        route("/loop2", {redirect = function() return "/loop1" end})
        route("/s", {presentation = "sheet"})
        not_found({title = "Not found"})
        flow("tour", {"/a", {"/s", as = "sheet"}, "/b/7"})
        """

    static func runtime() -> SwitchyardRuntime {
        do {
            let runtime = try SwitchyardRuntime(configuration: .init(sandboxed: true, instructionLimit: instructionLimit,
                                                                     memoryLimit: memoryLimit))
            try runtime.load(code: app, chunkName: "@app.lua")
            return runtime
        } catch {
            fatalError("fixture runtime: \(error)")
        }
    }
}

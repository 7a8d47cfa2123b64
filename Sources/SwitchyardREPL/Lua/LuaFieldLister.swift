import SwitchyardLua

/// Lists the keys TAB can offer after a Lua name chain (`nav.` → nav's members), asking Lua itself:
/// raw keys plus those of `__index` tables up the metatable chain, never calling a metamethod
/// (completion must not run user code).
///
///     let lister = try LuaFieldLister(engine: engine)
///     lister.keys([])         // the globals: ["_G", "assert", ..., "nav", ...]
///     lister.keys(["nav"])    // ["back", "cover", "dismiss", ...]
final class LuaFieldLister {
    private let engine: LuaEngine
    private let list: LuaFunction
    /// Called before listing: the lister reads tables raw, as the printer does (`ChunkEvaluator`).
    private let beforeListing: () -> Void

    private static let source = """
        local next, type, getmetatable, rawget, select = next, type, getmetatable, rawget, select
        local G = _G
        local function index(value, key)
          for _ = 1, 8 do
            if type(value) == "table" then
              local found = rawget(value, key)
              if found ~= nil then return found end
            end
            local mt = getmetatable(value)
            if type(mt) ~= "table" or type(rawget(mt, "__index")) ~= "table" then return nil end
            value = rawget(mt, "__index")
          end
        end
        return function(...)
          local value = G
          for i = 1, select("#", ...) do
            value = index(value, (select(i, ...)))
            if value == nil then return {} end
          end
          local keys, seen = {}, {}
          for _ = 1, 8 do
            if type(value) == "table" then
              for k in next, value do
                if type(k) == "string" and not seen[k] then seen[k] = true; keys[#keys + 1] = k end
              end
            end
            local mt = getmetatable(value)
            if type(mt) ~= "table" then break end
            value = rawget(mt, "__index")
            if type(value) ~= "table" then break end
          end
          return keys
        end
        """

    init(engine: LuaEngine, beforeListing: @escaping () -> Void = {}) throws(LuaError) {
        self.engine = engine
        self.beforeListing = beforeListing
        guard let function = try engine.run(Self.source, chunkName: "=(completion)").first?.functionValue else {
            throw LuaError("the completion helper did not compile to a function")
        }
        list = function
    }

    func keys(_ chain: [String]) -> [String] {
        beforeListing()
        let arguments = chain.map { LuaValue.string(LuaString($0)) }
        guard let table = (try? engine.call(list, arguments))?.first?.tableValue,
              let values = try? table.array() else { return [] }
        return values.compactMap(\.stringValue)
    }
}

import SwitchyardLua

/// The globals `assert`, `spy`, `stub`, `mock` and `match` as tables that build the libraries behind
/// them (`ValueComparison`, `AssertLibrary`, `SpyLibrary`) the first time a script looks inside one.
/// Compiling those three chunks was 4.2M of the 10.2M instructions of `switchyard -e ''` (callgrind),
/// paid at every start by scripts that never test anything.
///
/// The stand-ins are the very tables the libraries then fill in place (fields, then their real
/// metatable), so a reference a script took earlier, `rawequal` and `help(assert)` see one table
/// throughout. Before the build only what a script does with raw access differs: `next(spy)`,
/// `rawget(assert, k)` and `getmetatable(assert)` see an empty table with the stand-in metatable.
/// The REPL builds first before it prints or completes, and the scenario runner before it runs.
///
///     assert(nav.can_back)            -- Lua's own assert: answered here, nothing is built
///     assert.same({}, nav.params)     -- first look inside: the libraries are built, then indexed
///     match("/album/1")               -- the route lookup: the metatable's __call, never a stand-in
enum ScenarioLibraryStandIns {
    static let chunkName = "=libraries"

    /// Sets the five globals; returns `materialise()`, which builds the libraries unless built.
    /// `build(env, assert, spy, stub, mock, match)` fills the stand-ins from the library chunks.
    static func install(in engine: LuaEngine, build: LuaFunction, raise: LuaFunction,
                        routeMatch: LuaFunction) throws(LuaError) -> LuaFunction? {
        let make = try engine.run(source, chunkName: chunkName).first?.functionValue
        return try make?.call(.function(build), .function(raise), .function(routeMatch)).first?.functionValue
    }

    static let source = #"""
        return function(build, raise, route_match)
          local getmetatable, setmetatable, rawget, type, pairs, tostring =
            getmetatable, setmetatable, rawget, type, pairs, tostring

          -- What the libraries read from the globals, taken now, before any script runs: a script that
          -- later replaces `type` or `string.find` changes no assertion, as when they were built here.
          local env = {
            assert = assert, error = error, getmetatable = getmetatable, ipairs = ipairs, next = next, pairs = pairs,
            pcall = pcall, rawequal = rawequal, rawget = rawget, select = select, setmetatable = setmetatable,
            tostring = tostring, type = type,
            string = {find = string.find, format = string.format, gmatch = string.gmatch, lower = string.lower},
            table = {concat = table.concat, sort = table.sort, unpack = table.unpack},
            math = {huge = math.huge},
          }

          local assert_t, spy_t, stub_t, mock_t, match_t = {}, {}, {}, {}, {}
          local built = false
          local function materialise()
            if not built then
              build(env, assert_t, spy_t, stub_t, mock_t, match_t)
              built = true
            end
          end

          -- Each metamethod builds, then does what the real table does. Index functions and calls are
          -- tail calls, so an error they raise at level 2 still names the script's line.
          local function index(t, key)
            materialise()
            local value = rawget(t, key)
            if value ~= nil then return value end
            local real = getmetatable(t).__index
            if type(real) == "function" then return real(t, key) end
            if real ~= nil then return real[key] end
            return nil
          end
          local function listed(t)
            materialise()
            return pairs(t)
          end
          local stand_in = {__index = index, __pairs = listed, __call = function(t, ...)
            materialise()
            return t(...)
          end}

          -- assert(v [, message]), Lua's own but failing at the spec's line, needs no library: a
          -- script that only checks its own results this way never builds one. AssertLibrary's chain
          -- answers a plain call with this same function.
          local function plain_assert(_, ...)
            local value, message = ...
            if not value then raise("failure", message ~= nil and tostring(message) or "assertion failed!") end
            return ...
          end
          env.plain_assert = plain_assert

          assert = setmetatable(assert_t, {__index = index, __pairs = listed, __call = plain_assert})
          spy, stub, mock = setmetatable(spy_t, stand_in), setmetatable(stub_t, stand_in), setmetatable(mock_t, stand_in)
          match = setmetatable(match_t, {__call = route_match, __index = index, __pairs = listed})
          return materialise
        end
        """#
}

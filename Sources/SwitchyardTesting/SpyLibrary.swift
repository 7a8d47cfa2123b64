import SwitchyardLua

/// luassert's spies, stubs, mocks and argument matchers, written from its documentation: how a
/// scenario checks that an `on_dismiss`, a guard or an observer ran, and with what.
///
///     local closed = spy.new(function() end)
///     nav.sheet("/settings", {on_dismiss = closed})
///     nav.dismiss()
///     assert.spy(closed).was.called(1)
///     assert.spy(closed).was.called_with(match.is_table())
///
/// `match` stays Switchyard's `match(path)` when called; indexed, it holds the matchers.
/// `spy.on(t, "f")` and `stub(t, "f")` replace `t.f` until the end of the test (or, made in
/// `setup`, of the block); the runner opens and closes those scopes with `begin_scope`/`end_scope`.
enum SpyLibrary {
    static let chunkName = "=spy"

    /// Fills the stand-ins of the globals `spy`, `stub`, `mock` and `match` (`globals`, in that
    /// order), and adds `assert.spy`/`assert.stub`; returns `{begin_scope = f, end_scope = f}`.
    /// `routeMatch` answers a call of the `match` table: Switchyard's own `match(path)`.
    static func build(in engine: LuaEngine, env: LuaValue, assertLibrary: LuaValue, routeMatch: LuaFunction,
                      globals: [LuaValue]) throws(LuaError) -> LuaTable? {
        let make = try engine.run(source, chunkName: chunkName).first?.functionValue
        return try make?.call([env, assertLibrary, .function(routeMatch)] + globals).first?.tableValue
    }

    static let source = #"""
        return function(_ENV, library, route_match, spy, stub, mock, match)
          local setmetatable, getmetatable, rawget, rawequal, type, select, error, pairs, ipairs, tostring, unpack =
            setmetatable, getmetatable, rawget, rawequal, type, select, error, pairs, ipairs, tostring, table.unpack
          local gmatch, lower, find, concat = string.gmatch, string.lower, string.find, table.concat
          local show, same, register, chain = library.show, library.same, library.register, library.chain

          local function pack(...) return {n = select("#", ...), ...} end

          -- A global's stand-in (ScenarioLibraryStandIns) becomes the table: the same table throughout.
          local function fill(global, fields, metatable)
            for key, value in pairs(fields) do global[key] = value end
            return setmetatable(global, metatable)
          end

          -- Scopes of replaced functions, innermost last; closing one puts its functions back.
          local scopes = {}
          local function begin_scope() scopes[#scopes + 1] = {} end
          local function end_scope()
            local scope = scopes[#scopes]
            scopes[#scopes] = nil
            for i = #(scope or {}), 1, -1 do scope[i]:revert() end
          end

          ---------------------------------------------------------------- matchers

          local matcher_mt = {}
          local function is_matcher(value) return getmetatable(value) == matcher_mt end
          local function matcher(description, test) return setmetatable({description = description, test = test}, matcher_mt) end
          matcher_mt.__tostring = function(self) return self.description end

          local function matches_value(expected, actual)
            if is_matcher(expected) then return expected.test(actual) and true or false end
            return same(expected, actual)
          end

          local function matches_list(expected, actual)
            if expected.n ~= actual.n then return false end
            for i = 1, expected.n do
              if not matches_value(expected[i], actual[i]) then return false end
            end
            return true
          end

          local tests = {
            truthy = function() return function(v) return v end end,
            falsy = function() return function(v) return not v end end,
            ["true"] = function() return function(v) return v == true end end,
            ["false"] = function() return function(v) return v == false end end,
            equal = function(x) return function(v) return v == x end end,
            same = function(x) return function(v) return same(x, v) end end,
            ref = function(x) return function(v) return rawequal(v, x) end end,
            matches = function(pattern, init, plain)
              return function(v) return type(v) == "string" and find(v, pattern, init, plain) ~= nil end
            end,
            near = function(x, tolerance) return function(v) return type(v) == "number" and v >= x - tolerance and v <= x + tolerance end end,
            any_of = function(...) local ms = pack(...) return function(v)
              for i = 1, ms.n do if matches_value(ms[i], v) then return true end end return false end end,
            all_of = function(...) local ms = pack(...) return function(v)
              for i = 1, ms.n do if not matches_value(ms[i], v) then return false end end return true end end,
            none_of = function(...) local ms = pack(...) return function(v)
              for i = 1, ms.n do if matches_value(ms[i], v) then return false end end return true end end,
          }
          for _, name in ipairs({"nil", "number", "string", "table", "function", "boolean", "userdata", "thread"}) do
            tests[name] = function() return function(v) return type(v) == name end end
          end
          tests.equals, tests.match = tests.equal, tests.matches

          -- match.is_not_string() and friends: the same words as assert (is/are/not/no).
          local function read_matcher(words)
            local negated, name = false, nil
            for token in gmatch(lower(words), "[^_]+") do
              if token == "not" or token == "no" then negated = not negated
              elseif token ~= "is" and token ~= "are" and token ~= "has" then name = name and name .. "_" .. token or token end
            end
            return negated, name
          end

          -- Still Switchyard's match(path) when called: the global is both.
          fill(match, {_ = matcher("match._", function() return true end), is_matcher = is_matcher}, {
            __call = route_match,
            __index = function(_, words)
              local negated, name = read_matcher(words)
              local make = tests[name or ""]
              if not make then error("match: no matcher named '" .. tostring(words) .. "'", 2) end
              return function(...)
                local arguments = pack(...)
                local shown = {}
                for i = 1, arguments.n do shown[i] = show(arguments[i]) end
                local test = make(...)
                return matcher("match." .. words .. "(" .. concat(shown, ", ") .. ")",
                               negated and function(v) return not test(v) end or test)
              end
            end,
          })

          ------------------------------------------------------------------- spies

          local spy_mt = {}
          local function is_spy(value) return getmetatable(value) == spy_mt end

          local function record(list, values)
            list[#list + 1] = {vals = values, n = values.n}
          end

          spy_mt.__call = function(self, ...)
            local arguments = pack(...)
            record(self.calls, arguments)
            local results = pack(self.callback(...))
            record(self.returnvals, results)
            return unpack(results, 1, results.n)
          end

          local methods = {}
          spy_mt.__index = methods

          function methods.clear(self)
            self.calls, self.returnvals = {}, {}
            return self
          end

          function methods.revert(self)
            if self.target_table ~= nil and not self.reverted then
              self.target_table[self.target_key] = self.original
              self.reverted = true
            end
            return self.original
          end

          function methods.called(self, times)
            if times == nil then return #self.calls > 0, #self.calls end
            return #self.calls == times, #self.calls
          end

          local function any_matching(records, expected)
            for _, entry in ipairs(records) do
              if matches_list(expected, entry.vals) then return true end
            end
            return false
          end

          function methods.called_with(self, arguments)
            return any_matching(self.calls, pack(unpack(arguments, 1, arguments.n or #arguments)))
          end

          function methods.returned_with(self, arguments)
            return any_matching(self.returnvals, pack(unpack(arguments, 1, arguments.n or #arguments)))
          end

          local function new_spy(callback)
            if callback == nil then callback = function() end end
            if type(callback) ~= "function" and not (getmetatable(callback) or {}).__call then
              error("spy.new expects a function, got " .. show(callback), 3)
            end
            return setmetatable({calls = {}, returnvals = {}, callback = callback}, spy_mt)
          end

          local function spy_on(target, key, callback, level)
            if type(target) ~= "table" then error("expected a table to spy on, got " .. show(target), level) end
            local original = target[key]
            local s = new_spy(callback or original)
            s.target_table, s.target_key, s.original = target, key, original
            target[key] = s
            local scope = scopes[#scopes]
            if scope then scope[#scope + 1] = s end
            return s
          end

          fill(spy, {
            new = function(callback) return new_spy(callback) end,
            on = function(target, key) return spy_on(target, key, nil, 3) end,
            is_spy = is_spy,
          }, {__call = function(_, callback) return new_spy(callback) end})

          ------------------------------------------------------------------- stubs

          -- stub(t, "f", ...): t.f does nothing and returns ...; s.returns(...), s.invokes(fn) change that.
          local function new_stub(target, key, ...)
            local values = pack(...)
            local behaviour = function() return unpack(values, 1, values.n) end
            local s = spy_on(target, key, function(...) return behaviour(...) end, 4)
            s.returns = function(...)
              local v = pack(...)
              behaviour = function() return unpack(v, 1, v.n) end
              return s
            end
            s.invokes = function(fn) behaviour = fn return s end
            return s
          end
          fill(stub, {new = new_stub, is_stub = is_spy},
               {__call = function(_, target, key, ...) return new_stub(target, key, ...) end})

          -- mock(t [, as_stubs]): every function in t (and its tables) spied on, or stubbed.
          local function mock_table(target, as_stubs, seen)
            if seen[target] then return target end
            seen[target] = true
            for key, value in pairs(target) do
              if type(value) == "function" then
                if as_stubs then new_stub(target, key) else spy_on(target, key, nil, 4) end
              elseif type(value) == "table" and not is_spy(value) then
                mock_table(value, as_stubs, seen)
              end
            end
            return target
          end
          local function each_spy(target, action, seen)
            seen = seen or {}
            if seen[target] then return target end
            seen[target] = true
            for _, value in pairs(target) do
              if is_spy(value) then action(value)
              elseif type(value) == "table" then each_spy(value, action, seen) end
            end
            return target
          end
          fill(mock, {
            new = function(target, as_stubs) return mock_table(target, as_stubs, {}) end,
            revert = function(target) return each_spy(target, function(s) s:revert() end) end,
            clear = function(target) return each_spy(target, function(s) s:clear() end) end,
          }, {__call = function(_, target, as_stubs) return mock_table(target, as_stubs, {}) end})

          -------------------------------------------------------- spy assertions

          local function subject(a, name)
            if not is_spy(a[1]) then error("assert.spy(s)." .. name .. ": s is not a spy or stub (got " .. show(a[1]) .. ")", 5) end
            return a[1]
          end

          local function count_entry(name, compare, wording)
            return {
              check = function(a)
                local s = subject(a, name)
                if a[2] == nil and name == "called" then return #s.calls > 0 end
                return compare(#s.calls, a[2])
              end,
              explain = function(a, negated)
                local times = #a[1].calls
                if a[2] == nil and name == "called" then
                  return negated and ("expected no call, was called " .. times .. " time(s)") or "expected a call, there was none"
                end
                return "expected to be called " .. (negated and "not " or "") .. wording .. " " .. a[2] ..
                  " time(s), was called " .. times .. " time(s)"
              end,
            }
          end

          local function shown_list(list)
            local parts = {}
            for i = 1, list.n do parts[i] = is_matcher(list[i]) and tostring(list[i]) or show(list[i]) end
            return "(" .. concat(parts, ", ") .. ")"
          end

          local function shown_records(records)
            if #records == 0 then return "none" end
            local parts = {}
            for i, entry in ipairs(records) do parts[i] = shown_list(entry.vals) end
            return concat(parts, ", ")
          end

          local function with_entry(name, field, noun)
            return {
              check = function(a)
                local s = subject(a, name)
                local expected = pack(unpack(a, 2, a.n))
                return any_matching(s[field], expected)
              end,
              explain = function(a, negated)
                local expected = pack(unpack(a, 2, a.n))
                return "expected " .. (negated and "no " or "a ") .. noun .. " with " .. shown_list(expected) ..
                  "; " .. noun .. "s: " .. shown_records(a[1][field])
              end,
            }
          end

          local spy_assertions = {
            called = count_entry("called", function(n, x) return n == x end, "exactly"),
            called_at_least = count_entry("called_at_least", function(n, x) return n >= x end, "at least"),
            called_at_most = count_entry("called_at_most", function(n, x) return n <= x end, "at most"),
            called_more_than = count_entry("called_more_than", function(n, x) return n > x end, "more than"),
            called_less_than = count_entry("called_less_than", function(n, x) return n < x end, "less than"),
            called_with = with_entry("called_with", "calls", "call"),
            returned_with = with_entry("returned_with", "returnvals", "return"),
          }
          register("spy", {namespace = spy_assertions})
          register("stub", {namespace = spy_assertions})

          return {begin_scope = begin_scope, end_scope = end_scope}
        end
        """#
}

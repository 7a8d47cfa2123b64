import SwitchyardLua

/// `assert` as busted's luassert has it, written from its documentation: still callable like Lua's
/// own, and a chain of words read left to right, so `assert.are.equal`, `assert.is_not.same`,
/// `assert.has_no.errors`, `assert.is.number` and `assert.not_equal` are one assertion each. The
/// words `is`, `are`, `was`, `has`, `does` only read well; `not` and `no` negate. A failure is raised
/// through `raise("failure", text)` (ScenarioSignal), which puts the spec's file:line in front and
/// lets the runner count it as a failure rather than an error.
///
///     assert.are.equal("/album/1", nav.path)
///     assert.is_not.same({}, nav.stack, "the stack is never empty")
///     assert.has_no.errors(function() nav.pop() end)
enum AssertLibrary {
    static let chunkName = "=assert"

    /// Makes `root` (the global `assert`'s stand-in) the assertion chain; returns the table
    /// `SpyLibrary` extends (`register`, `chain`). `env` holds the globals the chunks read.
    static func build(in engine: LuaEngine, env: LuaValue, raise: LuaFunction, root: LuaValue) throws(LuaError) -> LuaValue {
        let makeCompare = try engine.run(ValueComparison.source, chunkName: ValueComparison.chunkName).first?.functionValue
        let compare = try makeCompare?.call(env).first ?? .nil
        let make = try engine.run(source, chunkName: chunkName).first?.functionValue
        return try make?.call(env, .function(raise), compare, root).first ?? .nil
    }

    static let source = #"""
        return function(_ENV, raise, compare, root)
          local plain_assert, error, type, tostring, select, pcall = plain_assert, error, type, tostring, select, pcall
          local setmetatable, getmetatable, rawget, pairs, ipairs = setmetatable, getmetatable, rawget, pairs, ipairs
          local find, gmatch, lower, concat, huge = string.find, string.gmatch, string.lower, table.concat, math.huge
          local show, same, difference = compare.show, compare.same, compare.difference

          local modifiers = {is = false, are = false, was = false, has = false, does = false, ["not"] = true, no = true}
          local assertions = {}

          local function pack(...) return {n = select("#", ...), ...} end

          -- The message a spec passed after an assertion's own arguments, if any.
          local function message_at(entry, args)
            local index = entry.message
            if type(index) == "function" then index = index(args) end
            return index and args[index]
          end

          local function run(entry, negated, args)
            local holds, result = entry.check(args)
            if (holds and true or false) == negated then
              local explanation = entry.explain(args, negated)
              local message = message_at(entry, args)
              raise("failure", message ~= nil and (tostring(message) .. " (" .. explanation .. ")") or explanation)
            end
            return result
          end

          -- "is_not_equal" -> negated, "equal". Modifiers may come anywhere; the assertion is the longest
          -- run of words that names one ("error_matches", not "error" then "matches").
          local function read(words, namespace, negated, name)
            local tokens = {}
            for token in gmatch(lower(words), "[^_]+") do tokens[#tokens + 1] = token end
            local i = 1
            while i <= #tokens do
              if modifiers[tokens[i]] ~= nil then
                if modifiers[tokens[i]] then negated = not negated end
                i = i + 1
              else
                local found
                for j = #tokens, i, -1 do
                  local candidate = concat(tokens, "_", i, j)
                  if namespace[candidate] then found = j name = candidate break end
                end
                if not found then return nil, "no assertion named '" .. words .. "'" end
                i = found + 1
              end
            end
            return negated, name
          end

          local chain_mt = {}

          local function chain(namespace, negated, name, subject)
            return setmetatable({namespace = namespace, negated = negated, name = name, subject = subject}, chain_mt)
          end

          chain_mt.__index = function(self, words)
            local namespace = rawget(self, "namespace")
            local negated, name = read(words, namespace, rawget(self, "negated"), rawget(self, "name"))
            if negated == nil then error("assert: " .. name, 2) end
            return chain(namespace, negated, name, rawget(self, "subject"))
          end

          chain_mt.__call = function(self, ...)
            local namespace, name = rawget(self, "namespace"), rawget(self, "name")
            if name == nil then  -- assert(v, message): Lua's own, but a failure at the spec's line
              if rawget(self, "negated") then error("assert: 'not' or 'no' needs an assertion after it", 2) end
              return plain_assert(self, ...)
            end
            local entry = namespace[name]
            if entry.namespace then  -- assert.spy(s): the words after it are about s
              return chain(entry.namespace, rawget(self, "negated"), nil, (...))
            end
            local args = pack(...)
            if rawget(self, "subject") ~= nil then args = pack(rawget(self, "subject"), ...) end
            return run(entry, rawget(self, "negated"), args)
          end

          local function register(name, entry) assertions[name] = entry end

          local function value_is(expected_type)
            return {
              check = function(a) return type(a[1]) == expected_type, a[1] end,
              explain = function(a, negated)
                return (negated and "expected a value that is not a " or "expected a ") .. expected_type .. ", got " .. show(a[1])
              end,
              message = 2,
            }
          end
          for _, name in ipairs({"number", "string", "table", "function", "boolean", "userdata", "thread"}) do
            register(name, value_is(name))
          end

          local function value_equal(expected_value, label)
            return {
              check = function(a) return a[1] == expected_value, a[1] end,
              explain = function(a, negated) return "expected " .. (negated and "not " or "") .. label .. ", got " .. show(a[1]) end,
              message = 2,
            }
          end
          register("true", value_equal(true, "true"))
          register("false", value_equal(false, "false"))
          register("nil", {
            check = function(a) return a[1] == nil, a[1] end,
            explain = function(a, negated) return negated and "expected a value, got nil" or "expected nil, got " .. show(a[1]) end,
            message = 2,
          })
          register("truthy", {
            check = function(a) return a[1], a[1] end,
            explain = function(a, negated) return "expected a " .. (negated and "falsy" or "truthy") .. " value, got " .. show(a[1]) end,
            message = 2,
          })
          register("falsy", {
            check = function(a) return not a[1], a[1] end,
            explain = function(a, negated) return "expected a " .. (negated and "truthy" or "falsy") .. " value, got " .. show(a[1]) end,
            message = 2,
          })

          register("equal", {
            check = function(a) return a[1] == a[2], a[2] end,
            explain = function(a, negated)
              if negated then return "expected a value other than " .. show(a[1]) end
              return "expected " .. show(a[1]) .. ", got " .. show(a[2])
            end,
            message = 3,
          })
          register("same", {
            check = function(a) return same(a[1], a[2]), a[2] end,
            explain = function(a, negated)
              if negated then return "expected a value not the same as " .. show(a[1]) end
              local where = difference(a[1], a[2])
              return "expected " .. show(a[1]) .. ", got " .. show(a[2]) .. (where and "\n" .. where or "")
            end,
            message = 3,
          })
          register("near", {
            check = function(a)
              if type(a[1]) ~= "number" or type(a[2]) ~= "number" or type(a[3]) ~= "number" then
                error("assert.near expects (expected, actual, tolerance) numbers, got " ..
                  show(a[1]) .. ", " .. show(a[2]) .. ", " .. show(a[3]), 4)
              end
              return a[2] >= a[1] - a[3] and a[2] <= a[1] + a[3], a[2]
            end,
            explain = function(a, negated)
              return "expected " .. show(a[2]) .. (negated and " not" or "") .. " to be within " .. show(a[3]) .. " of " .. show(a[1])
            end,
            message = 4,
          })
          register("unique", {
            check = function(a)
              local list, deep = a[1], a[2] == true
              if type(list) ~= "table" then error("assert.unique expects a table, got " .. show(list), 4) end
              for i, x in pairs(list) do
                for j, y in pairs(list) do
                  if i ~= j and (x == y or (deep and same(x, y))) then return false, list end
                end
              end
              return true, list
            end,
            explain = function(a, negated)
              return "expected " .. show(a[1]) .. (negated and " to hold a repeated value" or " to hold no value twice")
            end,
            message = function(a) return type(a[2]) == "boolean" and 3 or 2 end,
          })
          register("matches", {
            check = function(a)
              local init, plain = a[3], a[4]
              if type(init) ~= "number" then init, plain = nil, nil end
              return type(a[2]) == "string" and find(a[2], a[1], init, plain) ~= nil, a[2]
            end,
            explain = function(a, negated) return "expected " .. show(a[2]) .. (negated and " not" or "") .. " to match " .. show(a[1]) end,
            message = function(a) return type(a[3]) == "number" and 5 or 3 end,
          })

          -- The error a function raises: (true, err) or (false).
          local function raised(fn)
            if type(fn) ~= "function" and not (getmetatable(fn) or {}).__call then
              error("expected a function that raises, got " .. show(fn), 5)
            end
            local ok, err = pcall(fn)
            return not ok, err
          end

          -- has_error(fn [, expected]): expected is the error object (compared as `same` does), or a
          -- string equal to the whole message or to what follows "file:line: ".
          local function is_expected(err, expected)
            if expected == nil then return true end
            if type(expected) ~= "string" then return same(expected, err) end
            local text = tostring(err)
            return text == expected or text:match("^[^:\n]+:%d+: (.*)$") == expected
          end

          register("error", {
            check = function(a)
              local failed, err = raised(a[1])
              a.err, a.failed = err, failed
              return failed and is_expected(err, a[2]), err
            end,
            explain = function(a, negated)
              if negated then return "expected no error, got " .. show(a.err) end
              if not a.failed then return "expected an error, none was raised" end
              return "expected the error " .. show(a[2]) .. ", got " .. show(a.err)
            end,
            message = 3,
          })
          register("error_matches", {
            check = function(a)
              local failed, err = raised(a[1])
              a.err, a.failed = err, failed
              local init, plain = a[3], a[4]
              if type(init) ~= "number" then init, plain = nil, nil end
              return failed and type(err) == "string" and find(err, a[2], init, plain) ~= nil, err
            end,
            explain = function(a, negated)
              if not a.failed then return "expected an error matching " .. show(a[2]) .. ", none was raised" end
              return "expected the error " .. show(a.err) .. (negated and " not" or "") .. " to match " .. show(a[2])
            end,
            message = function(a) return type(a[3]) == "number" and 5 or 3 end,
          })
          for alias, name in pairs({equals = "equal", match = "matches", errors = "error", error_match = "error_matches",
                                    matches_error = "error_matches", match_error = "error_matches"}) do
            assertions[alias] = assertions[name]
          end

          -- The global: the stand-in table becomes the chain's root, so it stays the same table.
          root.namespace, root.negated = assertions, false
          setmetatable(root, chain_mt)
          return {register = register, chain = chain, show = show, same = same}
        end
        """#
}

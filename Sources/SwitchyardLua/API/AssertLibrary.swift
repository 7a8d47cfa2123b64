/// `assert` as busted has it: still callable like Lua's own, and a table of checks whose failures
/// name the scenario's file:line (they raise at level 2 of the check, the caller's line).
enum AssertLibrary {
    static func install(in engine: LuaEngine) throws(LuaError) {
        try engine.run(source, chunkName: "=assert")
    }

    static let source = #"""
        local base_assert, error, type, tostring, pairs, pcall = assert, error, type, tostring, pairs, pcall
        local format, find, rep, sort, concat = string.format, string.find, string.rep, table.sort, table.concat

        local function show(value, depth, seen)
          if type(value) == "string" then return format("%q", value) end
          if type(value) ~= "table" then return tostring(value) end
          seen = seen or {}
          depth = depth or 0
          if seen[value] then return "<cycle>" end
          if depth > 3 then return "{...}" end
          seen[value] = true
          local keys = {}
          for key in pairs(value) do keys[#keys + 1] = key end
          sort(keys, function(a, b)
            if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
            return type(a) < type(b)
          end)
          local parts = {}
          for index, key in ipairs(keys) do
            local shown = show(value[key], depth + 1, seen)
            if key == index then parts[#parts + 1] = shown
            elseif type(key) == "string" and find(key, "^[%a_][%w_]*$") then parts[#parts + 1] = key .. " = " .. shown
            else parts[#parts + 1] = "[" .. show(key, depth + 1, seen) .. "] = " .. shown end
          end
          seen[value] = nil
          return "{" .. concat(parts, ", ") .. "}"
        end

        local function same(a, b, seen)
          if a == b then return true end
          if type(a) ~= "table" or type(b) ~= "table" then return false end
          seen = seen or {}
          if seen[a] == b then return true end
          seen[a] = b
          for key, value in pairs(a) do
            if not same(value, b[key], seen) then return false end
          end
          for key in pairs(b) do
            if a[key] == nil then return false end
          end
          return true
        end

        -- level 3: fail <- the check <- the scenario's line
        local function fail(message, explanation)
          error(message and (tostring(message) .. " (" .. explanation .. ")") or explanation, 3)
        end

        local checks = {}

        function checks.equal(expected, actual, message)
          if expected ~= actual then fail(message, "expected " .. show(expected) .. ", got " .. show(actual)) end
          return actual
        end

        function checks.same(expected, actual, message)
          if not same(expected, actual) then fail(message, "expected " .. show(expected) .. ", got " .. show(actual)) end
          return actual
        end

        function checks.is_true(value, message)
          if value ~= true then fail(message, "expected true, got " .. show(value)) end
        end

        function checks.is_false(value, message)
          if value ~= false then fail(message, "expected false, got " .. show(value)) end
        end

        function checks.is_nil(value, message)
          if value ~= nil then fail(message, "expected nil, got " .. show(value)) end
        end

        function checks.not_nil(value, message)
          if value == nil then fail(message, "expected a value, got nil") end
          return value
        end

        function checks.truthy(value, message)
          if not value then fail(message, "expected a truthy value, got " .. show(value)) end
          return value
        end

        function checks.falsy(value, message)
          if value then fail(message, "expected a falsy value, got " .. show(value)) end
        end

        -- has_error(fn [, expected]): expected matches the whole message or what follows "file:line: "
        function checks.has_error(fn, expected)
          if type(fn) ~= "function" then fail(nil, "has_error expects a function, got " .. show(fn)) end
          local ok, err = pcall(fn)
          if ok then fail(nil, "expected an error, none was raised") end
          if expected ~= nil then
            local text = tostring(err)
            local plain = text:match("^[^:\n]+:%d+: (.*)$")
            if text ~= expected and plain ~= expected then
              fail(nil, "expected the error " .. show(expected) .. ", got " .. show(err))
            end
          end
          return err
        end

        function checks.has_no_error(fn, message)
          local ok, err = pcall(fn)
          if not ok then fail(message, "expected no error, got " .. show(err)) end
        end

        function checks.matches(pattern, text, message)
          if type(text) ~= "string" or not find(text, pattern) then
            fail(message, "expected " .. show(text) .. " to match " .. show(pattern))
          end
          return text
        end

        checks.equals = checks.equal
        checks.are_equal = checks.equal
        checks.are_same = checks.same
        checks.is_not_nil = checks.not_nil
        checks.error = checks.has_error
        checks.match = checks.matches

        assert = setmetatable(checks, {
          __call = function(_, ...) return base_assert(...) end,  -- a tail call: errors keep the caller's line
        })
        """#
}

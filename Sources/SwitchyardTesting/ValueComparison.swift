import SwitchyardLua

/// How the assertions show values and compare tables: `show` prints a value as a reader would type
/// it (keys sorted, strings quoted, depth and cycles bounded), `same` is a deep comparison, and
/// `difference` names the first place two values differ, as a path a reader can paste into a spec:
///
///     difference({1, {path = "/b"}}, {1, {path = "/c"}})   --> 'expected[2].path == "/b", got "/c"'
enum ValueComparison {
    static let chunkName = "=compare"

    static let source = #"""
        return function(_ENV)  -- _ENV: the globals as they were before any script ran
          local type, tostring, pairs, ipairs, next = type, tostring, pairs, ipairs, next
          local format, find, sort, concat = string.format, string.find, table.sort, table.concat

          local function ordered_keys(value)
            local keys = {}
            for key in pairs(value) do keys[#keys + 1] = key end
            sort(keys, function(a, b)
              if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
              return type(a) < type(b)
            end)
            return keys
          end

          local show

          local function show_key(key)
            if type(key) == "string" and find(key, "^[%a_][%w_]*$") then return key end
            return "[" .. show(key, 4) .. "]"
          end

          function show(value, depth, seen)
            if type(value) == "string" then return format("%q", value) end
            if type(value) ~= "table" then return tostring(value) end
            seen = seen or {}
            depth = depth or 0
            if seen[value] then return "<cycle>" end
            if depth > 3 then return "{...}" end
            seen[value] = true
            local parts = {}
            for index, key in ipairs(ordered_keys(value)) do
              local shown = show(value[key], depth + 1, seen)
              parts[#parts + 1] = key == index and shown or show_key(key) .. " = " .. shown
            end
            seen[value] = nil
            return "{" .. concat(parts, ", ") .. "}"
          end

          -- The path from the root to 'key': "[2]" for array indices, ".name" for identifiers.
          local function step(path, key)
            if type(key) == "string" and find(key, "^[%a_][%w_]*$") then return path .. "." .. key end
            return path .. "[" .. show(key, 4) .. "]"
          end

          -- nil when a and b are the same; else the path where they first differ (keys in show's order)
          -- and the two values there.
          local function first_difference(a, b, path, seen)
            if a == b then return nil end
            if type(a) ~= "table" or type(b) ~= "table" then return path, a, b end
            if seen[a] == b then return nil end
            seen[a] = b
            for _, key in ipairs(ordered_keys(a)) do
              local where, x, y = first_difference(a[key], b[key], step(path, key), seen)
              if where then return where, x, y end
            end
            for _, key in ipairs(ordered_keys(b)) do
              if a[key] == nil then return step(path, key), nil, b[key] end
            end
            return nil
          end

          local function same(a, b)
            return first_difference(a, b, "", {}) == nil
          end

          -- 'expected[2].path == "/b", got "/c"', or nil when the values are the same (or not tables:
          -- then "expected X, got Y" already says it all).
          local function difference(expected, actual)
            if type(expected) ~= "table" or type(actual) ~= "table" then return nil end
            local where, x, y = first_difference(expected, actual, "", {})
            if not where then return nil end
            return "expected" .. where .. " == " .. show(x) .. ", got " .. show(y)
          end

          return {show = show, same = same, difference = difference}
        end
        """#
}

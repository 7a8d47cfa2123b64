import SwitchyardTools
/// The REPL's pretty printer for Lua values, as a Lua chunk run through the engine: it returns a
/// function `(value, width, colored) -> string` (nesting, cycles marked, `__tostring` honoured,
/// width-aware; with `colored`, strings, numbers, keys and functions in ANSI colours).
/// Lua, because only Lua can call `__tostring` safely and walk tables without a bridge round trip per key.
enum ValuePrinterChunk {
    static let name = "=(value printer)"
    static let source = #"""
-- Pretty printer for REPL results: nesting, cycles marked, __tostring honoured, width-aware.
-- Returns a function (value, width) -> string. Uses only the base library and `string`, so it runs
-- in the sandbox; reads tables raw (next/rawget) so printing never runs a metamethod but __tostring,
-- and __pairs first (see `listed`).
local next, type, tostring, pcall, getmetatable, rawget, rawlen, pairs =
      next, type, tostring, pcall, getmetatable, rawget, rawlen, pairs
-- Every library function it uses is its own reference: a script that sets `math = nil` or
-- `string.gsub = nil` must not break printing.
local format, rep, concat, sort, gsub = string.format, string.rep, table.concat, table.sort, string.gsub
local match, byte = string.match, string.byte
local math_type, floor = math.type, math.floor

-- Colour by kind of value, on a terminal only; widths count what shows, not the escapes.
local painting = false
local colours = { string = "32", number = "36", key = "34", ["function"] = "35", boolean = "33" }
local function paint(kind, text)
  if not painting then return text end
  return "\27[" .. colours[kind] .. "m" .. text .. "\27[0m"
end
local function width_of(text)
  if not painting then return #text end
  return #(gsub(text, "\27%[[%d;]*m", ""))
end

local MAX_ITEMS, MAX_DEPTH = 200, 12
local keywords = {}
for word in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
  keywords[word] = true
end

local escapes = { ["\\"] = "\\\\", ['"'] = '\\"', ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r" }
-- C1 controls (U+0080-U+009F) are shown as their two UTF-8 bytes, as TerminalText.escaped does in Swift.
local function c1(s)
  return (gsub(s, "\194([\128-\159])", function(c) return format("\\194\\%03d", byte(c)) end))
end
local function quote(s)
  return '"' .. c1(gsub(s, '[%c\\"]', function(c) return escapes[c] or format("\\%03d", byte(c)) end)) .. '"'
end
-- What __tostring returns is the script's too: its control bytes escaped, its lines kept.
local function controls(s)
  return c1(gsub(s, "[%c]", function(c)
    if c == "\n" or c == "\t" then return c end
    return escapes[c] or format("\\%03d", byte(c))
  end))
end

local function custom(v)
  local mt = getmetatable(v)
  if type(mt) ~= "table" or rawget(mt, "__tostring") == nil then return nil end
  local ok, text = pcall(tostring, v)
  if ok and type(text) == "string" then return controls(text) end
  return "<" .. type(v) .. ": __tostring failed: " .. tostring(ok and "returned a " .. type(text) or text) .. ">"
end

local function scalar(v)
  local kind = type(v)
  if kind == "string" then return paint("string", quote(v)) end
  if kind == "number" then
    if math_type(v) == "float" and v == floor(v) and v > -1e15 and v < 1e15 then return paint("number", format("%.1f", v)) end
    return paint("number", tostring(v))
  end
  if kind == "table" then return custom(v) end
  if kind == "function" or kind == "boolean" then return custom(v) or paint(kind, tostring(v)) end
  return custom(v) or tostring(v)
end

local kindOrder = { number = 1, string = 2, boolean = 3 }
local function keyLess(a, b)
  local ka, kb = kindOrder[type(a)] or 4, kindOrder[type(b)] or 4
  if ka ~= kb then return ka < kb end
  if ka <= 2 then return a < b end
  return tostring(a) < tostring(b)
end

-- The sequence 1..n first, then the other keys in a stable order.
local function entries(t)
  local n = rawlen(t)
  local keys = {}
  for k in next, t do
    if not (math_type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, keyLess)
  return n, keys
end

local function keyText(k)
  if type(k) == "string" and match(k, "^[%a_][%w_]*$") and not keywords[k] then return paint("key", k) end
  return "[" .. (scalar(k) or tostring(k)) .. "]"
end

local render

local function items(t, depth, visiting, single, width)
  local n, keys = entries(t)
  local parts, total, used = {}, n + #keys, 4
  local limit = total > MAX_ITEMS and MAX_ITEMS or total
  for i = 1, limit do
    local text
    if i <= n then
      text = render(rawget(t, i), depth, visiting, single, width)
    else
      local k = keys[i - n]
      -- A nested table too wide for one line renders as nil: the caller then goes multi-line.
      local value = render(rawget(t, k), depth, visiting, single, width)
      text = value and keyText(k) .. " = " .. value
    end
    if text == nil then return nil end
    parts[#parts + 1] = text
    if single then
      used = used + width_of(text) + 2
      if used > width then return nil end
    end
  end
  if total > limit then parts[#parts + 1] = format("... (%d more)", total - limit) end
  return parts
end

-- `single`: everything on one line (nil when longer than `width`); else one entry per line.
-- A table with a metatable gets `pairs` run (its results unused) before the raw walk: a table that
-- fills itself when listed, as a match's info builds its `query` on first read (its metatable is
-- protected, so `getmetatable` gives a string), then shows what pairs lists. Without __pairs,
-- `pairs` runs nothing.
local function listed(t)
  if getmetatable(t) ~= nil then pcall(pairs, t) end
end

function render(v, depth, visiting, single, width)
  local text = scalar(v)
  if text then return text end
  if visiting[v] then return "<cycle: " .. tostring(v) .. ">" end
  listed(v)
  if next(v) == nil then return "{}" end
  if depth >= MAX_DEPTH then return "{...}" end
  visiting[v] = true
  local result
  if single then
    local parts = items(v, depth + 1, visiting, true, width)
    if parts then
      result = "{ " .. concat(parts, ", ") .. " }"
      if width_of(result) > width then result = nil end
    end
  else
    local indent = rep("  ", depth + 1)
    visiting[v] = nil
    local flat = render(v, depth, visiting, true, width - 2 * depth)
    visiting[v] = true
    if flat then
      result = flat
    else
      local parts = items(v, depth + 1, visiting, false, width)
      result = "{\n" .. indent .. concat(parts, ",\n" .. indent) .. "\n" .. rep("  ", depth) .. "}"
    end
  end
  visiting[v] = nil
  return result
end

return function(value, width, colored)
  painting = colored == true
  return render(value, 0, {}, false, width or 80)
end
"""#
}

-- Typed registrations, after SwiftUI Routes' `Routable`: a type is a Lua table whose
-- values know their own path through a `route` method, so code navigates with values
-- (`Album{id = "123"}`) instead of hand-built strings.
--
--   local Album = routable.type(route("/album/:id", {name = "album", title = "Album"}))
--   nav.push(Album{id = "featured"}:route())              --> "/album/featured"
--   nav.push(Album{id = "123"}:route{lang = "fr"})        --> "/album/123?lang=fr"
--
-- The type wraps a declared route (so `routes` shows where the feature declared it), and
-- `route` is reverse routing (`url`) over the route's name: change the pattern and every
-- typed call follows.

local routable = {}

local function route_method(name)
  return function(value, query)
    local params = {}
    for key, field in pairs(value) do params[key] = tostring(field) end
    return url(name, params, query or {})
  end
end

--- The type of a declared route; calling the type makes a value.
-- local Track = routable.type(route("/album/:id/track/:number", {name = "track"}))
-- Track{id = "123", number = 2}:route() --> "/album/123/track/2"
function routable.type(declared)
  if not declared.name then
    error("routable.type: the route " .. declared.pattern .. " needs a name for reverse routing", 2)
  end
  local T = {name = declared.name, pattern = declared.pattern}
  T.__index = T
  T.route = route_method(declared.name)
  return setmetatable(T, {
    __call = function(_, fields) return setmetatable(fields, T) end,
  })
end

--- The path of a value or of a path string, so callers accept either.
-- routable.path("/library") --> "/library";  routable.path(Album{id = "1"}) --> "/album/1"
function routable.path(target)
  if type(target) == "string" then return target end
  return target:route()
end

return routable

-- Typed registrations, after SwiftUI Routes' `Routable`: a type is a Lua table whose
-- values know their own path through a `route` method, so code navigates with values
-- (`Album{id = "123"}`) instead of hand-built strings.
--
--   local Album = routable.type("album", "/album/:id", {title = "Album"})
--   nav.push(Album{id = "featured"}:route())              --> "/album/featured"
--   nav.push(Album{id = "123"}:route{lang = "fr"})        --> "/album/123?lang=fr"
--
-- The route is declared once, under the type's name, and `route` is reverse routing
-- (`url`) over that name: rename the pattern and every typed call follows.

local routable = {}

local function route_method(name)
  return function(value, query)
    local params = {}
    for key, field in pairs(value) do params[key] = tostring(field) end
    return url(name, params, query or {})
  end
end

--- Declares the route of a type and returns the type; calling the type makes a value.
function routable.type(name, pattern, opts)
  opts.name = name
  local declared = route(pattern, opts)
  local T = {name = name, pattern = pattern, declared = declared}
  T.__index = T
  T.route = route_method(name)
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

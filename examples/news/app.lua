-- SwiftUI Router's example app (news, users, settings), rebuilt on Switchyard.
--
--   switchyard -i examples/news/app.lua          explore it in the REPL
--   switchyard test examples/news/scenarios      run its scenarios
--
-- What it shows, in SwiftUI Router's terms:
--   Route("news/*")         a splat: /news, /news/anything/deeper
--   SwitchRoutes { ... }    first match wins; here ranking decides (static beats
--                           parameter beats splat), so the order of declaration is free
--   Route("user/:id?")      an optional parameter
--   validator: UUID(...)    a validator that rejects, so the next candidate is tried
--   Navigator               go, back, forward, relative paths
--   layout("/news", ...)    the news section as a record of its own (React Router's layout
--                           route, go_router's ShellRoute): its meta, title and links, and a
--                           guard that guards every article, once per navigation

local articles = {
  ["1"] = {title = "Lua 5.4 released", body = "Generational GC, to-be-closed variables, const locals."},
  ["2"] = {title = "Routing, explained", body = "Static beats parameter beats optional beats splat."},
  ["7"] = {title = "Swift 6 on Linux", body = "Strict concurrency, now on every platform."},
}

local users = {
  ["3f2c1a7e-9b4d-4c1e-8f6a-2d5b7c9e0a14"] = "Ada Lovelace",
  ["8c0e4b2a-1d3f-4a5b-9c7d-6e8f0a1b2c3d"] = "Grace Hopper",
}

--- The canonical (lower-case) form of a UUID, or nil: SwiftUI Router's `UUID(string)`.
-- uuid("3F2C1A7E-9B4D-4C1E-8F6A-2D5B7C9E0A14") --> "3f2c1a7e-9b4d-4c1e-8f6a-2d5b7c9e0a14"
local function uuid(text)
  if not text then return nil end
  local hex = "%x%x%x%x"
  local shape = "^" .. hex .. hex .. "%-" .. hex .. "%-" .. hex .. "%-" .. hex .. "%-" .. hex .. hex .. hex .. "$"
  if text:match(shape) then return text:lower() end
  return nil
end

route("/", {
  title = "Home",
  view = "Welcome. Read the news, meet our users, or change your settings.",
  links = {"/news", "/user", "/settings"},
})

-- news/* — the whole news section; deeper paths it does not know still land here.
route("/news/*", {
  title = "News",
  view = function(info)
    if info.params["*"] == "" then return "Latest headlines: /news/latest, /news/article/1" end
    return "The news section has nothing at '" .. info.params["*"] .. "'; here are the headlines."
  end,
  links = {"/news/latest", "/news/article/1", "/news/article/2"},
})

-- The news desk counts the navigations into its section and can close it
-- (app.news_desk.closed = true): the layout's guard then sends every route inside it home.
local news_desk = {closed = false, visits = 0}

layout("/news", function()
  route("latest", {
    title = "Latest News",
    view = "1. Lua 5.4 released\n2. Routing, explained\n7. Swift 6 on Linux",
    links = {"/news/article/1", "/news/article/2", "/news/article/7"},
  })

  route("article/:id", {
    name = "article",
    validate = function(info) return articles[info.params.id] end,
    title = function(info) return info.value.title end,
    view = function(info) return info.value.body end,
    links = {"/news/latest"},
  })

  -- SwitchRoutes' Route(":unknown") { ErrorScreen() }: one unknown segment.
  route(":unknown", {
    entry = true,   -- a deep link to a section that does not exist (myapp://news/sports)
    title = "Unknown Section",
    view = function(info) return "There is no news section called '" .. info.params.unknown .. "'." end,
    links = {"/news"},
    meta = {analytics = "news/unknown"},   -- laid over the layout's meta below
  })
end, {
  name = "news",
  title = "News",                -- the section's own title; each route inside keeps its own
  links = {"/news/latest"},      -- the section's navigation bar
  -- The news section's meta (Vue Router's `meta`): every route inside reads it as
  -- info.meta, its own keys laid over the layout's; info.matched[1].meta is the layout's own.
  meta = {section = "news", analytics = "news", cache_seconds = 300},
  -- Runs before the routes' own guards, once per navigation (a push_stack of three
  -- articles asks once).
  guard = function()
    if news_desk.closed then return "/" end
    news_desk.visits = news_desk.visits + 1
  end,
})

-- user/:id? — three candidates for /user/<something>, tried in rank order:
route("/user/:id", {
  name = "user",
  validate = function(info)
    local id = uuid(info.params.id)
    return id and users[id] and {id = id, name = users[id]}
  end,
  title = function(info) return info.value.name end,
  view = function(info) return info.value.name .. " (user " .. info.value.id .. ")" end,
  links = {"/user"},
})

-- The fall-through of the route above (same shape; allowed because that one validates).
route("/user/:id", {
  entry = true,   -- a deep link with an id no user has (myapp://user/nobody)
  title = "Unknown User",
  view = function(info)
    if uuid(info.params.id) then return "No user has the id " .. info.params.id .. "." end
    return "'" .. info.params.id .. "' is not a user id (ids are UUIDs)."
  end,
  links = {"/user"},
})

route("/user/:id?", {
  title = "Users",
  view = "Ada Lovelace  /user/3f2c1a7e-9b4d-4c1e-8f6a-2d5b7c9e0a14\n"
      .. "Grace Hopper  /user/8c0e4b2a-1d3f-4a5b-9c7d-6e8f0a1b2c3d",
  links = {"/user/3f2c1a7e-9b4d-4c1e-8f6a-2d5b7c9e0a14", "/user/8c0e4b2a-1d3f-4a5b-9c7d-6e8f0a1b2c3d"},
})

route("/settings", {
  title = "Settings",
  view = "Account, notifications, privacy.",
  links = {"/settings/account", "/settings/privacy"},
})

route("/settings/:section", {
  title = function(info) return "Settings: " .. info.params.section end,
  view = function(info) return "The " .. info.params.section .. " settings." end,
  links = {"/settings"},
})

-- SwiftUI Router's Navigate(to: "/error-404") fallback.
not_found{
  title = "Page Not Found",
  view = function(info) return "404: nothing at " .. info.path .. ". Try /news or /user." end,
  links = {"/"},
}

--- What scenarios and the REPL can reach: `app.uuid("...")`, `app.users`, `app.articles`,
-- `app.news_desk`.
app = {uuid = uuid, users = users, articles = articles, news_desk = news_desk}
-- Invariants: rules every reachable state keeps (switchyard walk checks them after
-- each random step; the REPL warns after each navigation that breaks one).
invariant("every screen has a title", function()
  return nav.title ~= nil, nav.path .. " has no title"
end)

invariant("a user page is a known user's or says there is none", function()
  local id = string.match(nav.path, "^/user/(.+)$")
  if not id or users[id] then return true end
  return nav.title == "Unknown User", "user " .. id .. " is shown as " .. tostring(nav.title)
end)

return app

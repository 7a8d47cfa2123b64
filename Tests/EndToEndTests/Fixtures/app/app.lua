-- A small music app for the end-to-end tests: groups, a sheet, a cover, a flow, links, not_found.
route("/", {title = "Home", view = "Welcome to the music app", links = {"/album/:id", "/search", "/artist/:name"}})
route("/search", {title = "Search"})
group("/album", function()
  route("/new", {title = "New album", presentation = "cover"})
  route("/:id", {
    name = "album",
    title = function(info) return "Album " .. info.params.id end,
    view = function(info) return "Tracks of album " .. info.params.id end,
    validate = function(info) return tonumber(info.params.id) end,
    links = {"/album/:id/tracks", "/artist/:name"},
  })
  route("/:id/tracks", {title = "Tracks"})
  route("/:id/share", {title = "Share", presentation = "sheet"})
end)
route("/artist/:name", {title = function(info) return info.params.name end})
route("/settings", {title = "Settings", guard = function() return allow_settings ~= false end})
route("/login", {title = "Login", presentation = "cover"})
flow("onboarding", {{"/login", as = "cover"}, "/settings"})
not_found({title = "Not found"})

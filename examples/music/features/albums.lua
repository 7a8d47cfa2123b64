-- Feature module: albums, tracks and artists. Like a SwiftUI Routes package, it only
-- registers its own routes into the app's shared table and returns its typed values.

local catalog = require("catalog")
local routable = require("routable")

local albums = {}

-- The server the album loader fetches credits from. While `slow` is set, a request waits for
-- albums.respond(id), as a real fetch waits for its answer; while `down` is set, it fails.
albums.server = {slow = false, down = false}

--- Answers the album loader waiting for `id`: the held navigation lands with the credits.
-- albums.respond("42")  --> true
function albums.respond(id)
  return nav.settle("album " .. id, catalog.credits[id])
end

local function album_of(info)
  return catalog.albums[info.params.id]
end

local function track_list(album)
  local lines = {}
  for number, name in ipairs(album.tracks) do
    lines[#lines + 1] = string.format("  %d. %s", number, name)
  end
  return table.concat(lines, "\n")
end

--- Album{id = "123"}:route() --> "/album/123" (SwiftUI Routes' `Album: Routable`).
albums.Album = routable.type(route("/album/:id", {
  name = "album",
  -- Catalog ids are words ("123", "featured"): anything else is no match before the validator runs.
  params = {id = {match = "^%w+$"}},
  -- The greeting's language (`?lang=fr`): one the catalog has, English when the link gives none;
  -- any other (`?lang=xx`) is no match, so the link lands on not-found instead of a wrong greeting.
  query = {lang = {type = {"en", "fr", "de"}, default = "en"}},
  -- The validator turns the id into the album itself; an unknown id is no match,
  -- so the path falls through to the not-found screen.
  validate = album_of,
  title = function(info) return info.value.title end,
  view = function(info)
    local album = info.value
    local greeting = catalog.greetings[info.query.lang]
    return string.format("%s: %s by %s (%d)\n%s",
      greeting, album.title, album.artist, album.year, track_list(album))
  end,
  -- The loader runs once the validator and guards said yes, before the title and view: what it
  -- returns is the screen's info.data (nav.screen.data.producer). A slow server holds the
  -- navigation with nav.pending until albums.respond(id) settles it with the data.
  load = function(info)
    if albums.server.down then error("the credits server is down") end
    if albums.server.slow then return nav.pending("album " .. info.params.id) end
    return catalog.credits[info.params.id]
  end,
  -- What lands in place of the album when its loader (or title, view, links) raises: the
  -- navigation goes through, to this screen, instead of failing (docs/lifecycle.md, "Error screens").
  error = {
    title = "Album unavailable",
    view = function(info) return "Could not load the album: " .. info.error.message .. "\nTry again later." end,
  },
  -- Each album links to its own first track and its own artist.
  links = function(info)
    return {url("track", {id = info.params.id, number = "1"}), url("artist", {name = info.value.artist}),
            "/now-playing"}
  end,
}))

-- A deep link that does something instead of showing a screen: music://share/42 asks whether to
-- share the album. It has an action and nothing to show, so no screen lands; the action runs
-- once the navigation is over, and may navigate (docs/lifecycle.md, "URL actions").
route("/share/:id", {
  params = {id = {match = "^%w+$"}},
  entry = true,   -- reached from outside: `check` opens it (and follows where its action leads)
  action = function(info)
    local album = catalog.albums[info.params.id]
    if not album then return end
    nav.alert{title = "Share " .. album.title .. "?", buttons = {"Cancel", "Share"}}
  end,
})

--- Track{id = "123", number = 2}:route() --> "/album/123/track/2"
albums.Track = routable.type(route("/album/:id/track/:number", {
  name = "track",
  -- A track number is an int: `info.params.number` is already a number, and
  -- url("track", {id = "123", number = "two"}) is an error naming the route and the parameter.
  params = {id = {match = "^%w+$"}, number = "int"},
  validate = function(info)
    local album = album_of(info)
    local number = info.params.number
    if album and album.tracks[number] then
      return {album = album, number = number, name = album.tracks[number]}
    end
  end,
  title = function(info) return info.value.name end,
  view = function(info)
    local track = info.value
    return string.format("Track %d of %s, by %s", track.number, track.album.title, track.album.artist)
  end,
  links = {"/album/:id", "/now-playing"},   -- :follow fills in the current album
  -- A deep link to a track lands its album first, so Back goes to the album (nav.up() too).
  parent = "/album/:id",
}))

--- Artist{name = "Miles Davis"}:route() --> "/artist/Miles%20Davis"
albums.Artist = routable.type(route("/artist/:name", {
  name = "artist",
  title = function(info) return info.params.name end,
  view = function(info)
    local titles = {}
    for _, album in ipairs(catalog.albums_by(info.params.name)) do
      titles[#titles + 1] = "  " .. album.title .. "  (/album/" .. album.id .. ")"
    end
    if #titles == 0 then return "No albums by " .. info.params.name .. " in the catalog." end
    -- Pushed with params = {from = "..."} (SwiftUI Routes' push with params), it says where from.
    local from = info.params.from and ("\nOpened from " .. info.params.from) or ""
    return "Albums:\n" .. table.concat(titles, "\n") .. from
  end,
  -- The artist's own albums.
  links = function(info)
    local paths = {}
    for _, album in ipairs(catalog.albums_by(info.params.name)) do paths[#paths + 1] = "/album/" .. album.id end
    return paths
  end,
}))

return albums

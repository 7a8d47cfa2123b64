-- The album app of SwiftUI Routes (its Examples/MusicApp), rebuilt on Switchyard.
--
--   switchyard -i examples/music/app.lua         explore it in the REPL
--   switchyard test examples/music/scenarios     run its scenarios
--
-- As in SwiftUI Routes, the app owns one route table and each feature module
-- registers its own routes into it (the `require`s below), so features never import
-- one another. Albums, tracks and artists are typed values that know their path; the
-- global `app` holds the types, for the REPL and the scenarios alike:
--
--   > nav.push(app.Album{id = "42"}:route())
--   > app.Track{id = "123", number = 2}:route()     --> "/album/123/track/2"

route("/", {
  name = "home",
  title = "Music",
  view = "Featured: Kind of Blue. Jump into your library, search, or the player.",
  links = {"/album/featured", "/album/123", "/library", "/search", "/now-playing"},
})

local albums = require("features.albums")
require("features.library")
require("features.search")
require("features.player")

not_found{
  title = "Not Found",
  view = function(info) return "Nothing in the catalog at " .. info.path end,
  links = {"/"},
}

--- The app's typed values: app.Album, app.Track, app.Artist; the album loader's server and
--- app.respond(id), which answers a request it holds.
app = {Album = albums.Album, Track = albums.Track, Artist = albums.Artist, server = albums.server,
       respond = albums.respond}
-- Invariants: rules every reachable state keeps (switchyard walk checks them after
-- each random step; the REPL warns after each navigation that breaks one).
invariant("every screen has a title", function()
  return nav.title ~= nil, nav.path .. " has no title"
end)

-- A session flag for switchyard walk: with the server slow, the album loader holds each album
-- until it is answered, and the walk settles those holds (with no data, the answer a failed fetch
-- gives) or moves on, which cancels them.
flag("slow_server", {false, true}, function(slow) app.server.slow = slow end)

return app

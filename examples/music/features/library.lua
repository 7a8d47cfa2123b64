-- Feature module: the user's library. Declared inside a group, so its patterns are
-- written relative to "/library".

local catalog = require("catalog")

group("/library", function()
  route("/", {
    name = "library",
    title = "Library",
    view = "Your playlists and saved albums.",
    links = {"/library/playlists", "/album/featured"},
  })

  route("playlists", {
    title = "Playlists",
    view = function()
      local lines = {}
      for id, playlist in pairs(catalog.playlists) do
        lines[#lines + 1] = string.format("  %s  (/library/playlists/%s)", playlist.title, id)
      end
      table.sort(lines)
      return table.concat(lines, "\n")
    end,
    links = {"/library/playlists/1", "/library/playlists/2"},
  })

  route("playlists/:id", {
    name = "playlist",
    validate = function(info) return catalog.playlists[info.params.id] end,
    title = function(info) return info.value.title end,
    view = function(info)
      local lines = {}
      for _, album_id in ipairs(info.value.albums) do
        lines[#lines + 1] = "  " .. catalog.albums[album_id].title .. "  (/album/" .. album_id .. ")"
      end
      return "Albums in this playlist:\n" .. table.concat(lines, "\n")
    end,
    -- The playlist's own albums.
    links = function(info)
      local paths = {}
      for _, album_id in ipairs(info.value.albums) do paths[#paths + 1] = "/album/" .. album_id end
      return paths
    end,
  })
end)

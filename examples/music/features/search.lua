-- Feature module: search. The query string carries the search text:
-- "/search?q=blue", or the deep link "myapp://search?q=blue".

local catalog = require("catalog")

route("/search", {
  name = "search",
  title = function(info)
    if info.query.q then return "Search: " .. info.query.q end
    return "Search"
  end,
  view = function(info)
    local text = info.query.q
    if not text or text == "" then return "Type something to search the catalog." end
    local lines = {}
    for _, id in ipairs(catalog.search(text)) do
      local album = catalog.albums[id]
      lines[#lines + 1] = string.format("  %s by %s  (/album/%s)", album.title, album.artist, id)
    end
    if #lines == 0 then return "Nothing matches '" .. text .. "'." end
    return table.concat(lines, "\n")
  end,
  links = {"/search?q=blue", "/album/123"},
})

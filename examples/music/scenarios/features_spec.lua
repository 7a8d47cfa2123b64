-- Features registered by separate modules all land in the one shared route table.
-- The app is one folder up, where require looks after this file's own folder.
require("app")

local function declared_patterns()
  local set = {}
  for _, declared in ipairs(routes()) do set[declared.pattern] = true end
  return set
end

describe("feature modules", function()
  it("each module contributed its routes", function()
    local patterns = declared_patterns()
    for _, pattern in ipairs{"/", "/album/:id", "/album/:id/track/:number", "/artist/:name",
                             "/library", "/library/playlists", "/library/playlists/:id",
                             "/search", "/now-playing", "/now-playing/queue"} do
      assert.is_true(patterns[pattern] == true, pattern .. " is declared")
    end
  end)

  it("routes declared inside a group are relative to its prefix", function()
    assert.equal("/library/playlists/:id", match("/library/playlists/1").pattern)
    assert.equal("/library/playlists/2", url("playlist", {id = "2"}))
    nav.push(url("library", {}))
    assert.equal("Library", nav.stack[#nav.stack].title)
  end)

  it("search reads its text from the query string", function()
    nav.go("/search?q=blue")
    assert.equal("blue", nav.query.q)
    assert.equal("Search: blue", nav.stack[#nav.stack].title)
  end)
end)

-- The album loader (docs/lifecycle.md, "Loaders"): it runs after the validator and guards,
-- before the title and view, and its result is the screen's info.data; a slow server holds
-- the navigation with nav.pending until app.respond(id) settles it with the data.
local app = require("app")

describe("the album loader", function()
  before_each(function() app.server.slow = false end)

  it("lands the album with its credits in nav.screen.data", function()
    nav.push("/album/123")
    assert.equal("Alfred Lion", nav.screen.data.producer)
    assert.equal("Blue Note", nav.stack[#nav.stack].data.label)
  end)

  it("is not asked for a path its validator refuses", function()
    nav.push("/album/nope")
    assert.equal("Not Found", nav.title)
    assert.is_nil(nav.screen.data)
  end)

  it("shows its data in a preview, which lands nothing", function()
    local shown = preview("/album/42")
    assert.equal("Columbia", shown.data.label)
    assert.equal("/", nav.path)
  end)

  it("holds the navigation while the server is slow, until app.respond", function()
    app.server.slow = true
    local entries = #nav.history
    nav.push("/album/featured")
    assert.equal("/", nav.path)
    assert.same({kind = "load", key = "album featured", path = "/album/featured", operation = "push"},
                nav.pending_navigation)
    assert.is_true(app.respond("featured"))
    assert.is_nil(nav.pending_navigation)
    assert.equal("/album/featured", nav.path)
    assert.equal("Teo Macero", nav.screen.data.producer)
    assert.equal(entries + 1, #nav.history)
  end)

  it("takes any value as the data, and another navigation cancels its hold", function()
    app.server.slow = true
    nav.push("/album/42")
    -- Any value is data for a loader: a path too lands the album, with it as the data.
    assert.is_true(nav.settle("album 42", "/library"))
    assert.equal("/album/42", nav.path)
    assert.equal("/library", nav.screen.data)
    nav.push("/album/123")
    assert.equal("album 123", nav.pending_navigation.key)
    nav.push("/library")
    assert.is_nil(nav.pending_navigation)
    assert.equal("/library", nav.path)
  end)
end)

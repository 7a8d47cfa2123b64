-- The album's error screen (docs/lifecycle.md, "Error screens"): when the credits server is
-- down, the album's loader raises, and the navigation lands the error screen in its place.
local app = require("app")

describe("the album's error screen", function()
  before_each(function() app.server.down = false end)

  it("lands in place of an album whose loader raises, with what raised and where", function()
    app.server.down = true
    local entries = #nav.history
    nav.push("/album/42")
    assert.equal("/album/42", nav.path)
    assert.equal("Album unavailable", nav.title)
    assert.equal("the credits server is down", nav.screen.error.message)
    assert.matches("features/albums%.lua:%d+$", nav.screen.error.where)
    assert.equal("/album/:id", nav.screen.error.route)
    assert.equal(entries + 1, #nav.history)
  end)

  it("is one screen of the history: back leaves it, and the album lands once the server is up", function()
    app.server.down = true
    nav.push("/album/42")
    nav.back()
    assert.equal("/", nav.path)
    app.server.down = false
    nav.push("/album/42")
    assert.equal("Mingus Ah Um", nav.title)
    assert.is_nil(nav.screen.error)
  end)
end)

-- The share deep link (docs/lifecycle.md, "URL actions"): /share/:id has an action and nothing
-- to show, so opening it lands no screen and its action asks whether to share the album.
require("app")

describe("the share deep link", function()
  it("shows an alert over the screen it was opened from, landing nothing", function()
    nav.push("/album/42")
    nav.open("music://share/42")
    assert.equal("/album/42", nav.path)
    assert.is_true(nav.alert_active)
    assert.equal("Share Mingus Ah Um?", nav.state.alert.title)
  end)

  it("does nothing for an album the catalog does not have", function()
    nav.open("music://share/nope")
    assert.equal("/", nav.path)
    assert.is_false(nav.alert_active)
  end)
end)

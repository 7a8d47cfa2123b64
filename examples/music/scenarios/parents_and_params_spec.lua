-- A track's parent is its album: deep links build the back stack, up goes there.
-- Push with params and preview come from SwiftUI Routes.
require("app")

describe("parents, params and previews", function()
  it("a deep link to a track lands its album below it", function()
    nav.open("music://album/123/track/2")
    assert.same({"/", "/album/123", "/album/123/track/2"},
                {nav.stack[1].path, nav.stack[2].path, nav.stack[3].path})
    nav.up()
    assert.equal("/album/123", nav.path)
  end)

  it("an artist pushed with params says where it was opened from", function()
    nav.push(app.Artist{name = "Miles Davis"}:route(), {params = {from = "the album"}})
    assert.equal("the album", nav.params.from)
    assert.truthy(nav.screen.view:find("Opened from the album", 1, true))
  end)

  it("preview shows a track's screen without going there", function()
    local track = preview("/album/123/track/2")
    assert.equal("Track 2 of Blue Train, by John Coltrane", track.view)
    assert.equal("/", nav.path)
    assert.is_nil(preview("/album/999"))
  end)
end)

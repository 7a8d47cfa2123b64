-- Typed registrations: values that know their route, after SwiftUI Routes' `Routable`.
-- The app is one folder up, where require looks after this file's own folder.
local albums = require("app")
local Album, Track, Artist = albums.Album, albums.Track, albums.Artist

describe("typed routes", function()
  it("a value turns into its path through reverse routing", function()
    assert.equal("/album/123", Album{id = "123"}:route())
    assert.equal("/album/123/track/2", Track{id = "123", number = 2}:route())
    assert.equal("/album/featured?lang=fr", Album{id = "featured"}:route{lang = "fr"})
  end)

  it("parameter values are percent-encoded on the way out and decoded on the way in", function()
    local path = Artist{name = "Miles Davis"}:route()
    assert.equal("/artist/Miles%20Davis", path)
    nav.push(path)
    assert.equal("Miles Davis", nav.params.name)
    assert.equal("Miles Davis", nav.stack[#nav.stack].title)
  end)

  it("pushing a value shows the screen its validator resolved", function()
    nav.push(Album{id = "featured"}:route())
    assert.equal("Miles Davis", nav.info.value.artist)
    nav.push(Track{id = "featured", number = 3}:route())
    assert.equal("Blue in Green", nav.stack[#nav.stack].title)
    assert.equal(3, #nav.stack)
  end)

  it("only a named route can be a type: reverse routing needs the name", function()
    local routable = require("routable")
    assert.has_error(function() routable.type(route("/drafts/:id", {})) end)
    assert.equal("/album/:id", Album.pattern)
    assert.equal("album", Album.name)
  end)

  it("validators make unknown albums and tracks no match at all", function()
    assert.not_nil(match("/album/123/track/5"))
    assert.is_nil(match("/album/123/track/6"))
    assert.is_nil(match("/album/123/track/two"))
    assert.is_nil(match("/album/nope"))
  end)
end)

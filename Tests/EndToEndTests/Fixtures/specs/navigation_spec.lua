require "app.app"   -- app/app.lua, found from the current directory

describe("albums", function()
  it("open from a deep link", function()
    nav.open("myapp://album/12")
    assert.equal("/album/12", nav.path)
  end)

  it("push their tracks", function()
    nav.push("/album/3")
    nav.push("tracks")
    assert.equal("/album/3/tracks", nav.path)
  end)
end)

require "app.app"   -- app/app.lua, found from the current directory

describe("settings & <things>", function()
  it("is reachable", function()
    nav.go("/settings")
    assert.equal("/settings", nav.path)
  end)

  it("fails on purpose", function()
    nav.push("/album/1")
    assert.equal("/album/2", nav.path)
  end)
end)

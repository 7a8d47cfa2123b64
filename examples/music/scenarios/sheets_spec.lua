-- Sheets that push inside themselves (SwiftUI Routes' `routeSheet(stacked: true)`):
-- every sheet is an environment with its own push stack.
-- The app is one folder up, where require looks after this file's own folder.
require("app")

local function paths()
  local list = {}
  for index, screen in ipairs(nav.stack) do list[index] = screen.path end
  return list
end

describe("sheets", function()
  it("a sheet keeps its own stack and leaves home's stack alone", function()
    nav.push("/library")
    nav.sheet("/album/123")
    nav.push("/album/123/track/2")
    assert.same({"/album/123", "/album/123/track/2"}, paths())
    nav.pop()
    assert.equal("/album/123", nav.path)
    nav.dismiss_environment()
    assert.same({"/", "/library"}, paths())
  end)

  it("sheets stack over sheets and dismiss_all closes them all", function()
    nav.sheet("/now-playing")
    nav.push("/now-playing/queue")
    nav.sheet("/album/featured")
    assert.equal("/album/featured", nav.path)
    nav.dismiss_environment()
    assert.equal("/now-playing/queue", nav.path)
    nav.sheet("/album/42")
    nav.dismiss_all()
    assert.same({"/"}, paths())
  end)

  it("back undoes the presentation and forward redoes it", function()
    nav.sheet("/now-playing")
    nav.push("/now-playing/queue")
    nav.back()
    assert.equal("/now-playing", nav.path)
    nav.back()
    assert.equal("/", nav.path)
    assert.is_true(nav.can_forward)
    nav.forward(2)
    assert.equal("/now-playing/queue", nav.path)
    assert.same({"/now-playing", "/now-playing/queue"}, paths())
  end)

  it("popping at the bottom of a sheet is harmless and returns false", function()
    nav.sheet("/now-playing")
    assert.is_false(nav.pop())
    assert.equal("/now-playing", nav.path)
  end)
end)

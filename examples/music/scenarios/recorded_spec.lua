-- Recorded by :record in a switchyard REPL session; `switchyard test` runs it.
-- Each step is followed by what the screen showed then: a change that lands a step
-- elsewhere fails at that step. The app is required by its path from this file.
require("../app.lua")

local function paths(screens)
  local list = {}
  for i, screen in ipairs(screens) do list[i] = screen.path end
  return list
end

local function kinds()
  local list = {}
  for i, environment in ipairs(nav.state.environments) do list[i] = environment.kind end
  return list
end

describe("recorded session", function()
  it("replays the navigation as it was done", function()
    nav.open("myapp://album/123")
    assert.are.equal("/album/123", nav.path)
    assert.are.same({"/", "/album/123"}, paths(nav.stack))
    assert.are.same({"root"}, kinds())

    nav.push("/album/123/track/1")
    assert.are.equal("/album/123/track/1", nav.path)
    assert.are.same({"/", "/album/123", "/album/123/track/1"}, paths(nav.stack))
    assert.are.same({"root"}, kinds())

    nav.sheet("/now-playing")
    assert.are.equal("/now-playing", nav.path)
    assert.are.same({"/now-playing"}, paths(nav.stack))
    assert.are.same({"root", "sheet"}, kinds())

    nav.alert{title = "Stop playback?", buttons = {"Stop", "Cancel"}}
    assert.are.equal("/now-playing", nav.path)
    assert.are.same({"/now-playing"}, paths(nav.stack))
    assert.are.same({"root", "sheet"}, kinds())
    assert.are.equal("Stop playback?", nav.state.alert.title)

    nav.choose("Cancel")
    assert.are.equal("/now-playing", nav.path)
    assert.are.same({"/now-playing"}, paths(nav.stack))
    assert.are.same({"root", "sheet"}, kinds())

    nav.dismiss()
    assert.are.equal("/album/123/track/1", nav.path)
    assert.are.same({"/", "/album/123", "/album/123/track/1"}, paths(nav.stack))
    assert.are.same({"root"}, kinds())
  end)
end)

-- SwiftfulRouting's screen flows: the first step segues at once, the rest wait in a
-- queue, and each screen only says "next" (or "next or dismiss").
-- The app is one folder up, where require looks after this file's own folder.
local app = require("app")

local function paths()
  local list = {}
  for index, screen in ipairs(nav.stack) do list[index] = screen.path end
  return list
end

describe("onboarding flow", function()
  before_each(app.reset_session)

  it("opens its first step as a cover and queues the rest", function()
    nav.start_flow("onboarding")
    assert.equal("/welcome", nav.path)
    assert.same({"/welcome"}, paths())   -- the cover is a new environment
    assert.equal(3, #nav.queue)
  end)

  it("next pushes the queued screens inside the cover", function()
    nav.start_flow("onboarding")
    nav.next()
    nav.next()
    assert.same({"/welcome", "/onboarding/name", "/onboarding/notifications"}, paths())
    assert.equal(1, #nav.queue)
  end)

  it("next_or_dismiss walks to the end, then dismisses the cover", function()
    nav.start_flow("onboarding")
    for _ = 1, 3 do nav.next_or_dismiss() end
    assert.equal("/onboarding/done", nav.path)
    assert.equal(0, #nav.queue)
    nav.next_or_dismiss()
    assert.equal("/", nav.path)
    assert.same({"/"}, paths())
  end)

  it("going back inside the flow offers the dismissed step again", function()
    nav.start_flow("onboarding")
    nav.next()
    nav.next()
    nav.pop()   -- back from the notifications step to the name step
    assert.equal("/onboarding/notifications", nav.queue[1].path)
    nav.next()
    assert.same({"/welcome", "/onboarding/name", "/onboarding/notifications"}, paths())
    assert.equal("/onboarding/done", nav.queue[1].path)
  end)

  it("next with nothing queued is an error that changes nothing", function()
    nav.start_flow("onboarding")
    for _ = 1, 3 do nav.next() end
    assert.has_error(function() nav.next() end)
    assert.equal("/onboarding/done", nav.path)
  end)

  it("dismissing the environment mid-flow closes the whole cover", function()
    nav.start_flow("onboarding")
    nav.next()
    nav.dismiss_environment()
    assert.same({"/"}, paths())
  end)

  it("cancel_flow empties the queue and keeps the screens", function()
    nav.start_flow("onboarding")
    nav.next()
    nav.cancel_flow()
    assert.equal(0, #nav.queue)
    assert.equal("/onboarding/name", nav.path)
    assert.has_error(function() nav.next() end)
  end)

  it("a flow can be given as steps instead of a name", function()
    nav.start_flow{"/settings", "/settings/privacy", {"/modal/tip", as = "sheet"}}
    assert.equal("/settings", nav.path)
    nav.next()
    assert.same({"/", "/settings", "/settings/privacy"}, paths())
    nav.next()
    assert.same({"/modal/tip"}, paths())
  end)

  it("an unknown flow name is an error", function()
    assert.has_error(function() nav.start_flow("signup") end)
    assert.equal("/", nav.path)
  end)
end)

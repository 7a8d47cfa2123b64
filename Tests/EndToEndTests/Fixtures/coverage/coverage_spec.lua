-- Exercises part of app.lua: a link followed and two not, a validator that accepts and rejects,
-- a guard that allows and blocks (never redirects), two of a flow's three steps, the not-found
-- screen. Never landed: /album/:id/tracks, /settings, /signup/done.
require("app")

describe("coverage", function()
  it("follows the home screen's album link", function()
    nav.push("/album/7")
    assert.equal("/album/7", nav.path)
  end)

  it("sees the validator reject", function()
    assert.is_nil(match("/album/abc"))
  end)

  it("sees the guard allow and block", function()
    nav.push("/admin?role=admin")
    assert.equal("/admin", nav.path)
    nav.pop()
    assert.has_error(function() nav.push("/admin") end)
  end)

  it("runs two steps of the flow", function()
    nav.start_flow("signup")
    nav.next()
    assert.equal("/signup/name", nav.path)
  end)

  it("shows the not-found screen", function()
    nav.push("/nowhere")
    assert.equal("Not found", nav.title)
  end)
end)

-- Route actions (issue 34 item 6) where a navigation does not land as usual: an action-only route
-- cannot be a root screen (reset, tabs), and a navigation a leave guard held runs the action of the
-- route it lands once it is settled.
shared = {}
dirty = false
route("/", {title = "Home"})
route("/edit", {title = "Edit", leave = function() if dirty then return nav.pending("discard") end end})
route("/share/:id", {action = function(info)
  shared[#shared + 1] = "share " .. info.params.id
  nav.alert{title = "Share " .. info.params.id .. "?", buttons = {"Cancel", "Share"}}
end})
route("/promo/:id", {title = "Promo", action = function(info) shared[#shared + 1] = "promo " .. info.params.id end})

describe("route actions", function()
  before_each(function() shared = {}; dirty = false end)

  it("refuse an action-only route as the root of a reset, naming it, and change nothing", function()
    nav.push("/edit")
    local entries = #nav.history
    local ok, message = pcall(nav.reset, "/share/1")
    assert.is_false(ok)
    assert.truthy(tostring(message):find("/share/1 matches the action-only route /share/:id", 1, true), tostring(message))
    assert.truthy(tostring(message):find("cannot be a root", 1, true), tostring(message))
    assert.equal("/edit", nav.path)
    assert.equal(entries, #nav.history)
    assert.same({}, shared)
  end)

  it("refuse an action-only route as a tab's root, and keep the app as it was", function()
    local ok, message = pcall(tabs, {"/", "/share/2"})
    assert.is_false(ok)
    assert.truthy(tostring(message):find("/share/2 matches the action-only route /share/:id", 1, true), tostring(message))
    assert.is_nil(nav.state.tabs)
    assert.equal("/", nav.path)
  end)

  it("run the action of the route a held navigation lands once its leave guard is settled", function()
    nav.push("/edit")
    dirty = true
    nav.go("/promo/5")
    assert.equal("/edit", nav.path)
    assert.equal("leave", nav.pending_navigation.kind)
    assert.same({}, shared)
    assert.truthy(nav.settle("discard", true))
    assert.equal("/promo/5", nav.path)
    assert.same({"promo 5"}, shared)
  end)

  it("run no action when the held navigation is refused", function()
    nav.push("/edit")
    dirty = true
    nav.go("/promo/6")
    assert.is_false(nav.settle("discard", false))
    assert.equal("/edit", nav.path)
    assert.same({}, shared)
  end)
end)

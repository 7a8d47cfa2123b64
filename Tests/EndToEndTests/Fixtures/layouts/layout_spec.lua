-- Layouts (issue 33): the matched chain, the guard once per navigation and before the
-- route's own, the leave guard only when a navigation leaves the layout.
dofile("app.lua")

describe("a layout", function()
  before_each(function() log = {}; signed_in = true; unsaved = false end)

  it("lists its records from the outside in", function()
    local info = match("/account/settings")
    assert.equal(3, #info.matched)
    assert.same({"layout", "layout", "route"}, {info.matched[1].kind, info.matched[2].kind, info.matched[3].kind})
    assert.same({"/account", "/account/settings", "/account/settings"},
      {info.matched[1].prefix, info.matched[2].prefix, info.matched[3].pattern})
    assert.same({"account", "settings"}, {info.matched[1].name, info.matched[2].name})
    assert.equal("account", info.matched[1].meta.tab)
    assert.equal("settings", info.matched[2].meta.tab)
    -- the route's meta: the layouts' merged under its own, outer first
    assert.same({requires_auth = true, tab = "general", help = "/help/settings"}, info.meta)
    assert.equal(12, match("/account/orders/12").matched[2].params.id)
    for _, entry in ipairs(routes()) do
      if entry.pattern == "/account/settings" then
        assert.same({"account", "settings"}, {entry.layouts[1].name, entry.layouts[2].name})
      elseif entry.pattern == "/" then
        assert.is_nil(entry.layouts)
      end
    end
  end)

  it("asks its guard before the route's own", function()
    nav.push("/account/orders/7")
    assert.same({"layout /account/orders/7", "order 7"}, log)
  end)

  it("asks its guard once per navigation, however many of its screens land", function()
    nav.push_stack{"/account", "/account/orders", "/account/orders/3"}
    assert.same({"layout /account", "order 3"}, log)
    nav.go("/account/orders/4")   -- a deep link: its back stack lands too
    assert.same({"/", "/account", "/account/orders", "/account/orders/4"},
      {nav.stack[1].path, nav.stack[2].path, nav.stack[3].path, nav.stack[4].path})
    assert.same({"layout /account", "order 3", "layout /account/orders/4", "order 4"}, log)
  end)

  it("redirects every route inside with its guard", function()
    signed_in = false
    nav.push("/account/settings")
    assert.equal("/login", nav.path)
    assert.equal("/account/settings", nav.query.next)
    local step = nav.last_action.chain[1]
    assert.equal("guard", step.step)
    assert.equal("redirect", step.answer)
  end)

  it("asks its leave guard only when a navigation leaves it", function()
    nav.push("/account")
    nav.push("/account/orders")
    nav.pop()   -- to /account: still inside
    assert.same({"layout /account", "layout /account/orders"}, log)
    nav.push("/account/orders")
    nav.go("/")   -- leaves two screens of the layout: asked once
    assert.same("leave /account/orders → /", log[#log])
    local leaves = 0
    for _, line in ipairs(log) do if line:find("^leave") then leaves = leaves + 1 end end
    assert.equal(1, leaves)
  end)

  it("blocks leaving it when its leave guard says no, and changes nothing", function()
    nav.push("/account/orders")
    unsaved = true
    local ok, message = pcall(nav.go, "/")
    assert.is_false(ok)
    assert.truthy(tostring(message):find("leave", 1, true))
    assert.equal("/account/orders", nav.path)
    nav.push("/account/settings")   -- inside: not asked
    assert.equal("/account/settings", nav.path)
  end)

  it("refuses a wrong option at the layout call, naming it", function()
    local ok, message = pcall(layout, "/x", function() end, {title = function() return "X" end})
    assert.is_false(ok)
    assert.truthy(message:find("layout /x: option 'title' must be a string, got function", 1, true))
    ok, message = pcall(layout, "/x", function() end, {gaurd = function() end})
    assert.is_false(ok)
    assert.truthy(message:find("gaurd", 1, true) and message:find("guard", 1, true))
    ok, message = pcall(layout, "/x", function() end, {meta = {callback = print}})
    assert.is_false(ok)
    assert.truthy(message:find("meta.callback is a function", 1, true))
  end)
end)

-- The navigation lifecycle (docs/lifecycle.md): the global sign-in hook (nav.before), and
-- nav.after, told after each committed change.
local app = require("app")

describe("the global sign-in hook", function()
  before_each(function() app.reset_session() end)

  it("sends a signed-in user from /login to where `next` says", function()
    app.log_in("Ada")
    nav.push("/login?next=/settings")
    assert.equal("/settings", nav.path)
    local step = nav.last_action.chain[1]
    assert.equal("before", step.step)
    assert.equal("redirect", step.answer)
    assert.truthy(step.text:find("^nav.before hook at .*app.lua:%d+ redirected /login"))
  end)

  it("lets a signed-out user reach /login, and runs before the route's own guard", function()
    nav.push("/account")
    assert.equal("/login", nav.path)
    assert.equal("/account", nav.query.next)
  end)

  it("is asked in declaration order, and off() removes a hook", function()
    local asked = {}
    local first = nav.before(function(to) asked[#asked + 1] = "first " .. to.path end)
    local second = nav.before(function(to) asked[#asked + 1] = "second " .. to.path; if to.path == "/settings/about" then return false end end)
    nav.push("/settings")
    assert.same({"first /settings", "second /settings"}, asked)
    local ok, message = pcall(nav.push, "/settings/about")
    assert.is_false(ok)
    assert.truthy(message:find("blocked by the nav.before hook at", 1, true))
    assert.equal("/settings", nav.path)
    second:off()
    assert.is_false(second:active())
    nav.push("/settings/about")
    assert.equal("/settings/about", nav.path)
    first:off()
  end)

  it("can hold a landing until nav.settle", function()
    local hook = nav.before(function(to) if to.path == "/settings" then return nav.pending("sure") end end)
    nav.push("/settings")
    assert.equal("/", nav.path)
    assert.equal("sure", nav.pending_navigation.key)
    assert.is_true(nav.settle("sure", true))
    assert.equal("/settings", nav.path)
    hook:off()
  end)
end)

describe("nav.after", function()
  before_each(function() app.reset_session() end)

  it("is told each committed change with the screens and the action, and cannot veto", function()
    local told = {}
    local hook = nav.after(function(to, from, action)
      told[#told + 1] = action .. " " .. from.path .. " -> " .. to.path
      return false
    end)
    nav.push("/settings")
    nav.pop()
    assert.same({"push / -> /settings", "pop /settings -> /"}, told)
    pcall(nav.push, "/account/admin")   -- blocked by its guard: nothing committed, nothing told
    assert.equal(2, #told)
    hook:off()
    nav.push("/settings")
    assert.equal(2, #told)
  end)
end)

describe("a hook a test adds", function()
  it("is left on at the end of this test", function()
    nav.before(function(to) if to.path == "/settings/about" then return false end end)
    assert.is_false(pcall(nav.push, "/settings/about"))
  end)

  it("is not there in the next test, whatever the order", function()
    nav.push("/settings/about")
    assert.equal("/settings/about", nav.path)
  end)
end)

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
    local second = nav.before(function(to)
      asked[#asked + 1] = "second " .. to.path
      if to.path == "/settings/about" then return false end
    end)
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

  it("is called once for each path landed, and not by a pop", function()
    local calls = 0
    local hook = nav.before(function() calls = calls + 1 end)
    nav.push("/settings")
    assert.equal(1, calls)
    nav.pop()
    assert.equal(1, calls)
    nav.push_stack{"/settings", "/settings/about"}
    assert.equal(3, calls)
    hook:off()
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

describe("a leave guard that waits for the discard dialog", function()
  before_each(function()
    app.reset_session()
    nav.push("/settings")
    nav.push("/settings/profile")
  end)

  it("lets the profile go at once without unsaved changes", function()
    nav.pop()
    assert.equal("/settings", nav.path)
    assert.is_nil(nav.pending_navigation)
  end)

  it("holds Back, then goes ahead when the changes are discarded", function()
    app.edit_profile("Ada L.")
    nav.back()
    assert.equal("/settings/profile", nav.path)
    local pending = nav.pending_navigation
    assert.equal("leave", pending.kind)
    assert.equal("discard-changes", pending.key)
    assert.equal("back", pending.operation)
    assert.equal("/settings", pending.to)
    assert.is_true(app.discard_changes(true))
    assert.equal("/settings", nav.path)
    assert.is_true(nav.can_forward)
  end)

  it("drops the operation, timeline intact, when the user keeps editing", function()
    app.edit_profile("Ada L.")
    local entries = #nav.history
    nav.pop_to_root()
    assert.is_false(app.discard_changes(false))
    assert.equal("/settings/profile", nav.path)
    assert.equal(entries, #nav.history)
    assert.is_nil(nav.pending_navigation)
    assert.has_error(function() nav.settle("discard-changes", true) end)
  end)

  it("hands a held pop's result on when it is settled", function()
    nav.push("/settings/about", {on_result = function(value) app.session.shared = value end})
    app.edit_profile("Ada L.")
    nav.pop{result = "kept"}          -- the about screen goes: no leave guard, no wait
    assert.equal("kept", app.session.shared)
    nav.reset()
    assert.equal("reset", nav.pending_navigation.operation)
    assert.is_true(app.discard_changes(true))
    assert.equal("/", nav.path)
  end)
end)

describe("signing out deep in the account", function()
  before_each(function() app.reset_session() end)

  it("revalidates: the account screens give way to /login in one Back entry", function()
    app.log_in("Ada", true)
    nav.push("/settings")
    nav.push("/account")
    nav.push("/account/admin")
    nav.sheet("/settings/display")
    local entries = #nav.history
    assert.is_true(app.sign_out())
    assert.equal("/login", nav.path)
    assert.equal("/account", nav.query.next)
    assert.equal(1, #nav.state.environments)
    assert.same({"/", "/settings", "/login"}, (function()
      local paths = {}
      for _, screen in ipairs(nav.stack) do paths[#paths + 1] = screen.path end
      return paths
    end)())
    assert.equal(entries + 1, #nav.history)
    assert.equal("revalidate", nav.last_action.operation)
    -- Back asks the guards of the screens it brings back: the account's sends it to /login again,
    -- so the sheet over the admin screen is not shown to the signed-out user.
    assert.is_true(nav.back())
    assert.equal("/login", nav.path)
    assert.equal(1, #nav.state.environments)
    assert.is_false(nav.can_forward)
  end)

  it("changes nothing while every guard still allows", function()
    app.log_in("Ada")
    nav.push("/account")
    local entries = #nav.history
    assert.is_false(nav.revalidate())
    assert.equal(entries, #nav.history)
  end)
end)

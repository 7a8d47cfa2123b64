-- A guard that sends a logged-out user to /login, and the dismiss family of
-- SwiftfulRouting: pop, pop-to, pop-to-root.
-- The app is one folder up, where require looks after this file's own folder.
local app = require("app")

describe("the account guard", function()
  before_each(app.reset_session)

  it("sends a logged-out user to /login, saying where they were going", function()
    nav.push("/account")
    assert.equal("/login", nav.path)
    assert.equal("/account", nav.query.next)
  end)

  it("lets a logged-in user through", function()
    app.log_in("Ada")
    nav.push("/account")
    assert.equal("/account", nav.path)
  end)

  it("guards deep links too", function()
    nav.open("myapp://account")
    assert.equal("/login", nav.path)
  end)

  it("a guard returning false blocks and changes nothing", function()
    app.log_in("Ada")
    nav.push("/account")
    assert.has_error(function() nav.push("/account/admin") end)
    assert.equal("/account", nav.path)
    app.log_in("Ada", true)
    nav.push("/account/admin")
    assert.equal("/account/admin", nav.path)
  end)
end)

describe("pop-to", function()
  before_each(function()
    nav.push("/settings")
    nav.push("/settings/privacy")
    nav.push("/settings/privacy/data")
  end)

  it("pops back to the nearest screen with that path", function()
    nav.pop_to("/settings")
    assert.equal("/settings", nav.path)
    assert.equal(2, #nav.stack)
  end)

  it("pops back to a screen by its id", function()
    local privacy = nav.stack[3].id
    nav.pop_to(privacy)
    assert.equal("/settings/privacy", nav.path)
  end)

  it("a path that is not on the stack is an error and changes nothing", function()
    assert.has_error(function() nav.pop_to("/settings/about") end)
    assert.equal("/settings/privacy/data", nav.path)
  end)

  it("pop takes a count; pop_to_root keeps only the root", function()
    nav.pop(2)
    assert.equal("/settings", nav.path)
    nav.push("/settings/about")
    nav.pop_to_root()
    assert.equal("/", nav.path)
    assert.is_false(nav.pop())
  end)
end)

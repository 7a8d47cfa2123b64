-- The signed_in flag: what switchyard walk signs in and out with (set_flag changes it, then
-- revalidates what is shown).
local app = require("app")

describe("the signed_in flag", function()
  before_each(function()
    app.reset_session()
    flags.signed_in = false
  end)

  it("starts signed out and signs in through app.log_in", function()
    assert.is_false(flags.signed_in)
    set_flag("signed_in", true)
    assert.is_true(flags.signed_in)
    assert.equal("Ada", app.session.user)
    nav.push("/account")
    assert.equal("/account", nav.path)
  end)

  it("signing out revalidates: the account gives way to /login as one Back entry", function()
    set_flag("signed_in", true)
    nav.push("/account")
    assert.is_true(set_flag("signed_in", false))
    assert.is_nil(app.session.user)
    assert.equal("/login", nav.path)
    assert.equal("/account", nav.query.next)
    assert.equal("revalidate", nav.last_action.operation)
  end)

  it("refuses a value the flag does not list, changing nothing", function()
    assert.has_error(function() set_flag("signed_in", "yes") end)
    assert.is_false(flags.signed_in)
    assert.is_nil(app.session.user)
  end)
end)

-- A guard that waits for the user: deleting your data asks for the password first.
require("app")

describe("deleting your data waits for the password", function()
  local delete = "/settings/privacy/data/delete"

  it("holds the navigation, changing nothing, until the password is entered", function()
    nav.push("/settings/privacy/data")
    nav.push(delete)
    assert.equal("/settings/privacy/data", nav.path)
    assert.same({key = "password", path = delete, operation = "push"}, nav.pending_navigation)
    assert.is_true(app.enter_password(true))
    assert.equal(delete, nav.path)
    assert.is_nil(nav.pending_navigation)
    nav.pop()
    assert.equal("/settings/privacy/data", nav.path)
  end)

  it("drops the navigation on a wrong password", function()
    nav.push("/settings/privacy/data")
    nav.push(delete)
    assert.is_false(app.enter_password(false))
    assert.equal("/settings/privacy/data", nav.path)
    assert.is_nil(nav.pending_navigation)
    assert.has_error(function() app.enter_password(true) end)   -- nothing is pending any more
  end)

  it("is cancelled by going somewhere else, and survives a save and restore", function()
    nav.push(delete)
    local saved = nav.save()
    nav.push("/settings")
    assert.is_nil(nav.pending_navigation)
    nav.restore(saved)
    assert.equal(delete, nav.pending_navigation.path)
    app.enter_password(true)
    assert.equal(delete, nav.path)
  end)
end)

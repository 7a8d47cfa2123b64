require "app"

describe("route meta", function()
  it("merges a group's meta under the route's own, outer first", function()
    nav.push("/inbox")
    assert.same({requires_auth = true, title_key = "inbox", level = 2, tags = {"mail", "home"}}, nav.info.meta)
    assert.same({requires_auth = true, title_key = "mail", level = 2}, match("/inbox/archive").meta)
  end)

  it("is in preview(), routes(), the stack's screens, and absent where none was declared", function()
    assert.equal("mail", preview("/inbox/archive").meta.title_key)
    nav.push("/inbox/archive")
    assert.equal(2, nav.stack[#nav.stack].meta.level)
    local listed = {}
    for _, r in ipairs(routes()) do listed[r.pattern] = r.meta end
    assert.equal(true, listed["/inbox"].requires_auth)
    assert.is_nil(listed["/"])
    assert.is_nil(match("/").meta)
  end)

  it("refuses what does not save as JSON, at the declaration", function()
    local ok, message = pcall(route, "/bad", {meta = {callback = print}})
    assert.is_false(ok)
    assert.truthy(message:find("meta.callback is a function, which does not save as JSON", 1, true))
    assert.is_nil(match("/bad"))
  end)
end)

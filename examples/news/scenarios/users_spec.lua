-- user/:id? with a UUID validator, and a fall-through for ids that are not users.
-- The app is one folder up, where require looks after this file's own folder.
local news = require("app")

local ada = "3f2c1a7e-9b4d-4c1e-8f6a-2d5b7c9e0a14"

describe("users", function()
  it("the optional id may be absent: /user lists the users", function()
    nav.go("/user")
    assert.equal("/user/:id?", nav.info.pattern)
    assert.is_nil(nav.params.id)
    assert.equal("Users", nav.stack[#nav.stack].title)
  end)

  it("a valid UUID of a known user shows that user", function()
    nav.go("/user/" .. ada)
    assert.equal("Ada Lovelace", nav.stack[#nav.stack].title)
    assert.equal(ada, nav.info.value.id)
  end)

  it("the validator transforms its value: upper-case ids are canonicalised", function()
    local info = match("/user/" .. ada:upper())
    assert.equal(ada, info.value.id)
    assert.equal("Ada Lovelace", info.value.name)
  end)

  it("an id that is not a UUID falls through to the next candidate", function()
    nav.go("/user/bob")
    assert.equal("/user/:id", nav.info.pattern)
    assert.equal("Unknown User", nav.stack[#nav.stack].title)
    assert.is_nil(nav.info.value)
  end)

  it("the UUID check itself", function()
    assert.equal(ada, news.uuid(ada:upper()))
    assert.is_nil(news.uuid("3f2c1a7e9b4d4c1e8f6a2d5b7c9e0a14"))
    assert.is_nil(news.uuid(ada .. "0"))
    assert.is_nil(news.uuid(nil))
  end)

  it("reverse routing builds user links", function()
    assert.equal("/user/" .. ada, url("user", {id = ada}))
    assert.has_error(function() url("user", {}) end)
  end)
end)

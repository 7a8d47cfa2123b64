require "remove_app"

describe("remove_route", function()
  it("takes a route out of every lookup and listing: the next candidate wins", function()
    assert.equal("New checkout", preview("/beta/checkout").title)
    remove_route("beta_checkout")
    assert.equal("Beta", preview("/beta/checkout").title)   -- /beta/:page is the next candidate
    remove_route("/beta/:page")
    assert.equal("Section beta", preview("/beta").title)
    assert.is_nil(match("/beta/checkout"))
    for _, entry in ipairs(routes()) do
      assert.is_nil(entry.pattern:find("^/beta"), entry.pattern .. " is still listed")
    end
    assert.equal(3, #routes())
    assert.is_nil(explain("/beta/checkout"):find("/beta/checkout  ", 1, true))
    assert.is_false(pcall(url, "beta_checkout"))
  end)

  it("is undone after the test, as the navigator is fresh for the next one", function()
    assert.equal("New checkout", preview("/beta/checkout").title)
    assert.equal(5, #routes())
  end)

  it("is refused while a screen of the route is on a stack, naming where", function()
    nav.push("/orders")
    nav.sheet("/beta/checkout")
    local ok, message = pcall(remove_route, "beta_checkout")
    assert.is_false(ok)
    assert.truthy(message:find('cannot remove route "beta_checkout" (/beta/checkout, declared at', 1, true), message)
    assert.truthy(message:find("/beta/checkout on the sheet stack now", 1, true), message)
    assert.equal("New checkout", nav.title)   -- nothing changed
    assert.equal("New checkout", preview("/beta/checkout").title)
  end)

  it("is refused while the timeline holds one, as Back would show it again, until nav.reset()", function()
    nav.push("/beta/checkout")
    nav.pop()
    local ok, message = pcall(remove_route, "beta_checkout")
    assert.is_false(ok)
    assert.truthy(message:find("/beta/checkout on the root stack 1 step back in the timeline", 1, true), message)
    nav.reset()
    remove_route("beta_checkout")
    assert.equal("Beta", preview("/beta/checkout").title)
  end)

  it("is refused during a navigation: a guard cannot take out a route while it lands", function()
    local said
    route("/guarded", {guard = function() said = select(2, pcall(remove_route, "beta_page")) end})
    nav.push("/guarded")
    assert.equal('remove_route: cannot remove route "beta_page" (/beta/:page, declared at remove_app.lua:5): not while nav.push runs', said)
    assert.equal("Beta", preview("/beta/x").title)
  end)

  it("says did you mean for a name or pattern that is not declared", function()
    local ok, message = pcall(remove_route, "beta_chekout")
    assert.is_false(ok)
    assert.equal('remove_route: no route is named "beta_chekout"; did you mean "beta_checkout"?', message)
    ok, message = pcall(remove_route, "/beta/:pag")
    assert.equal('remove_route: no route is declared as /beta/:pag; did you mean "/beta/:page"?', message)
  end)

  -- Last: the route declared here stays declared for the tests after it.
  it("lets the pattern and the name be declared again", function()
    remove_route("beta_checkout")
    route("/beta/checkout", {name = "beta_checkout", title = "Old checkout"})
    nav.push(url("beta_checkout"))
    assert.equal("Old checkout", nav.title)
  end)
end)

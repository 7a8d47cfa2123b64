require "flagged_app"

describe("the checkout flag", function()
  it("is off: the new checkout is not found", function()
    nav.push("/orders")
    assert.is_nil(match("/checkout/new"))
  end)
end)

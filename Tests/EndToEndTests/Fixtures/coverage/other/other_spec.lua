require("app")

it("starts at this app's home", function()
  assert.equal("/", nav.path)
end)

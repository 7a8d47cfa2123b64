-- SwiftUI Router's SwitchRoutes: the first route that matches wins, with fallbacks.
-- Here ranking decides: static beats parameter beats optional beats splat.
-- The app is one folder up, where require looks after this file's own folder.
require("app")

describe("news section", function()
  it("news/* matches the section itself with an empty rest", function()
    nav.go("/news")
    assert.equal("/news/*", nav.info.pattern)
    assert.equal("", nav.params["*"])
  end)

  it("a static segment beats the parameter and the splat", function()
    assert.equal("/news/latest", match("/news/latest").pattern)
    local candidates = {}
    for index, info in ipairs(match_all("/news/latest")) do candidates[index] = info.pattern end
    assert.same({"/news/latest", "/news/:unknown", "/news/*"}, candidates)
  end)

  it("an unknown section falls back to the error screen of SwitchRoutes", function()
    nav.go("/news/sports")
    assert.equal("/news/:unknown", nav.info.pattern)
    assert.equal("sports", nav.params.unknown)
    assert.equal("Unknown Section", nav.stack[#nav.stack].title)
  end)

  it("an article the validator rejects falls through to news/*", function()
    nav.go("/news/article/7")
    assert.equal("Swift 6 on Linux", nav.stack[#nav.stack].title)
    nav.go("/news/article/99")
    assert.equal("/news/*", nav.info.pattern)
    assert.equal("article/99", nav.params["*"])
  end)

  it("explain says why the winner won", function()
    local text = explain("/news/latest")
    assert.matches("/news/latest", text)
    assert.matches("/news/:unknown", text)
  end)

  it("a path nothing matches shows the not-found screen", function()
    nav.go("/sports/today")
    assert.equal("/sports/today", nav.path)
    assert.equal("Page Not Found", nav.stack[#nav.stack].title)
  end)
end)

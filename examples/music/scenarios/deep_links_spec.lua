-- Deep links, as SwiftUI Routes' handleDeepLink does them: reset the stack and push,
-- or present a sheet when the link says `presentation=sheet`.
-- The app is one folder up, where require looks after this file's own folder.
require("app")

describe("deep links", function()
  it("myapp://album/123 resets to home and pushes the album", function()
    nav.push("/search")
    nav.push("/library")
    nav.open("myapp://album/123")
    assert.equal("/album/123", nav.path)
    assert.equal("123", nav.params.id)
    assert.equal(2, #nav.stack)
    assert.equal("/", nav.stack[1].path)
    assert.equal("Blue Train", nav.stack[2].title)
  end)

  it("presentation=sheet presents the album over home instead", function()
    nav.open("myapp://album/123?presentation=sheet")
    assert.equal("/album/123", nav.path)
    assert.equal(1, #nav.stack)          -- the sheet's own stack
    assert.equal("sheet", nav.query.presentation)
    nav.dismiss_environment()
    assert.equal("/", nav.path)
    assert.equal(1, #nav.stack)
  end)

  it("query parameters reach the screen", function()
    nav.open("myapp://album/featured?lang=en")
    assert.equal("featured", nav.params.id)
    assert.equal("en", nav.query.lang)
    assert.equal("Kind of Blue", nav.info.value.title)
    assert.matches("^Now showing: Kind of Blue", nav.stack[#nav.stack].view)
    nav.open("myapp://album/featured?lang=fr")
    assert.matches("^À l'affiche", nav.stack[#nav.stack].view)
  end)

  it("the album's query schema fills lang's default and refuses a language the catalog lacks", function()
    nav.open("myapp://album/featured")
    assert.equal("en", nav.query.lang)   -- the default, read as if the link had said it
    assert.matches("^Now showing", nav.stack[#nav.stack].view)
    assert.equal("/album/featured?lang=de", url("album", {id = "featured"}, {lang = "de"}))
    assert.has_error(function() url("album", {id = "featured"}, {lang = "xx"}) end)
    assert.is_nil(match("/album/featured?lang=xx"))
    assert.truthy(explain("/album/featured?lang=xx"):find('query lang "xx" is not one of en, fr, de', 1, true))
  end)

  it("a route's own default presentation applies when the link says nothing", function()
    nav.open("myapp://now-playing")
    assert.equal("/now-playing", nav.path)
    assert.equal(1, #nav.stack)          -- presented as a sheet, not pushed on home
    nav.open("myapp://now-playing/lyrics")
    assert.equal("/now-playing/lyrics", nav.path)
    assert.equal(1, #nav.stack)          -- a full-screen cover
  end)

  it("a web link with a dotted host keeps only the path", function()
    nav.open("https://music.example.com/album/42")
    assert.equal("/album/42", nav.path)
    assert.equal("Mingus Ah Um", nav.info.value.title)
  end)

  it("an album the catalog does not have lands on the not-found screen", function()
    nav.open("myapp://album/999")
    assert.equal("/album/999", nav.path)
    assert.equal("Not Found", nav.stack[#nav.stack].title)
  end)
end)

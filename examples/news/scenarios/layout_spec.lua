-- The news section is a layout (issue 33): a record of its own that its routes list in
-- info.matched, with meta laid under theirs and a guard that runs once per navigation.
-- The app is one folder up, where require looks after this file's own folder.
require("app")

describe("the news layout", function()
  after_each(function() app.news_desk.closed = false end)

  it("lists the layout, then the route, in info.matched", function()
    nav.go("/news/article/7")
    local matched = nav.info.matched
    assert.equal(2, #matched)
    assert.same({kind = "layout", prefix = "/news", name = "news", title = "News"},
      {kind = matched[1].kind, prefix = matched[1].prefix, name = matched[1].name, title = matched[1].title})
    assert.same({"/news/latest"}, matched[1].links)
    assert.same({section = "news", analytics = "news", cache_seconds = 300}, matched[1].meta)
    assert.equal("route", matched[2].kind)
    assert.equal("/news/article/:id", matched[2].pattern)
    assert.equal("article", matched[2].name)
    assert.equal("7", matched[2].params.id)
  end)

  it("lays its meta under each route's own", function()
    nav.go("/news/sports")
    assert.equal("news/unknown", nav.info.meta.analytics)
    assert.equal("news", nav.info.matched[1].meta.analytics)
    assert.equal(300, nav.info.meta.cache_seconds)
  end)

  it("keeps its title its own: each route inside shows its own", function()
    nav.go("/news/latest")
    assert.equal("Latest News", nav.title)
    assert.equal("News", nav.info.matched[1].title)
  end)

  it("routes outside it have no matched chain", function()
    nav.go("/news")   -- news/* is declared outside the layout
    assert.is_nil(nav.info.matched)
    assert.is_nil(match("/settings").matched)
  end)

  it("its guard sends every route inside home when the desk closes", function()
    app.news_desk.closed = true
    nav.go("/news/latest")
    assert.equal("/", nav.path)
    nav.go("/news/article/1")
    assert.equal("/", nav.path)
    nav.go("/settings")
    assert.equal("/settings", nav.path)
  end)

  it("its guard runs once per navigation, however many of its screens land", function()
    local before = app.news_desk.visits
    nav.push_stack{"/news/latest", "/news/article/1", "/news/article/2"}
    assert.equal(before + 1, app.news_desk.visits)
    nav.push("/news/article/7")
    assert.equal(before + 2, app.news_desk.visits)
    nav.push("/settings")   -- outside the layout: not asked
    assert.equal(before + 2, app.news_desk.visits)
  end)
end)

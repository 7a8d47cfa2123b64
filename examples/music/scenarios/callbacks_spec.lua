-- Callbacks checked with luassert's spies: that an on_dismiss, an observer or a guard ran, and
-- with what. The #smoke tests are the quick check: `switchyard test examples --tags smoke`.
require("app")

describe("callbacks", function()
  local seen, started

  setup(function() seen, started = {}, 0 end)
  before_each(function() started = started + 1 end)
  after_each(function() seen[#seen + 1] = nav.path end)   -- each test's last path

  it("a sheet's on_dismiss runs once, with the dismissed screen #smoke", function()
    local closed = spy.new(function() end)
    nav.sheet("/album/123", {on_dismiss = closed})
    assert.spy(closed).was_not.called()
    nav.dismiss()
    assert.spy(closed).was.called(1)
    assert.spy(closed).was.called_with(match.is_table())
    assert.are.equal("/album/123", closed.calls[1].vals[1].path)
  end)

  it("an observer hears every change, and stops once removed", function()
    local heard = spy.new(function() end)
    local handle = nav.on("change", heard)
    finally(function() handle:off() end)
    nav.push("/library")
    nav.push("/album/123")
    assert.spy(heard).was.called(2)
    handle:off()
    nav.pop()
    assert.spy(heard).was.called(2)
  end)

  context("a stubbed dependency", function()
    local player = {play = function() error("no audio device in a test") end}

    it("is replaced for this test only", function()
      local play = stub(player, "play").returns(true)
      assert.is_true(player.play("/album/123/track/1"))
      assert.stub(play).was.called_with("/album/123/track/1")
    end)

    it("is back afterwards", function()
      assert.has_error(function() player.play() end, "no audio device in a test")
    end)
  end)

  it("the tests of one file share what they set up #smoke", function()
    -- In any order (--shuffle): one table, kept from test to test, holds the last path of each
    -- test that ran before this one.
    assert.are.equal(started - 1, #seen, "after_each noted each earlier test's last path")
    for _, path in ipairs(seen) do assert.matches("^/", path) end
  end)
end)

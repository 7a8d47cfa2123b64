-- A layout's loader (issue 34 item 4): it runs after the guards and before the landing of any route
-- inside, once per navigation, outer layouts first and the route's own loader last; its result is
-- the layout's record's `data` in `info.matched`; nav.pending holds the navigation as a route
-- loader's does, and an error it raises goes to the error screen.
log = {}
server = {}
route("/", {title = "Home"})
layout("/team", function()
  route("/", {title = function(info) return info.matched[1].data.name end})
  route("about", {})   -- no callback of its own: the layout's loader still runs
  route("members", {
    guard = function() log[#log + 1] = "members guard" end,
    load = function(info)
      log[#log + 1] = "members loader saw " .. info.matched[1].data.name
      return {count = 3}
    end,
    title = function(info) return info.matched[1].data.name .. ": " .. info.data.count .. " members" end,
  })
  layout("projects", function()
    route(":id", {title = function(info) return info.matched[2].data .. " " .. info.params.id end})
  end, {name = "projects", load = function(info)
    log[#log + 1] = "projects loader saw " .. info.matched[1].data.name
    return "Project"
  end})
end, {
  name = "team",
  guard = function() log[#log + 1] = "layout guard" end,
  load = function(info)
    log[#log + 1] = "team loader " .. info.path
    if server.down then error("the team server is down") end
    if server.slow then return nav.pending("team") end
    return {name = "Core team"}
  end,
  error = {title = "Team unavailable", view = function(info) return info.error.message end},
})

local function count(prefix)
  local n = 0
  for _, line in ipairs(log) do if line:sub(1, #prefix) == prefix then n = n + 1 end end
  return n
end

describe("a layout's loader", function()
  before_each(function() log = {}; server = {} end)

  it("runs after the guards, before the route's own loader, its data in info.matched", function()
    nav.push("/team/members")
    assert.same({"layout guard", "members guard", "team loader /team/members", "members loader saw Core team"}, log)
    assert.equal("Core team: 3 members", nav.title)
    assert.equal("Core team", nav.screen.matched[1].data.name)
    assert.equal(3, nav.screen.data.count)
  end)

  it("runs once per navigation, outer layouts first", function()
    nav.push_stack{"/team", "/team/members"}
    assert.equal(1, count("team loader"))
    assert.equal("Core team", nav.stack[2].matched[1].data.name)
    assert.equal("Core team", nav.stack[3].matched[1].data.name)
    nav.push("/team/projects/4")
    assert.equal("Project 4", nav.title)
    assert.same({"team loader /team/projects/4", "projects loader saw Core team"}, {log[#log - 1], log[#log]})
    assert.is_nil(match("/").matched)
    nav.push("/team/about")
    assert.equal("Core team", nav.screen.matched[1].data.name)
  end)

  it("holds the navigation with nav.pending until it is settled with the data", function()
    server.slow = true
    nav.push("/team/members")
    assert.equal("/", nav.path)
    local pending = nav.pending_navigation
    assert.same({"load", "team", "/team/members"}, {pending.kind, pending.key, pending.path})
    assert.truthy(nav.settle("team", {name = "Late team"}))
    assert.equal("/team/members", nav.path)
    assert.equal("Late team: 3 members", nav.title)
    assert.equal(1, count("team loader"))   -- the settled landing does not ask it again
    assert.equal(2, #nav.history)
  end)

  it("sends an error it raises to the error screen", function()
    server.down = true
    nav.push("/team")
    assert.equal("/team", nav.path)
    assert.equal("Team unavailable", nav.title)
    assert.equal("the team server is down", nav.screen.view)
  end)
end)

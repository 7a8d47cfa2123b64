-- Loaders (docs/lifecycle.md): the user loader runs after the guard, before the title; a slow
-- one holds the push until nav.settle(key, data).
local slow = false
route("/user/:id", {
  guard = function(info) print("guard " .. info.path) end,
  load = function(info)
    print("load " .. info.path)
    if slow then return nav.pending("user " .. info.params.id) end
    return {name = "Ada " .. info.params.id}
  end,
  title = function(info) return info.data.name end,
})
nav.push("/user/1")
print(nav.title, nav.screen.data.name, #nav.history)
slow = true
print(nav.push("/user/2"), nav.path, #nav.history)
local held = nav.pending_navigation
print(held.kind, held.key, held.path, held.operation)
print(select(2, pcall(nav.settle, "user 3", {name = "x"})))
print(nav.settle("user 2", {name = "Grace"}), nav.title, nav.path, #nav.history, nav.pending_navigation)
route("/broken", {load = function() error("the server is down") end})
print(select(2, pcall(nav.push, "/broken")))
print(nav.path, #nav.history)

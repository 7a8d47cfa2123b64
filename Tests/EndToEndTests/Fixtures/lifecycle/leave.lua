-- A leave guard that waits (docs/lifecycle.md): the editor with unsaved changes holds whatever
-- would remove it until the "Discard changes?" answer.
local unsaved = true
route("/list", {title = "List"})
route("/editor/:id", {title = "Editor", leave = function() if unsaved then return nav.pending("discard") end end})
nav.push("/list")
nav.push("/editor/1", {on_dismiss = function() print("editor dismissed") end})
print(nav.pop())
local held = nav.pending_navigation
print(held.kind, held.key, held.operation, held.path, held.to, nav.path, #nav.history)
print(nav.settle("discard", false), nav.path, #nav.history, nav.pending_navigation)
nav.go("/list")
print(select(2, pcall(nav.settle, "discard", "/list")))
print(nav.settle("discard", true), nav.path, #nav.history, nav.stack[#nav.stack - 1].path)

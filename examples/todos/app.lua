-- Echeveria's sample app (a todo list and a settings tab), rebuilt on Switchyard.
--
--   switchyard -i examples/todos/app.lua         explore it in the REPL
--   switchyard test examples/todos/scenarios     run its scenarios
--
-- Echeveria's TodoParameterResolver turns the `:id` text into an Int and throws
-- InvalidPathFieldError when it cannot: "this route is not matching". Here the
-- validator does the same by raising mismatch(reason): no match, and
-- `explain("/todos/abc")` says why.

local todos = {
  {title = "Buy milk", done = false},
  {title = "Write the Lua bridge", done = true},
  {title = "Read the Echeveria README", done = false},
}

--- Echeveria's TodoParameterResolver: the id as an integer; a mismatch when it is not
-- one or no todo has it. resolve_todo{params = {id = "2"}} --> 2
local function resolve_todo(info)
  local id = tonumber(info.params.id, 10)
  if not id then mismatch("the id is not a number") end
  if not todos[id] then mismatch("no todo has the id " .. id) end
  return id
end

local function todo_lines()
  local lines = {}
  for id, todo in ipairs(todos) do
    lines[#lines + 1] = string.format("  [%s] %s  (/todos/%d)", todo.done and "x" or " ", todo.title, id)
  end
  return table.concat(lines, "\n")
end

route("/todos", {
  name = "todos",
  title = "Todo",
  view = todo_lines,
  links = {"/todos/1", "/todos/2", "/todos/3", "/help"},
})

-- Echeveria's `Route("setting")`: declared without the slash, normalised to /setting.
route("setting", {
  title = "Setting",
  view = "Theme: system\nNotifications: on",
  links = {"/help"},
})

route("/todos/:id", {
  name = "todo",
  validate = resolve_todo,
  title = function(info) return "Todo #" .. info.value end,
  view = function(info)
    local todo = todos[info.value]
    -- A note handed over with the push (go_router's `extra`): app.open_todo(2, {note = "..."}).
    local note = info.extra and info.extra.note and ("\nNote: " .. info.extra.note) or ""
    return todo.title .. (todo.done and "  (done)" or "  (open)") .. note
  end,
  links = {"/todos"},
})

-- A prefix route (SwiftUI Router's `exact: false`): /help, and /help/<topic> for any topic, the rest
-- of the path in info.params.rest.
route("/help", {
  exact = false,
  title = function(info) return info.params.rest == "" and "Help" or "Help: " .. info.params.rest end,
  view = "Tap a todo to open it. Settings live in the second tab.",
  links = {"/todos", "/setting"},
})

not_found{
  title = "Not Found",
  view = function(info) return "No screen at " .. info.path .. "." end,
  links = {"/todos"},
}

-- Two tabs, Todo and Setting, each with its own stack; the first one shows at start.
-- Declared last, so that the tabs' first screens land on the routes above.
tabs{"/todos", "/setting"}

--- What scenarios and the REPL can reach: `app.todos[4] = {title = "New", done = false}`.
app = {todos = todos, resolve_todo = resolve_todo}

--- Opens a todo with a table handed to it beside the path (`extra`, saved as JSON with the screen):
-- app.open_todo(2, {note = "from the reminder"})
function app.open_todo(id, extra)
  nav.push("/todos/" .. id, {extra = extra})
end

--- The Todo tab's stack back to its list, from either tab, as one Back entry (a per-tab reset).
function app.back_to_list()
  return nav.reset_tab("todos")
end
-- Invariants: rules every reachable state keeps (switchyard walk checks them after
-- each random step; the REPL warns after each navigation that breaks one).
invariant("the todo shown exists", function()
  local id = string.match(nav.path, "^/todos/(%d+)$")
  if id and not todos[tonumber(id)] then return false, "no todo has the id " .. id end
  return true
end)

return app

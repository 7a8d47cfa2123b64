-- A guided tour of Switchyard, for a live session:
--
--   switchyard -i examples/tour.lua
--
-- In a terminal the tour is paced: the REPL opens at once, Enter on an empty line runs
-- the next step, `:step N` jumps to step N and `:steps` lists them, and between steps
-- the prompt is yours to poke at the same routes. From a pipe (or `switchyard
-- examples/tour.lua`) every step runs straight through. Each step is declared with
-- step(title, fn); pause("...") inside one waits for Enter. Write your own the same way.

local function why(text)
  for line in text:gmatch("[^\n]+") do print("   " .. line) end
end

local function show(label, value)
  print(string.format("   %-40s %s", label, tostring(value)))
end

local function stack_paths()
  local list = {}
  for index, screen in ipairs(nav.stack) do list[index] = screen.path end
  return "{" .. table.concat(list, ", ") .. "}"
end

local function pattern_of(path)
  local info = match(path)
  return info and info.pattern or "(no match)"
end

-- The map for the whole tour.
route("/", {title = "Home", view = "The start of the tour.", links = {"/album/new", "/album/7", "/news", "/search"}})
route("/album/new", {title = "New Album", view = "A form for a new album.", links = {"/"}})
route("/album/:id", {
  name = "album",
  validate = function(info) return tonumber(info.params.id, 10) end,
  title = function(info) return "Album #" .. info.value end,
  view = "An album, with a numeric id.",
  links = {"/files/docs/readme.txt", "/"},
})
route("/album/:slug", {
  title = function(info) return "Album “" .. info.params.slug .. "”" end,
  view = "Any other album name.",
  links = {"/"},
})
route("/files/*path", {title = "Files", view = "A file browser: the rest of the path is the file.", links = {"/"}})
route("/user/:id?", {title = "User", view = "A user, or the list of users.", links = {"/"}})
route("/news", {title = "News", view = "Headlines.", links = {"/news/latest"}})
route("/news/latest", {title = "Latest", view = "Today's headlines.", links = {"/news"}})
route("/settings", {title = "Settings", view = "Preferences.", presentation = "sheet", links = {"/settings/about"}})
route("/settings/about", {title = "About", view = "Version and licence.", links = {"/settings"}})
route("/login", {title = "Log In", view = "Who are you?", presentation = "cover", links = {"/"}})
local signed_in = nil   -- whether the tour has logged in: the guard below reads it
route("/account", {
  title = "Account", view = "Only for people who logged in.", links = {"/"},
  guard = function() if not signed_in then return "/login" end end,   -- a redirect to log in
})
route("/admin", {title = "Admin", view = "Nobody gets here.", guard = function() return false end})
route("/inbox", {redirect = "/news"})                                   -- an old address
route("/search", {title = "Search", view = "Find anything.", links = {"/search/recent"}})
route("/search/recent", {title = "Recent", view = "What you looked for lately.", links = {"/search"}})
flow("welcome", {{"/login", as = "cover"}, "/account", "/settings/about"})
not_found{title = "Not Found", view = "Nothing here.", links = {"/"}}


print("Welcome to the Switchyard tour: thirteen short steps, each a few lines you could type\n" ..
  "yourself, then your turn.")

step("Patterns", function()
  why([[A route is a pattern: static text, :param, :param? (optional) and a final * (splat).
The table below is in rank order: the order Switchyard tries them in.]])
  local table_in_rank_order = routes()        -- declaration order, each with its rank
  table.sort(table_in_rank_order, function(a, b) return a.rank < b.rank end)
  for _, declared in ipairs(table_in_rank_order) do
    show(declared.pattern, declared.title or declared.name or "(no fixed title)")
  end
end)

step("Ranking", function()
  why([[Several patterns can match one path. The most specific wins, segment by segment
from the left: static beats parameter beats optional beats splat.]])
  show("/album/new  is won by", pattern_of("/album/new"))
  show("/album/7    is won by", pattern_of("/album/7"))
  local candidates = {}
  for _, info in ipairs(match_all("/album/7")) do candidates[#candidates + 1] = info.pattern end
  show("every candidate for /album/7", table.concat(candidates, " > "))
  why([[match_all lists the routes that would accept the path, validators included. explain()
goes through every route in rank order: /album/:id ranks below /album/new, so for
"/album/new" it loses on rank, before its validator is ever asked.]])
  pause("Which route wins /album/new, and why? Enter for explain()")
  print(explain("/album/new"))
end)

step("Fall-through", function()
  why([[/album/:id has a validator (the id must be a number). When it says no, the next
candidate is tried, like a resolver that throws in Echeveria.]])
  show("/album/7      ->", pattern_of("/album/7") .. "   value = " .. tostring(match("/album/7").value))
  show("/album/kind-of-blue ->", pattern_of("/album/kind-of-blue"))
end)

step("Optional parameters and splats", function()
  why([[:id? may be absent; a final * swallows zero or more segments and hands them over
as params["*"], or under its name: *path gives params.path.]])
  show("/user     params.id =", tostring(match("/user").params.id))
  show("/user/ada params.id =", match("/user/ada").params.id)
  show("/files/docs/readme.txt path =", match("/files/docs/readme.txt").params.path)
end)

step("Relative paths", function()
  why([[A path without a leading slash resolves against where you are, like a link in a
web page inside a directory: "latest", "./latest", "..", "../x".]])
  nav.reset()
  nav.go("/news")
  nav.go("latest")
  show('go("/news"), go("latest")', nav.path)
  nav.go("..")
  show('go("..")', nav.path)
  nav.go("../../..")
  show('go("../../..") stops at the root', nav.path)
end)

step("Stack versus timeline", function()
  why([[The stack is what is on screen now: push adds a screen, pop removes one, go
replaces the top one. The timeline is every state you have been in: back and forward
move along it like a browser, and a new step after back drops the forward part.]])
  nav.reset()
  nav.push("/news")
  nav.push("/news/latest")
  show("push /news, push /news/latest", stack_paths())
  nav.go("/album/7")
  show("go /album/7 (replaces the top)", stack_paths())
  nav.back()
  show("back (a timeline step)", stack_paths())
  show("can_forward", nav.can_forward)
  nav.pop()
  show("pop (a new step: forward is gone)", stack_paths())
  show("can_forward", nav.can_forward)
end)

step("Environments: sheets have their own stack", function()
  why([[A sheet or a cover is a new environment with its own push stack. nav.stack is the
stack of the top environment; dismissing the sheet brings back the one below intact.]])
  nav.reset()
  nav.push("/news")
  nav.sheet("/settings")
  nav.push("/settings/about")
  show("sheet /settings, push about", stack_paths())
  nav.dismiss_environment()
  show("dismiss_environment", stack_paths())
end)

step("Guards and redirects", function()
  why([[A guard runs before a screen lands: nil or true lets it through, false blocks the
whole operation (nothing changes), a path redirects. A redirect route forwards at once.]])
  nav.reset()
  nav.push("/account")
  show("push /account, logged out", nav.path .. "   (the guard sent us to log in)")
  signed_in = true
  nav.reset()
  nav.push("/account")
  show("push /account, logged in", nav.path)
  local ok, err = pcall(nav.push, "/admin")
  show("push /admin (guard says false)", ok and "pushed?!" or "blocked")
  show("   still at", nav.path)
  show("   the error says", (tostring(err):gsub("^.-: ", "")))
  nav.go("/inbox")
  show("go /inbox (a redirect route)", nav.path)
  signed_in = nil
end)

step("Alerts and modals", function()
  why([[One alert at a time, over everything, with buttons in display order; choosing one
runs its action and dismisses it. Modals stack over the top screen.]])
  nav.reset()
  nav.alert{title = "Delete the draft?",
            buttons = {"Cancel", {"Delete", function() print("   (Delete's action ran)") end}}}
  show("alert shown", nav.alert_active)
  nav.choose("Delete")
  show("after choose('Delete')", nav.alert_active)
  nav.modal("/settings/about")
  nav.modal("/user/ada")
  show("two modals", #nav.modals .. " over " .. nav.stack[#nav.stack].path)
  nav.dismiss_modal()
  show("dismiss_modal", #nav.modals .. " left")
  nav.dismiss_modal()
end)

step("Flows", function()
  why([[A flow is a queue of screens: start_flow shows the first step, next() each of the
others in turn (here the first is a cover, the rest push inside it).]])
  nav.reset()
  signed_in = true
  nav.start_flow("welcome")
  show("start_flow('welcome')", stack_paths() .. "  in a " .. nav.state.environments[#nav.state.environments].kind)
  nav.next()
  show("next()", stack_paths())
  local queued = {}
  for index, queued_step in ipairs(nav.queue) do queued[index] = queued_step.path end
  show("still queued", table.concat(queued, ", "))
  nav.next_or_dismiss()
  nav.next_or_dismiss()
  show("next_or_dismiss() at the end", stack_paths() .. "  (the cover is gone)")
  signed_in = nil
end)

step("Deep links", function()
  why([[nav.open maps myapp://host/path to /host/path, resets to the root and pushes the
target, or presents it when ?presentation= or the route's default says so.]])
  nav.open("myapp://album/7")
  show("open myapp://album/7", stack_paths())
  nav.open("myapp://settings")
  show("open myapp://settings (a sheet)", stack_paths())
  nav.open("https://example.com/news/latest")
  show("open https://example.com/news/latest", stack_paths())
end)

step("Tabs", function()
  why([[tabs{...} makes the root a set of tabs, each with its own stack: switching keeps
where each tab was, like a tab bar. A tab is named by its path's first segment.]])
  tabs{"/news", "/search"}
  nav.reset()
  nav.push("/news/latest")
  nav.tab("search")
  nav.push("/search/recent")
  show("news: push latest; search: push recent", stack_paths())
  nav.tab("news")
  show("back on the news tab", stack_paths())
  nav.reset()
end)

step("Your turn", function()
  print("Your turn. Try these at the prompt:")
  print("   :explain /album/kind-of-blue     why the slug route won")
  print("   :match /user                     an optional parameter, absent")
  print("   :push /album/7   then :follow 1  push, then follow a declared link")
  print("   :go /news        then :go latest a relative path")
  print("   :sheet /settings then :state     a second environment")
  print("   :back            then :history   the timeline, and where you are in it")
  print("   :tab search      :flow welcome   :next   tabs and flows")
  print("   nav.stack                        the same things, as Lua values")
  print("   :serve                           all of this live in a browser (project its view-only link)")
end)

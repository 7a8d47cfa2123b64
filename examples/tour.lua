-- A guided tour of Switchyard, for a live session:
--
--   switchyard -i examples/tour.lua
--
-- Each step declares or does one thing, prints what happened and why, and the REPL
-- opens at the end so you can poke at the same routes yourself. Read along in this
-- file: every step is a few lines you could type at the prompt.

local function heading(number, title)
  print()
  print(string.format("── Step %d: %s %s", number, title, string.rep("─", 60 - #title)))
end

local function why(text)
  for line in text:gmatch("[^\n]+") do print("   " .. line) end
end

local function show(label, value)
  print(string.format("   %-34s %s", label, tostring(value)))
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
route("/", {title = "Home", view = "The start of the tour.", links = {"/album/new", "/album/7", "/news"}})
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
not_found{title = "Not Found", view = "Nothing here.", links = {"/"}}

print("Welcome to the Switchyard tour. Eight short steps; the REPL opens afterwards.")

heading(1, "Patterns")
why([[A route is a pattern: static text, :param, :param? (optional) and a final * (splat).
The table below is in rank order: the order Switchyard tries them in.]])
local table_in_rank_order = routes()        -- declaration order, each with its rank
table.sort(table_in_rank_order, function(a, b) return a.rank < b.rank end)
for _, declared in ipairs(table_in_rank_order) do
  show(declared.pattern, declared.title or declared.name or "(title computed per screen)")
end

heading(2, "Ranking")
why([[Several patterns can match one path. The most specific wins, segment by segment
from the left: static beats parameter beats optional beats splat.]])
show("/album/new  is won by", pattern_of("/album/new"))
show("/album/7    is won by", pattern_of("/album/7"))
local candidates = {}
for _, info in ipairs(match_all("/album/new")) do candidates[#candidates + 1] = info.pattern end
show("every candidate for /album/new", table.concat(candidates, " > "))
why("explain() tells the story for each route:")
print(explain("/album/new"))

heading(3, "Fall-through")
why([[/album/:id has a validator (the id must be a number). When it says no, the next
candidate is tried, like a resolver that throws in Echeveria.]])
show("/album/7      ->", pattern_of("/album/7") .. "   value = " .. tostring(match("/album/7").value))
show("/album/kind-of-blue ->", pattern_of("/album/kind-of-blue"))

heading(4, "Optional parameters and splats")
why([[:id? may be absent; a final * swallows zero or more segments and hands them over
as params["*"], or under its name: *path gives params.path.]])
show("/user     params.id =", tostring(match("/user").params.id))
show("/user/ada params.id =", match("/user/ada").params.id)
show("/files/docs/readme.txt path =", match("/files/docs/readme.txt").params.path)

heading(5, "Relative paths")
why([[A path without a leading slash resolves against where you are, like a link in a
web page inside a directory: "latest", "./latest", "..", "../x".]])
nav.go("/news")
nav.go("latest")
show('go("/news"), go("latest")', nav.path)
nav.go("..")
show('go("..")', nav.path)
nav.go("../../..")
show('go("../../..") stops at the root', nav.path)

heading(6, "Stack versus timeline")
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

heading(7, "Environments: sheets have their own stack")
why([[A sheet or a cover is a new environment with its own push stack. nav.stack is the
stack of the top environment; dismissing the sheet brings back the one below intact.]])
nav.reset()
nav.push("/news")
nav.sheet("/settings")
nav.push("/settings/about")
show("sheet /settings, push about", stack_paths())
nav.dismiss_environment()
show("dismiss_environment", stack_paths())

heading(8, "Deep links")
why([[nav.open maps myapp://host/path to /host/path, resets to the root and pushes the
target, or presents it when ?presentation= or the route's default says so.]])
nav.open("myapp://album/7")
show("open myapp://album/7", stack_paths())
nav.open("myapp://settings")
show("open myapp://settings (a sheet)", stack_paths())

nav.reset()
print()
print("Your turn. Try these at the prompt:")
print("   :explain /album/kind-of-blue     why the slug route won")
print("   :match /user                     an optional parameter, absent")
print("   :push /album/7   then :follow 1  push, then follow a declared link")
print("   :go /news        then :go latest a relative path")
print("   :sheet /settings then :state     a second environment")
print("   :back            then :history   the timeline, and where you are in it")
print("   nav.stack                        the same things, as Lua values")

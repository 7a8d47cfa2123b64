-- A guided tour of Switchyard, for a live session:
--
--   switchyard -i examples/tour.lua
--
-- In a terminal the tour is paced: the REPL opens at once, Enter on an empty line runs
-- the next step, `:step N` jumps to step N and `:steps` lists them, and between steps
-- the prompt is yours to poke at the same routes. From a pipe (or `switchyard
-- examples/tour.lua`) every step runs straight through. Each step is declared with
-- step(title, fn); pause("...") inside one waits for Enter, and demo("line") prints a line
-- as the class would type it, then runs it exactly as typed (a :command too, in the REPL).
-- Write your own the same way.

local function why(text)
  for line in text:gmatch("[^\n]+") do print("   " .. line) end
end

-- Helpers the steps' demo lines call: the class can type them too.
function stack_paths()
  local list = {}
  for index, screen in ipairs(nav.stack) do list[index] = screen.path end
  return "{" .. table.concat(list, ", ") .. "}"
end

function pattern_of(path)
  local info = match(path)
  return info and info.pattern or "(no match)"
end

function candidates(path)
  local list = {}
  for index, info in ipairs(match_all(path)) do list[index] = info.pattern end
  return table.concat(list, " > ")
end

function rank_table()
  local declared = routes()        -- declaration order, each with its rank
  table.sort(declared, function(a, b) return a.rank < b.rank end)
  for _, route in ipairs(declared) do
    print(string.format("   %-20s %s", route.pattern, route.title or route.name or "(no fixed title)"))
  end
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
signed_in = false   -- whether the tour has logged in: the guard below reads it (a global: demo lines set it)
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


print("Welcome to the Switchyard tour: seventeen short steps, each a few lines you could type\n" ..
  "yourself (they are shown as typed, after >), then your turn.")

step("Patterns", function()
  why([[A route is a pattern: static text, :param, :param? (optional) and a final * (splat).
The table below is in rank order: the order Switchyard tries them in.]])
  demo("rank_table()")
end)

step("Ranking", function()
  why([[Several patterns can match one path. The most specific wins, segment by segment
from the left: static beats parameter beats optional beats splat.]])
  demo('pattern_of("/album/new")')
  demo('pattern_of("/album/7")')
  demo('candidates("/album/7")')
  why([[match_all lists the routes that would accept the path, validators included. explain()
goes through every route in rank order: /album/:id ranks below /album/new, so for
"/album/new" it loses on rank, before its validator is ever asked.]])
  pause("Which route wins /album/new, and why? Enter for explain()")
  demo('print(explain("/album/new"))')
end)

step("Fall-through", function()
  why([[/album/:id has a validator (the id must be a number). When it says no, the next
candidate is tried, like a resolver that throws in Echeveria.]])
  demo('match("/album/7").pattern, match("/album/7").value')
  demo('pattern_of("/album/kind-of-blue")')
end)

step("Optional parameters and splats", function()
  why([[:id? may be absent; a final * swallows zero or more segments and hands them over
as params["*"], or under its name: *path gives params.path.]])
  demo('match("/user").params.id')
  demo('match("/user/ada").params.id')
  demo('match("/files/docs/readme.txt").params.path')
end)

step("Relative paths", function()
  why([[A path without a leading slash resolves against where you are, like a link in a
web page inside a directory: "latest", "./latest", "..", "../x".]])
  demo('nav.reset("/news")')
  demo('nav.go("latest")')
  demo("nav.path")
  demo('nav.go("..")')
  demo("nav.path")
  demo('nav.go("../../..")')
  demo("nav.path")
  why("(going up past the root stops at the root)")
end)

step("Stack versus timeline", function()
  why([[The stack is what is on screen now: push adds a screen, pop removes one, go
replaces the top one. The timeline is every state you have been in: back and forward
move along it like a browser, and a new step after back drops the forward part.]])
  demo('nav.reset()')
  demo('nav.push("/news")')
  demo('nav.push("/news/latest")')
  demo("stack_paths()")
  demo('nav.go("/album/7")')
  demo("stack_paths()")
  demo("nav.back()")
  demo("stack_paths(), nav.can_forward")
  demo("nav.pop()")
  demo("stack_paths(), nav.can_forward")
  why("(pop is a new step: the forward part is gone)")
end)

step("Environments: sheets have their own stack", function()
  why([[A sheet or a cover is a new environment with its own push stack. nav.stack is the
stack of the top environment; dismissing the sheet brings back the one below intact.]])
  demo('nav.reset("/news")')
  demo('nav.sheet("/settings")')
  demo('nav.push("/settings/about")')
  demo("stack_paths()")
  demo("nav.dismiss_environment()")
  demo("stack_paths()")
end)

step("Guards and redirects", function()
  why([[A guard runs before a screen lands: nil or true lets it through, false blocks the
whole operation (nothing changes), a path redirects. A redirect route forwards at once.]])
  signed_in = false
  demo('nav.reset()')
  demo('nav.push("/account")')
  demo("nav.path")
  why("(logged out: the guard sent us to log in)")
  demo("signed_in = true")
  demo('nav.reset()')
  demo('nav.push("/account")')
  demo("nav.path")
  demo('nav.push("/admin")')
  why("(the guard said false: the push is refused and nothing changed)")
  demo("nav.path")
  demo('nav.go("/inbox")')
  demo("nav.path")
  why("(/inbox is an old address: a redirect route)")
  demo("signed_in = false")
end)

step("Alerts and modals", function()
  why([[One alert at a time, over everything, with buttons in display order; choosing one
runs its action and dismisses it. Modals stack over the top screen.]])
  demo('nav.reset()')
  demo('nav.alert{title = "Delete the draft?", buttons = {"Cancel", {"Delete", function() print("(Delete ran)") end}}}')
  demo("nav.alert_active")
  demo('nav.choose("Delete")')
  demo("nav.alert_active")
  demo('nav.modal("/settings/about")')
  demo('nav.modal("/user/ada")')
  demo("#nav.modals")
  demo("nav.dismiss_modal()")
  demo("#nav.modals")
  demo("nav.dismiss_modal()")
end)

step("Flows", function()
  why([[A flow is a queue of screens: start_flow shows the first step, next() each of the
others in turn (here the first is a cover, the rest push inside it).]])
  demo("signed_in = true")
  demo('nav.reset()')
  demo('nav.start_flow("welcome")')
  demo("stack_paths(), nav.state.environments[#nav.state.environments].kind")
  demo("nav.next()")
  demo("stack_paths(), #nav.queue")
  demo("nav.next_or_dismiss()")
  demo("nav.next_or_dismiss()")
  demo("stack_paths()")
  why("(next_or_dismiss() at the end: the cover is gone)")
  demo("signed_in = false")
end)

step("Deep links", function()
  why([[nav.open maps myapp://host/path to /host/path, resets to the root and pushes the
target, or presents it when ?presentation= or the route's default says so.]])
  demo('nav.open("myapp://album/7")')
  demo("stack_paths()")
  demo('nav.open("myapp://settings")')
  demo("stack_paths()")
  why("(/settings is a sheet: its own stack)")
  demo('nav.open("https://example.com/news/latest")')
  demo("stack_paths()")
end)

step("Tabs", function()
  why([[tabs{...} makes the root a set of tabs, each with its own stack: switching keeps
where each tab was, like a tab bar. A tab is named by its path's first segment.]])
  demo('tabs{"/news", "/search"}')
  demo('nav.reset()')
  demo('nav.push("/news/latest")')
  demo('nav.tab("search")')
  demo('nav.push("/search/recent")')
  demo("stack_paths()")
  demo('nav.tab("news")')
  demo("stack_paths()")
  why("(back on the news tab: where it was)")
  demo('nav.reset()')
end)

step("Watch it live", function()
  why([[:serve starts a small web server on this machine and prints two links. Open the
first to click through the app; project the second (view only) for a class: it follows
every line typed here. :serve stop ends it.]])
  demo(":serve")
  demo('nav.push("/news")')
  why("(the page now shows /news on top of the root)")
end)

step("Record a scenario", function()
  why([[:record FILE writes what you do from now on as a spec that switchyard test runs: each
navigation, then assertions of what you saw; it starts from where you are. (The ! lets it
replace the file a last run wrote.)]])
  demo(":record! /tmp/switchyard-tour_spec.lua")
  demo('nav.push("/album/7")')
  demo(":follow 1")
  demo("nav.back()")
  demo(":record stop")
  why([[Replay it from a shell: switchyard test /tmp/switchyard-tour_spec.lua]])
end)

step("Check the whole map", function()
  why([[:check crawls every route from the root as a tester would: links to nowhere, screens
no link reaches, loops of redirects, callbacks that raise. (switchyard check FILE in CI.)]])
  demo(":check")
end)

step("Walk at random", function()
  why([[An invariant is a rule every state keeps. :walk (switchyard walk FILE in CI) makes
random moves from the root and checks the invariants after each; a broken one is shrunk to
the shortest steps that break it. The navigator is put back afterwards. The second number is
the seed: the same seed walks the same way again (without it, a new seed each time).]])
  demo('invariant("at most five screens on a stack", function() return #nav.stack <= 5 end)')
  demo(":walk 20 3")
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

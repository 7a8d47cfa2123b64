/// The Lua API's own words: for each global, `nav` function and field, its signature, one line of
/// meaning and an example. The REPL's `help()` prints from here, `switchyard types` writes from here,
/// and docs/lua-api.md is generated from here (`scripts/lua-api-doc`); a test holds every summary here
/// to the guides in docs/, word for word, so there is one text to keep true, not two.
///
///     LuaAPIReference.entry(named: "nav.push")?.summary   // "adds a screen on top"
package enum LuaAPIReference {
    package struct Entry: Sendable, Equatable {
        /// How it is reached from Lua: "route", "nav.push", "nav.path".
        package let name: String
        /// As the docs write it in bold: "nav.push(path)".
        package let signature: String
        package let summary: String
        package let example: String
        package let topic: Topic
    }

    package enum Topic: String, Sendable, CaseIterable {
        case declaring = "Declaring routes"
        case asking = "Asking the table"
        case navigating = "Navigating"
        case flows = "Flows"
        case overlays = "Alerts and modals"
        case state = "Events and saving"
        case fields = "Read-only fields of nav"
        case teaching = "Teaching"
        case scenarios = "Scenario tests"
    }

    package static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    package static let entries: [Entry] = declaring + asking + navigating + flows + overlays + state + fields + teaching
        + scenarios

    private static func entry(_ topic: Topic, _ name: String, _ signature: String, _ summary: String,
                              _ example: String) -> Entry {
        Entry(name: name, signature: signature, summary: summary, example: example, topic: topic)
    }

    private static let declaring = [
        entry(.declaring, "route", "route(pattern, opts)", "declares a route and returns it. Every option is optional.",
              #"route("/album/:id", {name = "album", title = "Album", view = "Tracks and credits."})"#),
        entry(.declaring, "group", "group(prefix, function() ... end [, opts])",
              "declares the routes inside relative to `prefix`; `opts` (`guard`, `leave`, `title`, `view`, `presentation`, `entry`, `meta`, `error`) apply to each of them.",
              #"group("/library", function() route("playlists", {}) end)"#),
        entry(.declaring, "layout", "layout(prefix, function() ... end [, opts])",
              "declares the routes inside relative to `prefix` under a layout, a record of its own (`name`, `title`, `view`, `links`, `meta`) listed in their `info.matched`; its `guard` runs once per navigation before the routes' own, its `leave` when a navigation leaves it; its `error` is the error screen of the routes inside without their own; its `load` runs once per navigation before theirs, its result the layout's `data` in `info.matched`.",
              #"layout("/news", function() route(":id", {}) end, {name = "news", meta = {section = "news"}})"#),
        entry(.declaring, "remove_route", "remove_route(name_or_pattern)",
              "takes a declared route out of the table (a name, or a pattern as declared): no lookup, listing or tool sees it from then on. Refused while a screen of it is on a stack or a modal, or in the timeline Back and Forward move through.",
              #"if not flags.new_checkout then remove_route("new_checkout") end"#),
        entry(.declaring, "not_found", "not_found(opts)",
              "is the screen for paths nothing matches (the options of `route`, but `name` and `validate`).",
              #"not_found{title = "Not Found", links = {"/"}}"#),
        entry(.declaring, "error_screen", "error_screen(opts)",
              "is the screen that lands in place of a route whose title, view, links, loader or validator raises, for every route without its own `error` option: `{title, view}` (strings or functions of info) or `function(info, err)` returning such a table; `info.error` is `{message, where, route}`. A budget running out or an interrupt is never caught: it still aborts.",
              #"error_screen{title = "Something went wrong", view = function(info) return info.error.message end}"#),
        entry(.declaring, "tabs", "tabs{...}",
              "makes the root a set of tabs, each with its own stack, and starts over on the first one",
              #"tabs{"/home", "/search"}"#),
        entry(.declaring, "flow", "flow(name, steps)", "names a sequence of screens.",
              #"flow("onboarding", {{"/welcome", as = "cover"}, "/name", "/done"})"#),
        entry(.declaring, "invariant", "invariant(name, fn)",
              "declares a rule every reachable state keeps: `fn` reads `nav` and returns false (and a message) or raises when the rule breaks. `switchyard walk` checks it after each random step, the REPL after each navigation.",
              #"invariant("signed out, no account", function() return signed_in or nav.path ~= "/account" end)"#),
        entry(.declaring, "flag", "flag(name, values [, set])",
              "declares a session value the app's guards read (signed in, a role): `values` lists what it can be, the first what the app starts with; `flags[name]` holds it, and `set(value)`, when given, carries a change into the app's own state. `switchyard walk` changes it as a move (`set_flag`) and starts each run at the first value.",
              #"flag("signed_in", {false, true}, function(on) if on then app.log_in("Ada") else app.log_out() end end)"#),
        entry(.declaring, "set_flag", "set_flag(name, value)",
              "sets a declared flag (`flags[name]`, then its `set` function) and revalidates what is shown (`nav.revalidate()`), returning what that returns: a walk's `set` move, and how a spec replays it.",
              #"set_flag("signed_in", false)"#),
        entry(.declaring, "nav.pending", "nav.pending(key)",
              "what a guard returns to hold its navigation until `nav.settle(key, result)`: nothing changes meanwhile, and `nav.pending_navigation` says what waits.",
              #"route("/checkout", {guard = function() return nav.pending("payment") end})"#),
        entry(.declaring, "nav.settle", "nav.settle(key [, result])",
              "finishes the pending navigation as if its guard had returned `result` (nil or true allow, false drops it and returns false, a path redirects); a loader's hold lands with `result` as its data; an unknown key is an error.",
              #"nav.settle("payment", true)"#),
        entry(.declaring, "nav.before", "nav.before(fn)",
              "adds a hook asked before every landing's route guards, as `fn(to, from)`, in the order hooks were added; it answers as a guard does (nil or true allow, false blocks, a path redirects, `nav.pending(key)` waits) and returns a handle whose `off()` removes it.",
              #"nav.before(function(to) return signed_in or to.path == "/login" or "/login" end)"#),
        entry(.declaring, "nav.after", "nav.after(fn)",
              "adds a hook told after each committed change, as `fn(to, from, action)` (the new top screen, the one before, the operation's name); what it returns is ignored, and it returns a handle whose `off()` removes it.",
              #"nav.after(function(to, from, action) print(action, to.path) end)"#),
        entry(.declaring, "nav.revalidate", "nav.revalidate()",
              "asks the hooks and guards of every screen shown again, each stack from the bottom up, and acts on the first that now blocks or redirects, as one operation; false when all allow.",
              #"app.sign_out(); nav.revalidate()"#),
    ]

    private static let asking = [
        entry(.asking, "match", "match(path)", "returns the `info` of the winning route, or nil. Its `query`, and its `path` when the text goes on with `?` or `#`, are read from the text on first read: `pairs` lists them; raw `next`/`rawget` see each once read; until both are read `getmetatable` gives a note and `setmetatable` refuses.",
              #"match("/album/12?lang=en").params.id   --> "12""#),
        entry(.asking, "match_all", "match_all(path)", "lists every candidate, in rank order.",
              #"#match_all("/news/latest")"#),
        entry(.asking, "explain", "explain(path)", "says, for each route, why it won or lost.",
              #"print(explain("/album/new"))"#),
        entry(.asking, "url", "url(name, params [, query])",
              "builds a path from a route's name (reverse routing); values are percent-encoded, and checked against the route's typed parameters and query schema.",
              #"url("album", {id = "12"}, {lang = "en"})   --> "/album/12?lang=en""#),
        entry(.asking, "routes", "routes([opts])", "lists the declared routes.",
              #"for _, r in ipairs(routes{case_insensitive = true}) do print(r.pattern, r.name) end"#),
        entry(.asking, "preview", "preview(path)",
              "returns the screen navigating to `path` would show, without navigating and without asking guards; nil when nothing matches.",
              #"preview("/album/12").title"#),
        entry(.asking, "mismatch", "mismatch([reason])",
              "raised in a validator, means \"no match here, try the next candidate\"; `explain` shows the reason.",
              #"route("/user/:id", {validate = function(info) return tonumber(info.params.id) or mismatch("not a number") end})"#),
    ]

    private static let navigating = [
        entry(.navigating, "nav.go", "nav.go(path [, {replace = true}])",
              "changes the location the way a browser does: it replaces the top screen; with `replace = true` it also replaces the current timeline entry. A URL with a scheme (`myapp://album/1`) is refused: that is a deep link, for `nav.open`.",
              #"nav.go("latest", {replace = true})"#),
        entry(.navigating, "nav.push", "nav.push(path [, opts])", "adds a screen on top", #"nav.push("/album/12")"#),
        entry(.navigating, "nav.push_stack", "nav.push_stack{paths...}",
              "pushes several screens as one operation and one timeline entry; guards and redirects run for each, and any failure changes nothing.",
              #"nav.push_stack{"/library", "/album/12"}"#),
        entry(.navigating, "nav.pop", "nav.pop([n])",
              "removes `n` (default 1), and returns false when there is nothing to pop.", "nav.pop(2)"),
        entry(.navigating, "nav.pop_to", "nav.pop_to(path_or_id)",
              "pops back to the nearest screen below with that path or id", #"nav.pop_to("/library")"#),
        entry(.navigating, "nav.pop_to_root", "nav.pop_to_root()",
              "keeps only the bottom screen of the top environment.", "nav.pop_to_root()"),
        entry(.navigating, "nav.sheet", "nav.sheet(path [, opts])",
              "present a new environment with its own push stack", #"nav.sheet("/settings")"#),
        entry(.navigating, "nav.cover", "nav.cover(path [, opts])",
              "present a new environment with its own push stack", #"nav.cover("/login")"#),
        entry(.navigating, "nav.set_detent", "nav.set_detent(name)",
              "changes the top sheet's detent (a timeline entry; a detent the sheet does not have is an error).",
              #"nav.set_detent("large")"#),
        entry(.navigating, "nav.browser", "nav.browser(url)",
              "shows an external page over everything, as an environment of kind `\"browser\"` whose location is the URL (no route is looked up); `nav.dismiss()` closes it.",
              #"nav.browser("https://example.com/help")"#),
        entry(.navigating, "nav.dismiss_environment", "nav.dismiss_environment()",
              "closes the top sheet or cover with everything pushed on it", "nav.dismiss_environment()"),
        entry(.navigating, "nav.dismiss_all", "nav.dismiss_all()",
              "closes every sheet and cover, and returns false when none was presented.", "nav.dismiss_all()"),
        entry(.navigating, "nav.dismiss", "nav.dismiss([opts])",
              "closes the top-most layer: the alert (choosing its Cancel button, or its only button; an alert without either is an error naming its buttons), else the top modal, else it pops a pushed screen, or dismisses the sheet or cover when you are at the bottom of one.",
              "nav.dismiss()"),
        entry(.navigating, "nav.open", "nav.open(url)",
              "follows a deep link: `scheme://host/path` becomes `/host/path` (a dotted host, or http(s), keeps only the path).",
              #"nav.open("myapp://album/123?presentation=sheet")"#),
        entry(.navigating, "nav.back", "nav.back([n])",
              "move along the timeline with browser rules: counts are clamped, and a new operation after `back` drops the forward entries.",
              "nav.back(2)"),
        entry(.navigating, "nav.forward", "nav.forward([n])",
              "move along the timeline with browser rules: counts are clamped, and a new operation after `back` drops the forward entries.",
              "nav.forward()"),
        entry(.navigating, "nav.tab", "nav.tab(name)",
              "switches tabs, by name or 1-based position, dismissing any sheet or cover over them; each tab keeps its own stack.",
              #"nav.tab("search")"#),
        entry(.navigating, "nav.reset_tab", "nav.reset_tab(name)",
              "pops one tab's stack to its root, by name or 1-based position, without switching tabs; on the selected tab it also dismisses the sheets and covers over it. One timeline entry (`pop_to_root`); false when the tab was already at its root.",
              #"nav.reset_tab("library")"#),
        entry(.navigating, "nav.up", "nav.up()",
              "goes to the current screen's parent: it pops to it when it is below, and replaces the top screen with it otherwise.",
              "nav.up()"),
        entry(.navigating, "nav.reset", "nav.reset([path])", "starts over at `path` (default: the root screen).",
              #"nav.reset("/library")"#),
    ]

    private static let flows = [
        entry(.flows, "nav.start_flow", "nav.start_flow(name_or_steps)",
              "shows the first step at once and queues the rest", #"nav.start_flow("onboarding")"#),
        entry(.flows, "nav.next", "nav.next()", "shows the next step (an error when the queue is empty)", "nav.next()"),
        entry(.flows, "nav.next_or_dismiss", "nav.next_or_dismiss()",
              "shows the next step or, at the end, dismisses the flow's environment", "nav.next_or_dismiss()"),
        entry(.flows, "nav.cancel_flow", "nav.cancel_flow()", "empties the queue.", "nav.cancel_flow()"),
    ]

    private static let overlays = [
        entry(.overlays, "nav.alert", "nav.alert{title =, message =, buttons = {...}, style =}",
              "shows the one alert; buttons are in display order, a plain label or `{label, fn}`.",
              #"nav.alert{title = "Delete?", buttons = {"Cancel", {"Delete", function() print("gone") end}}}"#),
        entry(.overlays, "nav.choose", "nav.choose(label)",
              "dismisses the alert and runs the button's function, which may navigate", #"nav.choose("Delete")"#),
        entry(.overlays, "nav.dismiss_alert", "nav.dismiss_alert()", "dismisses the alert without choosing",
              "nav.dismiss_alert()"),
        entry(.overlays, "nav.modal", "nav.modal(path [, opts])", "stacks a modal over the top screen", #"nav.modal("/album/12/share")"#),
        entry(.overlays, "nav.dismiss_modal", "nav.dismiss_modal()", "removes the topmost modal.", "nav.dismiss_modal()"),
    ]

    private static let state = [
        entry(.state, "nav.on", "nav.on(event, fn)",
              "calls `fn({operation, from, to, direction})` after each change: `\"change\"` for every one, or an operation's name (`\"push\"`, `\"pop_to\"`, `\"open\"`...) for that one alone.",
              #"local handle = nav.on("change", function(e) print(e.operation, e.to.path) end)"#),
        entry(.state, "nav.save", "nav.save()",
              "returns the whole state (environments, screens, timeline, flow queue) as JSON", "local saved = nav.save()"),
        entry(.state, "nav.restore", "nav.restore(json)", "puts a saved state back exactly", "nav.restore(saved)"),
    ]

    private static let fields = [
        entry(.fields, "nav.path", "nav.path", "the location: the top screen of the top environment", "nav.path"),
        entry(.fields, "nav.params", "nav.params", "its parameters and query", "nav.params.id"),
        entry(.fields, "nav.query", "nav.query", "its parameters and query", "nav.query.lang"),
        entry(.fields, "nav.info", "nav.info", "its `info` table", "nav.info.pattern"),
        entry(.fields, "nav.screen", "nav.screen", "the top screen itself, and its title", "nav.screen.id"),
        entry(.fields, "nav.title", "nav.title", "the top screen itself, and its title", "nav.title"),
        entry(.fields, "nav.stack", "nav.stack", "the screens of the top environment, bottom first", "#nav.stack"),
        entry(.fields, "nav.state", "nav.state", "`{environments = {{kind, stack, tabs, selected_tab, detents, detent, drag_indicator}...}, alert, modals, queue, path}`",
              "nav.state.environments[1].kind"),
        entry(.fields, "nav.history", "nav.history", "the timeline: `{operation, location, current}` per entry", "#nav.history"),
        entry(.fields, "nav.can_back", "nav.can_back", "whether `back`/`forward` would move", "nav.can_back"),
        entry(.fields, "nav.can_forward", "nav.can_forward", "whether `back`/`forward` would move", "nav.can_forward"),
        entry(.fields, "nav.queue", "nav.queue", "the steps waiting in the current flow, `{path, as}` each", "nav.queue[1].path"),
        entry(.fields, "nav.alert_active", "nav.alert_active", "whether an alert is showing", "nav.alert_active"),
        entry(.fields, "nav.modals", "nav.modals", "the modals, bottom first", "#nav.modals"),
        entry(.fields, "nav.tabs", "nav.tabs", "the tab names, in order", "nav.tabs[1]"),
        entry(.fields, "nav.last_action", "nav.last_action",
              "the last change that applied, `{operation, from, to, direction, chain}`, or nil before the first; `chain` lists each redirect, guard answer (`{step = \"guard\", route, site, path, answer, to}`), leave answer and alert thrown away on the way, each with a `text` for a person (empty when nothing sent the navigation elsewhere)", "nav.last_action.chain[1].text"),
        entry(.fields, "nav.pending_navigation", "nav.pending_navigation",
              "the navigation a guard holds, `{key, path, operation}` (with `kind = \"leave\"` and `to` when a leave guard holds it, `kind = \"load\"` when a loader does), or nil; any other navigation cancels it", "nav.pending_navigation.key"),
    ]

    private static let teaching = [
        entry(.teaching, "help", "help([topic])",
              "prints the signature, meaning and an example of a function or field, from this reference; alone, it lists the topics.",
              "help(nav.push)"),
        entry(.teaching, "step", "step(title, fn)",
              "declares a step of a paced tour: in a terminal the REPL runs it when you press Enter (or `:step N`); elsewhere it runs at once.",
              #"step("Ranking", function() print(explain("/album/new")) end)"#),
        entry(.teaching, "pause", "pause([prompt])",
              "waits for Enter in a terminal, with the prompt shown; from a pipe it returns at once.",
              #"pause("Which route wins? Enter to see")"#),
        entry(.teaching, "demo", "demo(line)",
              "prints `line` as the class would type it (`> line`), then runs it: in the REPL exactly as typed (a `:command` too: its screen shown, `:record` recording it); without a REPL a Lua line runs and a `:command` is only shown. An error is shown and the step goes on.",
              #"demo('nav.push("/news")')"#),
    ]

    private static let scenarios = [
        entry(.scenarios, "describe", "describe(name, fn)",
              "groups tests; its body runs while the file loads, declaring them. `context` is the same; #words in a name are tags.",
              #"describe("albums #smoke", function() it("opens", function() nav.push("/album/1") end) end)"#),
        entry(.scenarios, "insulate", "insulate(name, fn)",
              "is a `describe` whose changes to the globals and to `require`'s loaded modules (in its body, hooks and tests) are undone when it ends.",
              #"insulate("with a stubbed app", function() app = {} it("sees it", function() end) end)"#),
        entry(.scenarios, "expose", "expose(name, fn)",
              "is a `describe` whose changes to the globals and loaded modules outlive the `insulate` block (or the file) around it.",
              #"expose("shared set-up", function() signed_in = true end)"#),
        entry(.scenarios, "it", "it(name [, fn])",
              "declares a test, run later from a fresh navigator over the same routes; without fn it is pending (`it \"name\" (fn)` works too). Also `spec`, `test`.",
              #"it("opens an album", function() nav.push("/album/1") end)"#),
        entry(.scenarios, "pending", "pending(name [, fn])",
              "declares a pending test (fn never runs); called inside a test, stops it there and counts it pending.",
              #"pending("undo after a redirect")"#),
        entry(.scenarios, "setup", "setup(fn)",
              "runs once when its block starts (`strict_setup`); `lazy_setup` runs before the block's first test that runs. A setup that raises skips the block's tests.",
              #"setup(function() app = require("app") end)"#),
        entry(.scenarios, "teardown", "teardown(fn)",
              "runs once when its block ends (`strict_teardown`); `lazy_teardown` only when a `lazy_setup` ran.",
              "teardown(function() print(\"done\") end)"),
        entry(.scenarios, "before_each", "before_each(fn)",
              "runs before each test of the block it is declared in (outer blocks' first).",
              #"before_each(function() nav.push("/album/1") end)"#),
        entry(.scenarios, "after_each", "after_each(fn)",
              "runs after each test of the block it is declared in (inner blocks' first), even when the test failed.",
              "after_each(function() print(nav.path) end)"),
        entry(.scenarios, "finally", "finally(fn)", "inside a test: runs fn when the test ends, passed or failed.",
              #"finally(function() nav.dismiss_all() end)"#),
        entry(.scenarios, "assert", "assert(v [, message])",
              "is Lua's own `assert` (failing at the spec's line), and also the checks below, read as words: `is`, `are`, `was`, `has`, `does` read well, `not` and `no` negate (`assert.is_not.equal`, `assert.has_no.errors`, `assert.not_same`).",
              "assert(nav.can_back)"),
        entry(.scenarios, "assert.equal", "assert.equal(expected, actual [, message])",
              "compares with `==` (also `assert.equals`, `assert.are.equal`).", #"assert.are.equal("/album/1", nav.path)"#),
        entry(.scenarios, "assert.same", "assert.same(expected, actual [, message])",
              "compares tables deeply; a failure names the first place they differ (`expected[2].path == \"/b\", got \"/c\"`).",
              #"assert.same({id = "1"}, nav.params)"#),
        entry(.scenarios, "assert.is_true", "assert.is_true(v [, message])", "expects exactly `true`.", "assert.is_true(nav.can_back)"),
        entry(.scenarios, "assert.is_false", "assert.is_false(v [, message])", "expects exactly `false`.", "assert.is_false(nav.can_forward)"),
        entry(.scenarios, "assert.is_nil", "assert.is_nil(v [, message])", "expects `nil`.", "assert.is_nil(nav.last_action)"),
        entry(.scenarios, "assert.not_nil", "assert.not_nil(v [, message])", "expects anything but `nil` (also `assert.is_not_nil`).",
              "assert.not_nil(nav.title)"),
        entry(.scenarios, "assert.truthy", "assert.truthy(v [, message])", "expects anything but `nil` and `false`.",
              #"assert.truthy(match("/"))"#),
        entry(.scenarios, "assert.falsy", "assert.falsy(v [, message])", "expects `nil` or `false`.", #"assert.falsy(match("/nowhere"))"#),
        entry(.scenarios, "assert.is_number", "assert.is_number(v [, message])",
              "expects a number; `is_string`, `is_table`, `is_function`, `is_boolean`, `is_userdata`, `is_thread` likewise.",
              "assert.is_number(#nav.stack)"),
        entry(.scenarios, "assert.near", "assert.near(expected, actual, tolerance [, message])",
              "expects a number within tolerance of expected.", "assert.near(0.5, progress, 0.01)"),
        entry(.scenarios, "assert.unique", "assert.unique(list [, deep [, message]])",
              "expects no value twice in list (deep: compared as `same` does).", "assert.unique(nav.tabs)"),
        entry(.scenarios, "assert.has_error", "assert.has_error(fn [, expected [, message]])",
              "expects `fn` to raise; given expected, that error (a message with or without its `file:line:`). Also `assert.error`; `assert.has_no.errors(fn)` expects none.",
              #"assert.has_error(function() nav.tab("nowhere") end)"#),
        entry(.scenarios, "assert.has_no_error", "assert.has_no_error(fn [, expected [, message]])",
              "expects `fn` to return without raising (also `assert.has_no.errors`).",
              "assert.has_no_error(function() nav.pop() end)"),
        entry(.scenarios, "assert.error_matches", "assert.error_matches(fn, pattern [, init [, plain [, message]]])",
              "expects `fn` to raise a string error matching the Lua pattern.",
              #"assert.error_matches(function() nav.push("/x") end, "no route")"#),
        entry(.scenarios, "assert.matches", "assert.matches(pattern, s [, message])",
              "expects the string `s` to match the Lua pattern (also `assert.match`; `assert.matches(pattern, s, init, plain)` as `string.find`).", #"assert.matches("^/album/%d+$", nav.path)"#),
        entry(.scenarios, "assert.spy", "assert.spy(s)",
              "checks a spy or stub: `.was.called([n])`, `.called_at_least(n)`, `.called_at_most(n)`, `.called_with(...)`, `.returned_with(...)`, `.was_not.called()` (also `assert.stub`). In `called_with`, `match._` is any value, `match.is_string()`, `match.is_table()`, `match.is_not_nil()`, `match.is_same(v)` a kind of value; called, `match` is still `match(path)`.",
              #"assert.spy(closed).was.called_with(match.is_table())"#),
        entry(.scenarios, "spy.new", "spy.new([fn])",
              "makes a callable that records each call's arguments (`s.calls[i].vals`) and results, then calls fn. Also `spy(fn)`.",
              "local closed = spy.new(function() end)"),
        entry(.scenarios, "spy.on", "spy.on(t, key)",
              "replaces `t[key]` by a spy calling the original, until the test (or, made in setup, the block) ends; `s:revert()` sooner.",
              #"local s = spy.on(app, "log")"#),
        entry(.scenarios, "stub", "stub(t, key [, ...])",
              "replaces `t[key]` by a spy returning ... (`s.returns(...)`, `s.invokes(fn)` change that), until the test ends.",
              #"stub(app, "confirm", true)"#),
        entry(.scenarios, "mock", "mock(t [, as_stubs])", "spies on (or stubs) every function in t, and in its tables.",
              "mock(app)"),
    ]
}

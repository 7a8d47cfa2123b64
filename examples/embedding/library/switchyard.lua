---@meta
-- Switchyard's Lua API for lua-language-server, written by `switchyard types` from routes.lua.
-- Regenerate it (switchyard types [APP.lua] -o DIR) rather than edit it.

---a route's name, for `url`
---@alias SwitchyardRouteName "album"
---a tab's name, for `nav.tab`
---@alias SwitchyardTabName string
---a flow's name, for `nav.start_flow`
---@alias SwitchyardFlowName "signup"

---What `spy.new`, `spy.on` and `stub` return: callable, recording each call.
---@class SwitchyardSpy
---@field calls {vals: any[], n: integer}[] each call's arguments, in order
---@field returnvals {vals: any[], n: integer}[] each call's results
---@field revert fun(self: SwitchyardSpy): function puts the original back
---@field clear fun(self: SwitchyardSpy): SwitchyardSpy forgets the calls
---@field called fun(self: SwitchyardSpy, n?: integer): boolean
---@field called_with fun(self: SwitchyardSpy, args: table): boolean
---@field returns fun(...): SwitchyardSpy a stub's results from now on
---@field invokes fun(fn: function): SwitchyardSpy a stub's behaviour from now on
---@operator call(...): any

---A matched path: what guards, titles and views are given, and what `match` returns.
---@class SwitchyardInfo
---@field path string the matched path
---@field pattern string the pattern that won ("" on the not-found screen)
---@field params table<string, string> the captured parameters, percent-decoded
---@field query table<string, string|number|boolean> the query, decoded; a route's query schema coerces its keys and fills defaults
---@field fragment string?
---@field value any what the route's validator returned
---@field data any what the route's loader returned
---@field error SwitchyardLandingError? on an error screen: what raised
---@field meta table<string, any>? the route's meta, its groups' merged in, outer first
---@field extra any what the call that showed the screen gave as `extra` (a JSON value)
---@field matched SwitchyardMatchedRecord[]? the layouts the route is in, then the route (only for a route in a layout)

---A screen in a stack: its info, id, title and view.
---@class SwitchyardScreen: SwitchyardInfo
---@field id integer
---@field title string?
---@field view string?

---The options of `route` (and of `not_found`, but `name`, `validate`, `parent`, `leave`, `load`, `error` and `action`).
---@class SwitchyardRouteOptions
---@field name string? a name for reverse routing with `url()`
---@field title (string|fun(info: SwitchyardInfo): string)?
---@field view (string|fun(info: SwitchyardInfo): string)? the text the REPL prints for the screen
---@field validate (fun(info: SwitchyardInfo): any)? nil/false: no match, the next candidate is tried
---@field guard (fun(info: SwitchyardInfo): (boolean|string|SwitchyardPendingMarker|nil))? true allows, false blocks, a path redirects
---@field redirect (string|fun(info: SwitchyardInfo): string?)?
---@field presentation ("push"|"sheet"|"cover")? how a deep link opens it
---@field exact boolean? false: a prefix route, matching its pattern followed by anything more (`info.params.rest`)
---@field links (string[]|fun(info: SwitchyardInfo): string[])? declared edges: `:follow N` in the REPL, graphs, `check`, `walk`
---@field entry boolean? reached from outside (a deep link): `check` crawls from it, `walk` opens it
---@field parent string? the pattern of the screen this one sits above
---@field leave (fun(info: SwitchyardInfo, to: SwitchyardInfo): boolean?)? false blocks whatever would remove the screen
---@field load (fun(info: SwitchyardInfo): any)? runs after the guards; its result is the screen's `info.data`
---@field error (SwitchyardErrorScreen|fun(info: SwitchyardInfo, err: SwitchyardLandingError): (SwitchyardErrorScreen|string))? lands in place of the route when a callback raises
---@field action (fun(info: SwitchyardInfo))? runs once the navigation that landed the route committed, and may navigate; with no title nor view, no screen lands
---@field params table<string, "int"|"number"|"uuid"|"bool"|string[]|{match: string}>? typed parameters: a value that does not fit is no match
---@field meta table<string, any>? what the app reads as `info.meta`: any table that saves as JSON
---@field query table<string, "int"|"number"|"uuid"|"bool"|string[]|{match: string}|{type: ("int"|"number"|"uuid"|"bool"|string[]|{match: string})?, default: (string|number|boolean)?, required: boolean?}>? a query schema: values coerced into `info.query`, defaults filled in
---@field query_mismatch ("no_match"|"error")? what a query value that does not fit makes of the route: no match (the default) or an error

---The options of `group`, which every route inside it takes: guards and leave guards run
---outer group first, then the route's own; a route's own title, view, presentation or entry wins.
---@class SwitchyardGroupOptions
---@field title (string|fun(info: SwitchyardInfo): string)?
---@field view (string|fun(info: SwitchyardInfo): string)?
---@field guard (fun(info: SwitchyardInfo): (boolean|string|SwitchyardPendingMarker|nil))?
---@field leave (fun(info: SwitchyardInfo, to: SwitchyardInfo): boolean?)?
---@field presentation ("push"|"sheet"|"cover")?
---@field entry boolean?
---@field meta table<string, any>? laid under each route's own meta
---@field error (SwitchyardErrorScreen|fun(info: SwitchyardInfo, err: SwitchyardLandingError): (SwitchyardErrorScreen|string))? for each route inside without its own

---What an error screen shows in place of a route whose callback raised.
---@class SwitchyardErrorScreen
---@field title (string|fun(info: SwitchyardInfo): string)?
---@field view (string|fun(info: SwitchyardInfo): string)?

---What raised while a screen landed: `info.error` on the error screen.
---@class SwitchyardLandingError
---@field message string the error's message, without its position
---@field where string? "file:line" where it was raised
---@field route string the pattern of the route whose callback raised ("" for the not-found route)

---The options of `layout`: a record of its own, listed in its routes' `info.matched`. Its guard
---runs once per navigation before the routes' own; its leave guard when a navigation leaves it.
---@class SwitchyardLayoutOptions
---@field name string?
---@field title string? the layout's own (a route inside keeps its own title)
---@field view string?
---@field links string[]? the layout's shell's links
---@field guard (fun(info: SwitchyardInfo): (boolean|string|SwitchyardPendingMarker|nil))?
---@field leave (fun(info: SwitchyardInfo, to: SwitchyardInfo): boolean?)?
---@field meta table<string, any>? the layout's own, laid under each route's meta
---@field load (fun(info: SwitchyardInfo): any)? runs once per navigation after the guards, before the route's own loader; its result is the layout's `data` in `info.matched`
---@field error (SwitchyardErrorScreen|fun(info: SwitchyardInfo, err: SwitchyardLandingError): (SwitchyardErrorScreen|string))? for each route inside without its own

---One record of `info.matched`: a layout (`prefix`) or, last, the route (`pattern`, `params`).
---@class SwitchyardMatchedRecord
---@field kind "layout"|"route"
---@field prefix string? a layout's prefix
---@field pattern string? the route's pattern
---@field name string?
---@field title string? a layout's title
---@field view string? a layout's view
---@field links string[]? a layout's links
---@field site string? where a layout was declared
---@field data any? what a layout's loader returned
---@field params table<string, any>? the route's parameters
---@field meta table<string, any>? a layout's own meta; the route's merged meta

---A declared route, as `route` and `routes()` return it.
---@class SwitchyardRouteEntry
---@field pattern string
---@field name string?
---@field site string where it was declared, "file:line"
---@field title string? a fixed title
---@field presentation "push"|"sheet"|"cover"
---@field links string[]
---@field entry boolean whether it is reached from outside the app
---@field rank integer? its place in rank order (from `routes()`)
---@field validated boolean whether it has a validator
---@field params table<string, string>? each typed parameter's type ("int", "grid|list")
---@field query table<string, string>? each query key's type, default ("=1") and "!" when required ("int=1", "info|tracks")
---@field meta table<string, any>? its meta, its groups' merged in
---@field layouts SwitchyardMatchedRecord[]? the layouts it is declared in, outermost first

---What `nav.push`, `nav.sheet`, `nav.cover` and `nav.modal` may give the screen.
---@class SwitchyardScreenOptions
---@field params table<string, string|number|boolean>? beside the path's parameters
---@field on_dismiss fun(info: SwitchyardInfo)? once, after the screen has gone
---@field on_result fun(result: any)? once, with what `nav.pop{result = v}` gave
---@field extra table<string, any>? any table that saves as JSON: `info.extra` to the route's callbacks and on the screen
---@field detents string[]? a resizable sheet's detents (sheets only)
---@field detent string? the detent it opens at
---@field drag_indicator boolean? a resizable sheet shows its drag indicator (with detents)
---@field transition ("identity"|"opacity"|"scale"|"slide"|"move-top"|"move-bottom"|"move-leading"|"move-trailing")? modals only
---@field background ("none"|"dim"|"blur")? modals only
---@field animation ("ease-in-out"|"ease-in"|"ease-out"|"linear"|"spring"|"none")? modals only
---@field alignment ("center"|"top"|"bottom"|"leading"|"trailing"|"top-leading"|"top-trailing"|"bottom-leading"|"bottom-trailing")? modals only
---@field use_device_bounds boolean? modals only: laid out in the device's bounds (true) or the safe area (false)

---A flow's steps: paths, or `{path, as = "sheet"}`.
---@alias SwitchyardFlowStepList (string|{[1]: string, as: ("push"|"sheet"|"cover")?})[]

---@class SwitchyardFlowStep
---@field path string
---@field as "push"|"sheet"|"cover"

---@class SwitchyardAlertOptions
---@field title string
---@field message string?
---@field buttons (string|{[1]: string, [2]: fun()})[]? in display order: a label, or `{label, fn}`
---@field style ("alert"|"confirmation")?

---@class SwitchyardEvent
---@field operation string "push", "pop_to", "open"...
---@field from SwitchyardScreen
---@field to SwitchyardScreen
---@field direction "deeper"|"higher"|"sideways"
---@field chain SwitchyardChainStep[] each redirect, guard answer and leave answer, in order

---@class SwitchyardChainStep
---@field step "validator"|"redirect"|"guard"|"leave"|"alert"
---@field path string? the path the route was asked about
---@field route string? the route's pattern (nil: the not-found route)
---@field site string? where the route was declared, "app.lua:31"
---@field answer string? a guard's "allow", "block", "redirect", "pending"; a validator's "accept", "reject"; "dropped" for an alert
---@field reason string? why a validator rejected the path (its `mismatch(reason)`)
---@field to string? where a redirect sent the landing
---@field key string? a pending guard's key
---@field title string? the dropped alert's title
---@field text string the step for a person: "guard at app.lua:31 redirected /account → /login"

---@class SwitchyardEnvironment
---@field kind "root"|"sheet"|"cover"|"browser"
---@field stack SwitchyardScreen[]
---@field tabs string[]?
---@field selected_tab integer?
---@field detents string[]?
---@field detent string?
---@field drag_indicator boolean? with detents: whether the sheet shows its drag indicator

---@class SwitchyardState
---@field environments SwitchyardEnvironment[]
---@field alert {title: string, message: string?, buttons: string[], style: string}?
---@field modals SwitchyardScreen[]
---@field queue SwitchyardFlowStep[]
---@field path string

---@class SwitchyardHistoryEntry
---@field operation string
---@field location string
---@field current boolean

---@class SwitchyardPendingNavigation
---@field key string
---@field path string
---@field operation string
---@field kind "leave"|"load"? set when a leave guard or a loader holds it
---@field to string? where the operation held by a leave guard was going

---What `nav.pending(key)` returns, for a guard to return.
---@class SwitchyardPendingMarker: userdata

---What `nav.on` returns.
---@class SwitchyardHandle: userdata
---@field off fun(self: SwitchyardHandle)
---@field active fun(self: SwitchyardHandle): boolean

---The navigator: its functions navigate, its fields are read-only.
---@class SwitchyardNav
---@field path string the location: the top screen of the top environment
---@field params table<string, string> its parameters and query
---@field query table<string, string|number|boolean> its parameters and query
---@field info SwitchyardInfo its `info` table
---@field screen SwitchyardScreen the top screen itself, and its title
---@field title string? the top screen itself, and its title
---@field stack SwitchyardScreen[] the screens of the top environment, bottom first
---@field state SwitchyardState `{environments = {{kind, stack, tabs, selected_tab, detents, detent, drag_indicator}...}, alert, modals, queue, path}`
---@field history SwitchyardHistoryEntry[] the timeline: `{operation, location, current}` per entry
---@field can_back boolean whether `back`/`forward` would move
---@field can_forward boolean whether `back`/`forward` would move
---@field queue SwitchyardFlowStep[] the steps waiting in the current flow, `{path, as}` each
---@field alert_active boolean whether an alert is showing
---@field modals SwitchyardScreen[] the modals, bottom first
---@field tabs string[] the tab names, in order
---@field last_action SwitchyardEvent? the last change that applied, `{operation, from, to, direction, chain}`, or nil before the first; `chain` lists each redirect, guard answer (`{step = "guard", route, site, path, answer, to}`), leave answer and alert thrown away on the way, each with a `text` for a person (empty when nothing sent the navigation elsewhere)
---@field pending_navigation SwitchyardPendingNavigation? the navigation a guard holds, `{key, path, operation}` (with `kind = "leave"` and `to` when a leave guard holds it, `kind = "load"` when a loader does), or nil; any other navigation cancels it
nav = {}

---The session flags' current values, by name (`flags.signed_in`): `flag(name, values [, set])` declares one.
---@type table<string, boolean|number|string>
flags = {}

---is Lua's own `assert` (failing at the spec's line), and also the checks below, read as words: `is`, `are`, `was`, `has`, `does` read well, `not` and `no` negate (`assert.is_not.equal`, `assert.has_no.errors`, `assert.not_same`).
---@class SwitchyardAssert
---@overload fun(v: any, message?: any): any
assert = {}

---@class SwitchyardSpyLibrary
spy = {}

---declares a route and returns it. Every option is optional.
---
---Example: `route("/album/:id", {name = "album", title = "Album", view = "Tracks and credits."})`
---@param pattern string
---@param opts? SwitchyardRouteOptions
---@return SwitchyardRouteEntry
function route(pattern, opts) end

---declares the routes inside relative to `prefix`; `opts` (`guard`, `leave`, `title`, `view`, `presentation`, `entry`, `meta`, `error`) apply to each of them.
---
---Example: `group("/library", function() route("playlists", {}) end)`
---@param prefix string
---@param body fun()
---@param opts? SwitchyardGroupOptions
function group(prefix, body, opts) end

---declares the routes inside relative to `prefix` under a layout, a record of its own (`name`, `title`, `view`, `links`, `meta`) listed in their `info.matched`; its `guard` runs once per navigation before the routes' own, its `leave` when a navigation leaves it; its `error` is the error screen of the routes inside without their own; its `load` runs once per navigation before theirs, its result the layout's `data` in `info.matched`.
---
---Example: `layout("/news", function() route(":id", {}) end, {name = "news", meta = {section = "news"}})`
---@param prefix string
---@param body fun()
---@param opts? SwitchyardLayoutOptions
function layout(prefix, body, opts) end

---takes a declared route out of the table (a name, or a pattern as declared): no lookup, listing or tool sees it from then on. Refused while a screen of it is on a stack or a modal, or in the timeline Back and Forward move through.
---
---Example: `if not flags.new_checkout then remove_route("new_checkout") end`
---@param name_or_pattern SwitchyardRouteName|string
function remove_route(name_or_pattern) end

---is the screen for paths nothing matches (the options of `route`, but `name` and `validate`).
---
---Example: `not_found{title = "Not Found", links = {"/"}}`
---@param opts SwitchyardRouteOptions
function not_found(opts) end

---is the screen that lands in place of a route whose title, view, links, loader or validator raises, for every route without its own `error` option: `{title, view}` (strings or functions of info) or `function(info, err)` returning such a table; `info.error` is `{message, where, route}`. A budget running out or an interrupt is never caught: it still aborts.
---
---Example: `error_screen{title = "Something went wrong", view = function(info) return info.error.message end}`
---@param opts SwitchyardErrorScreen|fun(info: SwitchyardInfo, err: SwitchyardLandingError): (SwitchyardErrorScreen|string)
function error_screen(opts) end

---makes the root a set of tabs, each with its own stack, and starts over on the first one
---
---Example: `tabs{"/home", "/search"}`
---@param paths string[]
function tabs(paths) end

---names a sequence of screens.
---
---Example: `flow("onboarding", {{"/welcome", as = "cover"}, "/name", "/done"})`
---@param name string
---@param steps SwitchyardFlowStepList
function flow(name, steps) end

---declares a rule every reachable state keeps: `fn` reads `nav` and returns false (and a message) or raises when the rule breaks. `switchyard walk` checks it after each random step, the REPL after each navigation.
---
---Example: `invariant("signed out, no account", function() return signed_in or nav.path ~= "/account" end)`
---@param name string
---@param fn fun(): (boolean?, string?)
function invariant(name, fn) end

---declares a session value the app's guards read (signed in, a role): `values` lists what it can be, the first what the app starts with; `flags[name]` holds it, and `set(value)`, when given, carries a change into the app's own state. `switchyard walk` changes it as a move (`set_flag`) and starts each run at the first value.
---
---Example: `flag("signed_in", {false, true}, function(on) if on then app.log_in("Ada") else app.log_out() end end)`
---@param name string
---@param values (boolean|number|string)[]
---@param set? fun(value: boolean|number|string)
function flag(name, values, set) end

---sets a declared flag (`flags[name]`, then its `set` function) and revalidates what is shown (`nav.revalidate()`), returning what that returns: a walk's `set` move, and how a spec replays it.
---
---Example: `set_flag("signed_in", false)`
---@param name string
---@param value boolean|number|string
---@return boolean
function set_flag(name, value) end

---what a guard returns to hold its navigation until `nav.settle(key, result)`: nothing changes meanwhile, and `nav.pending_navigation` says what waits.
---
---Example: `route("/checkout", {guard = function() return nav.pending("payment") end})`
---@param key string
---@return SwitchyardPendingMarker
function nav.pending(key) end

---finishes the pending navigation as if its guard had returned `result` (nil or true allow, false drops it and returns false, a path redirects); a loader's hold lands with `result` as its data; an unknown key is an error.
---
---Example: `nav.settle("payment", true)`
---@param key string
---@param result? any
---@return boolean
function nav.settle(key, result) end

---adds a hook asked before every landing's route guards, as `fn(to, from)`, in the order hooks were added; it answers as a guard does (nil or true allow, false blocks, a path redirects, `nav.pending(key)` waits) and returns a handle whose `off()` removes it.
---
---Example: `nav.before(function(to) return signed_in or to.path == "/login" or "/login" end)`
---@param fn fun(to: SwitchyardInfo, from: SwitchyardInfo): any
---@return SwitchyardHandle
function nav.before(fn) end

---adds a hook told after each committed change, as `fn(to, from, action)` (the new top screen, the one before, the operation's name); what it returns is ignored, and it returns a handle whose `off()` removes it.
---
---Example: `nav.after(function(to, from, action) print(action, to.path) end)`
---@param fn fun(to: SwitchyardScreen, from: SwitchyardScreen, action: string)
---@return SwitchyardHandle
function nav.after(fn) end

---asks the hooks and guards of every screen shown again, each stack from the bottom up, and acts on the first that now blocks or redirects, as one operation; false when all allow.
---
---Example: `app.sign_out(); nav.revalidate()`
---@return boolean
function nav.revalidate() end

---returns the `info` of the winning route, or nil. Its `query`, and its `path` when the text goes on with `?` or `#`, are read from the text on first read: `pairs` lists them; raw `next`/`rawget` see each once read; until both are read `getmetatable` gives a note and `setmetatable` refuses.
---
---Example: `match("/album/12?lang=en").params.id   --> "12"`
---@param path string
---@return SwitchyardInfo?
function match(path) end

---lists every candidate, in rank order.
---
---Example: `#match_all("/news/latest")`
---@param path string
---@return SwitchyardInfo[]
function match_all(path) end

---says, for each route, why it won or lost.
---
---Example: `print(explain("/album/new"))`
---@param path string
---@return string
function explain(path) end

---builds a path from a route's name (reverse routing); values are percent-encoded, and checked against the route's typed parameters and query schema.
---
---Example: `url("album", {id = "12"}, {lang = "en"})   --> "/album/12?lang=en"`
---@overload fun(name: "album", params: {id: string|number|boolean}, query?: table<string, string|number|boolean>): string
---@param name SwitchyardRouteName
---@param params? table<string, string|number|boolean>
---@param query? table<string, string|number|boolean>
---@return string
function url(name, params, query) end

---lists the declared routes.
---
---Example: `for _, r in ipairs(routes{case_insensitive = true}) do print(r.pattern, r.name) end`
---@param opts? {case_insensitive: boolean?}
---@return SwitchyardRouteEntry[]
function routes(opts) end

---returns the screen navigating to `path` would show, without navigating and without asking guards; nil when nothing matches.
---
---Example: `preview("/album/12").title`
---@param path string
---@return SwitchyardScreen?
function preview(path) end

---raised in a validator, means "no match here, try the next candidate"; `explain` shows the reason.
---
---Example: `route("/user/:id", {validate = function(info) return tonumber(info.params.id) or mismatch("not a number") end})`
---@param reason? string
function mismatch(reason) end

---changes the location the way a browser does: it replaces the top screen; with `replace = true` it also replaces the current timeline entry. A URL with a scheme (`myapp://album/1`) is refused: that is a deep link, for `nav.open`.
---
---Example: `nav.go("latest", {replace = true})`
---@param path string
---@param opts? {replace: boolean?}
function nav.go(path, opts) end

---adds a screen on top
---
---Example: `nav.push("/album/12")`
---@param path string
---@param opts? SwitchyardScreenOptions
function nav.push(path, opts) end

---pushes several screens as one operation and one timeline entry; guards and redirects run for each, and any failure changes nothing.
---
---Example: `nav.push_stack{"/library", "/album/12"}`
---@param paths string[]
function nav.push_stack(paths) end

---removes `n` (default 1), and returns false when there is nothing to pop.
---
---Example: `nav.pop(2)`
---@param n? integer|{result: any}
---@return boolean
function nav.pop(n) end

---pops back to the nearest screen below with that path or id
---
---Example: `nav.pop_to("/library")`
---@param path_or_id string|integer
function nav.pop_to(path_or_id) end

---keeps only the bottom screen of the top environment.
---
---Example: `nav.pop_to_root()`
---@return boolean
function nav.pop_to_root() end

---present a new environment with its own push stack
---
---Example: `nav.sheet("/settings")`
---@param path string
---@param opts? SwitchyardScreenOptions
function nav.sheet(path, opts) end

---present a new environment with its own push stack
---
---Example: `nav.cover("/login")`
---@param path string
---@param opts? SwitchyardScreenOptions
function nav.cover(path, opts) end

---changes the top sheet's detent (a timeline entry; a detent the sheet does not have is an error).
---
---Example: `nav.set_detent("large")`
---@param name string
function nav.set_detent(name) end

---shows an external page over everything, as an environment of kind `"browser"` whose location is the URL (no route is looked up); `nav.dismiss()` closes it.
---
---Example: `nav.browser("https://example.com/help")`
---@param url string
function nav.browser(url) end

---closes the top sheet or cover with everything pushed on it
---
---Example: `nav.dismiss_environment()`
function nav.dismiss_environment() end

---closes every sheet and cover, and returns false when none was presented.
---
---Example: `nav.dismiss_all()`
---@return boolean
function nav.dismiss_all() end

---closes the top-most layer: the alert (choosing its Cancel button, or its only button; an alert without either is an error naming its buttons), else the top modal, else it pops a pushed screen, or dismisses the sheet or cover when you are at the bottom of one.
---
---Example: `nav.dismiss()`
---@param opts? {result: any}
function nav.dismiss(opts) end

---follows a deep link: `scheme://host/path` becomes `/host/path` (a dotted host, or http(s), keeps only the path).
---
---Example: `nav.open("myapp://album/123?presentation=sheet")`
---@param url string
function nav.open(url) end

---move along the timeline with browser rules: counts are clamped, and a new operation after `back` drops the forward entries.
---
---Example: `nav.back(2)`
---@param n? integer
---@return boolean
function nav.back(n) end

---move along the timeline with browser rules: counts are clamped, and a new operation after `back` drops the forward entries.
---
---Example: `nav.forward()`
---@param n? integer
---@return boolean
function nav.forward(n) end

---switches tabs, by name or 1-based position, dismissing any sheet or cover over them; each tab keeps its own stack.
---
---Example: `nav.tab("search")`
---@param name SwitchyardTabName|integer
function nav.tab(name) end

---pops one tab's stack to its root, by name or 1-based position, without switching tabs; on the selected tab it also dismisses the sheets and covers over it. One timeline entry (`pop_to_root`); false when the tab was already at its root.
---
---Example: `nav.reset_tab("library")`
---@param name SwitchyardTabName|integer
---@return boolean
function nav.reset_tab(name) end

---goes to the current screen's parent: it pops to it when it is below, and replaces the top screen with it otherwise.
---
---Example: `nav.up()`
function nav.up() end

---starts over at `path` (default: the root screen).
---
---Example: `nav.reset("/library")`
---@param path? string
function nav.reset(path) end

---shows the first step at once and queues the rest
---
---Example: `nav.start_flow("onboarding")`
---@param name_or_steps SwitchyardFlowName|SwitchyardFlowStepList
function nav.start_flow(name_or_steps) end

---shows the next step (an error when the queue is empty)
---
---Example: `nav.next()`
function nav.next() end

---shows the next step or, at the end, dismisses the flow's environment
---
---Example: `nav.next_or_dismiss()`
function nav.next_or_dismiss() end

---empties the queue.
---
---Example: `nav.cancel_flow()`
---@return boolean
function nav.cancel_flow() end

---shows the one alert; buttons are in display order, a plain label or `{label, fn}`.
---
---Example: `nav.alert{title = "Delete?", buttons = {"Cancel", {"Delete", function() print("gone") end}}}`
---@param alert string|SwitchyardAlertOptions
function nav.alert(alert) end

---dismisses the alert and runs the button's function, which may navigate
---
---Example: `nav.choose("Delete")`
---@param label string
function nav.choose(label) end

---dismisses the alert without choosing
---
---Example: `nav.dismiss_alert()`
function nav.dismiss_alert() end

---stacks a modal over the top screen
---
---Example: `nav.modal("/album/12/share")`
---@param path string
---@param opts? SwitchyardScreenOptions
function nav.modal(path, opts) end

---removes the topmost modal.
---
---Example: `nav.dismiss_modal()`
function nav.dismiss_modal() end

---calls `fn({operation, from, to, direction})` after each change: `"change"` for every one, or an operation's name (`"push"`, `"pop_to"`, `"open"`...) for that one alone.
---
---Example: `local handle = nav.on("change", function(e) print(e.operation, e.to.path) end)`
---@param event string
---@param fn fun(event: SwitchyardEvent)
---@return SwitchyardHandle
function nav.on(event, fn) end

---returns the whole state (environments, screens, timeline, flow queue) as JSON
---
---Example: `local saved = nav.save()`
---@return string
function nav.save() end

---puts a saved state back exactly
---
---Example: `nav.restore(saved)`
---@param json string
function nav.restore(json) end

---prints the signature, meaning and an example of a function or field, from this reference; alone, it lists the topics.
---
---Example: `help(nav.push)`
---@param topic? any
function help(topic) end

---declares a step of a paced tour: in a terminal the REPL runs it when you press Enter (or `:step N`); elsewhere it runs at once.
---
---Example: `step("Ranking", function() print(explain("/album/new")) end)`
---@param title string
---@param fn fun()
function step(title, fn) end

---waits for Enter in a terminal, with the prompt shown; from a pipe it returns at once.
---
---Example: `pause("Which route wins? Enter to see")`
---@param prompt? string
function pause(prompt) end

---prints `line` as the class would type it (`> line`), then runs it: in the REPL exactly as typed (a `:command` too: its screen shown, `:record` recording it); without a REPL a Lua line runs and a `:command` is only shown. An error is shown and the step goes on.
---
---Example: `demo('nav.push("/news")')`
---@param line string
function demo(line) end

---groups tests; its body runs while the file loads, declaring them. `context` is the same; #words in a name are tags.
---
---Example: `describe("albums #smoke", function() it("opens", function() nav.push("/album/1") end) end)`
---@param name string
---@param fn fun()
function describe(name, fn) end

---is a `describe` whose changes to the globals and to `require`'s loaded modules (in its body, hooks and tests) are undone when it ends.
---
---Example: `insulate("with a stubbed app", function() app = {} it("sees it", function() end) end)`
---@param name string
---@param fn fun()
function insulate(name, fn) end

---is a `describe` whose changes to the globals and loaded modules outlive the `insulate` block (or the file) around it.
---
---Example: `expose("shared set-up", function() signed_in = true end)`
---@param name string
---@param fn fun()
function expose(name, fn) end

---declares a test, run later from a fresh navigator over the same routes; without fn it is pending (`it "name" (fn)` works too). Also `spec`, `test`.
---
---Example: `it("opens an album", function() nav.push("/album/1") end)`
---@param name string
---@param fn? fun()
---@return fun(fn: fun())?
function it(name, fn) end

---declares a pending test (fn never runs); called inside a test, stops it there and counts it pending.
---
---Example: `pending("undo after a redirect")`
---@param name string
---@param fn? fun()
function pending(name, fn) end

---runs once when its block starts (`strict_setup`); `lazy_setup` runs before the block's first test that runs. A setup that raises skips the block's tests.
---
---Example: `setup(function() app = require("app") end)`
---@param fn fun()
function setup(fn) end

---runs once when its block ends (`strict_teardown`); `lazy_teardown` only when a `lazy_setup` ran.
---
---Example: `teardown(function() print("done") end)`
---@param fn fun()
function teardown(fn) end

---runs before each test of the block it is declared in (outer blocks' first).
---
---Example: `before_each(function() nav.push("/album/1") end)`
---@param fn fun()
function before_each(fn) end

---runs after each test of the block it is declared in (inner blocks' first), even when the test failed.
---
---Example: `after_each(function() print(nav.path) end)`
---@param fn fun()
function after_each(fn) end

---inside a test: runs fn when the test ends, passed or failed.
---
---Example: `finally(function() nav.dismiss_all() end)`
---@param fn fun()
function finally(fn) end

---compares with `==` (also `assert.equals`, `assert.are.equal`).
---
---Example: `assert.are.equal("/album/1", nav.path)`
---@param expected any
---@param actual any
---@param message? string
---@return any
function assert.equal(expected, actual, message) end

---compares tables deeply; a failure names the first place they differ (`expected[2].path == "/b", got "/c"`).
---
---Example: `assert.same({id = "1"}, nav.params)`
---@param expected any
---@param actual any
---@param message? string
---@return any
function assert.same(expected, actual, message) end

---expects exactly `true`.
---
---Example: `assert.is_true(nav.can_back)`
---@param v any
---@param message? string
function assert.is_true(v, message) end

---expects exactly `false`.
---
---Example: `assert.is_false(nav.can_forward)`
---@param v any
---@param message? string
function assert.is_false(v, message) end

---expects `nil`.
---
---Example: `assert.is_nil(nav.last_action)`
---@param v any
---@param message? string
function assert.is_nil(v, message) end

---expects anything but `nil` (also `assert.is_not_nil`).
---
---Example: `assert.not_nil(nav.title)`
---@param v any
---@param message? string
---@return any
function assert.not_nil(v, message) end

---expects anything but `nil` and `false`.
---
---Example: `assert.truthy(match("/"))`
---@param v any
---@param message? string
---@return any
function assert.truthy(v, message) end

---expects `nil` or `false`.
---
---Example: `assert.falsy(match("/nowhere"))`
---@param v any
---@param message? string
function assert.falsy(v, message) end

---expects a number; `is_string`, `is_table`, `is_function`, `is_boolean`, `is_userdata`, `is_thread` likewise.
---
---Example: `assert.is_number(#nav.stack)`
---@param v any
---@param message? string
---@return any
function assert.is_number(v, message) end

---expects a number within tolerance of expected.
---
---Example: `assert.near(0.5, progress, 0.01)`
---@param expected number
---@param actual number
---@param tolerance number
---@param message? string
---@return number
function assert.near(expected, actual, tolerance, message) end

---expects no value twice in list (deep: compared as `same` does).
---
---Example: `assert.unique(nav.tabs)`
---@param list table
---@param deep? boolean
---@param message? string
function assert.unique(list, deep, message) end

---expects `fn` to raise; given expected, that error (a message with or without its `file:line:`). Also `assert.error`; `assert.has_no.errors(fn)` expects none.
---
---Example: `assert.has_error(function() nav.tab("nowhere") end)`
---@param fn fun()
---@param expected? any
---@param message? string
---@return any
function assert.has_error(fn, expected, message) end

---expects `fn` to return without raising (also `assert.has_no.errors`).
---
---Example: `assert.has_no_error(function() nav.pop() end)`
---@param fn fun()
---@param expected? any
---@param message? string
function assert.has_no_error(fn, expected, message) end

---expects `fn` to raise a string error matching the Lua pattern.
---
---Example: `assert.error_matches(function() nav.push("/x") end, "no route")`
---@param fn fun()
---@param pattern string
---@param init? integer
---@param plain? boolean
---@param message? string
---@return any
function assert.error_matches(fn, pattern, init, plain, message) end

---expects the string `s` to match the Lua pattern (also `assert.match`; `assert.matches(pattern, s, init, plain)` as `string.find`).
---
---Example: `assert.matches("^/album/%d+$", nav.path)`
---@param pattern string
---@param s string
---@param message? string
---@return string
function assert.matches(pattern, s, message) end

---checks a spy or stub: `.was.called([n])`, `.called_at_least(n)`, `.called_at_most(n)`, `.called_with(...)`, `.returned_with(...)`, `.was_not.called()` (also `assert.stub`). In `called_with`, `match._` is any value, `match.is_string()`, `match.is_table()`, `match.is_not_nil()`, `match.is_same(v)` a kind of value; called, `match` is still `match(path)`.
---
---Example: `assert.spy(closed).was.called_with(match.is_table())`
---@param s SwitchyardSpy
---@return table
function assert.spy(s) end

---makes a callable that records each call's arguments (`s.calls[i].vals`) and results, then calls fn. Also `spy(fn)`.
---
---Example: `local closed = spy.new(function() end)`
---@param fn? function
---@return SwitchyardSpy
function spy.new(fn) end

---replaces `t[key]` by a spy calling the original, until the test (or, made in setup, the block) ends; `s:revert()` sooner.
---
---Example: `local s = spy.on(app, "log")`
---@param t table
---@param key any
---@return SwitchyardSpy
function spy.on(t, key) end

---replaces `t[key]` by a spy returning ... (`s.returns(...)`, `s.invokes(fn)` change that), until the test ends.
---
---Example: `stub(app, "confirm", true)`
---@param t table
---@param key any
---@param ...? any
---@return SwitchyardSpy
function stub(t, key, ...) end

---spies on (or stubs) every function in t, and in its tables.
---
---Example: `mock(app)`
---@param t table
---@param as_stubs? boolean
---@return table
function mock(t, as_stubs) end

assert.are_equal = assert.equal
assert.are_same = assert.same
assert.equals = assert.equal
assert.error = assert.has_error
assert.error_match = assert.error_matches
assert.errors = assert.has_error
assert.is_boolean = assert.is_number
assert.is_falsy = assert.falsy
assert.is_function = assert.is_number
assert.is_not_nil = assert.not_nil
assert.is_string = assert.is_number
assert.is_table = assert.is_number
assert.is_thread = assert.is_number
assert.is_truthy = assert.truthy
assert.is_userdata = assert.is_number
assert.match = assert.matches
assert.not_equal = assert.equal
assert.not_same = assert.same
assert.stub = assert.spy
assert.is = assert
assert.are = assert
assert.was = assert
assert.has = assert
assert.does = assert
assert.no = assert
assert.is_not = assert
assert.are_not = assert
assert.was_not = assert
assert.has_no = assert
assert.does_not = assert
context = describe
lazy_setup = setup
lazy_teardown = teardown
spec = it
strict_setup = setup
strict_teardown = teardown
test = it

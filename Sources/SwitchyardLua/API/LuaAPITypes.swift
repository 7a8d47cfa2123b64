/// The Lua API's types in lua-language-server's annotation syntax, beside `LuaAPIReference`'s words:
/// each entry there has its parameters and results here (a test holds the two lists to each other),
/// so `switchyard types` can write a `---@meta` library and a luacheck standard without a second
/// description of anything.
///
///     LuaAPITypes.functions["nav.push"]?.parameters.first?.type   // "string"
package enum LuaAPITypes {
    package struct Parameter: Sendable {
        package let name: String
        /// A LuaLS type: "string", "SwitchyardScreenOptions", "fun(info: SwitchyardInfo)".
        package let type: String
        package let optional: Bool
    }

    package struct Function: Sendable {
        package let parameters: [Parameter]
        package let results: [String]
    }

    /// The type a name stands for when an app's names are known: `url`'s route names, `nav.tab`'s tab
    /// names, `nav.start_flow`'s flow names. Without an app each is `string`.
    package enum AppNames: String, Sendable, CaseIterable {
        case route = "SwitchyardRouteName"
        case tab = "SwitchyardTabName"
        case flow = "SwitchyardFlowName"
    }

    private static func p(_ name: String, _ type: String, optional: Bool = false) -> Parameter {
        Parameter(name: name, type: type, optional: optional)
    }

    private static func f(_ parameters: Parameter..., returns results: String...) -> Function {
        Function(parameters: parameters, results: results)
    }

    package static let functions: [String: Function] = [
        "route": f(p("pattern", "string"), p("opts", "SwitchyardRouteOptions", optional: true), returns: "SwitchyardRouteEntry"),
        "group": f(p("prefix", "string"), p("body", "fun()"), p("opts", "SwitchyardGroupOptions", optional: true)),
        "layout": f(p("prefix", "string"), p("body", "fun()"), p("opts", "SwitchyardLayoutOptions", optional: true)),
        "remove_route": f(p("name_or_pattern", "SwitchyardRouteName|string")),
        "not_found": f(p("opts", "SwitchyardRouteOptions")),
        "error_screen": f(p("opts", "SwitchyardErrorScreen|fun(info: SwitchyardInfo, err: SwitchyardLandingError): (SwitchyardErrorScreen|string)")),
        "tabs": f(p("paths", "string[]")),
        "flow": f(p("name", "string"), p("steps", "SwitchyardFlowStepList")),
        "invariant": f(p("name", "string"), p("fn", "fun(): (boolean?, string?)")),
        "flag": f(p("name", "string"), p("values", "(boolean|number|string)[]"), p("set", "fun(value: boolean|number|string)", optional: true)),
        "set_flag": f(p("name", "string"), p("value", "boolean|number|string"), returns: "boolean"),
        "nav.pending": f(p("key", "string"), returns: "SwitchyardPendingMarker"),
        "nav.settle": f(p("key", "string"), p("result", "any", optional: true), returns: "boolean"),
        "match": f(p("path", "string"), returns: "SwitchyardInfo?"),
        "match_all": f(p("path", "string"), returns: "SwitchyardInfo[]"),
        "explain": f(p("path", "string"), returns: "string"),
        "url": f(p("name", AppNames.route.rawValue), p("params", "table<string, string|number|boolean>", optional: true),
                 p("query", "table<string, string|number|boolean>", optional: true), returns: "string"),
        "routes": f(p("opts", "{case_insensitive: boolean?}", optional: true), returns: "SwitchyardRouteEntry[]"),
        "preview": f(p("path", "string"), returns: "SwitchyardScreen?"),
        "mismatch": f(p("reason", "string", optional: true)),
        "nav.go": f(p("path", "string"), p("opts", "{replace: boolean?}", optional: true)),
        "nav.push": f(p("path", "string"), p("opts", "SwitchyardScreenOptions", optional: true)),
        "nav.push_stack": f(p("paths", "string[]")),
        "nav.pop": f(p("n", "integer|{result: any}", optional: true), returns: "boolean"),
        "nav.pop_to": f(p("path_or_id", "string|integer")),
        "nav.pop_to_root": f(returns: "boolean"),
        "nav.sheet": f(p("path", "string"), p("opts", "SwitchyardScreenOptions", optional: true)),
        "nav.cover": f(p("path", "string"), p("opts", "SwitchyardScreenOptions", optional: true)),
        "nav.set_detent": f(p("name", "string")),
        "nav.browser": f(p("url", "string")),
        "nav.dismiss_environment": f(),
        "nav.dismiss_all": f(returns: "boolean"),
        "nav.dismiss": f(p("opts", "{result: any}", optional: true)),
        "nav.open": f(p("url", "string")),
        "nav.back": f(p("n", "integer", optional: true), returns: "boolean"),
        "nav.forward": f(p("n", "integer", optional: true), returns: "boolean"),
        "nav.tab": f(p("name", AppNames.tab.rawValue + "|integer")),
        "nav.reset_tab": f(p("name", AppNames.tab.rawValue + "|integer"), returns: "boolean"),
        "nav.up": f(),
        "nav.reset": f(p("path", "string", optional: true)),
        "nav.start_flow": f(p("name_or_steps", AppNames.flow.rawValue + "|SwitchyardFlowStepList")),
        "nav.next": f(),
        "nav.next_or_dismiss": f(),
        "nav.cancel_flow": f(returns: "boolean"),
        "nav.alert": f(p("alert", "string|SwitchyardAlertOptions")),
        "nav.choose": f(p("label", "string")),
        "nav.dismiss_alert": f(),
        "nav.modal": f(p("path", "string"), p("opts", "SwitchyardScreenOptions", optional: true)),
        "nav.dismiss_modal": f(),
        "nav.on": f(p("event", "string"), p("fn", "fun(event: SwitchyardEvent)"), returns: "SwitchyardHandle"),
        "nav.before": f(p("fn", "fun(to: SwitchyardInfo, from: SwitchyardInfo): any"), returns: "SwitchyardHandle"),
        "nav.revalidate": f(returns: "boolean"),
        "nav.after": f(p("fn", "fun(to: SwitchyardScreen, from: SwitchyardScreen, action: string)"), returns: "SwitchyardHandle"),
        "nav.save": f(returns: "string"),
        "nav.restore": f(p("json", "string")),
        "help": f(p("topic", "any", optional: true)),
        "step": f(p("title", "string"), p("fn", "fun()")),
        "pause": f(p("prompt", "string", optional: true)),
        "demo": f(p("line", "string")),
        "describe": f(p("name", "string"), p("fn", "fun()")),
        "insulate": f(p("name", "string"), p("fn", "fun()")),
        "expose": f(p("name", "string"), p("fn", "fun()")),
        "it": f(p("name", "string"), p("fn", "fun()", optional: true), returns: "fun(fn: fun())?"),
        "pending": f(p("name", "string"), p("fn", "fun()", optional: true)),
        "setup": f(p("fn", "fun()")),
        "teardown": f(p("fn", "fun()")),
        "before_each": f(p("fn", "fun()")),
        "after_each": f(p("fn", "fun()")),
        "finally": f(p("fn", "fun()")),
        "assert": f(p("v", "any"), p("message", "any", optional: true), returns: "any"),
        "assert.equal": f(p("expected", "any"), p("actual", "any"), p("message", "string", optional: true), returns: "any"),
        "assert.same": f(p("expected", "any"), p("actual", "any"), p("message", "string", optional: true), returns: "any"),
        "assert.is_true": f(p("v", "any"), p("message", "string", optional: true)),
        "assert.is_false": f(p("v", "any"), p("message", "string", optional: true)),
        "assert.is_nil": f(p("v", "any"), p("message", "string", optional: true)),
        "assert.not_nil": f(p("v", "any"), p("message", "string", optional: true), returns: "any"),
        "assert.truthy": f(p("v", "any"), p("message", "string", optional: true), returns: "any"),
        "assert.falsy": f(p("v", "any"), p("message", "string", optional: true)),
        "assert.is_number": f(p("v", "any"), p("message", "string", optional: true), returns: "any"),
        "assert.near": f(p("expected", "number"), p("actual", "number"), p("tolerance", "number"),
                         p("message", "string", optional: true), returns: "number"),
        "assert.unique": f(p("list", "table"), p("deep", "boolean", optional: true), p("message", "string", optional: true)),
        "assert.has_error": f(p("fn", "fun()"), p("expected", "any", optional: true), p("message", "string", optional: true), returns: "any"),
        "assert.has_no_error": f(p("fn", "fun()"), p("expected", "any", optional: true), p("message", "string", optional: true)),
        "assert.error_matches": f(p("fn", "fun()"), p("pattern", "string"), p("init", "integer", optional: true),
                                  p("plain", "boolean", optional: true), p("message", "string", optional: true), returns: "any"),
        "assert.matches": f(p("pattern", "string"), p("s", "string"), p("message", "string", optional: true), returns: "string"),
        "assert.spy": f(p("s", "SwitchyardSpy"), returns: "table"),
        "spy.new": f(p("fn", "function", optional: true), returns: "SwitchyardSpy"),
        "spy.on": f(p("t", "table"), p("key", "any"), returns: "SwitchyardSpy"),
        "stub": f(p("t", "table"), p("key", "any"), p("...", "any", optional: true), returns: "SwitchyardSpy"),
        "mock": f(p("t", "table"), p("as_stubs", "boolean", optional: true), returns: "table"),
    ]

    /// The other names `assert` answers to, each the same check as the one it names.
    package static let assertionAliases: [String: String] = [
        "equals": "equal", "are_equal": "equal", "are_same": "same", "is_not_nil": "not_nil",
        "error": "has_error", "errors": "has_error", "match": "matches", "error_match": "error_matches",
        "is_string": "is_number", "is_table": "is_number", "is_function": "is_number", "is_boolean": "is_number",
        "is_userdata": "is_number", "is_thread": "is_number", "not_equal": "equal", "not_same": "same",
        "is_truthy": "truthy", "is_falsy": "falsy", "stub": "spy",
    ]

    /// Globals that are another's other name: busted's `context`, `spec`, `lazy_setup`, ...
    package static let globalAliases: [String: String] = [
        "context": "describe", "spec": "it", "test": "it", "strict_setup": "setup", "lazy_setup": "setup",
        "strict_teardown": "teardown", "lazy_teardown": "teardown",
    ]

    /// The words that only read well (or negate) before an assertion: `assert.are.equal`,
    /// `assert.is_not.same`, `assert.has_no.errors`, `assert.spy(s).was_not.called()`.
    package static let assertionModifiers = ["is", "are", "was", "has", "does", "no", "is_not", "are_not", "was_not", "has_no",
                                             "does_not"]

    /// The read-only fields of `nav`, by name.
    package static let fields: [String: String] = [
        "nav.path": "string", "nav.params": "table<string, string>", "nav.query": "table<string, string|number|boolean>",
        "nav.info": "SwitchyardInfo", "nav.screen": "SwitchyardScreen", "nav.title": "string?",
        "nav.stack": "SwitchyardScreen[]", "nav.state": "SwitchyardState", "nav.history": "SwitchyardHistoryEntry[]",
        "nav.can_back": "boolean", "nav.can_forward": "boolean", "nav.queue": "SwitchyardFlowStep[]",
        "nav.alert_active": "boolean", "nav.modals": "SwitchyardScreen[]", "nav.tabs": "string[]",
        "nav.last_action": "SwitchyardEvent?", "nav.pending_navigation": "SwitchyardPendingNavigation?",
    ]

    /// The tables the API takes and gives, as LuaLS classes.
    package static let classes = """
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
        """
}

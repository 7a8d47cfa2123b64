/// Text shown for a screen: fixed, or computed from the matched route when the screen is landed on.
///
///     RouteDefinition(title: .computed { info in "Album \(info.params["id"]!)" })
public enum RouteText: ExpressibleByStringLiteral {
    case fixed(String)
    case computed((RouteInfo) throws -> String)

    public init(stringLiteral value: String) { self = .fixed(value) }

    package func render(_ info: RouteInfo) throws -> String {
        switch self {
        case let .fixed(text): text
        case let .computed(make): try make(info)
        }
    }
}

/// What a route's loader answers: the data the screen lands with, or a key to hold the landing
/// under until `Navigator.settle(_:loaded:)` brings the data.
package enum LoadAnswer {
    case data(Any?)
    case pending(String)
}

/// A route-level redirect: always to a path, or decided per landing (return nil to stay).
///
///     RouteDefinition(redirect: "/home")
///     RouteDefinition(redirect: .computed { info in info.query["legacy"] == nil ? nil : "/new" })
public enum RedirectRule: ExpressibleByStringLiteral {
    case to(String)
    case computed((RouteInfo) throws -> String?)

    public init(stringLiteral value: String) { self = .to(value) }

    func target(for info: RouteInfo) throws -> String? {
        switch self {
        case let .to(path): path
        case let .computed(decide): try decide(info)
        }
    }
}

/// The navigation-level options of a route: the payload of the navigator's `RouteTable`.
/// Every callback may be a Lua function wrapped by the Lua layer; they run while an operation is in
/// flight, so navigating from inside one throws a `NavigationError` (code "reentrant").
///
///     let routes = RouteTable<RouteDefinition>()
///     try routes.add("/album/:id", name: "album", payload: RouteDefinition(
///         title: .computed { "Album \($0.params["id"]!)" }, presentation: .sheet, links: ["/artist/:id"]))
public struct RouteDefinition {
    /// Everything the route declares, in one object shared by copies (copied before a write when
    /// shared); nil for a route that declares nothing, the commonest: the navigator's route table keeps
    /// one definition a route, and the fields inline took about 220 bytes of each (100,000 routes
    /// declared from Lua, Benchmarks case 6b: the release `switchyard` executable 68.2-68.6 MB resident
    /// with them inline, 46.0 MB so).
    private var parts: Parts?

    /// The declared fields; `isBare` when all are their defaults.
    private final class Parts {
        var title: RouteText?
        var view: RouteText?
        var `guard`: ((RouteInfo) throws -> GuardDecision)?
        var redirect: RedirectRule?
        var presentation: Presentation = .push
        var links: [String] = []
        var linkFunction: ((RouteInfo) throws -> [String])?
        var entry = false
        var parent: String?
        var leave: ((_ leaving: RouteInfo, _ to: RouteInfo) throws -> Bool)?
        var load: ((RouteInfo) throws -> LoadAnswer)?
        var layoutLoads: [(RouteInfo, _ settled: LoadAnswer?) throws -> LoadAnswer] = []
        var errorScreen: ErrorScreen?
        var action: ((RouteInfo) throws -> Void)?

        init() {}

        /// `RouteDefinition.isBare` for a definition with parts: field reads only, so that inlined
        /// where the definition is read in place nothing holds the parts for a call.
        var declaresNothingToRunOrRender: Bool {
            @inline(__always) get {
                if case .some = title { return false }
                if case .some = view { return false }
                if case .some = self.guard { return false }
                if case .some = redirect { return false }
                if case .some = leave { return false }
                if case .some = linkFunction { return false }
                if case .some = load { return false }
                if case .some = action { return false }
                return layoutLoads.isEmpty
            }
        }

        func copy() -> Parts {
            let copy = Parts()
            (copy.title, copy.view, copy.guard, copy.redirect) = (title, view, self.guard, redirect)
            (copy.presentation, copy.links, copy.linkFunction, copy.entry) = (presentation, links, linkFunction, entry)
            (copy.parent, copy.leave, copy.load, copy.layoutLoads) = (parent, leave, load, layoutLoads)
            (copy.errorScreen, copy.action) = (errorScreen, action)
            return copy
        }
    }

    /// The parts to write to: made on the first write of something other than a default (a setter
    /// writing a default to a definition of nothing makes nothing: declarations write every option,
    /// given or not), copied when another definition shares them.
    private var writable: Parts {
        mutating get {
            if parts == nil { parts = Parts() } else if !isKnownUniquelyReferenced(&parts) { parts = parts!.copy() }
            return parts!
        }
    }

    package var title: RouteText? {
        get { parts?.title }
        set { if newValue != nil || parts != nil { writable.title = newValue } }
    }
    package var view: RouteText? {
        get { parts?.view }
        set { if newValue != nil || parts != nil { writable.view = newValue } }
    }
    package var `guard`: ((RouteInfo) throws -> GuardDecision)? {
        get { parts?.guard }
        set { if newValue != nil || parts != nil { writable.guard = newValue } }
    }
    package var redirect: RedirectRule? {
        get { parts?.redirect }
        set { if newValue != nil || parts != nil { writable.redirect = newValue } }
    }
    /// How a deep link to this route is shown unless the link says `presentation=...`.
    package var presentation: Presentation {
        get { parts?.presentation ?? .push }
        set { if newValue != .push || parts != nil { writable.presentation = newValue } }
    }
    /// Declared edges, for graphs and the REPL's `:follow`: paths whose placeholders the screen's
    /// parameters fill.
    package var links: [String] {
        get { parts?.links ?? [] }
        set { if !newValue.isEmpty || parts != nil { writable.links = newValue } }
    }
    /// Links decided by each screen (an album screen links to its own artist): computed from the
    /// screen's info when it is landed, as its title is, and kept with it. Graphs cannot know them.
    package var linkFunction: ((RouteInfo) throws -> [String])? {
        get { parts?.linkFunction }
        set { if newValue != nil || parts != nil { writable.linkFunction = newValue } }
    }
    /// Whether the route is reachable from outside the app (a deep link, a notification): `check`
    /// starts a crawl there and does not call it unreachable, and `walk` may open it.
    package var entry: Bool {
        get { parts?.entry ?? false }
        set { if newValue || parts != nil { writable.entry = newValue } }
    }
    /// The pattern of the screen above which this one sits when reached from outside, filled from this
    /// screen's parameters ("/album/:id" for "/album/:id/track/:n"): a deep link builds the back stack
    /// through it, and `up()` goes to it.
    package var parent: String? {
        get { parts?.parent }
        set { if newValue != nil || parts != nil { writable.parent = newValue } }
    }
    /// Asked before any operation removes a screen of this route from the state (a pop, a dismissal,
    /// a replacing go, back along the timeline, a reset), with the screen's info and the destination's:
    /// false blocks the operation (a `NavigationError`, code "leave_blocked"), for unsaved changes.
    package var leave: ((_ leaving: RouteInfo, _ to: RouteInfo) throws -> Bool)? {
        get { parts?.leave }
        set { if newValue != nil || parts != nil { writable.leave = newValue } }
    }
    /// Asked after the guards allowed a landing and before its title and view are rendered: what it
    /// answers becomes the screen's `info.data` (React Router's loaders, Angular's `resolve`), or
    /// holds the operation until `Navigator.settle(_:loaded:)` gives the data.
    package var load: ((RouteInfo) throws -> LoadAnswer)? {
        get { parts?.load }
        set { if newValue != nil || parts != nil { writable.load = newValue } }
    }
    /// The loaders of the layouts the route is in, outermost first (`layout(..., {load = ...})`): run
    /// before `load`, their results in `RouteInfo.layoutData` in the same order. Each is given the data
    /// a `settle(_:loaded:)` answered for it (nil otherwise), so a layout that loads once per navigation
    /// can keep what was settled.
    package var layoutLoads: [(RouteInfo, _ settled: LoadAnswer?) throws -> LoadAnswer] {
        get { parts?.layoutLoads ?? [] }
        set { if !newValue.isEmpty || parts != nil { writable.layoutLoads = newValue } }
    }
    /// Lands in place of the route when its title, view, links, loader or validator raises (before
    /// the app's `Navigator.errorScreen`); nil: the app's, else the error aborts the operation.
    package var errorScreen: ErrorScreen? {
        get { parts?.errorScreen }
        set { if newValue != nil || parts != nil { writable.errorScreen = newValue } }
    }
    /// Runs once a navigation that landed the route has committed, with the screen's info, as its own
    /// transaction: it may navigate (URLNavigator's `handle`). A route with an action and neither
    /// title nor view is action-only: landing it lands nothing, and the action runs instead.
    package var action: ((RouteInfo) throws -> Void)? {
        get { parts?.action }
        set { if newValue != nil || parts != nil { writable.action = newValue } }
    }

    /// A definition; every part is optional.
    ///
    ///     RouteDefinition(title: "Log In", presentation: .cover)
    public init(title: RouteText? = nil, view: RouteText? = nil,
                guard: ((RouteInfo) throws -> GuardDecision)? = nil, redirect: RedirectRule? = nil,
                presentation: Presentation = .push, links: [String] = [],
                linkFunction: ((RouteInfo) throws -> [String])? = nil, entry: Bool = false, parent: String? = nil,
                leave: ((_ leaving: RouteInfo, _ to: RouteInfo) throws -> Bool)? = nil) {
        // A definition of nothing makes no object (the setters write no default to one).
        self.title = title
        self.view = view
        self.guard = `guard`
        self.redirect = redirect
        self.presentation = presentation
        self.links = links
        self.linkFunction = linkFunction
        self.entry = entry
        self.parent = parent
        self.leave = leave
    }
}

extension RouteDefinition {
    /// No title, view, guard, redirect, link function, leave guard, loader or action, and no layout
    /// loader: a landing on the route runs and renders nothing (many routes).
    /// Read where the definition is (no copy of it): the cases are tested, no payload is touched.
    var isBare: Bool {
        guard let parts else { return true }
        return parts.declaresNothingToRunOrRender
    }

    /// The presentation of a bare route (see `isBare`), nil for any other: a landing reads the
    /// definition once to decide both. Inlined, the parts read in place: with `isBare` called out of
    /// line, the landing retained the parts for the call (a `swift_retain` every `nav.push`, of nil
    /// for routes that declare nothing; callgrind, `switchyard-bench --counted-loop lua-push-pop
    /// parameter-heavy 1000`).
    var presentationIfBare: Presentation? {
        @inline(__always) get {
            guard let parts else { return .push }
            return parts.declaresNothingToRunOrRender ? parts.presentation : nil
        }
    }
}


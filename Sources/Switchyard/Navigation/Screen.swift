/// One screen: where a landing ended up. Immutable; `id` is unique for the navigator's life.
///
///     try navigator.push("/album/12?tab=info")
///     navigator.screen.params["id"] == "12"; navigator.screen.query["tab"] == "info"
///
/// A value holding one reference to its immutable fields: every timeline entry, event and stack node
/// holds screens, and copying one is then a single retain instead of one per field.
public struct Screen: Codable, Equatable, Sendable {
    /// The screen's fields, and its place in a push stack: the same object is the stack's node for
    /// it (`ScreenStack`), so pushing a landed screen allocates nothing more. (A screen read from a
    /// stack therefore keeps the screens under it alive while it is held.)
    ///
    /// The match info is kept whole, its `Parameters` still slices of the path: landing a screen makes
    /// no dictionary and no value strings, and reading `params` as a dictionary pays for it then.
    ///
    /// Sendable by this rule: `below` and `depth` are written once, by `place(above:)`, while the object
    /// is held by nothing but the navigator placing it; the other fields are written when it is made,
    /// or by `refill` while it is held by nothing but the navigator (a node kept from a timeline entry
    /// that fell off, `ScreenStack.detachLoneTop()`). Once a screen is in a stack (and so reachable
    /// from a state), nothing writes to it. (Unchecked exclusivity on the refillable fields, as on
    /// `below`: no access overlaps, and checked, every read of a screen's info paid for the check:
    /// a `nav.push` + `nav.pop` pair 3,795.5 instructions against 3,439.5.)
    final class Fields: @unchecked Sendable {
        @exclusivity(unchecked) private(set) var id: Int
        /// Read in place (a `_read` of the stored field): a plain read of the `var` copied the whole
        /// info (a retain and a release of each of its references) wherever a `let` was borrowed.
        var info: RouteInfo { _read { yield refillableInfo } }
        @exclusivity(unchecked) private var refillableInfo: RouteInfo
        /// Whether a route matched (false for the not-found and bare screens).
        @exclusivity(unchecked) private(set) var matched: Bool
        /// The route that matched; nil when none did, and for a screen decoded from a save that does
        /// not name its route until a navigator restores it.
        @exclusivity(unchecked) private(set) var route: RouteID?
        var title: String? { rendered?.title }
        var view: String? { rendered?.view }
        /// The links its route's link function gave it on landing; nil when the route declares a
        /// fixed list (or none), which `Navigator.links(of:)` fills from the parameters instead.
        var links: [String]? { rendered?.links }
        /// What the call that showed it gave beside the path (`ScreenOptions`); nil for most screens.
        var extras: ScreenExtras? { rendered?.extras }
        /// Title, view, links and extras, nil when the screen has none of them (a route with nothing
        /// to render, the commonest push): one reference to write and release instead of four.
        private let rendered: Rendered?
        /// The node below this one in its stack, and the stack's depth here (1 at the root); 0 while
        /// the screen sits in no stack. Set once, by `place(above:)`, while nothing else holds the
        /// object; fixed from then on, like the rest. (Unchecked exclusivity: no access overlaps.)
        // Safety: see the measured figure beside `Navigator.timeline`.
        @exclusivity(unchecked) private(set) var below: Fields?
        @exclusivity(unchecked) private(set) var depth = 0

        init(id: Int, info: __owned RouteInfo, matched: Bool, route: RouteID?, title: String?, view: String?,
             links: [String]? = nil, extras: ScreenExtras? = nil) {
            self.id = id
            refillableInfo = info
            self.matched = matched
            self.route = route
            rendered = title == nil && view == nil && links == nil && extras == nil ? nil
                : Rendered(title: title, view: view, links: links, extras: extras)
        }

        /// What a landing rendered for the screen, and what the call that showed it gave.
        private final class Rendered: Sendable {
            let title: String?
            let view: String?
            let links: [String]?
            let extras: ScreenExtras?

            init(title: String?, view: String?, links: [String]?, extras: ScreenExtras?) {
                self.title = title
                self.view = view
                self.links = links
                self.extras = extras
            }
        }

        // A screen freed frees the one below it when nothing else holds that one, and so on down: the
        // chain is let go of here a node at a time, so that freeing a deep stack (up to
        // `NavigatorLimits.screensPerStack` screens) recurses no deeper than one node. Without this
        // deinit the compiler unlinks such a chain itself, but retains, releases and asks the
        // uniqueness of the node below even when it is shared (the common case: a pushed screen the
        // timeline drops sits on a root other states still hold): 18 instructions a `nav.push` +
        // `nav.pop` pair more (4,033.8 against 4,015.8; callgrind, `switchyard-bench --counted-loop
        // lua-push-pop parameter-heavy 1000`).
        deinit {
            guard var node = below.take() else { return }
            while isKnownUniquelyReferenced(&node), let next = node.below.take() { node = next }
        }

        /// Links this object above `below`: only for one that sits in no stack yet and that nothing
        /// else holds (`Screen.unplacedNode()` gives one).
        func place(above below: consuming Fields?) {
            depth = (below?.depth ?? 0) &+ 1
            self.below = consume below
        }

        /// Whether a node nothing else holds may be refilled for another screen instead of freed: it
        /// holds nothing a landing rendered or a call passed (no title, view, links or extras), and its
        /// match info nothing set beside the match (no validator value, loader data, failure or extra),
        /// so keeping it until the next landing keeps alive no object anyone could see go.
        var isRecyclable: Bool { rendered == nil && !refillableInfo.hasExtras }

        /// Takes this node out of its stack (for `ScreenStack.detachLoneTop()`): its `below` handed
        /// back and its depth reset, so that it sits in no stack. Nil, changing nothing, for a node with
        /// nothing below it.
        func detach() -> Fields? {
            guard let node = below.take() else { return nil }
            depth = 0
            return node
        }

        /// Makes this node, an `isRecyclable` one that sits in no stack and that nothing else holds, the
        /// screen of a bare landing (a route, nothing rendered): what `init` would have made, without
        /// allocating. The match info it held is let go of here.
        func refill(id: Int, info: __owned RouteInfo, route: RouteID) {
            self.id = id
            refillableInfo = info
            matched = true
            self.route = route
        }

        /// Whether the screen is at `text`, a plain normalised path (`RouteInfo.isAt(plainPath:)`). A
        /// path of another length (most pushes) answers here: calling the info's method copied the
        /// info first (its four references retained and released), the info being a `var` (see above).
        @inline(__always)
        func isAt(plainPath text: String) -> Bool {
            pathUTF8Count == text.utf8.count && refillableInfo.isAt(plainPath: text)
        }

        /// `info.path.utf8.count` (`RouteInfo.pathUTF8Count`), read in the stored info, not a copy.
        var pathUTF8Count: Int {
            @inline(__always) get { refillableInfo.pathUTF8Count }
        }

        /// The same fields in a new object, in no stack.
        func copy() -> Fields {
            Fields(id: id, info: info, matched: matched, route: route, rendered: rendered)
        }

        private init(id: Int, info: RouteInfo, matched: Bool, route: RouteID?, rendered: Rendered?) {
            self.id = id
            refillableInfo = info
            self.matched = matched
            self.route = route
            self.rendered = rendered
        }

        /// The screen this node holds.
        var screen: Screen { Screen(fields: self) }
    }

    private var fields: Fields

    private init(fields: Fields) { self.fields = fields }

    /// The object holding the screen's fields (its node when it sits in a stack).
    var stackNode: Fields { fields }

    /// This screen's fields as the stack node above `below`, without a new object when the screen is
    /// freshly landed and held only here.
    consuming func node(above below: consuming Fields?) -> Fields {
        let node = unplacedNode()
        node.place(above: consume below)
        return node
    }

    /// This screen's fields ready to be placed: its own object when it sits in no stack and is held
    /// only here, otherwise a copy.
    consuming func unplacedNode() -> Fields {
        if !isKnownUniquelyReferenced(&fields) || fields.depth != 0 { fields = fields.copy() }
        return fields
    }

    /// The screen's id, unique for the navigator's life (a pushed screen gets a new one).
    ///
    ///     let album = navigator.screen.id
    public var id: Int { fields.id }
    /// The path the screen landed on.
    ///
    ///     navigator.screen.path   // "/album/12"
    public var path: String { fields.info.path }
    /// The matched route's pattern; nil for the not-found screen and for an unmatched start screen.
    package var pattern: String? { fields.matched ? fields.info.pattern : nil }
    /// The route that matched, which several routes with one pattern (told apart by validators) do not
    /// share; nil when `pattern` is.
    ///
    ///     navigator.routes[navigator.screen.route!].name   // "album"
    public var route: RouteID? { fields.route }
    /// The captured parameters as a dictionary, made when read.
    ///
    ///     navigator.screen.params["id"]   // "12"
    public var params: [String: String] { fields.info.params.dictionary }
    /// The captured parameters as the match left them: values decoded when read.
    ///
    ///     navigator.screen.parameters["id"] == "12"
    package var parameters: Parameters { fields.info.params }
    /// The query items of the path that landed it.
    ///
    ///     try navigator.push("/album/12?tab=info");  navigator.screen.query["tab"] == "info"
    public var query: [String: String] { fields.info.query }
    package var fragment: String? { fields.info.fragment }
    /// The route's title, computed on landing; nil when it has none.
    ///
    ///     navigator.screen.title   // "Album 12"
    public var title: String? { fields.title }
    /// The text the REPL prints for the screen (the route's `view`), computed on landing.
    package var view: String? { fields.view }
    /// The links the route's link function computed for this screen; nil for a route with a fixed
    /// list (`Navigator.links(of:)` gives a screen's links either way).
    var computedLinks: [String]? { fields.links }
    /// What the route's validator returned. In memory only: not saved, not compared, nil after restore.
    ///
    ///     navigator.screen.value as? Int   // 12, from `validator: { Int($0.params["id"]!) }`
    public var value: Any? { fields.info.value }
    /// What the route's loader returned when the screen landed (in memory only, as `value`).
    package var data: Any? { fields.info.data }
    /// What its layouts' loaders returned, outermost first (`RouteInfo.layoutData`).
    package var layoutData: [Any?]? { fields.info.layoutData }
    /// What raised, when the screen is an error screen landed in place of its route (in memory only).
    package var failure: LandingFailure? { fields.info.failure }
    /// The parameters the call that showed it passed beside the path's (`ScreenOptions.params`);
    /// `params` holds them too.
    var passedParams: [String: String] { fields.extras?.params ?? [:] }
    /// How this modal entered and what is behind it; nil when not given (and for other screens).
    package var transition: ModalTransition? { fields.extras?.transition }
    package var background: ModalBackground? { fields.extras?.background }
    /// A modal's animation, alignment and bounds; nil when none was given.
    package var placement: ModalPlacement? { fields.extras?.placement }
    /// How this modal is shown, in words for the state tree and the live view: "move-top, spring,
    /// top, device bounds"; nil for a screen shown without such options.
    package var modalStyleText: String? {
        var words: [String] = []
        if let transition { words.append(transition.rawValue) }
        if let background { words.append("background " + background.rawValue) }
        if let animation = placement?.animation { words.append(animation.rawValue) }
        if let alignment = placement?.alignment { words.append(alignment.rawValue) }
        if let bounds = placement?.usesDeviceBounds { words.append(bounds ? "device bounds" : "safe area") }
        return words.isEmpty ? nil : words.joined(separator: ", ")
    }
    /// The JSON value the call that showed it handed it (`ScreenOptions.extra`); nil without one.
    package var extra: RouteMeta? { fields.info.extra }
    /// Where the navigator that landed it keeps its departure callbacks; nil when it has none.
    var callbacksKey: ScreenCallbacksKey? { fields.extras?.callbacksKey }

    /// `info` as `route` matched it (an empty pattern when no route did).
    init(id: Int, info: __owned RouteInfo, route: RouteID?, title: String?, view: String?, links: [String]? = nil) {
        self.init(fields: Fields(id: id, info: info, matched: route != nil, route: route, title: title, view: view,
                                 links: links))
    }

    /// This screen as the route `route` (restoring a save that did not name it).
    func naming(_ route: RouteID) -> Screen {
        Screen(fields: Fields(id: id, info: info, matched: true, route: route, title: title, view: view,
                              links: fields.links, extras: fields.extras))
    }

    /// `naming(route)` with the parameters a match of its route makes (their origin the route, so its
    /// typed values can be read: a restored screen of a typed route, issue 33).
    func naming(_ route: RouteID, parameters: Parameters) -> Screen {
        var info = info
        info.params = parameters
        return Screen(fields: Fields(id: id, info: info, matched: true, route: route, title: title, view: view,
                                     links: fields.links, extras: fields.extras))
    }

    /// This screen keeping what `options` gives it (the caller has put its params in `info`).
    func keeping(_ extras: ScreenExtras) -> Screen {
        Screen(fields: Fields(id: id, info: info, matched: fields.matched, route: route, title: title, view: view,
                              links: fields.links, extras: extras))
    }

    /// `init(id:info:route:title:view:)` for a bare landing's screen (a route, nothing rendered),
    /// refilling `spare` when there is one (`ScreenStack.detachLoneTop()`): each `nav.push` allocated
    /// an object for its screen, which the timeline freed 100 entries later.
    init(id: Int, info: __owned RouteInfo, route: RouteID, recycling spare: inout Fields?) {
        guard let node = spare.take() else {
            self.init(id: id, info: info, route: route, title: nil, view: nil)
            return
        }
        node.refill(id: id, info: info, route: route)
        self.init(fields: node)
    }

    /// A screen no route was consulted for: the start screen before any landing.
    static func bare(id: Int, path: String) -> Screen {
        Screen(id: id, info: RouteInfo(path: path, pattern: "", params: [:], query: [:], fragment: nil),
               route: nil, title: nil, view: nil)
    }

    private enum CodingKeys: String, CodingKey {
        case id, path, pattern, route, params, passed, query, fragment, title, view, links, transition, background
        case animation, alignment, deviceBounds, extra
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pattern = try container.decodeIfPresent(String.self, forKey: .pattern)
        var info = RouteInfo(path: try container.decode(String.self, forKey: .path), pattern: pattern ?? "",
                             params: Parameters(try container.decode([String: String].self, forKey: .params)),
                             query: try container.decode([String: String].self, forKey: .query),
                             fragment: try container.decodeIfPresent(String.self, forKey: .fragment))
        info.extra = try container.decodeIfPresent(RouteMeta.self, forKey: .extra)
        // A route without a pattern would be a screen of no route that names one: the route is dropped.
        let route = pattern == nil ? nil : try container.decodeIfPresent(Int.self, forKey: .route)
        let passed = try container.decodeIfPresent([String: String].self, forKey: .passed) ?? [:]
        let transition = try container.decodeIfPresent(ModalTransition.self, forKey: .transition)
        let background = try container.decodeIfPresent(ModalBackground.self, forKey: .background)
        let placement = ModalPlacement(animation: try container.decodeIfPresent(ModalAnimation.self, forKey: .animation),
                                       alignment: try container.decodeIfPresent(ModalAlignment.self, forKey: .alignment),
                                       usesDeviceBounds: try container.decodeIfPresent(Bool.self, forKey: .deviceBounds))
        let kept = passed.isEmpty && transition == nil && background == nil && placement == nil ? nil
            : ScreenExtras(params: passed, callbacksKey: nil, transition: transition, background: background,
                           placement: placement)
        self.init(fields: Fields(id: try container.decode(Int.self, forKey: .id), info: info,
                                 matched: pattern != nil, route: route.map(RouteID.init(rawValue:)),
                                 title: try container.decodeIfPresent(String.self, forKey: .title),
                                 view: try container.decodeIfPresent(String.self, forKey: .view),
                                 links: try container.decodeIfPresent([String].self, forKey: .links), extras: kept))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(pattern, forKey: .pattern)
        try container.encodeIfPresent(route?.rawValue, forKey: .route)
        try container.encode(params, forKey: .params)
        try container.encode(query, forKey: .query)
        try container.encodeIfPresent(fragment, forKey: .fragment)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(view, forKey: .view)
        try container.encodeIfPresent(computedLinks, forKey: .links)
        if !passedParams.isEmpty { try container.encode(passedParams, forKey: .passed) }
        try container.encodeIfPresent(transition, forKey: .transition)
        try container.encodeIfPresent(background, forKey: .background)
        try container.encodeIfPresent(placement?.animation, forKey: .animation)
        try container.encodeIfPresent(placement?.alignment, forKey: .alignment)
        try container.encodeIfPresent(placement?.usesDeviceBounds, forKey: .deviceBounds)
        try container.encodeIfPresent(info.extra, forKey: .extra)
    }

    /// Whether this is a browser's page: its path is a URL ("https://...") rather than a path.
    var isExternal: Bool { !path.hasPrefix("/") }

    /// "/album/12?tab=info#top": path, sorted query and fragment.
    ///
    ///     navigator.screen.location   // "/album/12?tab=info"
    package var location: String { Location(path: path, query: query, fragment: fragment).text }

    /// Whether this screen is at `location`: what comparing `location` texts says, without building
    /// either text (path, query and fragment are what the text is made of).
    func isAt(_ location: Location) -> Bool {
        path == location.path && fragment == location.fragment && query == location.query
    }

    /// `isAt` for a plain normalised path (no query, no fragment), which needs no `Location`.
    func isAt(plainPath text: String) -> Bool {
        // Lengths first (in `RouteInfo`): most pushes go somewhere else, and a UTF-8 count is stored,
        // not counted.
        fields.isAt(plainPath: text)
    }

    /// Whether both screens are at the same location, as their `location` texts would say.
    func hasSameLocation(as other: Screen) -> Bool {
        fields === other.fields
            || (path == other.path && fragment == other.fragment && query == other.query)
    }

    /// The `info` table of the Lua API for this screen.
    package var info: RouteInfo { fields.info }

    public static func == (a: Screen, b: Screen) -> Bool {
        a.fields === b.fields
            || (a.id == b.id && a.path == b.path && a.pattern == b.pattern && a.route == b.route
                && a.parameters == b.parameters && a.passedParams == b.passedParams
                && a.transition == b.transition && a.background == b.background && a.placement == b.placement && a.info.extra == b.info.extra
                && a.query == b.query && a.fragment == b.fragment && a.title == b.title && a.view == b.view
                && a.computedLinks == b.computedLinks)
    }
}

/// What a matched path yields; also the `info` table of the Lua API.
///
///     let info = try table.match("/album/12?tab=info#top")!.info
///     info.path      // "/album/12"
///     info.params    // ["id": "12"]
///     info.query     // ["tab": "info"]
///     info.fragment  // "top"
public struct RouteInfo: Sendable {
    /// Normalised path, no query or fragment.
    ///
    ///     try table.match("/album/12?tab=info")?.info.path   // "/album/12"
    public var path: String {
        get { fromParameters.contains(.path) ? storedParams.text : ownPath }
        set {
            ownPath = newValue
            fromParameters.remove(.path)
        }
    }
    /// The route's pattern text.
    ///
    ///     try table.match("/album/12")?.info.pattern   // "/album/:id"
    package var pattern: String {
        get { fromParameters.contains(.pattern) ? storedParams.origin.patternText : ownPattern }
        set {
            ownPattern = newValue
            fromParameters.remove(.pattern)
        }
    }
    /// Captures, percent-decoded when read; an absent optional parameter has no entry.
    ///
    ///     try table.match("/album/12")?.info.params["id"]   // "12"
    public var params: Parameters {
        _read { yield storedParams }
        set {
            // The path and pattern were the old parameters' text and origin: keep them.
            ownPath = path
            ownPattern = pattern
            fromParameters = []
            storedParams = newValue
        }
    }
    /// Decoded; last duplicate wins; "key" without = gives "".
    ///
    ///     try table.match("/album/12?tab=info")?.info.query["tab"]   // "info"
    public var query: [String: String] {
        get { extras.first?.query ?? [:] }
        set { updateExtras { $0.query = newValue } }
    }
    /// The fragment after `#`; nil when the path has none.
    ///
    ///     try table.match("/album/12#top")?.info.fragment   // "top"
    public var fragment: String? {
        get { extras.first?.fragment }
        set { updateExtras { $0.fragment = newValue } }
    }
    /// What the validator returned (nil when there is no validator).
    ///
    /// Any value a validator returns, so it is held in a `ValidatorValue` box: see its rule for
    /// reading it on another thread.
    ///
    ///     try table.match("/album/12")?.info.value as? Int   // 12
    public var value: Any? {
        get { extras.first?.value?.value }
        set { updateExtras { $0.value = newValue.map(ValidatorValue.init) } }
    }
    /// What the route's loader returned (`RouteDefinition.load`); nil when it has none. Held like
    /// `value`, out of line, so an info without it costs nothing more.
    ///
    ///     navigator.screen.data as? String   // "Kind of Blue", from a loader
    package var data: Any? {
        get { extras.first?.data?.value }
        set { updateExtras { $0.data = newValue.map(ValidatorValue.init) } }
    }
    /// What the loaders of the route's layouts returned, outermost first (`RouteDefinition.layoutLoads`);
    /// nil when none of its layouts has a loader.
    package var layoutData: [Any?]? {
        get { extras.first?.layoutData?.value as? [Any?] }
        set { updateExtras { $0.layoutData = newValue.map(ValidatorValue.init) } }
    }
    /// What the call that showed the screen handed it beside the path (`nav.push(path, {extra = ...})`,
    /// go_router's `extra`, URLNavigator's `context`): a JSON value, saved with the screen; nil without one.
    package var extra: RouteMeta? {
        get { extras.first?.extra }
        set { updateExtras { $0.extra = newValue } }
    }

    /// What raised, on an error screen landed in place of the route (`ErrorScreen`); nil elsewhere.
    package var failure: LandingFailure? {
        get { extras.first?.failure }
        set { updateExtras { $0.failure = newValue } }
    }

    // A match's result is copied whole, and each reference in it costs two atomic operations (retained
    // when it is made, released when it goes). A match's path is its parameters' text and its pattern
    // comes from their origin, the route's declaration: `ownPath` and `ownPattern` stay "" (no object)
    // unless set. No field is an optional: even one made the compiler build each info in a temporary and
    // copy it out whole.
    /// Written only through `params`; visible to inlined code so that `match` reads a resolution's
    /// route in place (a call for it was 8 instructions a match).
    @usableFromInline var storedParams: Parameters
    private var ownPath: String
    private var ownPattern: String
    private var fromParameters: Borrowed
    /// The query, fragment and validator value, which most matches do not have: at most one element, and
    /// the empty array is a shared immortal object, which reference counting skips.
    private var extras: [RouteInfoExtras]

    /// Which of `path` and `pattern` are read from the parameters.
    private struct Borrowed: OptionSet {
        let rawValue: UInt8
        static let path = Borrowed(rawValue: 1)
        static let pattern = Borrowed(rawValue: 2)
    }

    package init(path: String, pattern: String, params: Parameters = [:],
                query: [String: String] = [:], fragment: String? = nil, value: Any? = nil) {
        let fields = RouteInfoExtras(query: query, fragment: fragment, value: value.map(ValidatorValue.init))
        self.init(params: params, ownPath: path, ownPattern: pattern, fromParameters: [],
                  extras: RouteInfoExtras.boxing(fields))
    }

    /// A candidate's info from a parsed location (no validator has run); `params` come from a match.
    init(path: String, params: Parameters, query: [String: String], fragment: String?) {
        let fields = RouteInfoExtras(query: query, fragment: fragment, value: nil)
        self.init(params: params, ownPath: path, ownPattern: "", fromParameters: .pattern,
                  extras: RouteInfoExtras.boxing(fields))
    }

    /// A match's info: its parameters are the spans of the captures in `path`, which they keep.
    init(path: String, route: RouteDeclaration, spans: Parameters.InlineSpans) {
        self.init(params: Parameters(source: path, origin: route, spans: spans), ownPath: "", ownPattern: "",
                  fromParameters: [.path, .pattern], extras: [])
    }

    /// `init(path:route:spans:)` for text that went on past its path: `written` is the rest as written
    /// (from its first `?` or `#`), parsed into the query and fragment only when one of them is read.
    init(path: String, route: RouteDeclaration, spans: Parameters.InlineSpans, written: Substring) {
        self.init(params: Parameters(source: path, origin: route, spans: spans), ownPath: "", ownPattern: "",
                  fromParameters: [.path, .pattern], extras: RouteInfoExtras.boxing(RouteInfoExtras(written: written)))
    }

    /// `init(path:route:spans:)` for a parsed location.
    init(path: String, route: RouteDeclaration, spans: Parameters.InlineSpans,
         query: [String: String], fragment: String?) {
        let fields = RouteInfoExtras(query: query, fragment: fragment, value: nil)
        self.init(params: Parameters(source: path, origin: route, spans: spans), ownPath: "", ownPattern: "",
                  fromParameters: [.path, .pattern], extras: RouteInfoExtras.boxing(fields))
    }

    /// The route a lookup matched, read from its parameters' origin (the route's declaration); nil for
    /// an info made by hand or whose parameters were replaced.
    @inlinable var matchedRoute: RouteID? {
        let index = storedParams.origin.routeIndex
        return index < 0 ? nil : RouteID(rawValue: Int(index))
    }

    /// Whether this info is at `text`, a plain normalised path: the same path, no query, no fragment.
    /// The path is read where it is stored: through `path`, every push copied it (a retain and a
    /// release) only to learn that its length differs (`Screen.isAt(plainPath:)`).
    func isAt(plainPath text: String) -> Bool {
        let same = fromParameters.contains(.path)
            ? storedParams.text.utf8.count == text.utf8.count && storedParams.text == text
            : ownPath.utf8.count == text.utf8.count && ownPath == text
        return same && fragment == nil && query.isEmpty
    }

    /// What `RouteTable.resolve` returns when nothing matched (its caller drops it).
    static var unmatched: RouteInfo {
        RouteInfo(params: Parameters(source: "", origin: ParameterOrigin.none, spans: Parameters.InlineSpans()),
                  ownPath: "", ownPattern: "", fromParameters: [], extras: [])
    }

    private init(params: Parameters, ownPath: String, ownPattern: String, fromParameters: Borrowed,
                 extras: [RouteInfoExtras]) {
        self.storedParams = params
        self.ownPath = ownPath
        self.ownPattern = ownPattern
        self.fromParameters = fromParameters
        self.extras = extras
    }

    /// Copies of an info share their extras until one of them changes them (the array copies on write).
    private mutating func updateExtras(_ change: (inout RouteInfoExtras) -> Void) {
        var fields = extras.first ?? RouteInfoExtras()
        change(&fields)
        extras = RouteInfoExtras.boxing(fields)
    }
}

/// What `RouteInfo` keeps out of line.
private struct RouteInfoExtras: Sendable {
    /// What followed the matched path, as written (from its first `?` or `#`); nil once the query or
    /// fragment was set. Decoding a query into a dictionary cost a lookup with one about 20,000
    /// instructions (issue 37), and most callers never read it: it is parsed each time it is read.
    private var written: Substring?
    private var parsedQuery: [String: String] = [:]
    private var parsedFragment: String?
    var value: ValidatorValue?
    var data: ValidatorValue?
    var layoutData: ValidatorValue?
    var extra: RouteMeta?
    var failure: LandingFailure?

    init(query: [String: String] = [:], fragment: String? = nil, value: ValidatorValue? = nil) {
        parsedQuery = query
        parsedFragment = fragment
        self.value = value
    }

    init(written: Substring) {
        self.written = written
    }

    /// As `Location(parsing:)` reads them: the fragment is all after the first `#`, the query what is
    /// between a `?` before it and it.
    var query: [String: String] {
        get { written.map(RouteInfoExtras.query(in:)) ?? parsedQuery }
        set {
            settle()
            parsedQuery = newValue
        }
    }

    var fragment: String? {
        get { written.map(RouteInfoExtras.fragment(in:)) ?? parsedFragment }
        set {
            settle()
            parsedFragment = newValue
        }
    }

    /// Parses what was written, so that setting one of query and fragment keeps the other.
    private mutating func settle() {
        guard let written else { return }
        parsedQuery = RouteInfoExtras.query(in: written)
        parsedFragment = RouteInfoExtras.fragment(in: written)
        self.written = nil
    }

    private static func query(in written: Substring) -> [String: String] {
        let beforeFragment = written.utf8.firstIndex(of: UInt8(ascii: "#")).map { written[..<$0] } ?? written
        guard let mark = beforeFragment.utf8.firstIndex(of: UInt8(ascii: "?")) else { return [:] }
        return Location.parseQuery(beforeFragment[beforeFragment.utf8.index(after: mark)...])
    }

    private static func fragment(in written: Substring) -> String? {
        guard let hash = written.utf8.firstIndex(of: UInt8(ascii: "#")) else { return nil }
        return String(written[written.utf8.index(after: hash)...])
    }

    /// None at all when there is nothing to keep.
    static func boxing(_ fields: RouteInfoExtras) -> [RouteInfoExtras] {
        fields.written == nil && fields.parsedQuery.isEmpty && fields.parsedFragment == nil && fields.value == nil
            && fields.data == nil && fields.layoutData == nil && fields.extra == nil && fields.failure == nil
            ? [] : [fields]
    }
}

/// What a validator returned, boxed so that a `RouteInfo` (and the screens holding one) can be sent
/// between threads.
///
/// The rule: a validator's value is read only where the validator could run, that is, by the single
/// owner of the route table (for a navigator's screens, whoever owns the navigator). A value that is itself `Sendable` may be read anywhere; one that is not (a
/// Lua table returned by a script's `validate` is tied to its engine) must not be read on another
/// thread. Everything else in a `RouteInfo` is checked by the compiler.
struct ValidatorValue: @unchecked Sendable {
    let value: Any
}

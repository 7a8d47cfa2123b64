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
        get {
            guard fromParameters.contains(.path) else { return storedParams.tail?.extras.ownPath ?? "" }
            return textIsPath ? storedParams.text : storedParams.text(before: Int(pathEnd))
        }
        set {
            updateExtras { $0.ownPath = newValue }
            fromParameters.remove(.path)
        }
    }
    /// The route's pattern text.
    ///
    ///     try table.match("/album/12")?.info.pattern   // "/album/:id"
    package var pattern: String {
        get { fromParameters.contains(.pattern) ? storedParams.origin.patternText : storedParams.tail?.extras.ownPattern ?? "" }
        set {
            updateExtras { $0.ownPattern = newValue }
            fromParameters.remove(.pattern)
        }
    }
    /// Captures, percent-decoded when read; an absent optional parameter has no entry.
    ///
    ///     try table.match("/album/12")?.info.params["id"]   // "12"
    public var params: Parameters {
        @inlinable _read { yield storedParams }
        set {
            // The path, pattern, query and fragment were read from the old parameters' text and origin:
            // keep them.
            settleWritten()
            var fields = storedParams.tail?.extras ?? RouteInfoExtras()
            fields.ownPath = path
            fields.ownPattern = pattern
            storedParams = newValue.holding(pathEnd: -1, borrowed: [], extras: fields)
        }
    }
    /// Decoded; last duplicate wins; "key" without = gives "".
    ///
    ///     try table.match("/album/12?tab=info")?.info.query["tab"]   // "info"
    public var query: [String: String] {
        get { fromParameters.contains(.written) ? RouteInfoExtras.query(in: written) : storedParams.tail?.extras.query ?? [:] }
        set {
            settleWritten()
            updateExtras { $0.query = newValue }
        }
    }
    /// The fragment after `#`; nil when the path has none.
    ///
    ///     try table.match("/album/12#top")?.info.fragment   // "top"
    public var fragment: String? {
        get { fromParameters.contains(.written) ? RouteInfoExtras.fragment(in: written) : storedParams.tail?.extras.fragment }
        set {
            settleWritten()
            updateExtras { $0.fragment = newValue }
        }
    }
    /// What the validator returned (nil when there is no validator).
    ///
    /// Any value a validator returns, so it is held in a `ValidatorValue` box: see its rule for
    /// reading it on another thread.
    ///
    ///     try table.match("/album/12")?.info.value as? Int   // 12
    public var value: Any? {
        get { storedParams.tail?.extras.value?.value }
        set { updateExtras { $0.value = newValue.map(ValidatorValue.init) } }
    }
    /// What the route's loader returned (`RouteDefinition.load`); nil when it has none. Held like
    /// `value`, out of line, so an info without it costs nothing more.
    ///
    ///     navigator.screen.data as? String   // "Kind of Blue", from a loader
    package var data: Any? {
        get { storedParams.tail?.extras.data?.value }
        set { updateExtras { $0.data = newValue.map(ValidatorValue.init) } }
    }
    /// What the loaders of the route's layouts returned, outermost first (`RouteDefinition.layoutLoads`);
    /// nil when none of its layouts has a loader.
    package var layoutData: [Any?]? {
        get { storedParams.tail?.extras.layoutData?.value as? [Any?] }
        set { updateExtras { $0.layoutData = newValue.map(ValidatorValue.init) } }
    }
    /// What the call that showed the screen handed it beside the path (`nav.push(path, {extra = ...})`,
    /// go_router's `extra`, URLNavigator's `context`): a JSON value, saved with the screen; nil without one.
    package var extra: RouteMeta? {
        get { storedParams.tail?.extras.extra }
        set { updateExtras { $0.extra = newValue } }
    }

    /// What raised, on an error screen landed in place of the route (`ErrorScreen`); nil elsewhere.
    package var failure: LandingFailure? {
        get { storedParams.tail?.extras.failure }
        set { updateExtras { $0.failure = newValue } }
    }

    // A match's result is copied whole, and each reference in it costs two atomic operations (retained
    // when it is made, released when it goes), and a call even for one that holds no object (an empty
    // string or array). A match's info is its parameters alone: the text it was given, which they are
    // spans of, their origin (the route's declaration), their vector of spans, which also holds this
    // info's `pathEnd` and `fromParameters`, and their tail, which also holds this info's extras (nil
    // unless something was set, or there are more than eight parameters). Its path is the text up to
    // `pathEnd`, its pattern the origin's, its query and fragment the text after `pathEnd`, parsed only
    // when read. Six scalars a match (see `Parameters.lanes`).
    /// Replaced whole only through `params` (the other setters change its lanes or its tail); visible
    /// to inlined code so that `match` reads a resolution's route in place (a call for it was 8
    /// instructions a match).
    @usableFromInline var storedParams: Parameters
    /// Where the path ends in the parameters' text when the text goes on with a `?query` or `#fragment`
    /// (the byte offset of that `?` or `#`); -1 when the text is the path alone. Stored as
    /// `pathEndAfterValues` by a hit, found when first asked for (each time: an info is a value).
    var pathEnd: Int32 {
        let stored = storedParams.int32Lane(Parameters.Lanes.pathEnd)
        return stored == RouteInfo.pathEndAfterValues ? storedParams.firstMarkAfterValues : stored
    }
    /// Whether the parameters' text is the path alone (`pathEnd` -1), told from the stored value with one
    /// test: asking `pathEnd < 0` first asked whether the end was still to be found (a screen's push
    /// asks this twice, `isAt(plainPath:)`: `lua-push-pop` +6 instructions).
    var textIsPath: Bool { storedParams.int32Lane(Parameters.Lanes.pathEnd) == -1 }
    /// The stored `pathEnd` of a lookup's hit on text that goes on past its path: the path ends at the
    /// text's first `?` or `#`, which comes after the parameters' values (they are spans of the path).
    /// Found when the path, query or fragment is read, not when the match is made: a match whose
    /// caller reads its route and parameters alone does not pay for it.
    @inlinable static var pathEndAfterValues: Int32 { -2 }
    var fromParameters: Borrowed {
        get { Borrowed(rawValue: storedParams.byteLane(Parameters.Lanes.borrowed)) }
        set { storedParams.setByteLane(Parameters.Lanes.borrowed, to: newValue.rawValue) }
    }
    /// Whether anything is kept beside what is read from the parameters (see `Borrowed`): a set path,
    /// pattern, query or fragment, a validator's value, loader data, an extra, a failure, another
    /// route's declaration. Read from the tail without its extras copied out.
    var hasExtras: Bool { storedParams.tail?.hasExtras ?? false }

    /// Which fields are read from the parameters: the path (their text, up to `pathEnd`), the pattern
    /// (their origin's), the query and fragment (their text after `pathEnd`, as written).
    @usableFromInline struct Borrowed: OptionSet, Sendable {
        @usableFromInline let rawValue: UInt8
        @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }
        @inlinable static var path: Borrowed { Borrowed(rawValue: 1) }
        @inlinable static var pattern: Borrowed { Borrowed(rawValue: 2) }
        @inlinable static var written: Borrowed { Borrowed(rawValue: 4) }
        // A match's two sets, written as their raw values: as array literals (`[.path, .pattern]`), the
        // optimiser made an array on the heap for one wherever it did not fold the literal (an
        // allocation a `nav.push` + `nav.pop`, 3,070 instructions against 2,704).
        /// `[.path, .pattern]`: a lookup's match of a plain path.
        @inlinable static var pathAndPattern: Borrowed { Borrowed(rawValue: 3) }
        /// `[.path, .pattern, .written]`: a lookup's match of a path with a `?query` or `#fragment` after it.
        @inlinable static var pathPatternAndWritten: Borrowed { Borrowed(rawValue: 7) }
    }

    package init(path: String, pattern: String, params: Parameters = [:],
                query: [String: String] = [:], fragment: String? = nil, value: Any? = nil) {
        var fields = RouteInfoExtras(query: query, fragment: fragment, value: value.map(ValidatorValue.init))
        fields.ownPath = path
        fields.ownPattern = pattern
        self.init(params: params, pathEnd: -1, fromParameters: [], extras: fields)
    }

    /// A candidate's info from a parsed location (no validator has run); `params` come from a match
    /// (their text is the location's path, as the lookup makes them).
    init(path: String, params: Parameters, query: [String: String], fragment: String?) {
        // A plain path's (most candidates'): nothing out of line, no extras made to find that out.
        if query.isEmpty && fragment == nil && params.text == path && params.tail?.hasExtras != true {
            self.init(params: params, pathEnd: -1, fromParameters: .pathAndPattern)
            return
        }
        var fields = RouteInfoExtras(query: query, fragment: fragment, value: nil)
        var borrowed: Borrowed = .pattern
        if params.text == path { borrowed.insert(.path) } else { fields.ownPath = path }
        self.init(params: params, pathEnd: -1, fromParameters: borrowed, extras: fields)
    }

    /// A match's info: its parameters are the spans of the captures in `path`, which they keep.
    init(path: String, route: RouteDeclaration, spans: Parameters.InlineSpans) {
        storedParams = Parameters(source: path, origin: route, spans: spans, pathEnd: -1,
                                  borrowed: Borrowed.pathAndPattern.rawValue)
    }

    /// `init(path:route:spans:)` for text that may go on past its path: the path is `text` up to
    /// `pathEnd` (the offset of its first `?` or `#`, or `pathEndAfterValues`, not yet found; -1 when
    /// the text is the path alone), and the rest
    /// is parsed into the query and fragment only when one of them is read. The text is kept whole, not
    /// copied: the spans are offsets into it. (`RouteTable.match` makes its hit's info of an `Image`.)
    @inlinable
    init(text: String, pathEnd: Int32, route: RouteDeclaration, spans: Parameters.InlineSpans) {
        let borrowed: Borrowed = pathEnd == -1 ? .pathAndPattern : .pathPatternAndWritten
        storedParams = Parameters(source: text, origin: route, spans: spans, pathEnd: pathEnd, borrowed: borrowed.rawValue)
    }

    /// An info's bits with no reference counted: its text's two words, the object its parameters hold,
    /// their lanes, laid out as `RouteInfo` is (`Parameters`: `source`, `held`, `lanes`). `match` puts
    /// its branches' infos together as these (trivial values, met at no phi of owned ones) and makes the
    /// one info it returns of them after (`info`): that copy's retains are then of the same values the
    /// caller's releases are, and the optimiser removes both (issue 37, seventeenth session).
    @usableFromInline struct Image {
        @usableFromInline let source: (UInt64, UInt64)
        @usableFromInline let held: UnsafeRawPointer
        @usableFromInline let lanes: SIMD32<Int16>

        /// The image of a lookup's hit's info: `text`'s parameters of `route` with `lanes`.
        /// Safety: an image holds no reference; whoever makes an info of it keeps `text` and `route` alive
        /// until then.
        @inlinable @inline(__always)
        init(text: String, route: Unmanaged<RouteDeclaration>, lanes: SIMD32<Int16>) {
            source = unsafeBitCast(text, to: (UInt64, UInt64).self)
            held = UnsafeRawPointer(route.toOpaque())
            self.lanes = lanes
        }

        /// The image of `info`, which the caller keeps alive until an info is made of it.
        @inlinable @inline(__always)
        init(of info: RouteInfo) { self = unsafeBitCast(info, to: Image.self) }

        /// An info of the image: a copy of the one it is the image of (its references retained).
        /// Safety: `Image` and `RouteInfo` have the same size and layout (`unsafeBitCast` checks the size),
        /// and the references the image names are alive (see `init(text:route:lanes:)`).
        @inlinable @inline(__always)
        var info: RouteInfo { unsafeBitCast(self, to: RouteInfo.self) }
    }

    /// Whether this info is nothing but `text`'s parameters of `route` with its lanes (what a resolved
    /// plain path or path before a query is: no tail, `route` its origin, its text `text`'s bytes), so
    /// that its image can be made of the caller's text and the route. The text is compared byte for byte
    /// (`==` on `String` is canonical equivalence, and the spans are byte offsets).
    @usableFromInline func isParameters(of route: RouteDeclaration, in text: String) -> Bool {
        guard holdsParametersAlone(of: route) else { return false }
        let source = storedParams.text
        return source.utf8.count == text.utf8.count && source.utf8.elementsEqual(text.utf8)
    }

    /// Whether this info's parameters hold `route`'s declaration and no tail (no extras, no overflow).
    @usableFromInline func holdsParametersAlone(of route: RouteDeclaration) -> Bool {
        storedParams.tail == nil && storedParams.origin === route
    }

    /// An info of `route` with an empty text and no parameters: a match's `storedInfo` when its info is
    /// held whole aside (`RouteMatch.resolvedInfo`).
    @usableFromInline static func declarationAlone(_ route: RouteDeclaration) -> RouteInfo {
        RouteInfo(params: Parameters(source: "", origin: route, spans: Parameters.InlineSpans()), pathEnd: -1,
                  fromParameters: [])
    }

    /// `init(path:route:spans:)` for a parsed location.
    init(path: String, route: RouteDeclaration, spans: Parameters.InlineSpans,
         query: [String: String], fragment: String?) {
        let fields = RouteInfoExtras(query: query, fragment: fragment, value: nil)
        self.init(params: Parameters(source: path, origin: route, spans: spans), pathEnd: -1,
                  fromParameters: .pathAndPattern, extras: fields)
    }

    /// The route a lookup matched, read from its parameters' origin (the route's declaration); nil for
    /// an info made by hand or whose parameters were replaced.
    @inlinable var matchedRoute: RouteID? {
        let index = storedParams.origin.routeIndex
        return index < 0 ? nil : RouteID(rawValue: Int(index))
    }

    /// The declaration of the route whose match this is: its parameters' origin, unless another info
    /// was set in the match's place (`naming`), which keeps the match's route aside.
    @inlinable var matchDeclaration: RouteDeclaration {
        guard let tail = storedParams.tail else { return storedParams.origin }
        return tail.matchDeclaration ?? tail.origin
    }

    /// This info as a match of the route `declaration` names, holding a reference to it (`RouteMatch`
    /// keeps none of its own): itself when its parameters' origin is that route (a lookup's info, the
    /// common case, checked inline), else with the route kept aside in its extras (an info set in a
    /// match's place, or whose parameters were replaced).
    @inlinable func naming(_ declaration: RouteDeclaration) -> RouteInfo {
        storedParams.tail == nil && storedParams.origin === declaration ? self : keeping(declaration)
    }

    @usableFromInline func keeping(_ declaration: RouteDeclaration) -> RouteInfo {
        guard matchDeclaration !== declaration else { return self }
        var info = self
        let origin = storedParams.origin
        info.updateExtras { $0.matchDeclaration = origin === declaration ? nil : declaration }
        return info
    }

    /// Whether this info is at `text`, a plain normalised path: the same path, no query, no fragment.
    /// The path is read where it is stored: through `path`, every push copied it (a retain and a
    /// release) only to learn that its length differs (`Screen.isAt(plainPath:)`).
    func isAt(plainPath text: String) -> Bool {
        guard pathUTF8Count == text.utf8.count else { return false }
        let same: Bool
        if !fromParameters.contains(.path) {
            same = (storedParams.tail?.extras.ownPath ?? "") == text
        } else if textIsPath {
            same = storedParams.text == text
        } else {
            same = storedParams.text.utf8.starts(with: text.utf8)
        }
        return same && fragment == nil && query.isEmpty
    }

    /// `path.utf8.count`, read where `path` reads the path (its own, set apart; its parameters' text;
    /// or that text up to `pathEnd`) without a string made: a screen asks it of every push, which
    /// most often goes elsewhere (`Screen.Fields.isAt(plainPath:)`).
    var pathUTF8Count: Int {
        @inline(__always) get {
            if !fromParameters.contains(.path) { return storedParams.tail?.extras.ownPath.utf8.count ?? 0 }
            return textIsPath ? storedParams.text.utf8.count : Int(pathEnd)
        }
    }

    /// What `RouteTable.resolve` returns when nothing matched (its caller drops it).
    static var unmatched: RouteInfo {
        RouteInfo(params: Parameters(source: "", origin: ParameterOrigin.none, spans: Parameters.InlineSpans()),
                  pathEnd: -1, fromParameters: [])
    }

    /// An info whose storage is `params`, made for it (by a lookup): their tail, if any, holds spans
    /// alone, no extras.
    @inlinable
    init(params: Parameters, pathEnd: Int32, fromParameters: Borrowed) {
        storedParams = params
        storedParams.setInt32Lane(Parameters.Lanes.pathEnd, to: pathEnd)
        storedParams.setByteLane(Parameters.Lanes.borrowed, to: fromParameters.rawValue)
    }

    /// An info whose storage is `params` (perhaps another info's), with `extras` in place of any they
    /// held.
    init(params: Parameters, pathEnd: Int32, fromParameters: Borrowed, extras: RouteInfoExtras) {
        storedParams = params.holding(pathEnd: pathEnd, borrowed: fromParameters, extras: extras)
    }

    /// What followed the path in the parameters' text, as written (from its first `?` or `#`).
    private var written: Substring {
        let text = storedParams.text
        guard !textIsPath else { return text[text.endIndex...] }
        return text[text.utf8.index(text.startIndex, offsetBy: Int(pathEnd))...]
    }

    /// The query and fragment as written, parsed into the extras, so that setting one of them (or the
    /// parameters, whose text holds them) keeps the other.
    private mutating func settleWritten() {
        guard fromParameters.contains(.written) else { return }
        let written = written
        fromParameters.remove(.written)
        updateExtras {
            $0.query = RouteInfoExtras.query(in: written)
            $0.fragment = RouteInfoExtras.fragment(in: written)
        }
    }

    /// Copies of an info share their extras (one `ParameterTail`) until one of them changes them: the
    /// change makes a new tail, as the tail's fields are constants.
    private mutating func updateExtras(_ change: (inout RouteInfoExtras) -> Void) {
        var fields = storedParams.tail?.extras ?? RouteInfoExtras()
        change(&fields)
        storedParams.holdTail(overflow: storedParams.overflow, extras: fields)
    }
}

/// What `RouteInfo` keeps out of line: what was set rather than read from the parameters.
@usableFromInline struct RouteInfoExtras: Sendable {
    /// The path and pattern when they are not the parameters' (set, or an info made by hand).
    var ownPath = ""
    var ownPattern = ""
    var query: [String: String] = [:]
    var fragment: String?
    var value: ValidatorValue?
    var data: ValidatorValue?
    var layoutData: ValidatorValue?
    var extra: RouteMeta?
    var failure: LandingFailure?
    /// The route a match names when its info's parameters' origin is not that route's declaration
    /// (`RouteInfo.naming`); nil otherwise.
    var matchDeclaration: RouteDeclaration?

    init(query: [String: String] = [:], fragment: String? = nil, value: ValidatorValue? = nil) {
        self.query = query
        self.fragment = fragment
        self.value = value
    }

    /// As `Location(parsing:)` reads them: the fragment is all after the first `#`, the query what is
    /// between a `?` before it and it. Decoding a query into a dictionary cost a lookup with one about
    /// 20,000 instructions (issue 37), and most callers never read it: it is parsed each time it is read.
    static func query(in written: Substring) -> [String: String] {
        let beforeFragment = written.utf8.firstIndex(of: UInt8(ascii: "#")).map { written[..<$0] } ?? written
        guard let mark = beforeFragment.utf8.firstIndex(of: UInt8(ascii: "?")) else { return [:] }
        return Location.parseQuery(beforeFragment[beforeFragment.utf8.index(after: mark)...])
    }

    static func fragment(in written: Substring) -> String? {
        guard let hash = written.utf8.firstIndex(of: UInt8(ascii: "#")) else { return nil }
        return String(written[written.utf8.index(after: hash)...])
    }

    /// Whether there is nothing to keep.
    var isEmpty: Bool {
        ownPath.isEmpty && ownPattern.isEmpty && query.isEmpty && fragment == nil && value == nil && data == nil
            && layoutData == nil && extra == nil && failure == nil && matchDeclaration == nil
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

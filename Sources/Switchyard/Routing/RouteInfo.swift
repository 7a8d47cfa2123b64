/// What a matched path yields; also the `info` table of the Lua API.
///
///     let info = try table.match("/album/12?tab=info#top")!.info
///     info.path      // "/album/12"
///     info.params    // ["id": "12"]
///     info.query     // ["tab": "info"]
///     info.fragment  // "top"
public struct RouteInfo: @unchecked Sendable {
    /// Normalised path, no query or fragment.
    public var path: String
    /// The route's pattern text.
    public var pattern: String
    /// Captures, percent-decoded when read; an absent optional parameter has no entry.
    public var params: Parameters
    /// Decoded; last duplicate wins; "key" without = gives "".
    public var query: [String: String] {
        get { extras.first?.query ?? [:] }
        set { updateExtras { $0.query = newValue } }
    }
    public var fragment: String? {
        get { extras.first?.fragment }
        set { updateExtras { $0.fragment = newValue } }
    }
    /// What the validator returned (nil when there is no validator).
    public var value: Any? {
        get { extras.first?.value }
        set { updateExtras { $0.value = newValue } }
    }
    /// The query, fragment and validator value, which most matches do not have, out of line: at most
    /// one element. A match's result is copied whole, and every field makes that dearer. Not an
    /// optional: an optional field (even one) made the compiler build each info in a temporary and copy
    /// it out, every reference in it retained and released once more. An array because the empty one is
    /// a shared immortal object, which reference counting skips.
    private var extras: [RouteInfoExtras]

    public init(path: String, pattern: String, params: Parameters = [:],
                query: [String: String] = [:], fragment: String? = nil, value: Any? = nil) {
        let fields = RouteInfoExtras(query: query, fragment: fragment, value: value)
        self.init(path: path, pattern: pattern, params: params, extras: RouteInfoExtras.boxing(fields))
    }

    /// A match's info from a parsed location (no validator has run).
    init(path: String, pattern: String, params: Parameters, query: [String: String], fragment: String?) {
        let fields = RouteInfoExtras(query: query, fragment: fragment, value: nil)
        self.init(path: path, pattern: pattern, params: params, extras: RouteInfoExtras.boxing(fields))
    }

    /// A match's info for a plain path: its parameters made from the spans of the captures in `path`.
    init(path: String, pattern: String, names: ParameterNames, spans: Parameters.InlineSpans) {
        self.init(path: path, pattern: pattern, params: Parameters(source: path, names: names, spans: spans),
                  extras: [])
    }

    /// What `RouteTable.resolve` returns when nothing matched (its caller drops it).
    static var unmatched: RouteInfo {
        RouteInfo(path: "", pattern: "", names: Parameters.noNames, spans: Parameters.InlineSpans())
    }

    private init(path: String, pattern: String, params: Parameters, extras: [RouteInfoExtras]) {
        self.path = path
        self.pattern = pattern
        self.params = params
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
private struct RouteInfoExtras {
    var query: [String: String] = [:]
    var fragment: String?
    var value: Any?

    /// None at all when there is nothing to keep.
    static func boxing(_ fields: RouteInfoExtras) -> [RouteInfoExtras] {
        fields.query.isEmpty && fields.fragment == nil && fields.value == nil ? [] : [fields]
    }
}

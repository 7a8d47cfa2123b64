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
    /// Percent-decoded captures; an absent optional parameter has no entry.
    public var params: [String: String]
    /// Decoded; last duplicate wins; "key" without = gives "".
    public var query: [String: String]
    public var fragment: String?
    /// What the validator returned (nil when there is no validator).
    public var value: Any?

    public init(path: String, pattern: String, params: [String: String] = [:],
                query: [String: String] = [:], fragment: String? = nil, value: Any? = nil) {
        self.path = path
        self.pattern = pattern
        self.params = params
        self.query = query
        self.fragment = fragment
        self.value = value
    }

    /// Without a validator's value: a match builds one per lookup, and passing nil through the public
    /// initialiser's `Any?` parameter costs an existential copy.
    init(path: String, pattern: String, params: [String: String], query: [String: String], fragment: String?) {
        self.path = path
        self.pattern = pattern
        self.params = params
        self.query = query
        self.fragment = fragment
        self.value = nil
    }
}

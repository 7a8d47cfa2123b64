/// One screen: where a landing ended up. Immutable; `id` is unique for the navigator's life.
///
///     try navigator.push("/album/12?tab=info")
///     navigator.screen.params["id"] == "12"; navigator.screen.query["tab"] == "info"
public struct Screen: Codable, Equatable, @unchecked Sendable {
    public let id: Int
    public let path: String
    /// The matched route's pattern; nil for the not-found screen and for an unmatched start screen.
    public let pattern: String?
    public let params: [String: String]
    public let query: [String: String]
    public let fragment: String?
    public let title: String?
    /// The text the REPL prints for the screen (the route's `view`), computed on landing.
    public let view: String?
    /// What the route's validator returned. In memory only: not saved, not compared, nil after restore.
    public internal(set) var value: Any? = nil

    private enum CodingKeys: String, CodingKey { case id, path, pattern, params, query, fragment, title, view }

    init(id: Int, path: String, pattern: String?, params: [String: String], query: [String: String],
         fragment: String?, title: String?, view: String?, value: Any?) {
        self.id = id
        self.path = path
        self.pattern = pattern
        self.params = params
        self.query = query
        self.fragment = fragment
        self.title = title
        self.view = view
        self.value = value
    }

    /// A screen no route was consulted for: the start screen before any landing.
    static func bare(id: Int, path: String) -> Screen {
        Screen(id: id, path: path, pattern: nil, params: [:], query: [:], fragment: nil,
               title: nil, view: nil, value: nil)
    }

    /// "/album/12?tab=info#top": path, sorted query and fragment.
    public var location: String { Location(path: path, query: query, fragment: fragment).text }

    /// The `info` table of the Lua API for this screen.
    public var info: RouteInfo {
        RouteInfo(path: path, pattern: pattern ?? "", params: params, query: query, fragment: fragment, value: value)
    }

    public static func == (a: Screen, b: Screen) -> Bool {
        a.id == b.id && a.path == b.path && a.pattern == b.pattern && a.params == b.params
            && a.query == b.query && a.fragment == b.fragment && a.title == b.title && a.view == b.view
    }
}

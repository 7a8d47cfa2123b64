/// One row of `switchyard routes` / `:routes`: a route with what was declared about it.
public struct RouteListing: Sendable, Equatable {
    public var pattern: String
    public var name: String?
    /// Short descriptions of declared options, e.g. ["sheet", "validate", "guard", "redirect → /login", "2 links"].
    public var options: [String]
    /// Declaration site, "app.lua:12", when known.
    public var site: String?

    public init(pattern: String, name: String? = nil, options: [String] = [], site: String? = nil) {
        self.pattern = pattern
        self.name = name
        self.options = options
        self.site = site
    }
}

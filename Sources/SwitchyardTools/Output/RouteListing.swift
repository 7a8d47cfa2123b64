/// One row of `switchyard routes` / `:routes`: a route with what was declared about it.
package struct RouteListing: Sendable, Equatable {
    package var pattern: String
    package var name: String?
    /// Short descriptions of declared options, e.g. ["sheet", "validate", "guard", "redirect → /login", "2 links"].
    package var options: [String]
    /// Declaration site, "app.lua:12", when known.
    package var site: String?

    init(pattern: String, name: String? = nil, options: [String] = [], site: String? = nil) {
        self.pattern = pattern
        self.name = name
        self.options = options
        self.site = site
    }
}

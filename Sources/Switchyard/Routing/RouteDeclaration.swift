/// What a route declaration fixed: everything about a route but its payload.
final class RouteDeclaration: Sendable {
    let id: RouteID
    let pattern: Pattern
    let name: String?
    let site: String?
    let hasValidator: Bool

    init(id: RouteID, pattern: Pattern, name: String?, site: String?, hasValidator: Bool) {
        self.id = id
        self.pattern = pattern
        self.name = name
        self.site = site
        self.hasValidator = hasValidator
    }
}

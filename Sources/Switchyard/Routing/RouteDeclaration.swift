/// What a route declaration fixed: everything about a route but its payload.
final class RouteDeclaration: Sendable {
    // The index as 32 bits beside the flag: 72 bytes with the header, one malloc size class below 80
    // (16 bytes a route, 1.6 MB over 100,000 routes).
    private let index: Int32
    let hasValidator: Bool
    let pattern: Pattern
    let name: String?
    let site: String?

    init(id: RouteID, pattern: Pattern, name: String?, site: String?, hasValidator: Bool) {
        self.index = Int32(id.rawValue)
        self.pattern = pattern
        self.name = name
        self.site = site
        self.hasValidator = hasValidator
    }

    var id: RouteID { RouteID(rawValue: Int(index)) }
}

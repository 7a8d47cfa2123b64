/// Position of a route in declaration order (0-based). Stable for the table's life.
///
///     let id = try table.add("/album/:id", payload: "album")
///     table[id].pattern.text  // "/album/:id"
public struct RouteID: Hashable, Sendable, Comparable, Codable {
    public let rawValue: Int

    @usableFromInline package init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: RouteID, rhs: RouteID) -> Bool { lhs.rawValue < rhs.rawValue }
}

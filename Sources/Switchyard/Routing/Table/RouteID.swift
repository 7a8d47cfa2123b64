/// Position of a route in declaration order (0-based). Stable for the table's life.
///
///     let id = try table.add("/album/:id", payload: "album")
///     table[payloadOf: id]  // "album"
public struct RouteID: Hashable, Sendable, Codable {
    /// The route's position in declaration order.
    ///
    ///     navigator.screen.route?.rawValue
    public let rawValue: Int

    @usableFromInline package init(rawValue: Int) { self.rawValue = rawValue }
}

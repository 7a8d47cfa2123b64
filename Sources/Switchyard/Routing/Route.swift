/// A validator: return nil to reject (the next candidate is tried), anything else to accept; that value
/// becomes `info.value`. Throwing aborts the match with that error.
///
///     try table.add("/album/:id", payload: p, validator: { info in Int(info.params["id"]!) })
public typealias RouteValidator = (RouteInfo) throws -> Any?

/// A declared route and the payload the later layers attach to it (titles, views, Lua callbacks).
public struct Route<Payload> {
    public let id: RouteID
    public let pattern: Pattern
    public let name: String?
    /// Declaration site, "file.lua:12" when known.
    public let site: String?
    public let hasValidator: Bool
    public var payload: Payload
}

/// A route together with what matching a path against it produced.
///
///     if let found = try table.match("/album/12") { print(found.route.name, found.info.params) }
public struct RouteMatch<Payload> {
    public let route: Route<Payload>
    public var info: RouteInfo
}

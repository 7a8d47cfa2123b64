/// A validator: return nil to reject (the next candidate is tried), anything else to accept; that value
/// becomes `info.value`. Throwing aborts the match with that error.
///
///     try table.add("/album/:id", payload: p, validator: { info in Int(info.params["id"]!) })
public typealias RouteValidator = (RouteInfo) throws -> Any?

/// Thrown by a validator, a rejection with a reason (Echeveria's throwing resolver): the next candidate
/// is tried, as for nil, and `explain` shows the reason. Any other error a validator throws stops the
/// match with that error.
///
///     try table.add("/user/:id", payload: p, validator: { info in
///         guard let id = Int(info.params["id"]!) else { throw RouteMismatch("id is not a number") }
///         return id
///     })
public struct RouteMismatch: Error, Sendable {
    package let reason: String?

    /// A rejection saying why.
    ///
    ///     throw RouteMismatch("id is not a number")
    public init(_ reason: String? = nil) { self.reason = reason }

    /// "mismatch: REASON", the text the Lua bridge raises it as (`explain` shows the reason).
    package var description: String { "mismatch" + (reason.map { ": \($0)" } ?? "") }
}

/// A declared route and the payload the later layers attach to it (titles, views, Lua callbacks).
///
///     for route in table.routes { print(route.pattern.text, route.name ?? "") }
public struct Route<Payload> {
    /// Shared by every copy, so copying a route into a match costs one reference count.
    let declaration: RouteDeclaration
    /// What the route was declared with.
    ///
    ///     table.routes[0].payload
    public var payload: Payload

    init(id: RouteID, pattern: Pattern, names: ParameterNames, name: String?, site: String?, hasValidator: Bool,
         parameterTypes: ParameterTypes? = nil, meta: RouteMeta? = nil, querySchema: QuerySchema? = nil,
         layouts: [RouteLayout] = [], payload: Payload) {
        declaration = RouteDeclaration(id: id, pattern: pattern, names: names, name: name, site: site,
                                       hasValidator: hasValidator, parameterTypes: parameterTypes,
                                       meta: meta, querySchema: querySchema, layouts: layouts)
        self.payload = payload
    }

    /// The route's identity in its table.
    ///
    ///     table[payloadOf: table.routes[0].id]
    public var id: RouteID { declaration.id }
    /// The compiled pattern.
    ///
    ///     table.routes[0].pattern.text   // "/album/:id"
    public var pattern: Pattern { declaration.pattern }
    /// The name reverse routing uses; nil when it has none.
    ///
    ///     table.routes[0].name   // "album"
    public var name: String? { declaration.name }
    /// Declaration site, "file.lua:12" when known.
    package var site: String? { declaration.site }
    package var hasValidator: Bool { declaration.hasValidator }
    /// The route's typed parameters (issue 33), nil when it declares none.
    package var parameterTypes: ParameterTypes? { declaration.parameterTypes }
    /// The route's meta, its groups' merged in (issue 33); nil when none was declared.
    package var meta: RouteMeta? { declaration.extras?.meta }
    /// The route's query schema (issue 33); nil when it declares none.
    package var querySchema: QuerySchema? { declaration.extras?.querySchema }
}

/// A route together with what matching a path against it produced.
///
///     if let found = try table.match("/album/12") { print(found.route.name, found.info.params) }
public struct RouteMatch<Payload> {
    /// The route that won the path.
    ///
    ///     try table.match("/album/12")?.route.name   // "album"
    public let route: Route<Payload>
    /// The path as the route matched it.
    ///
    ///     try table.match("/album/12")?.info.params["id"]   // "12"
    public var info: RouteInfo

    @usableFromInline
    init(route: Route<Payload>, info: RouteInfo) {
        self.route = route
        self.info = info
    }
}

// A route is its declaration (immutable, shared) and its payload: as sendable as the payload.
extension Route: Sendable where Payload: Sendable {}
extension RouteMatch: Sendable where Payload: Sendable {}

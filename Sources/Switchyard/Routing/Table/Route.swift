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
public struct RouteMismatch: Error, Sendable, CustomStringConvertible {
    public let reason: String?

    public init(_ reason: String? = nil) { self.reason = reason }

    public var description: String { "mismatch" + (reason.map { ": \($0)" } ?? "") }
}

/// A declared route and the payload the later layers attach to it (titles, views, Lua callbacks).
public struct Route<Payload> {
    /// Shared by every copy, so copying a route into a match costs one reference count.
    let declaration: RouteDeclaration
    public var payload: Payload

    init(id: RouteID, pattern: Pattern, names: ParameterNames, name: String?, site: String?, hasValidator: Bool,
         parameterTypes: ParameterTypes? = nil, meta: RouteMeta? = nil, payload: Payload) {
        declaration = RouteDeclaration(id: id, pattern: pattern, names: names, name: name, site: site,
                                       hasValidator: hasValidator, parameterTypes: parameterTypes,
                                       meta: meta)
        self.payload = payload
    }

    public var id: RouteID { declaration.id }
    public var pattern: Pattern { declaration.pattern }
    public var name: String? { declaration.name }
    /// Declaration site, "file.lua:12" when known.
    public var site: String? { declaration.site }
    public var hasValidator: Bool { declaration.hasValidator }
    /// The route's typed parameters (issue 33), nil when it declares none.
    package var parameterTypes: ParameterTypes? { declaration.parameterTypes }
    /// The route's meta, its groups' merged in (issue 33); nil when none was declared.
    package var meta: RouteMeta? { declaration.extras?.meta }
}

/// A route together with what matching a path against it produced.
///
///     if let found = try table.match("/album/12") { print(found.route.name, found.info.params) }
public struct RouteMatch<Payload> {
    public let route: Route<Payload>
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

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
    @usableFromInline let declaration: RouteDeclaration
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

    /// A route as a match names it: its declaration is the match's parameters' origin.
    @usableFromInline init(declaration: RouteDeclaration, payload: Payload) {
        self.declaration = declaration
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
    @inlinable public var route: Route<Payload> { Route(declaration: storedInfo.matchDeclaration, payload: payload) }
    /// The path as the route matched it.
    ///
    ///     try table.match("/album/12")?.info.params["id"]   // "12"
    @inlinable public var info: RouteInfo {
        get { storedInfo }
        // An info from elsewhere keeps this match's route (`RouteInfo.naming`).
        set { storedInfo = newValue.naming(storedInfo.matchDeclaration) }
    }

    // A match holds its info as a value, made once by `match`: for a hit, the caller's text (its
    // parameters are spans of it, and a `?query#fragment` after its path is parsed only when read, see
    // `RouteInfo`) and the route's declaration as their origin, nothing else out of line. Reading `info`
    // is then a copy of a stored value, which the optimiser drops with its reference counting when the
    // caller only reads a field or two (`info.params.count`): made when read instead, from the text and
    // the spans (or from a box when the match held more than those), each read retained the text and the
    // declaration and released them and the info's two arrays through the info's value witness, about
    // 150 instructions of a `match` (issue 37, Benchmarks/README.md). A match with more than eight
    // parameters, a validator's value or a parsed query holds that info the same way, with no box.
    // The route is read from the info (`RouteInfo.matchDeclaration`: its parameters' origin, or the
    // route kept aside in its extras when another info was set), not held in a field of its own: with
    // one, a match was seven scalars, one more than a caller destroys inline (see `Parameters.lanes`).
    // The payload comes last: the generic value witnesses of a `RouteMatch` then find every other field
    // at a fixed offset.
    @usableFromInline var storedInfo: RouteInfo
    @usableFromInline let payload: Payload

    /// A hit of the lookup for `route`: `spans` are of `text`, whose path ends at `pathEnd` (-1 when the
    /// text is the path alone; `RouteInfo.pathEndAfterValues` when it ends at its first `?` or `#`).
    @inlinable
    init(route: __owned Route<Payload>, text: String, pathEnd: Int32, spans: Parameters.InlineSpans) {
        storedInfo = RouteInfo(text: text, pathEnd: pathEnd, route: route.declaration, spans: spans)
        payload = route.payload
    }

    /// A match of `route` with the info `resolve` made.
    /// Inlinable, so that it is specialised with `match`: a generic call looked up the match's type
    /// metadata each time (about 600 instructions).
    @inlinable
    init(route: Route<Payload>, info: RouteInfo) {
        storedInfo = info.naming(route.declaration)
        payload = route.payload
    }
}

// A route is its declaration (immutable, shared) and its payload: as sendable as the payload.
extension Route: Sendable where Payload: Sendable {}
extension RouteMatch: Sendable where Payload: Sendable {}

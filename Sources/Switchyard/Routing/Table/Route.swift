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
    @inlinable public var route: Route<Payload> {
        // Safety: `storedInfo`'s parameters hold the route's declaration, never a tail (every `init` and
        // `info`'s setter keep them so).
        Route(declaration: unsafeDowncast(storedInfo.storedParams.held.object, to: RouteDeclaration.self), payload: payload)
    }
    /// The path as the route matched it.
    ///
    ///     try table.match("/album/12")?.info.params["id"]   // "12"
    @inlinable public var info: RouteInfo {
        // The info to read chosen as an image, and copied after: a copy made in each of two branches
        // met at a merge, where the caller's releases were not paired with the copies' retains.
        get {
            // Safety: the image is of an info this match holds while the copy is made.
            let image = resolvedInfo.map { RouteInfo.Image(of: $0.info) } ?? RouteInfo.Image(of: storedInfo)
            return image.info
        }
        // An info from elsewhere keeps this match's route (`RouteInfo.naming`).
        set { (storedInfo, resolvedInfo) = ResolvedRouteInfo.parts(of: newValue, asMatchOf: route.declaration) }
    }

    // A match holds its info as a value, made once by `match`: for a hit, the caller's text (its
    // parameters are spans of it, and a `?query#fragment` after its path is parsed only when read, see
    // `RouteInfo`) and the route's declaration as their origin, nothing else out of line. Reading `info`
    // is then a copy of a stored value, which the optimiser drops with its reference counting when the
    // caller only reads a field or two (`info.params.count`): made when read instead, from the text and
    // the spans, each read retained the text and the declaration and released them and the info's two
    // arrays through the info's value witness, about 150 instructions of a `match` (issue 37,
    // Benchmarks/README.md).
    // `storedInfo`'s parameters always hold the route's declaration, never a tail, so that `route` reads
    // it with no test. An info that is more than the caller's text's parameters of the route (a tail: a
    // validator's value, a set or parsed query, more than eight parameters, another route kept aside;
    // or another text, a normalised path) is held whole in `resolvedInfo`, which `info` reads in its
    // place, and `storedInfo` then holds the declaration alone (`RouteInfo.declarationAlone`). `match`
    // makes both after its branches meet, as copies of images (`RouteInfo.Image`), and `info` copies
    // the image of the one it reads: the caller's releases are then paired with those copies' retains,
    // and the optimiser removes both (issue 37, seventeenth session: 112 instructions a hit).
    // Six scalars (the text 2, the declaration 1, the lanes 1, `resolvedInfo` 1, the payload 1): a
    // caller destroys an optional match of six or fewer inline (see `Parameters.lanes`).
    // The payload comes last: the generic value witnesses of a `RouteMatch` then find every other field
    // at a fixed offset.
    @usableFromInline var storedInfo: RouteInfo
    @usableFromInline var resolvedInfo: ResolvedRouteInfo?
    @usableFromInline let payload: Payload

    /// `match`'s match: `info` (its route's, made of an image), the resolved info it was copied from
    /// when there is one, and the route's payload.
    @inlinable
    init(info: __owned RouteInfo, resolved: ResolvedRouteInfo?, payload: Payload) {
        storedInfo = info
        resolvedInfo = resolved
        self.payload = payload
    }

    /// A match of `route` with the info `resolve` made.
    /// Inlinable, so that it is specialised with `match`: a generic call looked up the match's type
    /// metadata each time (about 600 instructions).
    @inlinable
    init(route: Route<Payload>, info: RouteInfo) {
        (storedInfo, resolvedInfo) = ResolvedRouteInfo.parts(of: info, asMatchOf: route.declaration)
        payload = route.payload
    }
}

/// A match's info held whole, when it is more than the caller's text's parameters of the route
/// (`RouteMatch.resolvedInfo`).
@usableFromInline final class ResolvedRouteInfo: Sendable {
    @usableFromInline let info: RouteInfo
    @usableFromInline init(_ info: RouteInfo) { self.info = info }

    /// A match's `storedInfo` and `resolvedInfo` for `info` as the match of `route`: the info itself when
    /// its parameters hold `route`'s declaration and no tail, else the declaration alone and the info
    /// (named for the route, `RouteInfo.naming`) held whole.
    @usableFromInline static func parts(of info: RouteInfo, asMatchOf route: RouteDeclaration) -> (RouteInfo, ResolvedRouteInfo?) {
        if info.holdsParametersAlone(of: route) { return (info, nil) }
        return (RouteInfo.declarationAlone(route), ResolvedRouteInfo(info.naming(route)))
    }
}

// A route is its declaration (immutable, shared) and its payload: as sendable as the payload.
extension Route: Sendable where Payload: Sendable {}
extension RouteMatch: Sendable where Payload: Sendable {}

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
    @inlinable public var route: Route<Payload> { Route(declaration: declaration, payload: payload) }
    /// The path as the route matched it.
    ///
    ///     try table.match("/album/12")?.info.params["id"]   // "12"
    @inlinable public var info: RouteInfo {
        get {
            if let held { return held.info }
            return RouteInfo(text: text, pathEnd: pathEnd, route: declaration, spans: spans)
        }
        set { held = HeldRouteInfo(newValue) }
    }

    // Each reference a match holds costs two atomic operations (retained when it is made, released when
    // it goes), and a call even for one that holds no object: a match holds the route's declaration
    // (which also names its parameters and gives its info's pattern) and the text the caller passed (its
    // parameters are spans of it, and a `?query#fragment` after its path is parsed only when read), not
    // a copy. Its route and info are made of them when read. A match `resolve` settled with more than
    // that (a validator's value, more than eight parameters, a query parsed from a location), or whose
    // info was set, holds that info whole.
    @usableFromInline let declaration: RouteDeclaration
    @usableFromInline let payload: Payload
    @usableFromInline let text: String
    @usableFromInline let spans: Parameters.InlineSpans
    /// Where the path ends in `text` (a `?` or `#`), -1 when the text is the path alone.
    @usableFromInline let pathEnd: Int32
    @usableFromInline var held: HeldRouteInfo?

    /// A hit of the lookup for `route`: `spans` are of `text`, whose path ends at `pathEnd`.
    @inlinable
    init(route: __owned Route<Payload>, text: String, pathEnd: Int32, spans: Parameters.InlineSpans) {
        declaration = route.declaration
        payload = route.payload
        self.text = text
        self.pathEnd = pathEnd
        self.spans = spans
        held = nil
    }

    /// A match of `route` with the info `resolve` made: held as its parts when it is no more than
    /// those, else whole.
    /// Inlinable, so that it is specialised with `match`: a generic call looked up the match's type
    /// metadata each time (about 600 instructions).
    @inlinable
    init(route: Route<Payload>, info: RouteInfo) {
        declaration = route.declaration
        payload = route.payload
        (text, pathEnd, spans, held) = HeldRouteInfo.parts(of: info, matching: route.declaration)
    }
}

/// The info of a match that is more than its text and spans, shared by the match's copies (the info is
/// a value: setting a match's info makes another).
@usableFromInline final class HeldRouteInfo: Sendable {
    @usableFromInline let info: RouteInfo

    @usableFromInline init(_ info: RouteInfo) { self.info = info }

    /// What a match of `declaration` holds for `info`: its text, path end and spans when the info is
    /// no more than those, else the info whole.
    @usableFromInline
    static func parts(of info: RouteInfo, matching declaration: RouteDeclaration)
        -> (text: String, pathEnd: Int32, spans: Parameters.InlineSpans, held: HeldRouteInfo?) {
        if info.storedParams.origin === declaration, let parts = info.matchParts {
            return (parts.text, parts.pathEnd, parts.spans, nil)
        }
        return ("", -1, Parameters.InlineSpans(), HeldRouteInfo(info))
    }
}

// A route is its declaration (immutable, shared) and its payload: as sendable as the payload.
extension Route: Sendable where Payload: Sendable {}
extension RouteMatch: Sendable where Payload: Sendable {}

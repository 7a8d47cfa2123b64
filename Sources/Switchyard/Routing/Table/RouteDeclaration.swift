/// What a route declaration fixed: everything about a route but its payload. It is also the origin
/// of its matches' parameters (their names, and the pattern their info reports).
@usableFromInline final class RouteDeclaration: ParameterOrigin, @unchecked Sendable {   // every field a Sendable `let`
    // The index (inherited, `routeIndex`) is 32 bits beside this flag: 80 bytes with the header and the
    // inherited names, a malloc size class of its own (16 bytes a route more would be 1.6 MB over
    // 100,000 routes).
    let hasValidator: Bool
    let pattern: Pattern
    let name: String?
    let site: String?
    /// Typed parameters and meta (issue 33), nil for most routes. One reference for both: 88 bytes with
    /// it, which glibc gives the same 96-byte chunk as 80.
    let extras: DeclaredExtras?
    /// Checked after the lookup, as a validator is.
    var parameterTypes: ParameterTypes? { extras?.parameterTypes }

    /// `names`: the pattern's parameter names, shared with every route that has the same ones.
    init(id: RouteID, pattern: Pattern, names: ParameterNames, name: String?, site: String?, hasValidator: Bool,
         parameterTypes: ParameterTypes? = nil, meta: RouteMeta? = nil, querySchema: QuerySchema? = nil,
         layouts: [RouteLayout] = []) {
        self.pattern = pattern
        self.name = name
        self.site = site
        self.hasValidator = hasValidator
        self.extras = parameterTypes == nil && meta == nil && querySchema == nil && layouts.isEmpty
            ? nil : DeclaredExtras(parameterTypes: parameterTypes, meta: meta, querySchema: querySchema, layouts: layouts)
        super.init(names: names, routeIndex: Int32(id.rawValue))
    }

    override var patternText: String { pattern.text }

    override var declaredTypes: ParameterTypes? { extras?.parameterTypes }

    override var declaredMeta: RouteMeta? { extras?.meta }

    override var declaredQuerySchema: QuerySchema? { extras?.querySchema }

    /// Whether the lookup must leave this route to the candidates, where validators and the query
    /// schema are checked (a schema reads the query, which the byte-level lookup does not parse).
    var needsCandidates: Bool { hasValidator || extras?.querySchema != nil }

    override var declaredLayouts: [RouteLayout] { extras?.layouts ?? [] }

    var id: RouteID { RouteID(rawValue: Int(routeIndex)) }
}

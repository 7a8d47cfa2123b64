/// What a route declaration fixed: everything about a route but its payload. It is also the origin
/// of its matches' parameters (their names, and the pattern their info reports), and, made with
/// `init(names:)`, the origin of parameters built by hand.
@usableFromInline final class RouteDeclaration: Sendable {
    // The stored properties are in this order so the 32-bit index sits beside the flag: 80 bytes with
    // the header, a malloc size class of its own (16 bytes a route more would be 1.6 MB over 100,000
    // routes).
    /// The pattern's parameters in pattern order; shared by every origin with the same names.
    let names: ParameterNames
    /// The declaration index of the route whose match these parameters are, -1 for parameters not made
    /// by a match: a resolution's route is read from here, so naming it costs a match nothing to carry.
    @usableFromInline let routeIndex: Int32
    let hasValidator: Bool
    /// The route's pattern; `Pattern.none` (text "") for parameters not made by a match.
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
        self.names = names
        self.routeIndex = Int32(id.rawValue)
        self.pattern = pattern
        self.name = name
        self.site = site
        self.hasValidator = hasValidator
        self.extras = parameterTypes == nil && meta == nil && querySchema == nil && layouts.isEmpty
            ? nil : DeclaredExtras(parameterTypes: parameterTypes, meta: meta, querySchema: querySchema, layouts: layouts)
    }

    /// The origin of parameters not made by a match: their names, and no route.
    init(names: ParameterNames) {
        self.names = names
        self.routeIndex = -1
        self.pattern = .none
        self.name = nil
        self.site = nil
        self.hasValidator = false
        self.extras = nil
    }

    /// The route's pattern text, or "" for parameters not made by a match.
    var patternText: String { pattern.text }

    /// The route's typed parameters (issue 33); nil for an untyped route and for parameters not made by
    /// a match.
    var declaredTypes: ParameterTypes? { extras?.parameterTypes }

    /// The route's merged `meta` (issue 33), nil when it has none.
    var declaredMeta: RouteMeta? { extras?.meta }

    /// The route's query schema (issue 33), nil when it has none.
    var declaredQuerySchema: QuerySchema? { extras?.querySchema }

    /// Whether the lookup must leave this route to the candidates, where validators and the query
    /// schema are checked (a schema reads the query, which the byte-level lookup does not parse).
    var needsCandidates: Bool { hasValidator || extras?.querySchema != nil }

    /// The layouts the route is declared in, outermost first (issue 33); empty when none.
    var declaredLayouts: [RouteLayout] { extras?.layouts ?? [] }

    var id: RouteID { RouteID(rawValue: Int(routeIndex)) }
}

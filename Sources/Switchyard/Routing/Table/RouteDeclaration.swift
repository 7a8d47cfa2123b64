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
         parameterTypes: ParameterTypes? = nil, meta: RouteMeta? = nil) {
        self.names = names
        self.routeIndex = Int32(id.rawValue)
        self.pattern = pattern
        self.name = name
        self.site = site
        self.hasValidator = hasValidator
        self.extras = parameterTypes == nil && meta == nil ? nil : DeclaredExtras(parameterTypes: parameterTypes, meta: meta)
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

    var id: RouteID { RouteID(rawValue: Int(routeIndex)) }
}

/// Where a `Parameters` value's names come from: for a match, the route's declaration (a subclass),
/// which also carries the route's pattern, so a match's parameters and its info's pattern share one
/// reference (each reference in a match's result costs two atomic operations); for parameters built
/// by hand, just their names.
///
/// Unchecked only because the compiler checks no class that is not final: every stored property, here
/// and in `RouteDeclaration`, is a `let` of a `Sendable` type.
@usableFromInline class ParameterOrigin: @unchecked Sendable {
    /// The pattern's parameters in pattern order; shared by every origin with the same names.
    let names: ParameterNames
    /// The declaration index of the route whose match these parameters are, -1 for parameters not made
    /// by a match: a resolution's route is read from here, so naming it costs a match nothing to carry.
    /// (32 bits: the declaration's flag fits beside it, see `RouteDeclaration`.)
    @usableFromInline let routeIndex: Int32

    init(names: ParameterNames, routeIndex: Int32 = -1) {
        self.names = names
        self.routeIndex = routeIndex
    }

    /// The route's pattern text, or "" for parameters not made by a match.
    var patternText: String { "" }

    /// The route's typed parameters (issue 33); nil for an untyped route and for parameters not made by
    /// a match. Overridden, not cast for: reading it is a call where `as? RouteDeclaration` was a
    /// dynamic cast on every info a script is handed.
    var declaredTypes: ParameterTypes? { nil }

    /// The route's merged `meta` (issue 33), nil when it has none.
    var declaredMeta: RouteMeta? { nil }

    /// The route's query schema (issue 33), nil when it has none.
    var declaredQuerySchema: QuerySchema? { nil }

    /// The layouts the route is declared in, outermost first (issue 33); empty when none.
    var declaredLayouts: [RouteLayout] { [] }

    /// Shared by every origin without parameters.
    static let noNames = ParameterNames([])
    /// For what has no parameters and no route (an unmatched info).
    static let none = ParameterOrigin(names: noNames)
}

/// A pattern's parameter names in order, with their UTF-8 in one pool for bridges that copy them out.
/// A class: every match of a route shares it for one retain.
final class ParameterNames: Sendable {
    let names: [String]
    let pool: [UInt8]
    /// Name `i` is `pool[offsets[i]..<offsets[i + 1]]`.
    let offsets: [Int]

    init(_ names: [String]) {
        self.names = names
        var pool: [UInt8] = []
        var offsets = [0]
        for name in names {
            pool += name.utf8
            offsets.append(pool.count)
        }
        self.pool = pool
        self.offsets = offsets
    }
}


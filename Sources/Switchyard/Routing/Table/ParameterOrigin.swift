/// Where a `Parameters` value's names come from: for a match, the route's declaration, which also
/// carries the route's pattern, so a match's parameters and its info's pattern share one reference
/// (each reference in a match's result costs two atomic operations); for parameters built by hand, a
/// declaration of no route that holds just their names (`RouteDeclaration(names:)`).
///
/// One final class, not a base class with the declaration as its subclass: the compiler checks that
/// a final class's stored properties are `Sendable` `let`s, and it checks no class that is not final.
@usableFromInline typealias ParameterOrigin = RouteDeclaration

extension RouteDeclaration {
    /// Shared by every origin without parameters.
    static let noNames = ParameterNames([])
    /// For what has no parameters and no route (an unmatched info).
    static let none = RouteDeclaration(names: noNames)
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

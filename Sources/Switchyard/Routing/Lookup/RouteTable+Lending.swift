// Lending a match: `withMatch` hands the closure a view of the winner without building an owned
// result. Both it and `match` (through `resolve`) start from the same lookup, `best(plain:)`. A plain path whose winner has no validator (the common case) is
// settled by the one-pass walk and lent as spans of the caller's own bytes; anything else is resolved
// as before (`resolve`) and lent from the resolution.
extension RouteTable {
    /// What `lend` found in a path's bytes.
    @usableFromInline enum Lent {
        case unmatched
        case matched(RouteMatchView)
        /// Not a plain path, or the winner has a validator: `resolve` decides.
        case needsResolution
    }

    /// The best match after validators, lent to `body` (nil when nothing matched); returns what `body`
    /// returns. `path` may carry "?query#fragment"; it is normalised first. Rethrows a validator's error
    /// and `body`'s. For hot paths: nothing is allocated or retained unless `body` asks for it.
    ///
    ///     let id = try table.withMatch("/album/12") { match in match?[parameter: "id"] }   // "12"
    @inlinable
    public func withMatch<Result>(_ path: String, _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        let lent: Result?? = try path.utf8.withContiguousStorageIfAvailable { bytes -> Result? in
            switch lend(bytes) {
            case .unmatched: return try body(nil)
            case .matched(let view): return try body(view)
            case .needsResolution: return nil
            }
        }
        if case .some(.some(let result)) = lent { return result }
        return try withResolved(path, body)
    }

    /// The one-pass lookup of a path's bytes, valid while they are.
    @usableFromInline
    func lend(_ bytes: UnsafeBufferPointer<UInt8>) -> Lent {
        withFrozenLookup { lookup in
            switch lookup.best(plain: bytes) {
            case .none?:
                return .unmatched
            case .found(let declaration, let spans)?:
                let route = RouteID(rawValue: Int(declaration.takeUnretainedValue().routeIndex))
                return .matched(RouteMatchView(route: route, source: .spans(bytes, declaration, spans)))
            case .needsFullSearch?, nil:
                return .needsResolution
            }
        }
    }

    /// `withMatch` through a full resolution (validators, queries, normalising), lent from the stack.
    @usableFromInline
    func withResolved<Result>(_ path: String, _ body: (RouteMatchView?) throws -> Result) throws -> Result {
        var found = try resolve(path)
        guard let route = found.route else { return try body(nil) }
        return try withUnsafePointer(to: &found.info) { info in
            try body(RouteMatchView(route: route, source: .info(info)))
        }
    }
}

/// What one lookup of a path's bytes decided (`RouteLookup.find`), before any validator runs: the one
/// answer `match`, `withMatch`, `firstMatch`, Lua's `match` and every navigator landing start from.
///
/// A hit's declaration is not retained (the lookup keeps every declaration; retaining it here would
/// cost two atomic operations a match). A hit's spans are not in the answer: the lookup leaves them in
/// the caller's spans (`RouteTable.find(_:into:)`, `find(_:spans:)`), offsets into the bytes that were
/// looked up; what those hold after any other answer means nothing. The answer is then one word (the
/// case in the pointer's top bits), which Swift returns in a register: with the spans in it (48 bytes),
/// it went through memory, written by the lookup and read back by the caller, and a hit's spans were
/// copied from the lookup's frame into the answer and from the answer into the view or match (issue 37,
/// eighteenth session: `withMatch` misses 299.0 → 295.0, every `match` row 6 to 14 less).
// Safety: the declaration is read only while the table that found it is in use (inside `resolve` or a
// `withMatch` closure); the table's route and its frozen lookup both hold it.
@usableFromInline enum RouteFind {
    /// The winner, settled by the lookup alone: it has no validator and at most eight parameters
    /// (`Parameters.InlineSpans.capacity`), their spans in the caller's buffer.
    case hit(Unmanaged<RouteDeclaration>)
    /// `hit` for the plain path that starts the bytes, which go on with a `?query` or `#fragment` (from
    /// `PathSegmenter.pathEnd`), kept as written until someone reads it.
    case hitBeforeQuery(Unmanaged<RouteDeclaration>)
    /// Anything but a hit (`Unsettled`). One case with a one-byte kind, not three cases without a
    /// payload: those were told apart by the whole answer compared with each one's pattern (when it
    /// held a hit's spans, a miss's test loaded and joined five words), where a kind is one byte.
    case unsettled(Unsettled)

    /// What an answer that is not a hit says.
    @usableFromInline enum Unsettled {
        /// No route matches the path.
        case miss
        /// The bytes are a plain path whose winner has a validator (every candidate is needed, in rank
        /// order, until one accepts) or more than eight parameters: `RouteLookup.settledCandidate` or
        /// `all` decides.
        case needsCandidates
        /// The bytes are not a plain normalised path (dot segments, empty segments, a trailing slash, or
        /// a query that a validator must see): `Location(parsing:)` reads them first, then its path is
        /// found.
        case needsNormalising
    }

    /// No route matches the path (`Unsettled.miss`).
    @inlinable static var miss: RouteFind { .unsettled(.miss) }
    /// The candidates decide (`Unsettled.needsCandidates`).
    @inlinable static var needsCandidates: RouteFind { .unsettled(.needsCandidates) }
    /// The text is parsed first (`Unsettled.needsNormalising`).
    @inlinable static var needsNormalising: RouteFind { .unsettled(.needsNormalising) }
}

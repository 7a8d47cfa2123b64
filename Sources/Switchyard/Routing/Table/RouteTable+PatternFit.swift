extension RouteTable {
    /// Whether `route`'s pattern alone matches `path` (no validator runs, no other route is looked
    /// at). Unlike `parameters(of:in:)` it needs no lookup, so a script declaring routes can ask it
    /// after each declaration without the lookup being rebuilt each time.
    ///
    ///     table.patternFits(rootID, "/")   // true for "/" and "/:tab?"
    package func patternFits(_ route: RouteID, _ path: String) -> Bool {
        // Most patterns start with a literal segment, which "/" (every start screen without tabs) never
        // matches: settled from one byte, since a 100,000-route script asks this 100,000 times.
        var text = storage[route.rawValue].pattern.text
        let startsLiteral = text.withUTF8 { $0.count > 1 && $0[1] != UInt8(ascii: ":") && $0[1] != UInt8(ascii: "*") }
        if startsLiteral && path == "/" { return false }
        return PatternAlignment(pattern: storage[route.rawValue].pattern.segments,
                                path: PathSegmenter.strings(Location(parsing: path).path),
                                caseInsensitive: caseInsensitive).mismatch() == nil
    }
}

extension RouteTable {
    /// Nearest registered patterns for a path that matched nothing (for "did you mean" messages),
    /// by edit distance over segments (a typo in a segment costs less than a different word); ties go by rank.
    ///
    ///     table.suggestions(for: "/albun/12").map(\.pattern.text)   // ["/album/:id", ...]
    package func suggestions(for path: String, limit: Int = 3) -> [Route<Payload>] {
        let segments = PathSegmenter.strings(Location(parsing: path).path)
        let scored = rankOrder.map { route -> (distance: Int, route: Int) in
            let distance = EditDistance.between(
                storage[route].pattern.segments, segments,
                dropA: { segment in segment.specificity >= 2 ? 0 : 2 },
                dropB: { _ in 2 },
                substitute: substitutionCost)
            return (distance, route)
        }
        return scored.enumerated()
            .sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .prefix(max(0, limit))
            .map { storage[$0.element.route] }
    }

    /// 0 for a segment the pattern accepts, 1 for a typo of a static segment, 2 for a different word.
    private func substitutionCost(_ segment: PatternSegment, _ text: String) -> Int {
        guard case .literal(let literal) = segment else { return 0 }
        let expected = caseInsensitive ? literal.utf8.map(ASCIIFolding.fold) : Array(literal.utf8)
        let found = caseInsensitive ? text.utf8.map(ASCIIFolding.fold) : Array(text.utf8)
        if expected == found { return 0 }
        return EditDistance.between(expected, found) <= max(1, expected.count / 3) ? 1 : 2
    }

    /// Declared route names close to `name` (for a mistyped `url` name).
    func nearestNames(to name: String) -> [String] {
        let target = Array(name)
        return names.keys
            .map { (distance: EditDistance.between(Array($0), target), name: $0) }
            .filter { $0.distance <= max(2, target.count / 3) }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
            .prefix(3)
            .map(\.name)
    }
}

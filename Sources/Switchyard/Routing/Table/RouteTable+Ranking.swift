// Ranking: which of several matching routes wins. A pattern is compared with another segment by segment
// from the left (static beats parameter beats optional beats splat; one that has ended beats one that goes
// on), and equals go by declaration order.
extension RouteTable {
    /// Rank per route (lower is better); 32 bits each, as the frozen trie keeps them.
    package var ranks: [Int32] {
        cachedRanks ?? ranks(of: storage.map { $0.declaration })
    }

    /// `ranks`, from the routes' declarations when the caller has them at hand.
    func ranks(of declarations: [RouteDeclaration]) -> [Int32] {
        if let cachedRanks { return cachedRanks }
        let ranks = RouteRanking.ranks(of: declarations)
        cachedRanks = ranks
        return ranks
    }

    /// Route indices in rank order, inverted from `ranks` (the table keeps one of the two); a removed
    /// route (`removeRoute`) keeps its rank in `ranks` but is left out here, so nothing lists it.
    var rankOrder: [Int] {
        let ranks = self.ranks
        var order = [Int](repeating: 0, count: ranks.count)
        for (route, rank) in ranks.enumerated() { order[Int(rank)] = route }
        return removed.isEmpty ? order : order.filter { !removed.contains($0) }
    }
}

/// The ranking itself, over declarations: outside the generic table, where iterating its routes went
/// through their payload's value witnesses (1,700 instructions a route, callgrind, 1,000 routes).
enum RouteRanking {
    static func ranks(of declarations: [RouteDeclaration]) -> [Int32] {
        var ranks = [Int32](repeating: 0, count: declarations.count)
        for (rank, route) in sortedBySpecificity(declarations).enumerated() { ranks[route] = Int32(rank) }
        return ranks
    }

    /// Route indices sorted segment by segment from the left (a pattern that has ended is the most
    /// specific), then by declaration order. Up to 21 segments, a pattern's specificities fit one word,
    /// 3 bits a segment from the top (specificity + 1, 0 where the pattern has ended), and words
    /// compare as the segments do: sorting 1,000 routes took 2.2M instructions comparing slices.
    private static func sortedBySpecificity(_ declarations: [RouteDeclaration]) -> [Int] {
        var keys: [(word: UInt64, route: Int)] = []
        keys.reserveCapacity(declarations.count)
        var fits = true
        for (index, declaration) in declarations.enumerated() {
            var word: UInt64 = 0
            declaration.pattern.forEachSpecificity { segment, specificity in
                guard segment < 21 else { fits = false; return }
                word |= UInt64(specificity + 1) << UInt64(61 - 3 * segment)
            }
            keys.append((word, index))
        }
        guard fits else { return sortedBySegments(declarations) }
        keys.sort { $0.word != $1.word ? $0.word < $1.word : $0.route < $1.route }
        return keys.map(\.route)
    }

    /// `sortedBySpecificity` for a table with a pattern of more than 21 segments: the specificities
    /// are read into one transient pool (kept for good they would cost a large table a megabyte).
    private static func sortedBySegments(_ declarations: [RouteDeclaration]) -> [Int] {
        var pool: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(declarations.count + 1)
        for declaration in declarations {
            declaration.pattern.appendSpecificities(to: &pool)
            starts.append(pool.count)
        }
        var order = Array(declarations.indices)
        order.sort { a, b in
            let (first, second) = (pool[starts[a]..<starts[a + 1]], pool[starts[b]..<starts[b + 1]])
            for (mine, theirs) in zip(first, second) where mine != theirs { return mine < theirs }
            return first.count != second.count ? first.count < second.count : a < b
        }
        return order
    }
}

// Ranking: which of several matching routes wins. A pattern is compared with another segment by segment
// from the left (static beats parameter beats optional beats splat; one that has ended beats one that goes
// on), and equals go by declaration order.
extension RouteTable {
    /// Rank per route (lower is better); 32 bits each, as the frozen trie keeps them.
    var ranks: [Int32] {
        if let cachedRanks { return cachedRanks }
        var ranks = [Int32](repeating: 0, count: storage.count)
        for (rank, route) in sortedBySpecificity().enumerated() { ranks[route] = Int32(rank) }
        cachedRanks = ranks
        return ranks
    }

    /// Route indices in rank order, inverted from `ranks` (the table keeps one of the two).
    var rankOrder: [Int] {
        let ranks = self.ranks
        var order = [Int](repeating: 0, count: ranks.count)
        for (route, rank) in ranks.enumerated() { order[Int(rank)] = route }
        return order
    }

    /// Route indices sorted segment by segment from the left (a pattern that has ended is the most
    /// specific), then by declaration order. The specificities are read from the patterns into one
    /// transient pool (kept for good they would cost a large table a megabyte).
    private func sortedBySpecificity() -> [Int] {
        var pool: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(storage.count + 1)
        for route in storage {
            route.pattern.appendSpecificities(to: &pool)
            starts.append(pool.count)
        }
        var order = Array(storage.indices)
        pool.withUnsafeBufferPointer { pool in
            starts.withUnsafeBufferPointer { starts in
                order.sort { a, b in
                    let (first, second) = (pool[starts[a]..<starts[a + 1]], pool[starts[b]..<starts[b + 1]])
                    for (mine, theirs) in zip(first, second) where mine != theirs { return mine < theirs }
                    return first.count != second.count ? first.count < second.count : a < b
                }
            }
        }
        return order
    }
}

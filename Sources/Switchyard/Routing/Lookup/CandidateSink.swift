/// Receives the route shapes a search finds.
protocol CandidateSink {
    /// A node whose routes match; `settled` means no better-ranked shape can follow.
    /// Return true to stop the search.
    mutating func candidate(_ node: Int32, rank: Int32, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                            settled: Bool) -> Bool
    /// Called when an optional segment's alternatives are exhausted; return true to stop.
    mutating func settled() -> Bool
}

/// Keeps the best-ranked shape and stops as soon as nothing better can follow.
struct BestCandidate: CandidateSink {
    /// Where the winner's captures are copied (capacity `maximumDepth + 1`), or nil when only the route matters.
    let captures: UnsafeMutableBufferPointer<FrozenTrie.Capture>?
    var node: Int32 = -1
    var rank: Int32 = .max

    init(capturesInto captures: UnsafeMutableBufferPointer<FrozenTrie.Capture>? = nil) { self.captures = captures }

    mutating func candidate(_ node: Int32, rank: Int32, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                            settled: Bool) -> Bool {
        if self.node < 0 || rank < self.rank {
            self.node = node
            self.rank = rank
            if let destination = self.captures { _ = destination.initialize(fromContentsOf: captures) }
        }
        return settled
    }

    mutating func settled() -> Bool { node >= 0 }
}

/// Keeps every matching shape once (its first alignment: optional segments consumed before skipped).
struct AllCandidates: CandidateSink {
    var found: [(node: Int32, captures: [FrozenTrie.Capture])] = []
    var seen: Set<Int32> = []

    mutating func candidate(_ node: Int32, rank: Int32, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                            settled: Bool) -> Bool {
        if seen.insert(node).inserted { found.append((node, Array(captures))) }
        return false
    }

    mutating func settled() -> Bool { false }
}

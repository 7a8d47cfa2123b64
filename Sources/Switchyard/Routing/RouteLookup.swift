/// The lookup side of a route table, frozen at the first lookup after a declaration: the flattened trie,
/// the ranks, and where each route's parameters sit. Not generic, so a lookup runs without generic
/// metadata requests whatever the table's payload type.
final class RouteLookup {
    /// A route whose pattern matches, with its decoded parameters.
    struct Candidate {
        let route: Int
        let params: [String: String]
    }

    enum Best {
        case none
        /// The winner has no validator, so no other candidate can take over.
        case found(Candidate)
        /// The winner has a validator: every candidate is needed, in rank order.
        case needsValidators
    }

    private struct ParameterSlot {
        let segment: Int
        let name: String
        let optional: Bool
    }

    /// Where a route's parameters sit, and its parameter names each mapped to itself: `mapValues` over
    /// that dictionary yields the parameters in the same hash layout, so a match hashes no name.
    /// A class, so reading it for a match costs one retain.
    private final class ParameterLayout {
        let slots: [ParameterSlot]
        let names: [String: String]
        let hasOptional: Bool

        init(_ segments: [PatternSegment]) {
            slots = segments.enumerated().compactMap { index, segment in
                guard let name = segment.parameterName else { return nil }
                if case .optional = segment { return ParameterSlot(segment: index, name: name, optional: true) }
                return ParameterSlot(segment: index, name: name, optional: false)
            }
            names = Dictionary(uniqueKeysWithValues: slots.map { ($0.name, $0.name) })
            hasOptional = slots.contains { $0.optional }
        }
    }

    private let trie: FrozenTrie
    private let ranks: [Int32]
    /// Per route; the pattern's text comes from the route itself (see `RouteTable.match`).
    private let layouts: [ParameterLayout]
    /// One bit per route; small enough to stay in cache whatever the table's size.
    private let validated: [UInt64]

    init(_ trie: RouteTrie, ranks: [Int32], patterns: [Pattern], hasValidator: [Bool]) {
        self.trie = FrozenTrie(trie, ranks: ranks)
        self.ranks = ranks
        // Routes with the same parameters in the same places share one layout, which stays in cache.
        var shared: [[String?]: ParameterLayout] = [:]
        self.layouts = patterns.map { pattern in
            let segments = pattern.segments
            let key = segments.map(\.parameterKey)
            let layout = shared[key] ?? ParameterLayout(segments)
            shared[key] = layout
            return layout
        }
        var validated = [UInt64](repeating: 0, count: (hasValidator.count + 63) / 64)
        for (route, flag) in hasValidator.enumerated() where flag { validated[route / 64] |= 1 << UInt64(route % 64) }
        self.validated = validated
    }

    /// The best route for raw path bytes (anything after `?` or `#` ignored), without parameters or validators.
    func firstMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let node = PathSegmenter.withSegments(bytes, end: PathSegmenter.pathEnd(bytes)) { segments in
            var best = BestCandidate()
            trie.searchBest(bytes, segments, into: &best)
            return best.node
        }
        return node < 0 ? nil : trie.firstRoute(at: node)
    }

    /// The winner for a normalised path, unless a validator could hand it over to another candidate.
    func best(_ path: String) -> Best {
        var path = path
        return path.withUTF8 { bytes in
            PathSegmenter.withSegments(bytes, end: bytes.count) { segments in best(bytes, segments) }
        }
    }

    /// `best` for text that is already a plain normalised path (the common case, taken in one pass);
    /// nil for anything else, which needs `Location(parsing:)` first.
    func bestIfPlain(_ path: String) -> Best? {
        var path = path
        return path.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: SegmentBounds.self, capacity: 32) { buffer in
                PathSegmenter.splitPlain(bytes, into: buffer).map { count in
                    best(bytes, UnsafeBufferPointer(rebasing: buffer[0..<count]))
                }
            }
        }
    }

    private func best(_ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<SegmentBounds>) -> Best {
        withUnsafeTemporaryAllocation(of: FrozenTrie.Capture.self, capacity: trie.maximumDepth + 1) { captures in
            var best = BestCandidate(capturesInto: captures)
            trie.searchBest(bytes, segments, into: &best)
            guard best.node >= 0 else { return .none }
            let route = trie.firstRoute(at: best.node)
            if validated[route >> 6] & (1 << UInt64(route & 63)) != 0 { return .needsValidators }
            let params = parameters(of: route, UnsafeBufferPointer(captures), bytes, segments)
            return .found(Candidate(route: route, params: params))
        }
    }

    /// What matching `location` against the candidate's route yields (before any validator runs).
    func info(_ candidate: Candidate, at location: Location, pattern: String) -> RouteInfo {
        RouteInfo(path: location.path, pattern: pattern, params: candidate.params,
                  query: location.query, fragment: location.fragment)
    }

    /// Every route whose pattern matches a normalised path, in rank order.
    func all(_ path: String) -> [Candidate] {
        var path = path
        return path.withUTF8 { bytes in
            PathSegmenter.withSegments(bytes, end: bytes.count) { segments in
                var every = AllCandidates()
                trie.search(bytes, segments, into: &every)
                var found: [Candidate] = []
                for (node, captures) in every.found {
                    captures.withUnsafeBufferPointer { captures in
                        for route in trie.routes(at: node) {
                            found.append(Candidate(route: route, params: parameters(of: route, captures, bytes, segments)))
                        }
                    }
                }
                return found.sorted { ranks[$0.route] < ranks[$1.route] }
            }
        }
    }

    /// Decoded captures by name. A value of up to 15 bytes is stored inline by String, leaving the
    /// dictionary the only allocation.
    private func parameters(of route: Int, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                            _ bytes: UnsafeBufferPointer<UInt8>,
                            _ segments: UnsafeBufferPointer<SegmentBounds>) -> [String: String] {
        let layout = layouts[route]
        guard !layout.slots.isEmpty else { return [:] }
        if !layout.hasOptional || layout.slots.allSatisfy({ !$0.optional || captures[$0.segment].first >= 0 }) {
            return layout.names.mapValues { name in
                let slot = layout.slots.first { $0.name == name }!
                return value(captures[slot.segment], bytes, segments)
            }
        }
        var params = [String: String](minimumCapacity: layout.slots.count)
        for slot in layout.slots where captures[slot.segment].first >= 0 {
            params[slot.name] = value(captures[slot.segment], bytes, segments)
        }
        return params
    }

    /// The path is normalised, so a splat's segments are one contiguous run of bytes.
    private func value(_ capture: FrozenTrie.Capture, _ bytes: UnsafeBufferPointer<UInt8>,
                       _ segments: UnsafeBufferPointer<SegmentBounds>) -> String {
        guard capture.first < capture.end else { return "" }
        let text = UnsafeBufferPointer(rebasing: bytes[segments[capture.first].start..<segments[capture.end - 1].end])
        let value = String(decoding: text, as: UTF8.self)
        return text.contains(UInt8(ascii: "%")) ? PercentCoding.decode(value) : value
    }
}

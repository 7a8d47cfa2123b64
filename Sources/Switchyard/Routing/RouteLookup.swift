/// The lookup side of a route table, frozen at the first lookup after a declaration: the flattened trie,
/// the ranks, and where each route's parameters sit. Not generic, so a lookup runs without generic
/// metadata requests whatever the table's payload type.
final class RouteLookup {
    /// A route whose pattern matches, with its decoded parameters.
    struct Candidate {
        let route: Int
        let params: Parameters
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

    /// Shared by every route without parameters.
    private static let noNames = ParameterNames([])

    /// Where a route's parameters sit, and their names in pattern order (handed to every match's
    /// `Parameters` as they are). A class, so reading it for a match costs one retain.
    private final class ParameterLayout {
        let slots: [ParameterSlot]
        let names: ParameterNames

        init(_ segments: [PatternSegment]) {
            slots = segments.enumerated().compactMap { index, segment in
                guard let name = segment.parameterName else { return nil }
                if case .optional = segment { return ParameterSlot(segment: index, name: name, optional: true) }
                return ParameterSlot(segment: index, name: name, optional: false)
            }
            names = ParameterNames(slots.map(\.name))
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
        var text = path
        return text.withUTF8 { bytes in
            PathSegmenter.withSegments(bytes, end: bytes.count) { segments in best(bytes, segments, path: path) }
        }
    }

    /// `best` for text that is already a plain normalised path (the common case, taken in one pass);
    /// nil for anything else, which needs `Location(parsing:)` first.
    func bestIfPlain(_ path: String) -> Best? {
        var text = path
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: SegmentBounds.self, capacity: 32) { buffer in
                PathSegmenter.splitPlain(bytes, into: buffer).map { count in
                    best(bytes, UnsafeBufferPointer(rebasing: buffer[0..<count]), path: path)
                }
            }
        }
    }

    /// `bytes` are `path`'s UTF-8, which the parameters keep and slice.
    private func best(_ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<SegmentBounds>,
                      path: String) -> Best {
        withUnsafeTemporaryAllocation(of: FrozenTrie.Capture.self, capacity: trie.maximumDepth + 1) { captures in
            var best = BestCandidate(capturesInto: captures)
            trie.searchBest(bytes, segments, into: &best)
            guard best.node >= 0 else { return .none }
            let route = trie.firstRoute(at: best.node)
            if validated[route >> 6] & (1 << UInt64(route & 63)) != 0 { return .needsValidators }
            let params = parameters(of: route, UnsafeBufferPointer(captures), segments, path: path)
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
        var text = path
        return text.withUTF8 { bytes in
            PathSegmenter.withSegments(bytes, end: bytes.count) { segments in
                var every = AllCandidates()
                trie.search(bytes, segments, into: &every)
                var found: [Candidate] = []
                for (node, captures) in every.found {
                    captures.withUnsafeBufferPointer { captures in
                        for route in trie.routes(at: node) {
                            found.append(Candidate(route: route, params: parameters(of: route, captures, segments, path: path)))
                        }
                    }
                }
                return found.sorted { ranks[$0.route] < ranks[$1.route] }
            }
        }
    }

    /// Where each capture sits in the path; nothing is copied or decoded until someone reads a value.
    private func parameters(of route: Int, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                            _ segments: UnsafeBufferPointer<SegmentBounds>, path: String) -> Parameters {
        let layout = layouts[route]
        guard !layout.slots.isEmpty else { return Parameters(source: "", names: Self.noNames, escaped: false) }
        var params = Parameters(source: path, names: layout.names, escaped: true)
        for slot in layout.slots {
            let capture = captures[slot.segment]
            if slot.optional && capture.first < 0 {
                params.append(.absent)
            } else if capture.first < capture.end {
                // The path is normalised, so a splat's segments are one contiguous run of bytes.
                params.append(Parameters.Span(start: segments[capture.first].start, end: segments[capture.end - 1].end))
            } else {
                params.append(Parameters.Span(start: 0, end: 0))
            }
        }
        return params
    }
}

/// The declaration side of the matcher: a trie keyed by pattern shape (static text, or the kind of
/// parameter; names live on the routes), so equivalent patterns end at the same node.
/// Lookups use the flattened `FrozenTrie` built from it.
struct RouteTrie {
    enum Step: Hashable {
        case literal([UInt8])
        case parameter
        case optional
        case splat
    }

    struct Node {
        var literal: [UInt8] = []
        var statics: [[UInt8]: Int] = [:]
        var staticOrder: [Int] = []
        var parameter = -1
        var optional = -1
        var splat = -1
        /// Routes ending here, in declaration order: the first, then its fall-throughs.
        var routes: [Int] = []
        var depth = 0
    }

    let caseInsensitive: Bool
    private(set) var nodes: [Node] = [Node()]
    private(set) var maximumDepth = 0

    init(caseInsensitive: Bool) { self.caseInsensitive = caseInsensitive }

    func steps(of pattern: Pattern) -> [Step] {
        pattern.segments.map { segment in
            switch segment {
            case .literal(let text): .literal(caseInsensitive ? text.utf8.map(ASCIIFolding.fold) : Array(text.utf8))
            case .parameter: .parameter
            case .optional: .optional
            case .splat: .splat
            }
        }
    }

    /// Routes already declared with this shape, in declaration order.
    func routes(shapedLike pattern: Pattern) -> [Int] {
        var node = 0
        for step in steps(of: pattern) {
            let next = child(of: node, step)
            if next < 0 { return [] }
            node = next
        }
        return nodes[node].routes
    }

    mutating func insert(_ pattern: Pattern, route: Int) {
        var node = 0
        for step in steps(of: pattern) {
            var next = child(of: node, step)
            if next < 0 {
                next = nodes.count
                var fresh = Node()
                fresh.depth = nodes[node].depth + 1
                maximumDepth = max(maximumDepth, fresh.depth)
                switch step {
                case .literal(let bytes):
                    fresh.literal = bytes
                    nodes[node].statics[bytes] = next
                    nodes[node].staticOrder.append(next)
                case .parameter: nodes[node].parameter = next
                case .optional: nodes[node].optional = next
                case .splat: nodes[node].splat = next
                }
                nodes.append(fresh)
            }
            node = next
        }
        nodes[node].routes.append(route)
    }

    private func child(of node: Int, _ step: Step) -> Int {
        switch step {
        case .literal(let bytes): nodes[node].statics[bytes] ?? -1
        case .parameter: nodes[node].parameter
        case .optional: nodes[node].optional
        case .splat: nodes[node].splat
        }
    }
}

/// ASCII-only case folding for case-insensitive tables (byte-wise, so lookups need no allocation).
enum ASCIIFolding {
    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}

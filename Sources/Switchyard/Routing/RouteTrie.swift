/// The declaration side of the matcher: a trie keyed by pattern shape (static text, or the kind of
/// parameter; names live on the routes), so equivalent patterns end at the same node.
/// Lookups use the flattened `FrozenTrie` built from it.
///
/// Compact, because a table of 100,000 routes keeps it: nodes are fixed-size records in one array,
/// literal text sits in one byte pool, static children hang off their parent as a linked list (in
/// declaration order) and are found through one table for the whole trie, and the routes ending at a
/// node are a linked list through `nextRoute`.
struct RouteTrie {
    enum Step: Hashable {
        case literal([UInt8])
        case parameter
        case optional
        case splat
    }

    struct Node {
        var literalStart: Int32 = 0
        var literalEnd: Int32 = 0
        var firstStatic: Int32 = -1
        var lastStatic: Int32 = -1
        var nextSibling: Int32 = -1
        var staticCount: Int32 = 0
        var parameter: Int32 = -1
        var optional: Int32 = -1
        var splat: Int32 = -1
        /// Routes ending here, in declaration order: the first, then its fall-throughs (via `nextRoute`).
        var firstRoute: Int32 = -1
        var lastRoute: Int32 = -1
    }

    /// A static child by its parent and literal (folded when the table is case-insensitive).
    private struct StaticKey: Hashable {
        let parent: Int32
        let literal: String
    }

    let caseInsensitive: Bool
    private(set) var nodes: [Node] = [Node()]
    private(set) var literalBytes: [UInt8] = []
    /// For each route, the next route with the same shape, or -1.
    private(set) var nextRoute: [Int32] = []
    private(set) var maximumDepth = 0
    private var statics: [StaticKey: Int32] = [:]

    init(caseInsensitive: Bool) { self.caseInsensitive = caseInsensitive }

    func steps(of segments: [PatternSegment]) -> [Step] {
        segments.map { segment in
            switch segment {
            case .literal(let text): .literal(caseInsensitive ? text.utf8.map(ASCIIFolding.fold) : Array(text.utf8))
            case .parameter: .parameter
            case .optional: .optional
            case .splat: .splat
            }
        }
    }

    /// Routes already declared with this shape, in declaration order.
    func routes(shapedLike segments: [PatternSegment]) -> [Int] {
        var node: Int32 = 0
        for step in steps(of: segments) {
            node = child(of: node, step)
            if node < 0 { return [] }
        }
        return routes(at: node)
    }

    /// Routes ending at `node`, in declaration order.
    func routes(at node: Int32) -> [Int] {
        var routes: [Int] = []
        var route = nodes[Int(node)].firstRoute
        while route >= 0 {
            routes.append(Int(route))
            route = nextRoute[Int(route)]
        }
        return routes
    }

    /// Static children of `node`, in declaration order.
    func staticChildren(of node: Int32) -> [Int32] {
        var children: [Int32] = []
        var child = nodes[Int(node)].firstStatic
        while child >= 0 {
            children.append(child)
            child = nodes[Int(child)].nextSibling
        }
        return children
    }

    /// `route` must be the next route number (routes are inserted in declaration order).
    mutating func insert(_ segments: [PatternSegment], route: Int) {
        var node: Int32 = 0
        for (depth, step) in steps(of: segments).enumerated() {
            var next = child(of: node, step)
            if next < 0 {
                next = Int32(nodes.count)
                var fresh = Node()
                maximumDepth = max(maximumDepth, depth + 1)
                switch step {
                case .literal(let bytes):
                    fresh.literalStart = Int32(literalBytes.count)
                    literalBytes += bytes
                    fresh.literalEnd = Int32(literalBytes.count)
                    statics[StaticKey(parent: node, literal: String(decoding: bytes, as: UTF8.self))] = next
                    if nodes[Int(node)].lastStatic >= 0 {
                        nodes[Int(nodes[Int(node)].lastStatic)].nextSibling = next
                    } else {
                        nodes[Int(node)].firstStatic = next
                    }
                    nodes[Int(node)].lastStatic = next
                    nodes[Int(node)].staticCount += 1
                case .parameter: nodes[Int(node)].parameter = next
                case .optional: nodes[Int(node)].optional = next
                case .splat: nodes[Int(node)].splat = next
                }
                nodes.append(fresh)
            }
            node = next
        }
        nextRoute.append(-1)
        if nodes[Int(node)].lastRoute >= 0 {
            nextRoute[Int(nodes[Int(node)].lastRoute)] = Int32(route)
        } else {
            nodes[Int(node)].firstRoute = Int32(route)
        }
        nodes[Int(node)].lastRoute = Int32(route)
    }

    private func child(of node: Int32, _ step: Step) -> Int32 {
        switch step {
        case .literal(let bytes): statics[StaticKey(parent: node, literal: String(decoding: bytes, as: UTF8.self))] ?? -1
        case .parameter: nodes[Int(node)].parameter
        case .optional: nodes[Int(node)].optional
        case .splat: nodes[Int(node)].splat
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

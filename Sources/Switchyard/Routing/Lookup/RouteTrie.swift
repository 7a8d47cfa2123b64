/// The declaration side of the matcher: a trie keyed by pattern shape (static text, or the kind of
/// parameter; names live on the routes), so equivalent patterns end at the same node.
/// Lookups use the flattened `FrozenTrie` built from it.
///
/// Compact, because a table of 100,000 routes keeps it: nodes are fixed-size records in one array,
/// literal text sits in one byte pool, static children hang off their parent as a linked list (in
/// declaration order), found by walking it or, under a node with many, through one table for the whole
/// trie, and the routes ending at a node are a linked list through `nextRoute`.
struct RouteTrie {
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

    /// The node where patterns shaped like `segments` end, created (with the nodes on the way) if no
    /// pattern of that shape was declared yet. One walk serves both the duplicate check and the insert.
    mutating func node(shapedLike segments: [PatternSegment]) -> Int32 {
        var node: Int32 = 0
        for (depth, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text): node = staticChild(of: node, literal: caseInsensitive ? Self.folded(text) : text)
            case .parameter: node = child(of: node, at: \.parameter)
            case .optional: node = child(of: node, at: \.optional)
            case .splat: node = child(of: node, at: \.splat)
            }
            maximumDepth = max(maximumDepth, depth + 1)
        }
        return node
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

    /// Ends `route` at `node`, after the routes already there; `route` must be above every route
    /// attached before (routes are attached in declaration order).
    mutating func attach(route: Int, at node: Int32) {
        // Routes come in index order; a removed route's index (`RouteTable.removeRoute`) is skipped,
        // its slot left unlinked.
        while nextRoute.count < route { nextRoute.append(-1) }
        nextRoute.append(-1)
        if nodes[Int(node)].lastRoute >= 0 {
            nextRoute[Int(nodes[Int(node)].lastRoute)] = Int32(route)
        } else {
            nodes[Int(node)].firstRoute = Int32(route)
        }
        nodes[Int(node)].lastRoute = Int32(route)
    }

    /// The parameter, optional or splat child of `node`, created if missing.
    private mutating func child(of node: Int32, at kind: WritableKeyPath<Node, Int32>) -> Int32 {
        let existing = nodes[Int(node)][keyPath: kind]
        if existing >= 0 { return existing }
        let fresh = Int32(nodes.count)
        nodes.append(Node())
        nodes[Int(node)][keyPath: kind] = fresh
        return fresh
    }

    /// A node with at most this many static children finds one by walking its list: a declaration of
    /// the 1,000-route script met about 10 siblings a level, and hashing the key into `statics` cost
    /// ~1,000 instructions a literal against ~150 for the walk. Past it, every child is in `statics`.
    private static let listedChildLimit: Int32 = 16

    /// The static child of `node` for `literal` (already folded), created if missing.
    private mutating func staticChild(of node: Int32, literal: String) -> Int32 {
        let listed = nodes[Int(node)].staticCount <= Self.listedChildLimit
        if listed {
            if let existing = listedChild(of: node, literal: literal) { return existing }
        } else if let existing = statics[StaticKey(parent: node, literal: literal)] {
            return existing
        }
        let fresh = Int32(nodes.count)
        var child = Node()
        child.literalStart = Int32(literalBytes.count)
        literalBytes += literal.utf8
        child.literalEnd = Int32(literalBytes.count)
        nodes.append(child)
        if nodes[Int(node)].lastStatic >= 0 {
            nodes[Int(nodes[Int(node)].lastStatic)].nextSibling = fresh
        } else {
            nodes[Int(node)].firstStatic = fresh
        }
        nodes[Int(node)].lastStatic = fresh
        nodes[Int(node)].staticCount += 1
        if !listed {
            statics[StaticKey(parent: node, literal: literal)] = fresh
        } else if nodes[Int(node)].staticCount > Self.listedChildLimit {
            var sibling = nodes[Int(node)].firstStatic
            while sibling >= 0 {
                statics[StaticKey(parent: node, literal: literalText(of: sibling))] = sibling
                sibling = nodes[Int(sibling)].nextSibling
            }
        }
        return fresh
    }

    /// `node`'s static child for `literal`, found by walking its children.
    private func listedChild(of node: Int32, literal: String) -> Int32? {
        var literal = literal
        return literal.withUTF8 { wanted in
            literalBytes.withUnsafeBufferPointer { pool in
                var child = nodes[Int(node)].firstStatic
                while child >= 0 {
                    let start = Int(nodes[Int(child)].literalStart)
                    if Int(nodes[Int(child)].literalEnd) - start == wanted.count {
                        // A plain loop: `elementsEqual` went through iterators at 157 instructions a call.
                        var offset = 0
                        while offset < wanted.count && pool[start + offset] == wanted[offset] { offset += 1 }
                        if offset == wanted.count { return child }
                    }
                    child = nodes[Int(child)].nextSibling
                }
                return nil
            }
        }
    }

    private func literalText(of node: Int32) -> String {
        String(decoding: literalBytes[Int(nodes[Int(node)].literalStart)..<Int(nodes[Int(node)].literalEnd)], as: UTF8.self)
    }

    private static func folded(_ text: String) -> String {
        String(decoding: text.utf8.map(ASCIIFolding.fold), as: UTF8.self)
    }
}

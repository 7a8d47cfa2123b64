/// A push stack of screens, never empty, stored as a persistent linked list: pushing adds one node that
/// points at the stack below, so every timeline snapshot shares the screens it has in common with the
/// others instead of copying them. A node is the screen's own object (`Screen.Fields`): pushing a
/// freshly landed screen allocates nothing.
///
///     var stack = ScreenStack(root: home)
///     stack.push(album)          // one new node; `home`'s node is shared with the old value
struct ScreenStack: Equatable {
    typealias Node = Screen.Fields

    private(set) var topNode: Node

    init(root: __owned Screen) { topNode = root.node(above: nil) }
    init(topNode: Node) { self.topNode = topNode }

    var count: Int { topNode.depth }
    var top: Screen { topNode.screen }
    var topID: Int { topNode.id }
    var root: Screen {
        var node = topNode
        while let below = node.below { node = below }
        return node.screen
    }

    /// Bottom first, as `nav.stack` lists them.
    var screens: [Screen] {
        var out: [Screen] = []
        out.reserveCapacity(count)
        var node: Node? = topNode
        while let current = node { out.append(current.screen); node = current.below }
        return out.reversed()
    }

    mutating func push(_ screen: __owned Screen) {
        // The new node takes the top's place and the old top becomes its `below`: both are moved, not
        // retained and released (an operation's hot path).
        var below = screen.unplacedNode()
        swap(&below, &topNode)
        topNode.place(above: consume below)
    }

    mutating func replaceTop(with screen: __owned Screen) { topNode = screen.node(above: topNode.below) }

    /// Keeps the bottom `depth` screens (1...count), stepping the top down in place: each step moves
    /// one reference, and a node no snapshot shares is freed as it is left.
    mutating func truncate(to depth: Int) {
        while topNode.depth > depth, let below = topNode.below { topNode = below }
    }

    /// The top node, taken out of the stack (its `below` becomes the stack's top), when nothing else
    /// holds it and it `isRecyclable`: the timeline hands the top node of an entry that falls off to
    /// the next bare landing (`Screen.init(id:info:route:recycling:)`) instead of freeing it. Nil,
    /// leaving the stack as it was, otherwise (and for a stack of one screen).
    mutating func detachLoneTop() -> Node? {
        // The depth first: half the entries that fall off (a pop's) hold only the root, which is shared.
        guard topNode.depth > 1, isKnownUniquelyReferenced(&topNode), topNode.isRecyclable,
              var node = topNode.detach() else { return nil }
        // Both moved: the stack's top becomes the node below, and `node` the detached one.
        swap(&node, &topNode)
        return node
    }

    /// Depth of the nearest screen from the top satisfying `matches`, optionally skipping the top one.
    func depthOfNearest(skippingTop: Bool, where matches: (Screen) -> Bool) -> Int? {
        var node: Node? = skippingTop ? topNode.below : topNode
        while let current = node {
            if matches(current.screen) { return current.depth }
            node = current.below
        }
        return nil
    }

    /// True when both show the same locations in the same order, whatever the screens' ids.
    func showsSameLocations(as other: ScreenStack) -> Bool {
        var left: Node? = topNode
        var right: Node? = other.topNode
        while let l = left, let r = right {
            if l === r { return true }
            guard l.depth == r.depth, l.screen.hasSameLocation(as: r.screen) else { return false }
            left = l.below
            right = r.below
        }
        return left == nil && right == nil
    }

    /// Equal when they hold the same screens; shared nodes make the common case one comparison.
    static func == (a: ScreenStack, b: ScreenStack) -> Bool {
        var left: Node? = a.topNode
        var right: Node? = b.topNode
        while let l = left, let r = right {
            if l === r { return true }
            guard l.depth == r.depth, l.screen == r.screen else { return false }
            left = l.below
            right = r.below
        }
        return left == nil && right == nil
    }
}

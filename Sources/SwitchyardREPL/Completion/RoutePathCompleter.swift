/// Completes route paths a segment at a time: static segments first, then `:param` placeholders, then
/// paths already visited. Patterns live in a trie flattened into an array of nodes, so a completion
/// walks only the typed segments, whatever the number of routes.
///
///     let completer = RoutePathCompleter(patterns: [[.literal("album"), .parameter("id")]])
///     completer.complete("/al")            // ["/album/"]
///     completer.complete("/album/")        // ["/album/:id"]
///     completer.complete("/album/12/", visited: ["/album/12/tracks"])   // ["/album/12/tracks"]
public struct RoutePathCompleter: Sendable {
    public enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
        case optional(String)
        case splat(String)
    }

    private struct Node: Sendable {
        var literalChildren: [String: Int] = [:]
        var literalOrder: [String] = []
        var parameterChildren: [(name: String, node: Int)] = []
        var hasSplat = false
        var isTerminal = false
    }

    private var nodes = [Node()]

    public init(patterns: [[Segment]]) {
        for pattern in patterns {
            insert(pattern)
        }
        for index in nodes.indices {
            nodes[index].literalOrder.sort()
        }
    }

    /// What TAB may offer for a typed path: text to insert, or a placeholder to type over.
    public struct Candidate: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// Inserted as typed; `final` when no declared route goes deeper, so a string may be closed.
            case path(final: Bool)
            /// A `:param` the person types over: listed as a hint, never inserted.
            case placeholder
        }

        public var text: String
        public var kind: Kind
    }

    /// Candidates that replace `text` (which must start with "/", or be empty for the root).
    public func complete(_ text: String, visited: [String] = []) -> [String] {
        candidates(text, visited: visited).map(\.text)
    }

    /// The same candidates, each saying whether it is inserted or only listed. A segment where a
    /// route ends and deeper routes go on is offered both ways ("/now-playing", "/now-playing/").
    public func candidates(_ text: String, visited: [String] = []) -> [Candidate] {
        guard text.isEmpty || text.hasPrefix("/") else { return [] }
        let typed = text.isEmpty ? "/" : text
        let lastSlash = typed.lastIndex(of: "/")!
        let directory = String(typed[..<lastSlash])
        let partial = String(typed[typed.index(after: lastSlash)...])
        let reached = walk(directory.split(separator: "/").map(String.init))

        var candidates: [Candidate] = []
        var seen: Set<String> = []
        func offer(_ text: String, _ kind: Candidate.Kind) {
            if seen.insert(text).inserted { candidates.append(Candidate(text: text, kind: kind)) }
        }
        for index in reached {
            for literal in literals(of: index, startingWith: partial) {
                let child = nodes[index].literalChildren[literal]!
                let path = directory + "/" + literal
                if nodes[child].isTerminal { offer(path, .path(final: !hasChildren(child))) }
                if hasChildren(child) { offer(path + "/", .path(final: false)) }
            }
        }
        for index in reached {
            for child in nodes[index].parameterChildren where (":" + child.name).hasPrefix(partial) {
                offer(directory + "/:" + child.name + continuation(child.node), .placeholder)
            }
        }
        for path in visited where path.hasPrefix(typed) && path != typed {
            offer(path, .path(final: true))
        }
        return candidates
    }

    private func hasChildren(_ node: Int) -> Bool {
        !nodes[node].literalChildren.isEmpty || !nodes[node].parameterChildren.isEmpty
    }

    /// The sorted literal children with a prefix: a binary search to the first, then the run of
    /// matches, so a node with 100,000 children costs a few comparisons plus the answer.
    private func literals(of index: Int, startingWith prefix: String) -> ArraySlice<String> {
        let sorted = nodes[index].literalOrder
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sorted.count && sorted[end].hasPrefix(prefix) { end += 1 }
        return sorted[low..<end]
    }

    /// A segment leading only deeper ends in "/" so the next TAB continues; a route's end does not.
    private func continuation(_ node: Int) -> String {
        nodes[node].isTerminal ? "" : "/"
    }

    /// Every node the typed segments can reach: literal children by name, parameters by anything.
    private func walk(_ segments: [String]) -> [Int] {
        var frontier = [0]
        for segment in segments {
            var next: [Int] = []
            for index in frontier {
                if let child = nodes[index].literalChildren[segment] { next.append(child) }
                if !segment.isEmpty {
                    next += nodes[index].parameterChildren.map(\.node)
                }
            }
            frontier = next
            if frontier.isEmpty { break }
        }
        return frontier
    }

    private mutating func insert(_ pattern: [Segment]) {
        var current = 0
        for (position, segment) in pattern.enumerated() {
            switch segment {
            case .literal(let text):
                current = literalChild(of: current, text)
            case .parameter(let name):
                current = parameterChild(of: current, name)
            case .optional(let name):
                if position == pattern.count - 1 { nodes[current].isTerminal = true }
                current = parameterChild(of: current, name)
            case .splat:
                nodes[current].hasSplat = true
                nodes[current].isTerminal = true
                return
            }
        }
        nodes[current].isTerminal = true
    }

    private mutating func literalChild(of parent: Int, _ text: String) -> Int {
        if let existing = nodes[parent].literalChildren[text] { return existing }
        nodes.append(Node())
        nodes[parent].literalChildren[text] = nodes.count - 1
        nodes[parent].literalOrder.append(text)
        return nodes.count - 1
    }

    private mutating func parameterChild(of parent: Int, _ name: String) -> Int {
        if let existing = nodes[parent].parameterChildren.first(where: { $0.name == name }) {
            return existing.node
        }
        nodes.append(Node())
        nodes[parent].parameterChildren.append((name, nodes.count - 1))
        return nodes.count - 1
    }
}

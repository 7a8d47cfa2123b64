import Switchyard

/// Routes that can never win, whatever the path: every path one matches is matched first by
/// better-ranked routes that have no validator (so never fall through). Static analysis over the
/// patterns and ranks, exact: a route is listed only when no path at all can reach it.
///
///     for shadow in ShadowedRoutes.find(in: navigator.routes) {
///         print(shadow.route.pattern.text, "is hidden by", shadow.by.map(\.pattern.text))
///     }
///
/// `/a/:x?` after `/a` and `/a/:y` is shadowed (the first takes `/a`, the second every `/a/...`);
/// `/a/:x` after `/a/b` is not (`/a/c` reaches it).
public enum ShadowedRoutes {
    public struct Shadow<Payload> {
        public let route: Route<Payload>
        /// The better-ranked routes that take its paths, in rank order.
        public let by: [Route<Payload>]
    }

    public static func find<Payload>(in table: RouteTable<Payload>) -> [Shadow<Payload>] {
        let ranked = table.rankedRoutes
        let fold = table.caseInsensitive
        var shadows: [Shadow<Payload>] = []
        var covers = CoverIndex()   // validator-free routes seen so far
        for (index, route) in ranked.enumerated() {
            let variants = Token.variants(of: route.pattern.segments, folding: fold)
            if !covers.isEmpty {
                var search = CoverSearch()
                if variants.allSatisfy({ search.covered($0[...], covers.candidates(for: $0)) }) {
                    shadows.append(Shadow(route: route, by: search.used.sorted().map { ranked[$0] }))
                }
            }
            if !route.hasValidator { covers.add(owner: index, variants: variants) }
        }
        return shadows
    }

    /// The covering routes' token lists in rank order, in a trie of their tokens. A path's segment
    /// that is the literal `t` can only be matched by a list whose token there is `t`, any segment or
    /// a rest; a list that fails at some segment covers none of the path's paths, and the search drops
    /// it there anyway. Handing the search only the lists that can match some path of the route, in
    /// the same order, keeps its answer and makes a table of distinct routes near-linear instead of
    /// quadratic (each route was compared with every route before it: `check` of 16,000 unlinked
    /// routes took 42 s). A segment that is a parameter still visits every branch at its depth.
    struct CoverIndex {
        private var all: [Suffix] = []
        private let root = Node()

        private final class Node {
            var literals: [String: Node] = [:]
            var any: Node?
            /// Lists whose rest starts here: they match whatever follows.
            var rests: [Int] = []
            /// Lists that end here.
            var ends: [Int] = []
        }

        var isEmpty: Bool { all.isEmpty }

        mutating func add(owner: Int, variants: [[Token]]) {
            for tokens in variants {
                let position = all.count
                all.append(Suffix(owner: owner, tokens: tokens[...]))
                var node = root
                var ended = true
                for token in tokens {
                    switch token {
                    case .literal(let text):
                        if let next = node.literals[text] { node = next } else {
                            let next = Node()
                            node.literals[text] = next
                            node = next
                        }
                    case .any:
                        if let next = node.any { node = next } else {
                            let next = Node()
                            node.any = next
                            node = next
                        }
                    case .rest:
                        node.rests.append(position)
                        ended = false
                    }
                    if !ended { break }
                }
                if ended { node.ends.append(position) }
            }
        }

        /// The lists that can match some path of `tokens`, in the order they were added.
        func candidates(for tokens: [Token]) -> [Suffix] {
            var positions: [Int] = []
            collect(tokens[...], at: root, into: &positions)
            return positions.sorted().map { all[$0] }
        }

        private func collect(_ path: ArraySlice<Token>, at node: Node, into positions: inout [Int]) {
            positions += node.rests
            guard let first = path.first else {
                positions += node.ends
                return
            }
            switch first {
            case .literal(let text):
                if let next = node.literals[text] { collect(path.dropFirst(), at: next, into: &positions) }
                if let next = node.any { collect(path.dropFirst(), at: next, into: &positions) }
            case .any:
                for next in node.literals.values { collect(path.dropFirst(), at: next, into: &positions) }
                if let next = node.any { collect(path.dropFirst(), at: next, into: &positions) }
            case .rest:
                everything(below: node, into: &positions)
            }
        }

        /// Every list in `node`'s subtree but the rests of `node` itself (already taken).
        private func everything(below node: Node, into positions: inout [Int]) {
            positions += node.ends
            for next in Array(node.literals.values) + (node.any.map { [$0] } ?? []) {
                positions += next.rests
                everything(below: next, into: &positions)
            }
        }
    }

    /// A pattern segment as far as matching goes: text, any one segment, or any rest (zero or more).
    enum Token: Hashable {
        case literal(String)
        case any
        case rest

        /// The pattern as optional-free token lists: each optional segment present or absent.
        static func variants(of segments: [PatternSegment], folding: Bool) -> [[Token]] {
            var variants: [[Token]] = [[]]
            for segment in segments {
                switch segment {
                case .literal(let text):
                    let token = Token.literal(folding ? String(text.lowercased()) : text)
                    variants = variants.map { $0 + [token] }
                case .parameter: variants = variants.map { $0 + [.any] }
                case .optional: variants = variants.flatMap { [$0 + [.any], $0] }
                case .splat: variants = variants.map { $0 + [.rest] }
                }
            }
            return variants
        }
    }

    /// What is left of a covering pattern after the segments read so far.
    struct Suffix: Hashable {
        let owner: Int
        let tokens: ArraySlice<Token>

        func hash(into hasher: inout Hasher) {
            hasher.combine(owner)
            hasher.combine(tokens.count)
        }
    }

    /// Whether every path of a token list is matched by one of the suffixes: the first segment is
    /// split into each literal a suffix names plus "any other text", and each case is followed
    /// (a rest is zero segments, or one and the rest again; a repeated obligation holds, since every
    /// finite path is checked where it ends).
    struct CoverSearch {
        var used: Set<Int> = []
        private var assumed: Set<Set<Suffix>> = []

        mutating func covered(_ path: ArraySlice<Token>, _ suffixes: [Suffix]) -> Bool {
            if let all = suffixes.first(where: { $0.tokens.first == .rest }) {
                used.insert(all.owner)
                return true
            }
            guard let first = path.first else {
                guard let ended = suffixes.first(where: { $0.tokens.isEmpty }) else { return false }
                used.insert(ended.owner)
                return true
            }
            switch first {
            case .literal(let text):
                return covered(path.dropFirst(), Self.advance(suffixes, past: text))
            case .any:
                return anySegmentCovered(then: path.dropFirst(), suffixes)
            case .rest:
                // Unbounded paths need a covering rest somewhere ahead.
                guard suffixes.contains(where: { $0.tokens.contains(.rest) }) else { return false }
                guard covered(ArraySlice(), suffixes) else { return false }
                let key = Set(suffixes)
                if assumed.contains(key) { return true }
                assumed.insert(key)
                return anySegmentCovered(then: path, suffixes)
            }
        }

        private mutating func anySegmentCovered(then rest: ArraySlice<Token>, _ suffixes: [Suffix]) -> Bool {
            // One pass groups the suffixes by their first literal; each literal's case is its group
            // merged in order with the any-segment suffixes (what `advance(past:)` keeps), so that
            // many distinct literals cost their number, not their number squared.
            var literals: [String] = []
            var groups: [String: [Int]] = [:]
            var anys: [Int] = []
            for (position, suffix) in suffixes.enumerated() {
                switch suffix.tokens.first {
                case .literal(let text)?:
                    if groups[text] == nil { literals.append(text) }
                    groups[text, default: []].append(position)
                case .any?: anys.append(position)
                default: break
                }
            }
            for text in literals {
                let advanced = Self.merged(groups[text]!, anys).map {
                    Suffix(owner: suffixes[$0].owner, tokens: suffixes[$0].tokens.dropFirst())
                }
                if !covered(rest, advanced) { return false }
            }
            let other = anys.map { Suffix(owner: suffixes[$0].owner, tokens: suffixes[$0].tokens.dropFirst()) }
            return covered(rest, other)
        }

        /// Two ascending position lists as one.
        private static func merged(_ a: [Int], _ b: [Int]) -> [Int] {
            if b.isEmpty { return a }
            var out: [Int] = []
            out.reserveCapacity(a.count + b.count)
            var i = 0, j = 0
            while i < a.count || j < b.count {
                if j == b.count || (i < a.count && a[i] < b[j]) { out.append(a[i]); i += 1 } else { out.append(b[j]); j += 1 }
            }
            return out
        }

        /// The suffixes that match one more segment with text `text`, past it.
        private static func advance(_ suffixes: [Suffix], past text: String) -> [Suffix] {
            suffixes.compactMap { suffix in
                switch suffix.tokens.first {
                case .literal(text)?, .any?: Suffix(owner: suffix.owner, tokens: suffix.tokens.dropFirst())
                default: nil
                }
            }
        }
    }
}

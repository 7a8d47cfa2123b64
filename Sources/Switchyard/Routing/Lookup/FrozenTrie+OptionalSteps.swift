// Optional chains in the walk's loop (issue 37, eleventh session): a run of optional segments that
// `optionalChain` settles (`/:x?/:y?/:z?`) is taken by the loop as it takes parameters, a segment to
// each optional in turn, instead of stopping where the chain starts and settling the rest out of line
// (the optional row's `withMatch` 658.2 instructions, 260.7 of them in `RouteLookup.settle`).
//
// The freeze marks two things, only where `optionalChain` would settle the same:
// - A node with an optional child that is a link (`isOptionalLink`), and no parameter or splat child
//   of its own, has `parameter = ~optional`: below -1, so every other reader of `parameter` (the search,
//   `stop`, the retrace, `cut`), which asks only whether it is 0 or more, sees no parameter child; the
//   walk's loop, at its dead end there (`splat` -2 tells it, as the splat's test), takes the rest of
//   the text into the chain's links (`chainTakingRest`), out of line as a splat's rest is. (`Node` has
//   no spare bytes: its stride is 48, and a field more would make it 56.)
// - A node where no route ends, whose optional chain of links ends on a route with every segment
//   left out (`absentTail`), has that route's declaration and `absentTailCode` (the validator's bit, and
//   how many spans are left out): the walk ends there with `.node`, and `RouteLookup.find`'s hit, finding
//   the bit, adds the left-out spans (issue 37, twelfth session: inline, from the code; it was an
//   out-of-line call that walked down the links).
//
// Why the answer is the search's: where the loop stops at such a node, `stopped` hands the rest of a
// plain path to `optionalChain`, which gives the segments to the chain's links in turn and settles
// at the first link where the text has ended and a route does, the rest left out (its comment argues
// why that is the depth-first search's best shape). The loop gives the segments to the same links in
// the same order, and ends where the text does: on a route (the same link), on a node with the mark
// above (the same route, the same links left out), or elsewhere as before (`ended`, then `stopped`
// there, which goes on with `optionalChain` from that link). A link that takes no more segments (its
// optional child is not a link) is a dead end, which the settling traces again from the root to the
// chain's start (links have no `stopCodes`), and `optionalChain` there decides as before. A `?` or
// `#` in a link's segment is the loop's `notPlain`, the path before it found alone.
extension FrozenTrie {
    /// Whether `node`, reached as an optional child, is one `optionalChain` takes a segment into (or
    /// leaves out): it has no static, parameter or splat child.
    static func isOptionalLink(_ node: RouteTrie.Node) -> Bool {
        node.staticCount == 0 && node.parameter < 0 && node.splat < 0
    }

    /// The route node below `node` that its optional chain reaches with every segment left out, and how
    /// many links it passes (that one included), in `source`: nil when a link on the way is not one
    /// (`isOptionalLink`) or the chain ends first.
    static func absentTail(below node: Int, in source: [RouteTrie.Node]) -> (node: Int, absent: Int32)? {
        var current = Int(source[node].optional)
        var absent: Int32 = 1
        while current >= 0 && isOptionalLink(source[current]) {
            if source[current].firstRoute >= 0 { return (current, absent) }
            current = Int(source[current].optional)
            absent += 1
        }
        return nil
    }

    /// Marks the walk's steps into optional chains and the nodes where one ends with the rest absent
    /// (this file's comment), in `nodes`, frozen from `trie` (routes' declarations already set).
    static func markOptionalSteps(_ nodes: UnsafeMutableBufferPointer<Node>, _ trie: RouteTrie) {
        let source = trie.nodes
        for (index, node) in source.enumerated() where node.optional >= 0 && isOptionalLink(source[Int(node.optional)]) {
            if node.parameter < 0 && node.splat < 0 {
                nodes[index].parameter = ~node.optional
                nodes[index].splat = FrozenTrie.chainStartSplat
            }
            if node.firstRoute < 0, let (found, absent) = absentTail(below: index, in: source) {
                nodes[index].declaration = nodes[found].declaration
                nodes[index].winnerCode = FrozenTrie.absentTailCode(route: nodes[found].winnerCode, absent: absent)
            }
        }
    }

    /// The node where the optional chain starting at `node` (`parameter` below -1) ends, taking the
    /// rest of the text from the segment at `cursor`, which ends at `segmentEnd` (the walk's loop found
    /// no static or parameter child of `node` for it, and found it not empty, `.` or `..`), a segment to
    /// each link in turn, their spans written after the `written` ones; and the spans' count in the high
    /// half. -1 (the stop then settled as before, `settleStop`) where the rest holds a `?` or `#`, where
    /// a segment is empty, `.` or `..` (on x86-64, where a later one starts with `.`:
    /// `chainRestMarks`), where segments are left past the chain's links, where the text
    /// ends at a link with no declaration (no route there, nor `absentTail`'s below), or past the eight
    /// spans a hit carries. A hit takes every segment to the end, so the rest's marks and its segments'
    /// refusals are asked of all of it at once, not segment by segment: on x86-64 a rest of up to 32
    /// bytes is read in one or two chunks (`chainRestMarks`, issue 37, thirteenth session), which give
    /// every segment's end too, a bit each (the chain's steps then about 14 instructions a segment: a
    /// later segment read a word at a time cost about 40); a longer rest, and other architectures, read
    /// a word a segment (`chainTakingRest(byWordsFrom:)`). Called from the walk's loop at its dead end,
    /// as `splatTakingRest` (`deadEnd(atSplatParent:)`), with no frame between.
    // Safety: as the walk's loop, whose text and spans these are: the rest is read by
    // `chainRestMarks` within the text; a span is written only below `capacity` (asked first, then for
    // each further one); `link` is a node the freeze named (`parameter`'s complement).
    @inline(never)
    func chainTakingRest(_ node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>, segmentEnd: UnsafePointer<UInt8>,
                         text base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                         spans: UnsafeMutablePointer<Parameters.Span>, written: Int) -> Int64 {
        guard written < Parameters.InlineSpans.capacity else { return -1 }
        #if arch(x86_64)
        guard end - cursor <= FrozenTrie.chainRestLimit else {
            return chainTakingRest(byWordsFrom: node, at: cursor, segmentEnd: segmentEnd, text: base, end: end, spans: spans,
                                   written: written)
        }
        let (ends, refused) = FrozenTrie.chainRestMarks(from: cursor, end: end, text: base)
        if refused { return -1 }
        let nodeBase = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped)
        var link = ~node.pointee.parameter
        // Offsets from `base`, as the spans hold them: the rest's, and the segment's start.
        let rest = cursor - base
        var start = rest
        // The segments' ends not yet taken, bit `i` at `cursor + i` (the lowest is `segmentEnd`; the
        // last, `end`).
        var left = ends
        var count = written
        while true {
            let stop = rest &+ left.trailingZeroBitCount
            left &= left &- 1
            spans[count] = Parameters.Span(unchecked: start, end: stop)
            count &+= 1
            let taken = nodeBase + Int(truncatingIfNeeded: link)
            if left == 0 { return taken.pointee.declaration != nil ? Int64(link) | Int64(count) &<< 32
                : chainLeft(spans: spans, written: written, taken: count) }
            guard taken.pointee.parameter < -1, count < Parameters.InlineSpans.capacity else {
                return chainLeft(spans: spans, written: written, taken: count)
            }
            link = ~taken.pointee.parameter
            start = stop &+ 1
        }
        #else
        return chainTakingRest(byWordsFrom: node, at: cursor, segmentEnd: segmentEnd, text: base, end: end, spans: spans,
                               written: written)
        #endif
    }

    /// `chainTakingRest` a word a segment: for a rest past `chainRestLimit` bytes on x86-64, and for
    /// every rest elsewhere. The rest's marks are asked once, 16 bytes at a time on x86-64
    /// (`holdsQueryMark(restFrom:)`; issue 37, twelfth session), then each segment's word and end read
    /// as the walk's loop reads them. `written` is below `capacity`.
    // Safety: as the walk's loop, whose text and spans these are: a word is loaded from `position` only
    // when it ends by `end` (`lastWord`), else the text's last 8 bytes when it has 8; a span is written
    // only below `capacity` (asked by the caller, then for each further one); `link` is a node the
    // freeze named (`parameter`'s complement).
    @inline(never)
    private func chainTakingRest(byWordsFrom node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>,
                                 segmentEnd: UnsafePointer<UInt8>, text base: UnsafePointer<UInt8>,
                                 end: UnsafePointer<UInt8>, spans: UnsafeMutablePointer<Parameters.Span>,
                                 written: Int) -> Int64 {
        guard !FrozenTrie.holdsQueryMark(restFrom: cursor, end: end, text: base) else { return -1 }
        let nodeBase = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped)
        var link = ~node.pointee.parameter
        var position = cursor
        var stop = segmentEnd
        var count = written
        // (An address, not a pointer: before `base` for a text under 8 bytes.)
        let lastWord = UInt(bitPattern: end) &- 8
        while true {
            spans[count] = Parameters.Span(unchecked: position - base, end: stop - base)
            count &+= 1
            let taken = nodeBase + Int(truncatingIfNeeded: link)
            if stop >= end { return taken.pointee.declaration != nil ? Int64(link) | Int64(count) &<< 32
                : chainLeft(spans: spans, written: written, taken: count) }
            guard taken.pointee.parameter < -1, count < Parameters.InlineSpans.capacity else {
                return chainLeft(spans: spans, written: written, taken: count)
            }
            link = ~taken.pointee.parameter
            position = stop + 1
            // The segment's word and end as the walk's loop reads them: one bound, `lastWord`, for a
            // whole word and for a segment running to the end.
            let word: UInt64
            if UInt(bitPattern: position) <= lastWord {
                word = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            } else if lastWord >= UInt(bitPattern: base) {
                word = UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
                    &>> UInt64(truncatingIfNeeded: (UInt(bitPattern: position) &- lastWord) &* 8)
            } else {
                word = FrozenTrie.word(at: position, end: end, text: base)
            }
            let slashes = FrozenTrie.slashBits(in: word)
            stop = position + (slashes != 0 ? FrozenTrie.firstSlash(in: slashes)
                : UInt(bitPattern: position) > lastWord ? end - position : FrozenTrie.segmentLength(from: position, end: end))
            // Empty, `.` and `..` (the loop's test, on the segment's first 8 bytes).
            if (slashes != 0 ? FrozenTrie.bytes(of: word, before: slashes) : word) | 0x2e2e == 0x2e2e {
                return chainLeft(spans: spans, written: written, taken: count)
            }
        }
    }

    /// `chainTakingRest`'s answer where it leaves the stop to the settling, -1, the spans it wrote past
    /// the loop's made absent again: the walk writes none past its count, and a hit that leaves
    /// optionals out counts on it (`RouteLookup.find`).
    // Safety: writes only the spans `chainTakingRest` wrote, below `capacity`.
    @inline(never)
    private func chainLeft(spans: UnsafeMutablePointer<Parameters.Span>, written: Int, taken: Int) -> Int64 {
        for offset in written..<taken { spans[offset] = .absent }
        return -1
    }

    /// `splat` of a node that starts an optional chain (`parameter` below -1): below 0, so every reader
    /// of `splat` but the walk's loop sees no splat child; the loop, at a dead end, tells it from a
    /// splat's parent with the test it asks of one anyway (`!= -1`).
    static let chainStartSplat: Int32 = -2

    /// `parameter` of a node on the only way through the trie with no parameter child (`Node.isOnlyWay`):
    /// below 0, so every other reader, which asks only whether it is 0 or more, sees no parameter child;
    /// the walk's loop, at a dead end, tells it with one compare of the field it has just read
    /// (FrozenTrie+Walk.swift, the only way's miss). Not the complement of an optional child, as a chain's
    /// start holds (`~optional`, -2 and below: a node count never reaches `Int32.max`), and never on a
    /// chain's link, which is below an optional child and so off the only way. (As `splat` -3, read
    /// after the parameter's sign and the splat's `!= -1`, the loop's dead end took three tests more and
    /// kept the spans' count for the calls there: misses `withMatch` about 9 instructions.)
    static let onlyWayDeadEndParameter: Int32 = .min

    /// Marks the nodes on the only way with no parameter child (`onlyWayDeadEndParameter`), in `nodes`
    /// (their `isOnlyWay` bits set; a node starting an optional chain is never on the only way).
    static func markOnlyWayDeadEnds(_ nodes: UnsafeMutableBufferPointer<Node>) {
        for index in nodes.indices where nodes[index].isOnlyWay && nodes[index].parameter == -1 && nodes[index].splat == -1 {
            nodes[index].parameter = onlyWayDeadEndParameter
        }
    }

    /// `winnerCode` of a node where no route ends but its optional chain's does (`absentTail`), that
    /// route's code `route` and `absent` its left-out spans: the validator's bit, which sends the walk's
    /// hit off the common one (`RouteLookup.find`), the route's types (`hasTypes`, `integerSlots`), and
    /// `~absent` where a route's code holds its layout (`Winner.layout`, read only at nodes where routes
    /// end: never this one), so that the hit counts the left-out spans with no walk down the links
    /// (`Winner.absentTailSpans`). Where the route has a validator or types the layout is 0, and the hit
    /// goes out of line (`RouteLookup.validatorOrAbsentTail`), which settles both (`find`'s inline hit
    /// then asks neither: types asked there cost it 3 instructions).
    static func absentTailCode(route: Int32, absent: Int32) -> Int32 {
        let routeTypes = route & 0x3e
        return route & 3 != 0 ? routeTypes | 1 : ~absent << 7 | 1
    }

    /// The node where the walk ended, `node`, marked by `markOptionalSteps` (no route, a route below
    /// with every segment left out): that route's node and how many spans are left out; nil for any
    /// other node.
    // Safety: reads nodes the freeze named: `node` from the walk, and optional children down to the
    // route `markOptionalSteps` found below it (a node it marked has one).
    func absentTail(below node: Int32) -> (node: Int32, absent: Int32)? {
        let base = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped)
        guard base[Int(node)].firstRoute < 0, base[Int(node)].declaration != nil else { return nil }
        var current = base[Int(node)].optional
        var absent: Int32 = 1
        while base[Int(current)].firstRoute < 0 {
            current = base[Int(current)].optional
            absent &+= 1
        }
        return (current, absent)
    }
}

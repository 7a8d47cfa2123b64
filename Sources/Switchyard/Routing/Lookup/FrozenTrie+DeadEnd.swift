// Where the walk's loop stopped in a segment, settled in one step (issue 37): at a dead end (no child
// of the node takes the segment) or at a `?` or `#` in a segment that only a parameter child takes. A
// `?` or `#` in that segment ends the path there (`cut`); past it, with the rest a plain path with no
// `?` or `#`, a dead end on the only way through the trie is a miss, and otherwise a splat there, or a
// chain of optional segments, takes the rest. Every other stop (a chain's head, a query further on, a
// parameter beside the dead end, a shape `stopped` leaves undecided, text that is not normalised)
// goes the general way (`stop`, then `RouteLookup.settleInFull`), which this step only shortens: it
// answers only where that way answers, at the same test, with the same answer.
//
// The general way goes through four layers (`RouteLookup.settleInFull`, `stop`, `fillOn`,
// `stoppedInSegment`), each copying the eight spans and wrapping its answer in an enum of its own,
// with the stack protector on `stop`'s frame: 250 to 370 instructions a splat, optional or miss
// lookup after the walk (Benchmarks/README.md, issue 37's seventh session).
extension FrozenTrie {
    /// What `settleStop` settled.
    enum SettledStop {
        /// The route ending at this node wins; the spans are written (an optional chain's absent ones
        /// not counted present).
        case hit(Int32)
        /// The route ending at this node wins for the path before a `?query` or `#fragment`.
        case hitBeforeQuery(Int32)
        /// No route matches the path.
        case miss
        /// Left to the general way, with the spans' count and presence as the walk left them.
        case left
    }

    /// What the walk's stop settles for `bytes`, `spans` the loop's: a dead end at node `stoppedAt`
    /// (`Walked.deadEnd`, not a chain's head), or a `?` or `#` in the segment that only the parameter
    /// child of node `stoppedAt` takes (`Walked.notPlain(~parameter)`, `stoppedAt` the parent its
    /// `stopCodes` names). As `stop(after:_:spans:)` and then `RouteLookup.settleInFull` settle it, or
    /// `left`.
    @inline(__always)
    func settleStop(at stoppedAt: Int32, _ bytes: UnsafeBufferPointer<UInt8>,
                    spans: inout Parameters.InlineSpans) -> SettledStop {
        let node = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(stoppedAt)
        let code = stopCodes[Int(stoppedAt)]
        guard code != FrozenTrie.unknownStopCode else { return .left }
        // The walk's own guard, which every stop in a segment has passed, holds the text to a base
        // address, a leading `/` and 16-bit offsets, and its loop writes at most `capacity` spans: not
        // asked again (three tests, 8 instructions a lookup).
        let base = bytes.baseAddress.unsafelyUnwrapped
        // Where the loop's cursor stood at the node: past the last span it wrote (or the root's `/`),
        // then the node's run of static segments (`stopCodes`; a parameter child's is 0), as `stop` finds it.
        let written = Int(spans.count)
        // (Read in place: `InlineSpans`' subscript copies the spans, and taking the copy's address put
        // the stack protector on the frame. Masked to the eight, as the subscript is.)
        let lastEnd = written > 0 ? _withUnprotectedUnsafePointer(to: &spans.spans) { tuple in
            UnsafeRawPointer(tuple).load(fromByteOffset: ((written &- 1) & (Parameters.InlineSpans.capacity &- 1))
                                                         &* MemoryLayout<Parameters.Span>.stride,
                                         as: Parameters.Span.self).end
        } : 0
        let after = Int(lastEnd) &+ 1 &+ Int(max(code, 0))
        guard after < bytes.count else { return .left }
        let end = base + bytes.count
        let cursor = base + after
        // The rest checked from the segment's `/` (the loop checked the text before it), as
        // `stoppedInSegment` checks it: text that is not normalised goes the general way. A dead end on
        // the only way asks less of it (FrozenTrie+PlainRest.swift: it is a miss whatever empty
        // segments follow). 16 bytes at a time on x86-64, one reading for both (FrozenTrie+RestChunks.swift).
        let onlyWay = node.pointee.parameter < 0 && node.pointee.isOnlyWay
        guard let (pathEnd, segmentEndsFirst) = FrozenTrie.pathEnd(afterStop: cursor - 1, end: end, text: base,
                                                                   asksEmptySegments: !onlyWay) else {
            return .left
        }
        // A `?` or `#` in the segment ends the path there (out of line: the query row alone goes there).
        if pathEnd < end && !segmentEndsFirst {
            return spans.fillOn { spans, written in cutStop(node, at: cursor, mark: pathEnd, text: base, spans: spans, written: written) }
        }
        guard node.pointee.parameter < 0 else { return .left }
        // A dead end on the only way: the depth-first search would try this way alone (a query further
        // on changes nothing: the path before it dead-ends here all the same).
        if onlyWay { return .miss }
        guard pathEnd == end else { return .left }
        let settled = spans.fillOn { spans, written in
            stopped(at: node, segment: cursor, base: base, end: end, spans: spans, written: written)
        }
        switch settled {
        case .node(let found): return .hit(found)
        case .nodeSkipping(let found, let absent):
            spans.present &-= absent
            return .hit(found)
        // (`stopped` leaves the count as it was for these.)
        case .undecided, .pastInlineParameters, .miss, .notPlain: return .left
        }
    }

    /// The splat child of `node` when it takes the rest of the text, from the segment at `cursor` (after
    /// a `/`) to `end`, where the walk's loop found no static or parameter child of `node` for that
    /// segment: its span written to `span`; -1 otherwise (the stop is then settled as before,
    /// `settleStop`). As `settleStop` and `stopped` settle it: the rest is a plain normalised path with
    /// no `?` or `#` (the same reading), `node` has no optional child, and a route ends at the splat.
    /// (A node with a splat child is never on the only way.) Called from the walk's loop, at its dead
    /// end, so that a splat lookup skips the stop's dispatch, its cursor found again and the spans
    /// handed on (issue 37, tenth session: splat `settle` 190.8 instructions a lookup).
    @inline(__always)
    func splatTakingRest(_ node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>, text base: UnsafePointer<UInt8>,
                         end: UnsafePointer<UInt8>, span: UnsafeMutablePointer<Parameters.Span>) -> Int32 {
        let splat = node.pointee.splat
        guard node.pointee.optional < 0,
              UnsafePointer(nodes.baseAddress.unsafelyUnwrapped)[Int(truncatingIfNeeded: splat)].firstRoute >= 0,
              let (pathEnd, _) = FrozenTrie.pathEnd(afterStop: cursor - 1, end: end, text: base, asksEmptySegments: true),
              pathEnd == end else { return -1 }
        span.pointee = Parameters.Span(unchecked: cursor - base, end: end - base)
        return splat
    }

    /// `settleStop`'s `cut`: its answer, and the spans' count (as the walk left it when `left`, where
    /// `cut` may have written the segment's span before it found no route there).
    @inline(never)
    private func cutStop(_ node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>, mark: UnsafePointer<UInt8>,
                         text base: UnsafePointer<UInt8>, spans: UnsafeMutablePointer<Parameters.Span>,
                         written: Int) -> (SettledStop, Int) {
        let (stop, count) = cut(in: node, segment: cursor, mark: mark, text: base, spans: spans, written: written)
        switch stop {
        case .nodeBeforeQuery(let found): return (.hitBeforeQuery(found), count)
        case .miss: return (.miss, count)
        case .settled, .walked: return (.left, written)
        }
    }
}

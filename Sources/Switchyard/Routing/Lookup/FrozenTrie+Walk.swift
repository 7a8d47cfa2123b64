// The walk that settles most lookups in one pass over the path: no split first. It reads the path a
// word (8 bytes) at a time; the word that finds where a segment ends is also the segment's packed
// literal, so a static child costs one load, a multiply and a compare, and a parameter costs nothing
// but its span. Where it stops in a segment, the settling goes on from there, out of the loop (`stop`:
// the node the loop names, its cursor found again from the spans and the node's `stopCodes`) and
// settles what it can: a `?` or `#` in that segment ends the path, which is settled before it, a dead
// end on the only way through the trie is a miss, and on a plain path a splat or a chain of optional
// segments there takes the rest; where the text ends at a node with no route, the same there (`ended`).
// What none settles (other optional shapes, dead ends beside another way, validators, more than
// eight parameters, text that is not a plain normalised path) goes to the split and the full search,
// which decide as before.
//
// Splitting first and walking the segments took 312 + 426 of a GitHub API lookup's 1,641
// instructions (callgrind, `switchyard-bench --loop match github-rest 453 10000`, Benchmarks/README.md).
extension FrozenTrie {
    /// What the walk found: the node where the path's first shape ends on a route, or why it stopped.
    /// (Private to the lookup: `RouteLookup.find` turns it into the one answer, `RouteFind`.)
    /// (The cases' order is the tags' order: `.node` and `.undecided` are 0 and 1, so the loop's end
    /// picks between them with one test of the node's declaration.)
    enum Walked {
        /// The node where the text ends on a route, or above an optional chain's route with the rest
        /// left out (a declaration and no route: `FrozenTrie.absentTail`, which `RouteLookup.find`'s hit
        /// asks when the winner's validator bit is set).
        case node(Int32)
        /// No route ends at the node where the text does (its index): `RouteLookup.settle` settles it
        /// there (`ended`) when the text is plain.
        case undecided(Int32)
        /// The text is not a plain normalised path. `~parameter` when the loop stopped in a segment
        /// that only the parameter child `parameter` takes and that holds a `?` or `#` (`stop` goes on
        /// from its parent there), else 0.
        case notPlain(Int32)
        /// No child takes a segment, or the text leaves a chain (`stop` settles it when it can, then
        /// `retrace`, else the full search decides). The node where the loop stopped: `stop` goes on
        /// from there.
        case deadEnd(Int32)
        /// The way on needs a ninth parameter, more than a `RouteFind` hit carries (eight, issue 37; it was
        /// four, and six-parameter routes were searched): the candidates
        /// decide (`RouteLookup.settledCandidate`), without a search first to learn the winner's layout.
        case pastInlineParameters
    }

    /// `.node` of the first shape the depth-first search would report (at each segment the static
    /// child, else the parameter child) when it ends on a route: that shape is settled, since every
    /// other one ranks below it at the first segment where they differ. Its parameters' spans go to
    /// `spans`, in pattern order. `notPlain` for text that needs normalising first or carries a
    /// `?query` or `#fragment` (only a parameter's bytes are checked for those: a literal holds
    /// neither, so a segment holding one matches none); `deadEnd` where no child takes a segment;
    /// `pastInlineParameters` where the way on needs a ninth parameter; `undecided` otherwise. A dead end is `deadEnd` even when the text further on is not plain: the
    /// caller checks (`stop`).
    ///
    /// The loop says where it stopped only through what it holds there anyway: the node at a dead end
    /// (from its pointer), the parameter child at a `?` in that child's segment, the node where the
    /// text ends; its cursor is found again from the spans it wrote and the node's `stopCodes`. Every
    /// other way tried cost every plain lookup 10 to 39 instructions (issue 37: a call from the loop 10
    /// to 13, the node and offset in its verdict 20, a case of its own 39, the loop's own node index
    /// at every stop 11 to 14; Benchmarks/README.md).
    @inline(__always)
    func walk(_ bytes: UnsafeBufferPointer<UInt8>, spans: inout Parameters.InlineSpans) -> Walked {
        let (walked, written) = walkUncounted(bytes, spans: &spans)
        spans.markWritten(written)
        return walked
    }

    /// `walk` with the spans written but not counted: the verdict and how many spans it wrote, which
    /// the caller stores (`InlineSpans.markWritten(_:)`) where it needs them: `RouteLookup.find` on
    /// every way but the only way's miss, which needs none.
    @inline(__always)
    func walkUncounted(_ bytes: UnsafeBufferPointer<UInt8>, spans: inout Parameters.InlineSpans) -> (Walked, Int) {
        let count = bytes.count
        guard FrozenTrie.isWalked(bytes) else { return (.notPlain(0), 0) }
        let base = bytes.baseAddress.unsafelyUnwrapped
        // One loop per folding, each with its flag a constant: asked once a lookup, not at every static
        // segment (issue 37, seventh session: the flag was reloaded from the stack and tested at each).
        // (Two closures, the loop inlined into each: one closure choosing between two calls kept the loop
        // out of line, its flag a variable, 50 instructions a lookup more.) Each loop is a method of its
        // own, not `write`'s closure: a closure's answer, `(Found, Int)` for a generic `Found`, came back
        // through memory.
        if caseInsensitive {
            return spans.write { spanBuffer in walkFolded(base, end: base + count, spans: spanBuffer) }
        }
        return spans.write { spanBuffer in walkExact(base, end: base + count, spans: spanBuffer) }
    }

    /// Whether `walk` reads `bytes` at all: 1 to `offsetLimit` bytes (past 16-bit offsets, `Parameters.Span`'s,
    /// the text is not walked: the resolution decides), the first a `/`; else it answers `.notPlain(0)`.
    /// (One unsigned compare for the count; a buffer with bytes has a base address, so it is not tested
    /// for nil.)
    // Safety: reads the first byte only where the count's test found one.
    @inline(__always)
    static func isWalked(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        UInt(bitPattern: bytes.count &- 1) < UInt(Parameters.Span.offsetLimit)
            && bytes.baseAddress.unsafelyUnwrapped[0] == PathSegmenter.slash
    }

    /// `walk`'s loop for a trie that does not fold case.
    @inline(never)
    private func walkExact(_ base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                           spans: UnsafeMutablePointer<Parameters.Span>) -> (Walked, Int) {
        walk(base, end: end, spans: spans, folding: false)
    }

    /// `walk`'s loop for a case-insensitive trie.
    @inline(never)
    private func walkFolded(_ base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                            spans: UnsafeMutablePointer<Parameters.Span>) -> (Walked, Int) {
        walk(base, end: end, spans: spans, folding: true)
    }

    /// `walk` over the text from `base` (a `/`) to `end`: the node or verdict, and how many spans it
    /// wrote (none for a miss on the only way, `missedOnOnlyWay`, whose spans `find` drops). The loop
    /// moves a cursor and an end pointer rather than offsets; offsets from `base` are taken only for a
    /// span. `folding` is the trie's `caseInsensitive`, a constant at each call.
    @inline(__always)
    private func walk(_ base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                      spans: UnsafeMutablePointer<Parameters.Span>, folding fold: Bool) -> (Walked, Int) {
        var node = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped)
        var spanEnd = spans
        let spansLimit = spans + Parameters.InlineSpans.capacity
        // The tables' bases, read from `self` once: kept on the stack, each is one operand of the add
        // that finds a slot or an edge, where `self` was reloaded from the stack and then read.
        let slots = UnsafeRawPointer(hashSlots.baseAddress.unsafelyUnwrapped)
        let edges = staticEdges.baseAddress.unsafelyUnwrapped
        var cursor = base + 1   // the segment's first byte
        // One test a segment for both the loop's end and the word load's bounds: a cursor at or before
        // `lastWord` has a whole word to load (issue 37, seventh session: `cursor + 8 <= end` and
        // `cursor < end` were each asked at every segment). An address, not a pointer: before `base`
        // for a text under 8 bytes.
        let lastWord = UInt(bitPattern: end) &- 8
        while true {
            let word: UInt64
            if _fastPath(UInt(bitPattern: cursor) <= lastWord) {
                word = UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self))
            } else {
                if cursor >= end {
                    // A trailing slash means the text is not normalised: its last segment is empty, and the
                    // cursor lands on the end (after a segment that ends at the text's end, past it; the
                    // text `/` alone is the root). Asked here, where the loop ends, not at the walk's
                    // entry, where every lookup paid it (issue 37, eighteenth session: 6 instructions, a
                    // constant and a reload; misses `withMatch` 299.0 -> 291.1).
                    // Every exit that takes the rest of the text asks it too (the splat's and the
                    // optional chain's dead end below, `splatTakesRest`); a dead end on the only way is a
                    // miss with or without it, and the others go the general way, which refuses it.
                    // (Two tests, one inside the other: the cursor's, a branch on the flags of the
                    // compare above, and the text's length only where it lands on the end. Joined by
                    // `&&`, both were worked out with no branch on every lookup that ends here, 6
                    // instructions: parameter-heavy `withMatch` 402.0 against 397.0.)
                    if _slowPath(cursor == end) {
                        if end - base > 1 { return (.notPlain(0), 0) }
                    }
                    break
                }
                // Within 8 bytes of the end, in a text of 8 bytes or more: the text's last 8 bytes shifted
                // down to the cursor (1 to 7 bytes past `lastWord`), zeros after, read here rather than
                // by `tailWord`'s call, which cost a lookup that reaches its last word about 30
                // instructions (the call and the registers moved around it). A shorter text calls it.
                if _fastPath(lastWord >= UInt(bitPattern: base)) {
                    let last = UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
                    word = last &>> UInt64(truncatingIfNeeded: (UInt(bitPattern: cursor) &- lastWord) &* 8)
                } else {
                    word = FrozenTrie.word(at: cursor, end: end, text: base)
                }
            }
            let slashes = FrozenTrie.slashBits(in: word)
            // A chain's head (`hashShift < 0`) takes the segment without its length: the chain compares
            // its bytes and finds where it ends (a chain's first segment of 23 bytes, found and then
            // compared, cost long-static 62 instructions to find its end).
            // A segment in the text's last word with no `/` runs to the end: told by the loop's own bound
            // (`segmentLength` asked two bounds first, and the chain's head before them; a chain's head
            // takes its length too, which it does not read).
            // The segment's first 8 bytes (all of a shorter one, zeros after): the bytes below the
            // first slash (`bytes(of:before:)`), or the whole word when there is none in it.
            let length: Int
            var packed: UInt64
            if slashes != 0 {
                length = FrozenTrie.firstSlash(in: slashes)
                packed = FrozenTrie.bytes(of: word, before: slashes)
            } else {
                length = UInt(bitPattern: cursor) > lastWord ? end - cursor
                    : node.pointee.hashShift < 0 ? 0 : FrozenTrie.segmentLength(from: cursor, end: end)
                packed = word
            }
            let stop = cursor + length
            // The node's static children from one word (`StaticChildren`); a hit goes on at once, with
            // no test of the child found (below).
            let children = StaticChildren(of: node)
            // A table, for a segment of up to 8 bytes, asked first and in one compare of the node's
            // word (`StaticChildren.isHashed`); then none, a chain's head, edges, or a longer segment.
            // (Asked after the word's tests for none and a chain's head, and after the length, a hashed
            // segment took ten instructions to its probe where it takes seven.)
            if children.isHashed && length <= 8 {
                if fold { packed = StaticChildHash.foldedWord(packed) }
                // The static child, written out here (as a function, even one always inlined, the probe
                // was called: 90 instructions a static-heavy lookup more). A slot is compared by its key
                // and its length as stored (32 bits, from memory: a segment here has at most 8 bytes);
                // an empty slot's word is all ones (`StaticEdge.empty`) and its length 0, never a
                // segment's pair, so a hit's child is never -1 and is not tested. The empty, `.` and `..`
                // segments are told after the probe, on its miss (`isDotOrEmpty`): no literal is one of
                // them, so none is a hit, and a hashed hit makes no test of them.
                let stored = Int32(truncatingIfNeeded: length)
                // (The table's start is in bytes, `Node.staticStart`: one shift, the slot's, and the
                // start and the base added to it.)
                // Safety: as `firstSlot(of:)`, and the slot is below the table's size (`slot`'s shift).
                let slot = (slots + Int(node.pointee.staticStart)
                    + StaticChildHash.slot(word: packed, multiplier: children.word) &* MemoryLayout<StaticEdge>.stride)
                    .assumingMemoryBound(to: StaticEdge.self)
                if slot.pointee.word == packed {
                    if slot.pointee.length == stored {
                        // Safety: a slot's child is a node's byte offset in `nodes` (`StaticEdge.child`).
                        node = (UnsafeRawPointer(nodes.baseAddress.unsafelyUnwrapped) + Int(UInt32(bitPattern: slot.pointee.child)))
                            .assumingMemoryBound(to: Node.self)
                        cursor = stop + 1
                        continue
                    }
                    // A child whose only child is a splat (`StaticEdge.splatOnlyMark`, set by the freeze
                    // on a trie that does not fold case): the splat's dead end settled at once, the next
                    // segment not read (the loop would read it, find no child, then settle the same dead
                    // end; a text ending at the child is left to the stop). Asked only where the word
                    // matched and the length did not, a test no other lookup reaches.
                    // (The length and child read again, as one word: a second test of the length
                    // read for the first kept it in a register, one instruction more at every hashed
                    // segment, parameter-heavy `withMatch` +2.6.)
                    // Safety: a slot is a `StaticEdge`, its length and child the 8 bytes from offset 8.
                    let lengthAndChild = UnsafeRawPointer(slot).load(fromByteOffset: 8, as: UInt64.self)
                    if !fold && UInt32(truncatingIfNeeded: lengthAndChild) == UInt32(bitPattern: stored | StaticEdge.splatOnlyMark) {
                        let child = (UnsafeRawPointer(nodes.baseAddress.unsafelyUnwrapped) + Int(lengthAndChild &>> 32))
                            .assumingMemoryBound(to: Node.self)
                        guard spanEnd != spansLimit
                            && FrozenTrie.splatTakesRest(from: stop + 1, text: base, span: spanEnd, end: end) else {
                            return (.deadEnd(stopIndex(child)), spanEnd - spans)
                        }
                        return (.node(child.pointee.splat), spanEnd + 1 - spans)
                    }
                }
                // Hundreds of siblings and more, placed by probing (`StaticChildHash.probesOn`). (Asked of
                // the node's field, not of the word read for the probe: kept for this test, the word
                // took a register of its own through the probe, two instructions a hashed hit more.)
                if _slowPath(Int(node.pointee.hashShift) & StaticChildHash.probesOn != 0) {
                    let child = staticChild(of: node, word: packed, segment: UnsafeBufferPointer(start: cursor, count: length))
                    if child >= 0 {
                        node = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(truncatingIfNeeded: child)
                        cursor = stop + 1
                        continue
                    }
                }
            } else if !children.isEmpty {
                if fold { packed = StaticChildHash.foldedWord(packed) }
                if _slowPath(children.isChainHead) {
                    if _slowPath(FrozenTrie.isDotOrEmpty(packed)) { return (.notPlain(0), spanEnd - spans) }
                    // A chain of single-child static nodes (`FrozenTrie+Chain`): its bytes compared with
                    // the text at once, the cursor moved past them all; anything else is a dead end.
                    guard let past = chainStop(node, at: cursor, end: end, folding: fold) else { return (.deadEnd(stopIndex(node)), spanEnd - spans) }
                    node = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(truncatingIfNeeded: ~node.pointee.hashShift)
                    cursor = past + 1
                    continue
                }
                if length > 8 {
                    // A table's or edges' child, keyed on the segment's first and last words.
                    let child = staticChild(of: node, word: packed, segment: UnsafeBufferPointer(start: cursor, count: length))
                    if child >= 0 {
                        node = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(truncatingIfNeeded: child)
                        cursor = stop + 1
                        continue
                    }
                } else {
                    // At least one edge (the word is not 0 and names no table), each compared as a
                    // slot is.
                    let stored = Int32(truncatingIfNeeded: length)
                    var edge = edges + Int(node.pointee.staticStart)
                    let edgesEnd = edge + children.scannedCount
                    var found = false
                    repeat {
                        if edge.pointee.word == packed && edge.pointee.length == stored {
                            found = true
                            break
                        }
                        edge += 1
                    } while edge < edgesEnd
                    if found {
                        node = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(UInt32(bitPattern: edge.pointee.child))
                        cursor = stop + 1
                        continue
                    }
                }
            }
            // (Edges and a long segment's child are never empty, `.` or `..`: asked after them.)
            if _slowPath(FrozenTrie.isDotOrEmpty(packed)) { return (.notPlain(0), spanEnd - spans) }
            let next = node.pointee.parameter
            if _slowPath(next < 0 || spanEnd == spansLimit) {
                // A dead end on the only way (`parameter` `onlyWayDeadEndParameter`, told from the field
                // read for the parameter child): a miss, or the path before a `?` or `#` in the segment
                // (the query row's `act5?tab=info&page=17`), settled out of line. The common miss (a rest
                // with no mark and no `.`) told here first, with no call; then a mark in the segment's
                // first word goes to `beforeQuery` at once (through `deadEnd(onOnlyWay:)`, the query row
                // paid both tests' call). Not in the folding loop, which settles it after the loop as
                // before (below).
                if !fold && next < 0 {
                    if next == FrozenTrie.onlyWayDeadEndParameter {
                        // (No spans for a miss, which `find` drops: 0 is a constant at the loop's
                        // exit, where the count of spans written was kept on the stack for it and
                        // read back, misses `withMatch` about 1 instruction a lookup.)
                        if FrozenTrie.isMissOnOnlyWay(at: cursor, segmentEnd: stop, text: base, end: end) {
                            return (.deadEnd(FrozenTrie.missedOnOnlyWay), 0)
                        }
                        let beforeMark = FrozenTrie.bytesBeforeQueryMark(in: packed)
                        if beforeMark < 8 {
                            return (.deadEnd(beforeQuery(onOnlyWay: node, at: cursor, word: packed, bytesBeforeMark: beforeMark)),
                                    spanEnd - spans)
                        }
                        return (.deadEnd(deadEnd(onOnlyWay: node, at: cursor, segmentEnd: stop, word: packed, text: base,
                                                 end: end)), spanEnd - spans)
                    }
                    // A dead end at a splat's parent or at the start of an optional chain (`splat` -2:
                    // FrozenTrie+OptionalSteps.swift): settled there, out of line, as the loop's last call
                    // (nothing of the loop's is needed after it). Not in the folding loop, which settles it
                    // after the loop as before: there the call moved the loop's registers (case-insensitive
                    // `withMatch` 563.3 -> 569.6). (The chain's steps taken in the loop itself, as a
                    // parameter's, moved them too: parameter-heavy `withMatch` 500.7 -> 518.6; a test of its
                    // own for the chain's start cost misses 2 to 4 instructions, as the splat's test, 0.)
                    if _slowPath(node.pointee.splat != -1) {
                        // (A splat or a chain takes the rest: not one that ends in `/`, which the loop's
                        // end would have refused.)
                        if _slowPath(end[-1] == PathSegmenter.slash) { return (.notPlain(0), 0) }
                        let written = spanEnd - spans
                        if node.pointee.splat >= 0 {
                            let found = deadEnd(atSplatParent: node, at: cursor, text: base, end: end, spans: spans, written: written)
                            return found >= 0 ? (.node(found), written &+ 1) : (.deadEnd(~found), written)
                        }
                        let found = chainTakingRest(node, at: cursor, segmentEnd: stop, text: base, end: end, spans: spans,
                                                    written: written)
                        return found >= 0 ? (.node(Int32(truncatingIfNeeded: found)), Int(truncatingIfNeeded: found &>> 32))
                            : (.deadEnd(stopIndex(node)), written)
                    }
                }
                return (next < 0 ? .deadEnd(stopIndex(node)) : .pastInlineParameters, spanEnd - spans)
            }
            // (Folding leaves `?` and `#` as they are.)
            if _slowPath(FrozenTrie.holdsQueryMark(packed)
                || (length > 8 && FrozenTrie.holdsQueryMark(pastFirstWordOf: cursor, to: stop, end: end))) {
                // The parameter child, not the node: the node need not live past the check.
                return (.notPlain(~next), spanEnd - spans)
            }
            spanEnd.pointee = Parameters.Span(unchecked: cursor - base, end: stop - base)
            spanEnd += 1
            node = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(truncatingIfNeeded: next)
            cursor = stop + 1
        }
        // (A node where an optional chain's route ends below, the rest absent, holds that route's
        // declaration: a hit to `RouteLookup.find`, which pads the spans out of line.)
        return (node.pointee.declaration != nil ? .node(stopIndex(node)) : .undecided(stopIndex(node)), spanEnd - spans)
    }

    /// What the walk settles at a dead end at `node`, which has a splat child, the segment at `cursor`
    /// taken by no static or parameter child, `written` spans written: the splat (`splatTakingRest`),
    /// its span written after them, or the complement of `node`'s index, a dead end settled after the
    /// loop as before. Out of line, and answering one number: the loop's own answer made of it keeps
    /// its constant tags (this function answering `Walked` put the tag in a register at every exit
    /// of the loop: misses `withMatch` +4, parameter-heavy +1).
    @inline(never)
    private func deadEnd(atSplatParent node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>,
                         text base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                         spans: UnsafeMutablePointer<Parameters.Span>, written: Int) -> Int32 {
        if written < Parameters.InlineSpans.capacity {
            let splat = splatTakingRest(node, at: cursor, text: base, end: end, span: spans + written)
            if splat >= 0 { return splat }
        }
        return ~stopIndex(node)
    }

    /// Whether the rest of the text from `cursor` (after the `/` that ends a segment whose slot carries
    /// `StaticEdge.splatOnlyMark`) to `end` is what the marked child's splat takes, its span then
    /// written to `span`: the freeze has asked what `splatTakingRest` asks of the node (no optional
    /// child, a route at the splat), so only the rest is read here, as `splatTakingRest` reads it. False
    /// where the text ends at the child (`cursor` past `end`): its dead end is settled after the loop,
    /// by the stop and then the full search, as a text ending there is rare. Answering only this, out
    /// of line, lets the loop return the splat itself, as for any hit (with a function answering the
    /// splat or the dead end as one number, which the loop took apart and put together again, a splat
    /// lookup paid 7 instructions more, Benchmarks/README.md). The span is written here, where the
    /// text's length is asked anyway: written in the loop, the length was kept from the loop's start
    /// (a store more at every lookup, parameter-heavy and github-rest `withMatch` +1).
    /// (`end` last: the fourth argument's register, `rcx` on x86-64, is the one a shift's count is
    /// given in, and `end` is not needed after the shift; with `span` there, it was moved out and back.)
    // Safety: writes `span` only; the walk passes its next span, below its limit (asked there).
    @inline(never)
    static func splatTakesRest(from cursor: UnsafePointer<UInt8>, text base: UnsafePointer<UInt8>,
                               span: UnsafeMutablePointer<Parameters.Span>, end: UnsafePointer<UInt8>) -> Bool {
        // In a text of 17 bytes or more (the common case), the rest read here (`isPlainSplatRest`: one
        // chunk for a rest of up to 16 bytes, and the text's end at the child told with it); in a
        // shorter one, as `splatTakingRest` reads it.
        guard end - base > 16 else {
            return cursor < end && splatTakesRest(inShortTextFrom: cursor, end: end, text: base, span: span)
        }
        // (A rest that ends in `/` is not taken: the text is not normalised, and the general way, where a
        // false here sends it, says so. A shorter text's reading refuses it itself.)
        guard end[-1] != PathSegmenter.slash && isPlainSplatRest(from: cursor, end: end, text: base) else { return false }
        span.pointee = Parameters.Span(unchecked: cursor - base, end: end - base)
        return true
    }

    /// `splatTakesRest(from:text:span:end:)` in a text of up to 16 bytes, its rest read as
    /// `splatTakingRest` reads it (out of line: it keeps its frame off the common case's).
    @inline(never)
    private static func splatTakesRest(inShortTextFrom cursor: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                                       text base: UnsafePointer<UInt8>, span: UnsafeMutablePointer<Parameters.Span>) -> Bool {
        guard FrozenTrie.pathEnd(afterStop: cursor - 1, end: end, text: base, asksEmptySegments: true)?.end == end else {
            return false
        }
        span.pointee = Parameters.Span(unchecked: cursor - base, end: end - base)
        return true
    }

    /// What the walk settles at a dead end at `node`, on the only way through the trie with no parameter
    /// child (`parameter` `onlyWayDeadEndParameter`), the segment at `cursor` to `stop` (its first 8 bytes
    /// `packed`, zeros after), as `settleStop` settles it: `missedOnOnlyWay` for a miss, the complement of
    /// a node for the hit before a query (`beforeQuery(onOnlyWay:...)`), else `node`'s index (the dead end
    /// settled after the loop as before).
    ///
    /// A dead segment of up to 8 bytes with no `?` or `#` stays in the path whatever follows it but a
    /// `..` segment before the path's end: normalising drops `.` and empty segments and keeps every
    /// other one, and a `?` or `#` after the segment's `/` ends the path after it, which then dead-ends
    /// here all the same (`settleStop` and the full search answer a miss for each: the path before a
    /// mark past the stop's segment, `segmentEndsFirst`, is a miss on the only way). So a rest with no
    /// `.` at all is a miss, read for that alone (one compare a chunk); a rest with one, and a longer
    /// segment (a mark past its first word), are read as before (`deadEnd(onOnlyWayReadingRest:)`). No
    /// path here calls anything but in its tail, so a miss pays no frame (`beforeQuery`'s call to
    /// `staticChild` inlined here, and `tailWord`'s for a short text's last chunk, saved four registers
    /// on every call: 14 instructions).
    /// (`stop` is the segment's end as the loop found it, exact here: only a chain's head, which never
    /// comes here, takes a segment without its length.)
    @inline(never)
    private func deadEnd(onOnlyWay node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>,
                         segmentEnd stop: UnsafePointer<UInt8>, word packed: UInt64,
                         text base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Int32 {
        let beforeMark = FrozenTrie.bytesBeforeQueryMark(in: packed)
        if beforeMark < 8 { return beforeQuery(onOnlyWay: node, at: cursor, word: packed, bytesBeforeMark: beforeMark) }
        if _slowPath(stop - cursor > 8) { return deadEnd(onOnlyWayReadingRest: node, at: cursor, text: base, end: end) }
        if stop == end { return FrozenTrie.missedOnOnlyWay }
        // (`stop` is a `/`, perhaps the text's last byte: a trailing `/` leaves the miss, and an empty
        // rest holds no `.`. A text under 16 bytes is read as before: `holdsDot(restFrom:)` reads the
        // text's last 16.)
        if end - base < 16 || FrozenTrie.holdsDot(restFrom: stop + 1, end: end) {
            return deadEnd(onOnlyWayReadingRest: node, at: cursor, text: base, end: end)
        }
        return FrozenTrie.missedOnOnlyWay
    }

    /// Whether the only way's dead end at the segment from `cursor` to `stop` is a miss told in the walk's
    /// loop, with no call: in a text of 16 bytes or more, a rest of up to 48 bytes from the segment, the
    /// segment 16 bytes or fewer, no `?` or `#` in the segment and no `.` after it (on x86-64,
    /// `isMissOnOnlyWay(inChunksFrom:)`, which reads the 16 bytes that hold the segment for all three;
    /// elsewhere a word at a time, the segment for all three and the rest after it for a `.`). The
    /// dead segment then stays in the path whatever follows it: normalising drops `.` and empty segments
    /// (a trailing `/` among them) and keeps every other one, only a `..` takes a segment back, and a `?`
    /// or `#` after the segment's `/` ends the path after it. `deadEnd(onOnlyWay:)` decides every other
    /// text. (Out of line, the call, its frame and the loop's values handed over cost a miss about 15
    /// instructions; a loop of chunks here, `holdsDot`'s, had the walk's loop keep its cursor on the stack
    /// at every segment: parameter-heavy `withMatch` +7.)
    /// (`end` less 16 as an address, not `end - base`: that difference, taken at the walk's entry for the
    /// trailing-slash test then, was kept on the stack for this, one instruction on every lookup.)
    // Safety: reads only within the text: `end` less 16 is at or past `base` where asked (a text is never
    // within the address space's first 16 bytes), and the rest from `cursor` (before `end`: the loop
    // reads a segment only where a byte is left) has 48 bytes or fewer.
    @inline(__always)
    static func isMissOnOnlyWay(at cursor: UnsafePointer<UInt8>, segmentEnd stop: UnsafePointer<UInt8>,
                                text base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Bool {
        #if arch(x86_64)
        FrozenTrie.isMissOnOnlyWay(inChunksFrom: cursor, segmentEnd: stop, end: end, text: base)
        #else
        end - cursor <= 48
            && (end - cursor > 16 ? stop - cursor <= 16 : UInt(bitPattern: end) &- 16 >= UInt(bitPattern: base))
            && !FrozenTrie.anyWordMarked(from: cursor, end: stop, {
                FrozenTrie.queryMarks(in: $0) | FrozenTrie.marks(of: PathSegmenter.dot, in: $0)
            })
            && !FrozenTrie.anyWordMarked(from: stop, end: end, { FrozenTrie.marks(of: PathSegmenter.dot, in: $0) })
        #endif
    }

    /// `deadEnd(onOnlyWay:...)` where the segment has more than 8 bytes, the rest a `.` or the text under
    /// 16 bytes: the rest read from the segment's start as `settleStop` reads it. A miss when it is plain as
    /// `pathEnd(afterStop:asksEmptySegments: false)` reads it and no mark ends the path in the segment
    /// (a dot segment, which may normalise back onto a route, and a mark past the segment's first word
    /// are left to the general way: `node`'s index).
    @inline(never)
    private func deadEnd(onOnlyWayReadingRest node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>,
                         text base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Int32 {
        guard let (pathEnd, segmentEndsFirst) = FrozenTrie.pathEnd(afterStop: cursor - 1, end: end, text: base,
                                                                   asksEmptySegments: false),
              pathEnd == end || segmentEndsFirst else { return stopIndex(node) }
        return FrozenTrie.missedOnOnlyWay
    }

    /// `deadEnd(onOnlyWay:...)` where the segment's first 8 bytes (`packed`) hold a `?` or `#`, the first
    /// after `count` bytes: the path ends there, in the segment, and the segment before it
    /// is taken as `cut` takes it. The complement of the static child it names when a route ends there
    /// (the hit before the query); `missedOnOnlyWay` when it names none (`node` has no parameter child)
    /// or one on the only way where no route ends; `node`'s index where `settleStop` leaves the stop to
    /// the general way (an empty segment or one starting with `.` before the mark, as
    /// `pathEnd(afterStop:)` refuses them, or one `cut` refuses), or `cut` does (a child beside
    /// another way).
    /// (Out of line: inlined, its call to `staticChild` put a frame on every miss's dead end.)
    @inline(never)
    private func beforeQuery(onOnlyWay node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>, word packed: UInt64,
                             bytesBeforeMark count: Int) -> Int32 {
        // The bytes below the mark.
        let word = packed & FrozenTrie.lowBytes(count)
        // (An empty segment before the mark is 0, which the first test takes.)
        guard word | 0x2e2e != 0x2e2e, packed & 0xff != UInt64(PathSegmenter.dot) else { return stopIndex(node) }
        let child = staticChild(of: node, word: word,
                                segment: UnsafeBufferPointer(start: cursor, count: count))
        guard child >= 0 else { return FrozenTrie.missedOnOnlyWay }
        let last = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(truncatingIfNeeded: child)
        if last.pointee.firstRoute >= 0 { return ~child }
        return last.pointee.isOnlyWay ? FrozenTrie.missedOnOnlyWay : stopIndex(node)
    }

    /// `Walked.deadEnd`'s payload for a miss the walk's loop settled on the only way
    /// (`deadEnd(onOnlyWay:)`): below every node's index, and not the complement of any node that
    /// another payload below 0 names (a hit before a query, `~child`: a static child, never the root,
    /// node 0, whose complement this is), and answered by `RouteLookup.find` with no call. -1, not
    /// `Int32.min`: `find` tells it with one compare of the payload with -1, where `Int32.min` took a copy,
    /// a negation and its overflow test (misses `withMatch` 1 instruction a lookup).
    /// (As `.node` of a node past the trie's own, with no declaration, it went through `find`'s hit and
    /// `validatorOrAbsentTail`, whose `absentTail` was then no longer inlined: optional `withMatch` +23.)
    static let missedOnOnlyWay: Int32 = -1

    /// The index of `node`, where the walk's loop stopped at a dead end: taken from the pointer at the
    /// stop, so that the loop keeps no index live for it (returning the loop's own index at every stop
    /// cost each plain lookup 11 to 14 instructions: github-rest `withMatch` 639.5 → 650.8).
    @inline(__always)
    private func stopIndex(_ node: UnsafePointer<Node>) -> Int32 {
        FrozenTrie.nodeIndex(atByteOffset: UInt64(UInt(bitPattern: node) &- UInt(bitPattern: nodes.baseAddress.unsafelyUnwrapped)))
    }

    /// The index of the node `bytes` into `nodes` (a node's pointer less the base, or a table slot's
    /// child, `node(atSlotChild:)`). The offset is an exact multiple of the stride, so it is divided by
    /// multiplying its odd part by that part's inverse modulo 2^64 (a shift and a multiply), where a
    /// division by the stride takes nine instructions (at every dead end).
    @inline(__always)
    static func nodeIndex(atByteOffset bytes: UInt64) -> Int32 {
        Int32(truncatingIfNeeded: (bytes &>> nodeStrideShift) &* nodeStrideInverse)
    }

    /// The power of two in `Node`'s stride.
    private static var nodeStrideShift: UInt64 { UInt64(MemoryLayout<Node>.stride.trailingZeroBitCount) }

    /// The inverse modulo 2^64 of `Node`'s stride's odd part, folded to a constant: an odd number is its
    /// own inverse modulo 8, and each step of Newton's iteration doubles the low bits that are right
    /// (3, 6, 12, 24, 48, 96).
    @inline(__always)
    private static var nodeStrideInverse: UInt64 {
        let odd = UInt64(MemoryLayout<Node>.stride) &>> nodeStrideShift
        var inverse = odd
        inverse = inverse &* (2 &- odd &* inverse)
        inverse = inverse &* (2 &- odd &* inverse)
        inverse = inverse &* (2 &- odd &* inverse)
        inverse = inverse &* (2 &- odd &* inverse)
        inverse = inverse &* (2 &- odd &* inverse)
        return inverse
    }

    /// What `stop` settles where the walk's loop stopped in a segment.
    enum Stop {
        /// The node where the path before a `?query` or `#fragment` ends on a route.
        case nodeBeforeQuery(Int32)
        /// No route matches the path (before any `?query` or `#fragment`), which is plain and
        /// normalised: the way dead-ends, or ends where no route does, on the only way through the trie
        /// (`Node.isOnlyWay`).
        case miss
        /// What the retrace settles at a dead end beside another way (a splat, a chain of optional
        /// segments), the path being plain with no query: settled here, not traced a third time.
        case settled(Settled)
        /// The lookup goes on as for this verdict of the walk.
        case walked(Walked)
    }

    /// What the lookup settles where the walk's loop stopped (`walked`, a dead end or text that is not
    /// plain, perhaps a query), `spans` the loop's: settled in the segment where it stopped
    /// (`stoppedInSegment`), found from the node the loop names and its `stopCodes`, without tracing
    /// the way again (a chain's head, which compares a run of segments at once, is stepped from again;
    /// a node with no code is traced from the root). `walked` itself when the loop did not stop in a
    /// segment that no static child takes (an empty or dot segment, a trailing slash). Issue 37: a dead
    /// end was checked for being plain from the first byte, then its way traced again to learn that it
    /// was the only one (`plainPathEnd` and `misses`, 590 of a miss's 1,107 instructions); the path
    /// before a query was cut byte by byte and walked again from the root (`PathSegmenter.pathEnd` and
    /// `walk`, 800 of 1,666); then traced again from the root to the stop (`withMatch` misses 1,036,
    /// query 1,574.5; from where the loop stopped, 848.7 and 1,089.2).
    func stop(after walked: Walked, _ bytes: UnsafeBufferPointer<UInt8>, spans: inout Parameters.InlineSpans) -> Stop {
        // The node the settling goes on from, and whether the loop found that no static child of it
        // takes the segment (not so at a chain's head, which compares a run of segments at once).
        let stoppedAt: Int32
        let settledSegment: Bool
        switch walked {
        case .deadEnd(let node) where node >= 0:
            stoppedAt = node
            settledSegment = nodes[Int(node)].hashShift >= 0
        case .notPlain(let parameter) where parameter < 0:
            // A `?` or `#` in the segment that only the parameter child `~parameter` takes: from its parent.
            let code = stopCodes[Int(~parameter)]
            guard code < 0, code != FrozenTrie.unknownStopCode else { return .walked(walked) }
            stoppedAt = ~code
            settledSegment = true
        default: return .walked(walked)
        }
        // (Text the walk's loop never read, as `walk` asks.)
        guard bytes.count > 0, bytes.count <= Parameters.Span.offsetLimit, let base = bytes.baseAddress,
              base[0] == PathSegmenter.slash else { return .walked(walked) }
        let end = base + bytes.count
        // Where the loop's cursor stood at that node: past the last span it wrote (or the root's `/`),
        // then the static segments after it (its run, `stopCodes`; a parameter child's is 0).
        let code = stopCodes[Int(stoppedAt)]
        let written = Int(spans.count)
        let after = (written > 0 ? spans[written - 1].end : 0) + 1 + Int(max(code, 0))
        if _fastPath(code != FrozenTrie.unknownStopCode && written <= Parameters.InlineSpans.capacity
                     && after < bytes.count) {
            let node = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(stoppedAt)
            let cursor = base + after
            // The segment no static child takes, and no parameter child (a dead end), or whose parameter
            // child meets a `?` or `#`: settled at once, without the loop's step again.
            if settledSegment {
                return spans.fillOn { spans, written in
                    stoppedInSegment(node, at: cursor, end: end, text: base, spans: spans, written: written)
                }
            }
            return spans.fillOn { spans, written in
                stop(after: walked, from: node, at: cursor, base, end: end, spans: spans, written: written)
            }
        }
        spans = Parameters.InlineSpans()
        return spans.fillOn { spans, _ in
            stop(after: walked, from: UnsafePointer(nodes.baseAddress.unsafelyUnwrapped), at: base + 1, base, end: end,
                 spans: spans, written: 0)
        }
    }

    /// `stop` over the text from `base` (a `/`) to `end`, from `node` with its segment at `cursor` and
    /// `written` spans written: the walk's loop again (from the segment where it stopped, or the root),
    /// where a lookup that hits never comes.
    private func stop(after walked: Walked, from start: UnsafePointer<Node>, at segment: UnsafePointer<UInt8>,
                      _ base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                      spans: UnsafeMutablePointer<Parameters.Span>, written already: Int) -> (Stop, Int) {
        let first = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped)
        var node = start
        var cursor = segment
        var written = already
        while cursor < end {
            let word = FrozenTrie.word(at: cursor, end: end, text: base)
            let slashes = FrozenTrie.marks(of: PathSegmenter.slash, in: word)
            let length = slashes != 0 ? slashes.trailingZeroBitCount &>> 3 : FrozenTrie.segmentLength(from: cursor, end: end)
            let stop = cursor + length
            var packed = word & (((slashes & (0 &- slashes)) &>> 7) &- 1)
            // The loop's own test: it stopped here, not in a segment.
            if packed | 0x2e2e == 0x2e2e { return (.walked(walked), written) }
            var next: Int32 = -1
            if node.pointee.staticCount > 0 {
                if caseInsensitive { packed = StaticChildHash.foldedWord(packed) }
                next = staticChild(of: node, word: packed, segment: UnsafeBufferPointer(start: cursor, count: length))
            }
            if next < 0 {
                next = node.pointee.parameter
                if next < 0 || written == Parameters.InlineSpans.capacity || FrozenTrie.holdsQueryMark(packed)
                    || (length > 8 && FrozenTrie.holdsQueryMark(from: cursor + 8, to: stop, end: end)) {
                    return stoppedInSegment(node, at: cursor, end: end, text: base, spans: spans, written: written)
                }
                spans[written] = Parameters.Span(unchecked: cursor - base, end: stop - base)
                written += 1
            }
            node = first + Int(truncatingIfNeeded: next)
            cursor = stop + 1
        }
        return (.walked(walked), written)
    }

    /// `stop` where the segment from `cursor` (after a `/`) at `node`, which no static child of it
    /// takes, holds a `?` or `#` (`cut`), or no parameter child takes it (a dead end), or the way on
    /// needs a ninth parameter. `written` spans are written.
    private func stoppedInSegment(_ node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                                  text base: UnsafePointer<UInt8>, spans: UnsafeMutablePointer<Parameters.Span>,
                                  written: Int) -> (Stop, Int) {
        // One pass from the segment's `/` finds where the path ends and checks it (the loop checked the
        // text before, and that this segment's first bytes are not empty, `.` or `..`).
        guard let (pathEnd, segmentEndsFirst) = FrozenTrie.pathEnd(fromStop: cursor - 1, end: end, text: base) else {
            // Not normalised before its first `?` or `#`: the caller finds the text needs normalising.
            return (.walked(.deadEnd(-1)), written)
        }
        // A `?` or `#` in the segment ends the path there.
        if pathEnd < end && !segmentEndsFirst {
            return cut(in: node, segment: cursor, mark: pathEnd, text: base, spans: spans, written: written)
        }
        if node.pointee.parameter >= 0 { return (.walked(.pastInlineParameters), written) }
        // A dead end, on a plain path: on the only way, a miss.
        if node.pointee.isOnlyWay { return (.miss, written) }
        // Beside another way, with no query: what the retrace settles where it stops (splat routes were
        // checked for being plain from the first byte and traced twice more here: `withMatch` 1,605).
        guard pathEnd == end else { return (.walked(.deadEnd(-1)), written) }
        let (settled, count) = stopped(at: node, segment: cursor, base: base, end: end, spans: spans, written: written)
        return (.settled(settled), count)
    }

    /// The walk's last step, at `node`, when the segment from `cursor` holds a `?` or `#` at `mark`: the
    /// path ends there, and the segment up to it is taken as the loop takes one (a static `users?tab=1`
    /// is the static child `users`). Issue 37: the walk stopped at the segment, and the path before the
    /// mark was found on its own, walked again from the root (1,666 instructions a `withMatch` among
    /// 1,000 parameter routes against 659 without the query).
    /// (Internal for `settleStop`, in FrozenTrie+DeadEnd.swift.)
    func cut(in node: UnsafePointer<Node>, segment cursor: UnsafePointer<UInt8>, mark: UnsafePointer<UInt8>,
                     text base: UnsafePointer<UInt8>, spans: UnsafeMutablePointer<Parameters.Span>,
                     written: Int) -> (Stop, Int) {
        // An empty segment before the mark (`/album/?x`) is a trailing slash: not normalised.
        guard mark > cursor else { return (.walked(.notPlain(0)), written) }
        // The segment's first 8 bytes, zeros after a shorter one (none read past `mark` into it): for a
        // segment shorter than 8 (`55120?tab=…`), the 8 bytes before the mark shifted down, inline.
        var packed = FrozenTrie.wordWithInlineTail(at: cursor, end: mark, text: base)
        if packed | 0x2e2e == 0x2e2e { return (.walked(.notPlain(0)), written) }
        let length = mark - cursor
        var next: Int32 = -1
        if node.pointee.staticCount > 0 {
            if caseInsensitive { packed = StaticChildHash.foldedWord(packed) }
            next = staticChild(of: node, word: packed, segment: UnsafeBufferPointer(start: cursor, count: length))
        }
        var count = written
        if next < 0 {
            next = node.pointee.parameter
            // The path before the mark is plain: the loop checked the segments before this one.
            if next < 0 { return (node.pointee.isOnlyWay ? .miss : .walked(.deadEnd(-1)), count) }
            if count == Parameters.InlineSpans.capacity { return (.walked(.pastInlineParameters), count) }
            spans[count] = Parameters.Span(unchecked: cursor - base, end: mark - base)
            count += 1
        }
        let last = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(truncatingIfNeeded: next)
        if last.pointee.firstRoute >= 0 { return (.nodeBeforeQuery(next), count) }
        return (last.pointee.isOnlyWay ? .miss : .walked(.undecided(-1)), count)
    }

    /// What `retrace` settles where the walk stopped.
    enum Settled {
        case node(Int32)
        /// `node`, reached through optional segments of which `absent` were left out: their spans are
        /// `Parameters.Span.absent`, not counted present.
        case nodeSkipping(Int32, absent: Int32)
        /// The path ends where no route does, on the only way through the trie (`Node.isOnlyWay`).
        case miss
        /// The text is not a plain normalised path.
        case notPlain
        /// The full search decides.
        case undecided
        case pastInlineParameters
    }

    /// The segment at `cursor` (to the next slash or `end`) and the static child of `node` it names
    /// (-1 for none), for the retrace: read a word at a time as the walk reads
    /// it (byte by byte, this took 620 of a miss's 1,628 instructions).
    @inline(__always)
    private func staticStep(from node: UnsafePointer<Node>, at cursor: UnsafePointer<UInt8>,
                            end: UnsafePointer<UInt8>, text base: UnsafePointer<UInt8>) -> (Int32, UnsafePointer<UInt8>) {
        let word = FrozenTrie.word(at: cursor, end: end, text: base)
        let slashes = FrozenTrie.marks(of: PathSegmenter.slash, in: word)
        let length = slashes != 0 ? slashes.trailingZeroBitCount &>> 3 : FrozenTrie.segmentLength(from: cursor, end: end)
        guard node.pointee.staticCount > 0 else { return (-1, cursor + length) }
        var packed = word & (((slashes & (0 &- slashes)) &>> 7) &- 1)
        if caseInsensitive { packed = StaticChildHash.foldedWord(packed) }
        return (staticChild(of: node, word: packed, segment: UnsafeBufferPointer(start: cursor, count: length)), cursor + length)
    }

    /// Where a walk of `bytes`, a plain normalised path with no `?` or `#` (the caller checks), stopped
    /// without a node: the walk's way traced again, its parameters' spans written to `spans` from the
    /// first, then settled where it stops (a dead end on the only way the walk has decided a miss;
    /// an end where no route does on it is a miss here): what
    /// `stopped` settles there, a splat or a chain of optional segments taking the rest (issue 37:
    /// split and searched, 2,651 and 4,343 instructions a `withMatch`), or `undecided`. Out of the walk's loop, so a lookup that hits pays
    /// nothing for it: every way tried of making that loop say where it stopped (calling out from it,
    /// a node and an offset in its verdict, the offset in a span, no node index kept) cost every plain
    /// lookup 16 to 35 instructions (+2.4 to +5 %; Benchmarks/README.md). The text is known plain, so
    /// the retrace asks nothing of dots or query marks.
    func retrace(_ bytes: UnsafeBufferPointer<UInt8>, spans: inout Parameters.InlineSpans) -> Settled {
        guard bytes.count > 0, bytes.count <= Parameters.Span.offsetLimit, let base = bytes.baseAddress else { return .undecided }
        spans = Parameters.InlineSpans()
        return spans.fillOn { spans, _ in retrace(base, end: base + bytes.count, spans: spans) }
    }

    /// What `retrace` settles where the walk's loop ended at `node` (`Walked.undecided`) with no route
    /// there, for `bytes`, a plain normalised path with no `?` or `#` (the caller checks), and the
    /// loop's spans: the retrace's own end, without tracing the way again. -1 for a node not known.
    func ended(at node: Int32, _ bytes: UnsafeBufferPointer<UInt8>, spans: inout Parameters.InlineSpans) -> Settled {
        guard node >= 0, bytes.count > 0, let base = bytes.baseAddress else { return retrace(bytes, spans: &spans) }
        let stopped = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(node)
        return spans.fillOn { spans, written in ended(at: stopped, base, end: base + bytes.count, spans: spans, written: written) }
    }

    /// The retrace's end at `node`, where every segment was taken and no route ends.
    private func ended(at node: UnsafePointer<Node>, _ base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                       spans: UnsafeMutablePointer<Parameters.Span>, written: Int) -> (Settled, Int) {
        // The walk's loop leaves an end where no route does to here (asking there cost the plain rows);
        // on the only way, it is a miss.
        if node.pointee.isOnlyWay { return (.miss, written) }
        return stopped(at: node, segment: end, base: base, end: end, spans: spans, written: written)
    }

    private func retrace(_ base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                         spans: UnsafeMutablePointer<Parameters.Span>) -> (Settled, Int) {
        let first = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped)
        var node = first
        var cursor = base + 1
        var written = 0
        while cursor < end {
            let (found, stop) = staticStep(from: node, at: cursor, end: end, text: base)
            var next = found
            if next < 0 {
                next = node.pointee.parameter
                if next < 0 {
                    return stopped(at: node, segment: cursor, base: base, end: end, spans: spans, written: written)
                }
                if written == Parameters.InlineSpans.capacity { return (.pastInlineParameters, written) }
                spans[written] = Parameters.Span(unchecked: cursor - base, end: stop - base)
                written += 1
            }
            node = first + Int(next)
            cursor = stop + 1
        }
        if node.pointee.firstRoute >= 0 {
            return (.node(Int32(truncatingIfNeeded: node - first)), written)
        }
        return ended(at: node, base, end: end, spans: spans, written: written)
    }

    /// Where the walk stopped at `node` with the text from `cursor` (a segment's first byte, or `end`
    /// when every segment was taken) left over, in a plain normalised path with no query: no static
    /// child took that segment and there is no parameter child (or no segment is left and no route
    /// ends at `node`).
    ///
    /// - A chain of optional segments from `node` takes the rest, when it can (`optionalChain`).
    /// - A splat at `node`, with no optional beside it, takes the rest (none, when nothing is left):
    ///   the depth-first search tries a splat after the static, parameter and optional children, so
    ///   on the walk's way (the search's first, where no optional is open) it is the first shape that
    ///   ends on a route, and settled. Issue 37: splat routes were split and searched, 2,651
    ///   instructions a `withMatch` against matchit's 430.
    /// - Otherwise `undecided`: the search decides.
    /// (Internal for `settleStop`, in FrozenTrie+DeadEnd.swift, which settles a stop in one step.)
    @inline(__always)
    func stopped(at node: UnsafePointer<Node>, segment cursor: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>,
                         end: UnsafePointer<UInt8>, spans: UnsafeMutablePointer<Parameters.Span>,
                         written: Int) -> (Settled, Int) {
        if node.pointee.optional >= 0 {
            return optionalChain(from: node.pointee.optional, segment: cursor, end: end, base: base, spans: spans,
                                 written: written) ?? (.undecided, written)
        }
        let splat = node.pointee.splat
        if splat >= 0 && nodes[Int(splat)].firstRoute >= 0 {
            if written == Parameters.InlineSpans.capacity { return (.pastInlineParameters, written) }
            // An empty splat's span is the full search's (`RouteLookup.span(of:)`).
            spans[written] = cursor < end ? Parameters.Span(unchecked: cursor - base, end: end - base) : Parameters.Span(unchecked: 0, end: 0)
            return (.node(splat), written + 1)
        }
        return (.undecided, written)
    }

    /// The rest of the text, from `cursor` to `end` (no segment, when `cursor >= end`), taken by the
    /// optional child `first` of the node where the walk stopped and the optional children below it,
    /// when each of them has no other child (issue 37's `/:x?/:y?/:z?`; such routes were split and
    /// searched, 4,343 instructions a `withMatch` against matchit's 816). The search's best shape is
    /// then settled: nothing better ranks than a shape through `first` (the walk's way stopped at its
    /// parent, whose splat ranks below), an optional takes at most one segment, and among the chain's
    /// nodes that take every segment the shallowest ranks first (its pattern has ended). Its first
    /// alignment, as the search finds it, gives the segments to the first optionals in turn and leaves
    /// the rest out. Nil when the chain has another kind of child, when segments are left past its
    /// end, when no route ends at a node deep enough, or past the eight spans a hit carries: the
    /// search decides.
    /// (Always inline: left to the compiler, it went out of line once it read the last bytes' slashes,
    /// and the optional row's `withMatch` went 699.9 → 750.3.)
    @inline(__always)
    private func optionalChain(from first: Int32, segment cursor: UnsafePointer<UInt8>,
                               end: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>,
                               spans: UnsafeMutablePointer<Parameters.Span>, written: Int) -> (Settled, Int)? {
        var current = first
        var position = cursor
        var count = written
        var absent: Int32 = 0
        // The text's last 16 bytes' slashes, for the segments within them (read once the chain has one).
        let lastSlashes = position < end ? FrozenTrie.lastSlashes(end: end, text: base) : 0
        while true {
            let chained = nodes[Int(current)]
            guard chained.staticCount == 0, chained.parameter < 0, chained.splat < 0,
                  count < Parameters.InlineSpans.capacity else { return nil }
            if position < end && lastSlashes != 0 && position >= end - 16 {
                // The segment's end, the next of the last bytes' slashes (or the text's end): no word
                // read (issue 37, ninth session).
                let stop = end - 16 + (lastSlashes & UInt32.max &<< UInt32(truncatingIfNeeded: position - (end - 16)))
                    .trailingZeroBitCount
                spans[count] = Parameters.Span(unchecked: position - base, end: stop - base)
                position = stop + 1
            } else if position < end {
                // The segment's end a word at a time, as the walk finds it (byte by byte, this was
                // about 4 instructions a byte of the optional row's values). Within 8 bytes of the end
                // (the chain's last segment, as a rule), the text's last 8 bytes shifted down, inline.
                let word = FrozenTrie.wordWithInlineTail(at: position, end: end, text: base)
                let slashes = FrozenTrie.slashBits(in: word)
                let stop = position + (slashes != 0 ? FrozenTrie.firstSlash(in: slashes)
                                                    : FrozenTrie.segmentLength(from: position, end: end))
                spans[count] = Parameters.Span(unchecked: position - base, end: stop - base)
                position = stop + 1
            } else {
                spans[count] = .absent
                absent += 1
            }
            count += 1
            if position >= end && chained.firstRoute >= 0 {
                return (.nodeSkipping(current, absent: absent), count)
            }
            guard chained.optional >= 0 else { return nil }
            current = chained.optional
        }
    }

    /// Whether the spans of `integerSlots` (a `Winner`'s) in `bytes` each hold an `int` as
    /// `ParameterType.integer(bytes:)` reads one without overflow: an optional `-` and 1 to 18 digits.
    /// False when `integerSlots` is 0 (the types need the full check) or a value does not fit: the
    /// full check (`ParameterTypes.fit`) then decides (a percent-encoded or longer value).
    ///
    /// Inline, for the common case: one `int` slot holding 1 to 8 digits in a text of 8 bytes or more,
    /// checked with one load and no call. Anything else (more slots, a `-`, a longer value, a shorter
    /// text, or a value that fails) asks `holdsIntegersInAnySlot`, out of line. Issue 33's target is 60
    /// instructions a lookup: the call alone took 87 of the 96 a typed `int` added when every check
    /// went out of line (Benchmarks/README.md).
    @inline(__always)
    static func holdsIntegers(_ bytes: UnsafeBufferPointer<UInt8>, _ spans: inout Parameters.InlineSpans,
                              integerSlots: UInt8) -> Bool {
        if integerSlots != 0 && integerSlots & (integerSlots &- 1) == 0, let base = bytes.baseAddress {
            // Safety: the tuple's eight `Span`s are laid out as an array of eight (as `write` writes them),
            // and the slot is below four (masked; `integerSlots` has four bits). No stack protector, as
            // for `write`.
            let span = _withUnprotectedUnsafeMutablePointer(to: &spans.spans) { tuple in
                UnsafeRawPointer(tuple).load(fromByteOffset: (integerSlots.trailingZeroBitCount & 3) &* MemoryLayout<Parameters.Span>.stride,
                                             as: Parameters.Span.self)
            }
            let start = span.start
            let length = span.end &- start
            let count = bytes.count
            // 1 to 8 bytes (an absent optional's span is empty), in a text of 8 bytes or more: the 8
            // bytes from the value's first, or, for a value within 8 bytes of the end (`/album/12`),
            // the text's last 8 shifted down to it.
            // Safety: loads 8 bytes from `start` when `start + 8 <= count`, else from `count - 8` when
            // `count >= 8`; the shift is then below 8 bytes, as a span with bytes ends by `count`.
            // (One load from `min(start, count - 8)`, shifted, cost the common case 9 instructions more.)
            if UInt(bitPattern: length &- 1) < 8 {
                if _fastPath(start &+ 8 <= count) {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
                    if allDigits(word, length: length) { return true }
                } else if count >= 8 {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self))
                    if allDigits(word &>> UInt64(truncatingIfNeeded: (start &+ 8 &- count) &* 8), length: length) { return true }
                }
            }
        }
        return _withUnprotectedUnsafePointer(to: &spans.spans) { holdsIntegersInAnySlot(bytes, $0, integerSlots: integerSlots) }
    }

    /// `holdsIntegers` for any slots and values. Digits are checked eight at a time, the spans read
    /// from the lookup's own (issue 33: byte by byte, with the hit returned from out of line, a typed
    /// `int` added 131 instructions to a lookup; with the spans passed whole and read through a switch,
    /// 112; this function for every check, 96).
    @inline(never)
    static func holdsIntegersInAnySlot(_ bytes: UnsafeBufferPointer<UInt8>,
                                       _ spans: UnsafePointer<(Parameters.Span, Parameters.Span, Parameters.Span, Parameters.Span,
                                                                 Parameters.Span, Parameters.Span, Parameters.Span, Parameters.Span)>,
                                       integerSlots: UInt8) -> Bool {
        guard integerSlots != 0, let base = bytes.baseAddress else { return false }
        let end = base + bytes.count
        // Safety: the tuple's eight `Span`s are laid out as an array of eight (as `write` writes them), and
        // a slot is below four (`integerSlots` has four bits).
        return spans.withMemoryRebound(to: Parameters.Span.self, capacity: Parameters.InlineSpans.capacity) { list in
            var slots = integerSlots
            repeat {
                let span = list[slots.trailingZeroBitCount & 3]
                slots &= slots &- 1
                if span.start < 0 { continue }   // an optional left out
                var cursor = base + span.start
                let stop = base + span.end
                if cursor < stop && cursor.pointee == UInt8(ascii: "-") { cursor += 1 }
                let length = stop - cursor
                guard length > 0 && length <= 18 else { return false }
                repeat {
                    if !allDigits(word(at: cursor, end: end, text: base), length: stop - cursor) { return false }
                    cursor += 8
                } while cursor < stop
            } while slots != 0
            return true
        }
    }

    /// Whether the first `length` bytes of `word` (all 8 when longer) are ASCII digits: every byte's
    /// high half is 3, and adding 6 to its low half leaves it 3 (a low half past 9 carries).
    @inline(__always)
    private static func allDigits(_ word: UInt64, length: Int) -> Bool {
        let threes: UInt64 = 0x3030_3030_3030_3030
        let highs: UInt64 = 0xf0f0_f0f0_f0f0_f0f0
        // Bytes past the value read as `0`.
        let value = length >= 8 ? word : (word & lowBytes(length)) | (threes & ~lowBytes(length))
        return value & highs == threes && (value &+ 0x0606_0606_0606_0606) & highs == threes
    }

    /// Whether a word of a segment's bytes (zeros after a short one) holds a `?` or `#`.
    @inline(__always)
    static func holdsQueryMark(_ word: UInt64) -> Bool {
        #if arch(x86_64)
        holdsQueryMark(inChunkOf: word)
        #else
        queryMarks(in: word) != 0
        #endif
    }

    /// Whether a segment's bytes (`packed`: zeros after them) are the empty, `.` or `..` segment, which
    /// mean the text is not normalised. One test takes every word whose bits are all within `..`'s: those
    /// three, and a few segments of one or two rare bytes (`*`, `,`, `&`, a space, a control byte), which
    /// the full resolution then decides as for any text that is not plain. The walk asks it after a
    /// hashed probe's miss, or before any other child is looked for: no literal is empty, `.` or `..`
    /// (the pattern compiler refuses them), so a hashed hit is never one.
    @inline(__always)
    static func isDotOrEmpty(_ packed: UInt64) -> Bool {
        packed | 0x2e2e == 0x2e2e
    }

    #if !arch(x86_64)
    /// The `/` bytes of `word`, marked as `marks(of:in:)` marks them (on x86-64, a bit a byte:
    /// FrozenTrie+RestChunks.swift).
    @inline(__always)
    static func slashBits(in word: UInt64) -> UInt64 {
        marks(of: PathSegmenter.slash, in: word)
    }

    /// The index of the first `/` of a word, from its `slashBits` (not 0).
    @inline(__always)
    static func firstSlash(in slashes: UInt64) -> Int {
        slashes.trailingZeroBitCount &>> 3
    }

    /// The bytes of `word` before its first `/`, zeros from it on, from its `slashBits` (not 0):
    /// `slashes ^ (slashes - 1)` keeps the bits up to the first mark, the shift drops the slash's byte.
    @inline(__always)
    static func bytes(of word: UInt64, before slashes: UInt64) -> UInt64 {
        word & ((slashes ^ (slashes &- 1)) &>> 8)
    }
    #endif

    /// Whether the first `length` bytes of `word` (all 8 when longer) hold a `?` or `#`.
    @inline(__always)
    private static func holdsQueryMark(_ word: UInt64, length: Int) -> Bool {
        let marks = queryMarks(in: word)
        return (length >= 8 ? marks : marks & FrozenTrie.lowBytes(length)) != 0
    }

    /// Whether the bytes of a segment past 8 bytes, from `segment` to `stop`, hold a `?` or `#` after
    /// its first word, for the walk's loop: the segment's last word in one load (all of a segment of
    /// up to 16 bytes), the words between out of line. Issue 37, seventh session: with the loop over
    /// them inline, the walk's loop kept the segment's start a second time (the previous segment's
    /// end, spilled at every segment, twenty-four 1,227 against 1,200 without it); with all of it out
    /// of line, percent-encoded values paid a call each (850.4 against 928).
    @inline(__always)
    static func holdsQueryMark(pastFirstWordOf segment: UnsafePointer<UInt8>, to stop: UnsafePointer<UInt8>,
                                       end: UnsafePointer<UInt8>) -> Bool {
        // (The 8 bytes before `stop` are the segment's: it has more than 8.)
        if holdsQueryMark(UInt64(littleEndian: UnsafeRawPointer(stop - 8).loadUnaligned(as: UInt64.self))) { return true }
        return stop - segment > 16 && holdsQueryMark(betweenWordsOf: segment, to: stop, end: end)
    }

    /// `holdsQueryMark(from:to:end:)` for a segment past 16 bytes, from its ninth byte (its last word is
    /// checked), out of line.
    @inline(never)
    private static func holdsQueryMark(betweenWordsOf segment: UnsafePointer<UInt8>, to stop: UnsafePointer<UInt8>,
                                       end: UnsafePointer<UInt8>) -> Bool {
        holdsQueryMark(from: segment + 8, to: stop - 8, end: end)
    }

    /// Whether the bytes from `start` to `stop` hold a `?` or `#`, a word at a time (a parameter past 8
    /// bytes; the rest of an optional chain's text off x86-64, `holdsQueryMark(restFrom:end:text:)`).
    static func holdsQueryMark(from start: UnsafePointer<UInt8>, to stop: UnsafePointer<UInt8>,
                                       end: UnsafePointer<UInt8>) -> Bool {
        var cursor = start
        while cursor < stop {
            if holdsQueryMark(word(at: cursor, end: end, text: start), length: stop - cursor) { return true }
            cursor += 8
        }
        return false
    }

    /// The high bit of every byte of `word` equal to `byte`, exact up to the first such byte (a byte
    /// above it may be marked too): enough to find the first, or to ask whether any is within a
    /// prefix. Four operations where an exact mark of every byte takes six.
    @inline(__always)
    static func marks(of byte: UInt8, in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let zeroed = word ^ (UInt64(byte) &* ones)
        return (zeroed &- ones) & ~zeroed & (0x80 &* ones)
    }

    /// `marks(of:in:)` of the two bytes that end a path in a segment, `?` and `#`, in one word.
    @inline(__always)
    static func queryMarks(in word: UInt64) -> UInt64 {
        marks(of: UInt8(ascii: "?"), in: word) | marks(of: UInt8(ascii: "#"), in: word)
    }

    /// A mask of the low `length` bytes of a word (`length` < 8).
    @inline(__always)
    static func lowBytes(_ length: Int) -> UInt64 {
        (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1
    }

    /// The 8 bytes from `cursor`, little-endian; past `end`, zeros (never a separator). The text
    /// starts at or before `text`.
    // Safety: loads 8 bytes only when `cursor + 8 <= end`; `tailWord` loads the text's last 8 bytes only
    // when the text has 8. This word-at-a-time reading is what makes the walk one pass: splitting first
    // and walking the segments took 312 + 426 of a GitHub API lookup's 1,641 instructions (callgrind,
    // `switchyard-bench --loop match github-rest 453 10000`, Benchmarks/README.md).
    @inline(__always)
    static func word(at cursor: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, text: UnsafePointer<UInt8>) -> UInt64 {
        if _fastPath(cursor + 8 <= end) { return UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)) }
        return tailWord(at: cursor, end: end, text: text)
    }

    /// `word(at:end:text:)` with its read within 8 bytes of the end inline: the text's last 8 bytes
    /// shifted down, byte by byte (`word`) only in a text shorter than 8. For reads that are near the end
    /// as a rule, where `tailWord`'s call cost a lookup 11 (a segment before a query's mark, `cut`) to 23
    /// (an optional chain's last segment) instructions (issue 37, eighth session).
    // Safety: loads 8 bytes from `cursor` only when they end by `end`, else the 8 before `end` only when
    // the text, from `text`, has 8.
    @inline(__always)
    static func wordWithInlineTail(at cursor: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                                   text: UnsafePointer<UInt8>) -> UInt64 {
        cursor + 8 <= end
            ? UInt64(littleEndian: UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self))
            : end - text >= 8
                ? UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
                    &>> UInt64(truncatingIfNeeded: (8 &- (end - cursor)) &* 8)
                : word(at: cursor, end: end, text: text)
    }

    /// `word` within 8 bytes of the end (out of line: once a path): the text's last 8 bytes shifted,
    /// or byte by byte when the whole text is shorter. (Inline, it made the loop longer: 808 → 820
    /// instructions a GitHub API lookup.)
    @inline(never)
    private static func tailWord(at cursor: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, text: UnsafePointer<UInt8>) -> UInt64 {
        let remaining = end - cursor
        if end - text >= 8 {
            let last = UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
            return last &>> UInt64(truncatingIfNeeded: (8 &- remaining) &* 8)
        }
        var word: UInt64 = 0
        for offset in 0..<remaining { word |= UInt64(cursor[offset]) &<< UInt64(truncatingIfNeeded: offset &* 8) }
        return word
    }

    /// The length of a segment starting at `start` that has no `/` in its first 8 bytes: up to the
    /// next `/` or `end`. The second word is looked at here, inline (most long segments end in it);
    /// a longer one goes out of line.
    @inline(__always)
    static func segmentLength(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Int {
        if _fastPath(start + 16 <= end) {
            let slashes = slashBits(in: UInt64(littleEndian: UnsafeRawPointer(start + 8).loadUnaligned(as: UInt64.self)))
            if slashes != 0 { return 8 &+ firstSlash(in: slashes) }
            return longSegmentLength(from: start, end: end)
        }
        guard start + 8 < end else { return end - start }
        // The bytes past the first word are within the text's last word: shifted down, zeros after.
        let last = UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
        let slashes = slashBits(in: last &>> UInt64(truncatingIfNeeded: (start + 16 - end) &* 8))
        return slashes != 0 ? 8 &+ firstSlash(in: slashes) : end - start
    }

    /// `segmentLength` past the second word.
    @inline(never)
    private static func longSegmentLength(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) -> Int {
        var cursor = start + 8
        while cursor < end {
            let slashes = slashBits(in: word(at: cursor, end: end, text: start))
            if slashes != 0 { return min(cursor + firstSlash(in: slashes), end) - start }
            cursor += 8
        }
        return end - start
    }
}

extension Parameters.InlineSpans {
    /// Lets `body` write up to `capacity` present spans from the first, in place (the walk's way in,
    /// without a switch per span); `body` returns what it found and how many spans it wrote, which this
    /// returns, uncounted: the caller counts them (`markWritten`) where it needs them.
    // Safety: the tuple's eight `Span`s are laid out as an array of eight (homogeneous tuple), and the
    // pointer lives only for `body`, which writes at most `capacity` of them (`walk` stops at
    // `spansLimit`). Taken without the stack protector: a pointer to a local from
    // `withUnsafeMutablePointer` made every lookup's frame (`RouteTable.find`'s, where the spans live)
    // store and check a canary, a guard against writes past a local buffer, which the bound above
    // already excludes (issue 37, Benchmarks/README.md).
    @inline(__always)
    mutating func write<Found>(_ body: (UnsafeMutablePointer<Parameters.Span>) -> (Found, Int)) -> (Found, Int) {
        _withUnprotectedUnsafeMutablePointer(to: &spans) { tuple in
            tuple.withMemoryRebound(to: Parameters.Span.self, capacity: Parameters.InlineSpans.capacity, body)
        }
    }

    /// Counts the first `written` spans, all present, as `write`'s body wrote them.
    @inline(__always)
    mutating func markWritten(_ written: Int) {
        count = Int32(truncatingIfNeeded: written)
        present = count
    }

    /// `write` and `markWritten` going on after the spans already written (how many, the body's second argument): the
    /// walk's stops, settled out of line.
    mutating func fillOn<Found>(_ body: (UnsafeMutablePointer<Parameters.Span>, Int) -> (Found, Int)) -> Found {
        let already = Int(count)
        let (found, written) = _withUnprotectedUnsafeMutablePointer(to: &spans) { tuple in
            tuple.withMemoryRebound(to: Parameters.Span.self, capacity: Parameters.InlineSpans.capacity) { body($0, already) }
        }
        count = Int32(truncatingIfNeeded: written)
        present = count
        return found
    }
}

/// The lookup side of a route table, frozen at the first lookup after a declaration: the flattened trie,
/// the ranks, and where each route's parameters sit. Not generic, so a lookup runs without generic
/// metadata requests whatever the table's payload type.
final class RouteLookup {
    /// A route whose pattern matches, with its decoded parameters.
    struct Candidate {
        let route: Int
        let params: Parameters
    }

    private struct ParameterSlot {
        let segment: Int32
        let optional: Bool
    }

    /// Where a route's parameters sit: `slots[firstSlot..<firstSlot + slotCount]`.
    private struct ParameterLayout {
        let firstSlot: Int32
        let slotCount: Int32
    }

    /// (Internal for the lookup tests, which ask the walk what it decided.)
    let trie: FrozenTrie
    /// The trie's whole static paths, each found at once by its bytes (issue 37; `StaticPathTable`).
    /// (Internal for the lookup tests.)
    let staticPaths: StaticPathTable
    private let ranks: [Int32]
    /// Per route: the origin of its matches' parameters (names and pattern). The fast path reads the
    /// winner's from its trie node instead.
    private let declarations: [RouteDeclaration]
    /// Routes with their parameters in the same places share one layout (and its slots), which stays
    /// in cache; the routes ending at one trie node all have the node's.
    private let layouts: [ParameterLayout]
    private let slots: [ParameterSlot]

    init(_ trie: RouteTrie, ranks: [Int32], declarations: [RouteDeclaration]) {
        self.ranks = ranks
        self.declarations = declarations
        // A layout's key: each parameter's segment index, times two, plus one when it is optional.
        var shared: [[Int32]: Int32] = [:]
        var layouts: [ParameterLayout] = []
        var slots: [ParameterSlot] = []
        var key: [Int32] = []
        let layoutOfRoute = declarations.map { declaration in
            key.removeAll(keepingCapacity: true)
            declaration.pattern.forEachSpecificity { index, specificity in
                // 0 static, 1 parameter, 2 optional, 3 splat (see `PatternSegment.specificity`).
                if specificity != 0 { key.append(Int32(index) * 2 + (specificity == 2 ? 1 : 0)) }
            }
            if let layout = shared[key] { return layout }
            let firstSlot = Int32(slots.count)
            for code in key { slots.append(ParameterSlot(segment: code >> 1, optional: code & 1 == 1)) }
            layouts.append(ParameterLayout(firstSlot: firstSlot, slotCount: Int32(key.count)))
            shared[key] = Int32(layouts.count - 1)
            return Int32(layouts.count - 1)
        }
        self.layouts = layouts
        self.slots = slots
        let frozen = FrozenTrie(trie, ranks: ranks) { route in
            let declaration = declarations[Int(route)]
            return FrozenTrie.Winner(declaration: Unmanaged.passUnretained(declaration),
                                     layout: layoutOfRoute[Int(route)], hasValidator: declaration.needsCandidates,
                                     hasTypes: declaration.parameterTypes != nil,
                                     integerSlots: RouteLookup.integerSlots(of: declaration.parameterTypes))
        }
        self.trie = frozen
        staticPaths = StaticPathTable(trie, frozen: frozen)
    }

    deinit {
        staticPaths.deallocate()
    }

    /// The one byte-level lookup: what the trie decides for `bytes` (a path, perhaps followed by a
    /// `?query` or `#fragment`), before any validator runs. `spans` come in all absent
    /// (`Parameters.InlineSpans()`): a hit's are left there, where the caller reads them (what they
    /// hold after any other answer means nothing). A plain path whose winner is settled by the
    /// one-pass walk (the common case) costs the walk and nothing else; everything else is settled out
    /// of line (`settle`).
    @inline(__always)
    func find(_ bytes: UnsafeBufferPointer<UInt8>, spans: inout Parameters.InlineSpans) -> RouteFind {
        // A whole static path, found at once: the node the walk answers for these bytes, with no spans,
        // made a hit as the walk's is (`StaticPathTable`; a table with no key costs a nil test). The
        // common winner (no validator, no types) inline, the rest as `hit` makes it; kept apart from the
        // walk's own hit below, whose code stays as it was (sharing it cost parameter-heavy, which has no
        // static path, 2 instructions a lookup).
        let staticNode = staticPaths.node(of: bytes)
        if staticNode >= 0 {
            let winner = trie.winner(at: staticNode)
            guard let declaration = winner.declaration, !winner.hasValidator, !winner.hasTypes else {
                return hit(at: staticNode, spans: &spans, in: bytes)
            }
            return .hit(declaration)
        }
        // (The spans are all absent before the walk writes any, as the caller gives them: an absent
        // tail, `absentTailHit`, relies on the spans the walk does not write being absent.)
        // A text the walk does not read (`FrozenTrie.isWalked`: empty, too long, or not starting with `/`)
        // goes to `settleInFull` from here, as `settle` sends it there, in a call of its own marked
        // unlikely. (Left to the walk's own `.notPlain(0)`, it shared `settle`'s call below, and with the
        // miss asked first the compiler kept the text's base in a saved register from `find`'s entry:
        // every hit 1 instruction more; the same call here, not marked unlikely, parameter-heavy +4.)
        if _slowPath(!FrozenTrie.isWalked(bytes)) { return settleInFull(bytes, walked: .notPlain(0), spans: &spans) }
        // The spans' count and present are stored on every way but the only way's miss, which needs
        // neither: stored after the walk on every lookup, as `walk` does, they cost a miss 2
        // instructions (issue 37, eighteenth session: misses `withMatch` 277.9 -> 275.9). Each way
        // stores them in its own branch: with one store after the miss's test, outside the dead end's
        // branch, the compiler tested the node's case first and the dead end's after, misses 278.9.
        let (walked, written) = trie.walkUncounted(bytes, spans: &spans)
        if case .node(let node) = walked {
            spans.markWritten(written)
            let winner = trie.winner(at: node)
            guard let declaration = winner.declaration, !winner.hasValidator else {
                return absentTailHit(winner, at: node, bytes, spans: &spans)
            }
            // A typed `int` among the first four parameters is checked in the spans (issue 33), inline
            // for one short value, returning a flag: the hit is made here, as for an untyped route.
            if winner.hasTypes && !FrozenTrie.holdsIntegers(bytes, &spans, integerSlots: winner.integerSlots) {
                return typedHit(declaration, spans, in: bytes)
            }
            return .hit(declaration)
        }
        // A dead end on the only way that the walk's loop settled (`FrozenTrie.deadEnd(onOnlyWay:)`): a miss,
        // or the complement of the node that the path before a `?` or `#` in the dead segment ends on.
        // (Asked here, not first in `settle`: its call and frame cost misses `withMatch` 39 instructions.)
        // The miss first, from its payload alone (-1, `missedOnOnlyWay`): asked after the sign, the
        // arguments of `settle`'s call were set up before it (misses `withMatch` 4 instructions).
        if case .deadEnd(let settled) = walked {
            if settled == FrozenTrie.missedOnOnlyWay { return .miss }
            spans.markWritten(written)
            if settled < 0 { return hitBeforeQuery(at: ~settled, spans: &spans, in: bytes) }
        } else {
            spans.markWritten(written)
        }
        return settle(bytes, walked: walked, spans: &spans)
    }

    /// `find`'s hit at `node` whose winner has a validator bit, where no route ends but an optional
    /// chain's does below it, the rest left out (`FrozenTrie.absentTailCode`): that route's hit, the
    /// left-out spans counted (they are there already: `find`'s spans start all absent, and the walk
    /// writes none past its count), as `validatorOrAbsentTail` makes it, here with no call (it cost the
    /// optional row's `withMatch` about 85 instructions a lookup that ends in a chain: its frame, the
    /// walk down the links and the hit returned through memory). Anything else goes on out of line.
    @inline(__always)
    private func absentTailHit(_ winner: FrozenTrie.Winner, at node: Int32, _ bytes: UnsafeBufferPointer<UInt8>,
                               spans: inout Parameters.InlineSpans) -> RouteFind {
        let absent = winner.absentTailSpans
        // (A route with types or a validator stores none, 0: its check here had the common hit work out
        // `integerSlots` before its validator test, 3 instructions on every hit.)
        guard let declaration = winner.declaration, absent > 0,
              spans.count &+ absent <= Int32(Parameters.InlineSpans.capacity) else {
            return validatorOrAbsentTail(at: node, bytes, spans: &spans)
        }
        spans.count &+= absent
        return .hit(declaration)
    }

    /// `find`'s hit at `node` whose winner has a validator bit, where `absentTailHit` leaves it: a route
    /// with a validator (the candidates decide), or a node where no route ends but an optional chain's
    /// does below it with every segment left out (`FrozenTrie.absentTail`, FrozenTrie+OptionalSteps.swift)
    /// and a validator or types at that route, or more spans than a hit carries: its hit, its left-out
    /// spans added, as `optionalChain` settles it. Out of line, behind the test the common hit pays anyway.
    @inline(never)
    private func validatorOrAbsentTail(at node: Int32, _ bytes: UnsafeBufferPointer<UInt8>,
                                       spans: inout Parameters.InlineSpans) -> RouteFind {
        guard let (found, absent) = trie.absentTail(below: node) else { return .needsCandidates }
        guard Int(spans.count) &+ Int(absent) <= Parameters.InlineSpans.capacity else {
            return settle(bytes, walked: .undecided(node), spans: &spans)
        }
        // The left-out spans are there already: `find`'s spans start all absent
        // (`Parameters.InlineSpans()`), and the walk writes none past its count.
        spans.count &+= absent
        return hit(at: found, spans: &spans, in: bytes)
    }

    /// `FrozenTrie.Winner.integerSlots` for a route's types: the first four parameters' `int` bits, or
    /// 0 when any type is another one or types a later parameter.
    private static func integerSlots(of types: ParameterTypes?) -> UInt8 {
        guard let types else { return 0 }
        var slots: UInt8 = 0
        for entry in types.entries {
            // Four bits in a node's `winnerCode`: a route typing an `int` past its fourth parameter has
            // its types checked whole (`typedHit`), on the hit's spans all the same.
            guard entry.type == .int, entry.slot < 4 else { return 0 }
            slots |= 1 << UInt8(entry.slot)
        }
        return slots
    }

    /// `find` for the lookup's own copy of a normalised path (a parsed location's): every answer but
    /// `needsNormalising`, which such a path cannot need; the full search decides if it ever did.
    /// `spans` as `find` takes and leaves them (a hit's are offsets into `path`).
    func find(normalised path: String, spans: inout Parameters.InlineSpans) -> RouteFind {
        var text = path
        return text.withUTF8 { bytes in
            switch find(bytes, spans: &spans) {
            case .unsettled(.needsNormalising), .hitBeforeQuery:
                return PathSegmenter.withSegments(bytes, end: bytes.count) { segments in searched(bytes, segments, spans: &spans) }
            case let found:
                return found
            }
        }
    }

    /// `find` when the walk did not settle the bytes. Out of line, so that a lookup the walk settles
    /// carries none of it (the lending step it replaces was out of line for that reason: inline, it cost
    /// github-rest `withMatch` 3 instructions). A stop in a segment that settles there (a splat, an
    /// optional chain, a miss on the only way, the path before a `?` in that segment:
    /// `FrozenTrie.settleStop`) and a text that ends at a node with no route are settled here, in one
    /// frame, on `find`'s own spans; anything else goes on out of line (`settleInFull`). Issue 37: every
    /// stop went through `settleInFull`, `stop`, `fillOn` and `stoppedInSegment`, each copying the spans
    /// and re-wrapping its answer (splat `withMatch` 829.5, optional 922.9, misses 751.3).
    @inline(never)
    private func settle(_ bytes: UnsafeBufferPointer<UInt8>, walked: FrozenTrie.Walked,
                        spans: inout Parameters.InlineSpans) -> RouteFind {
        // Where the loop stopped in a segment: the node it stopped at, or the parent of the parameter
        // child whose segment holds a `?` or `#` (as `FrozenTrie.stop` finds them).
        var stoppedAt: Int32 = -1
        switch walked {
        case .deadEnd(let node) where node >= 0 && trie.nodes[Int(node)].hashShift >= 0:
            stoppedAt = node
        case .notPlain(let parameter) where parameter < 0:
            stoppedAt = ~trie.stopCodes[Int(~parameter)]
        // The text ends at a node with no route: a miss on the only way, or a splat or an optional chain
        // there taking no segment, settled at that node. The loop has read all the text, so it is plain:
        // no empty, `.` or `..` segment, no trailing slash, no `?` or `#` in a parameter's segment, and
        // none in a static one (a literal holds neither).
        case .undecided(let node) where node >= 0:
            let settled = trie.ended(at: node, bytes, spans: &spans)
            return found(settled, &spans, in: bytes)
        default: break
        }
        // (A code of 0 or more is a static child's, not a parameter child's; `unknownStopCode`'s
        // complement is `Int32.max`, past every node.)
        if stoppedAt >= 0 && stoppedAt < Int32.max {
            let node: Int32
            let beforeQuery: Bool
            switch trie.settleStop(at: stoppedAt, bytes, spans: &spans) {
            case .hit(let found): (node, beforeQuery) = (found, false)
            case .hitBeforeQuery(let found): (node, beforeQuery) = (found, true)
            case .miss: return .miss
            case .left: return settleInFull(bytes, walked: walked, spans: &spans)
            }
            return beforeQuery ? hitBeforeQuery(at: node, spans: &spans, in: bytes) : hit(at: node, spans: &spans, in: bytes)
        }
        return settleInFull(bytes, walked: walked, spans: &spans)
    }

    /// The hit for the plain path before a `?query` or `#fragment` that ends at `node`, `spans` its spans.
    /// Out of line: `find` calls it for a dead end the walk's loop settled, and its code is kept out of
    /// every inlined `find`.
    @inline(never)
    private func hitBeforeQuery(at node: Int32, spans: inout Parameters.InlineSpans,
                                in bytes: UnsafeBufferPointer<UInt8>) -> RouteFind {
        // A validator must see the parsed query: the location is parsed first, then its path found.
        guard case .hit(let declaration) = hit(at: node, spans: &spans, in: bytes) else { return .needsNormalising }
        return .hitBeforeQuery(declaration)
    }

    /// `settle` for every stop it does not settle itself. (`spans` in place: it took a copy, which it
    /// handed on in its hit, and its callers read the spans only from the hit; a hit found afresh, of
    /// the path before a query or by the full search, starts its spans over.)
    @inline(never)
    private func settleInFull(_ bytes: UnsafeBufferPointer<UInt8>, walked: FrozenTrie.Walked,
                              spans: inout Parameters.InlineSpans) -> RouteFind {
        var walked = walked
        // Where the loop stopped in a segment, settled there (`FrozenTrie.stop`): a miss on the only way,
        // the path before a query.
        switch walked {
        case .deadEnd, .notPlain:
            switch trie.stop(after: walked, bytes, spans: &spans) {
            case .miss: return .miss
            case .nodeBeforeQuery(let node):
                // A validator must see the parsed query: the location is parsed first, then its path found.
                guard case .hit(let declaration) = hit(at: node, spans: &spans, in: bytes) else { return .needsNormalising }
                return .hitBeforeQuery(declaration)
            case .settled(let settled): return found(settled, &spans, in: bytes)
            case .walked(let verdict): walked = verdict
            }
        case .node, .undecided, .pastInlineParameters: break
        }
        // The walk may stop (a dead end) before the part of the text that is not plain.
        if case .notPlain = walked { return findBeforeQuery(bytes, spans: &spans) }
        // (The text ends at a node with no route: `settle` settled it.)
        guard let end = FrozenTrie.plainPathEnd(bytes) else { return .needsNormalising }
        // The path before a query is found alone (its own dead end is retraced there): retracing here
        // first cost the query set 64 instructions a hit (1,901.3 against 1,837.1).
        if end < bytes.count { return findBeforeQuery(bytes, end: end, spans: &spans) }
        // A plain path: searching it here would only tell that its winner has too many parameters for
        // a hit, and the candidates search it again (issue 37: two searches, 14,400 instructions).
        if case .pastInlineParameters = walked { return .needsCandidates }
        // The walk's way traced again: a splat or a chain of optional segments where it stops may take
        // the rest (issue 37: such a path was searched).
        let settled = trie.retrace(bytes, spans: &spans)
        return found(settled, &spans, in: bytes)
    }

    /// What a retrace (or the walk's stop) settled for a plain path with no query, `spans` its spans:
    /// the hit, a miss, or the full search.
    private func found(_ settled: FrozenTrie.Settled, _ spans: inout Parameters.InlineSpans,
                       in bytes: UnsafeBufferPointer<UInt8>) -> RouteFind {
        switch settled {
        case .node(let node): return hit(at: node, spans: &spans, in: bytes)
        case .nodeSkipping(let node, let absent):
            spans.present &-= absent
            return hit(at: node, spans: &spans, in: bytes)
        case .miss: return .miss
        case .pastInlineParameters: return .needsCandidates
        case .notPlain, .undecided: break
        }
        return PathSegmenter.withSegments(bytes, end: bytes.count) { segments in searched(bytes, segments, spans: &spans) }
    }

    /// The hit of a node the walk settled out of its loop, as `find` makes one from its loop's node.
    /// (`spans` in place: a copy here cost each splat and optional lookup 12 instructions.)
    @inline(__always)
    private func hit(at node: Int32, spans: inout Parameters.InlineSpans, in bytes: UnsafeBufferPointer<UInt8>) -> RouteFind {
        let winner = trie.winner(at: node)
        guard let declaration = winner.declaration, !winner.hasValidator else { return .needsCandidates }
        if winner.hasTypes && !FrozenTrie.holdsIntegers(bytes, &spans, integerSlots: winner.integerSlots) {
            return typedHit(declaration, spans, in: bytes)
        }
        return .hit(declaration)
    }

    /// `find` for text that is not a plain path: the plain path before a `?query` or `#fragment`, when it
    /// is one and the walk or the retrace settles it (issue 37: a lookup with a query went through
    /// `Location(parsing:)`, which decodes the query into a dictionary at once, about 20,000
    /// instructions). Anything else needs the text parsed first. The path's spans start over in `spans`,
    /// all absent as `find` takes them.
    private func findBeforeQuery(_ bytes: UnsafeBufferPointer<UInt8>, end known: Int? = nil,
                                 spans: inout Parameters.InlineSpans) -> RouteFind {
        // (`plainPathEnd` here, which also checks the path, cost the query set's `withMatch` 57 more:
        // 1,893.7 against 1,837.1; the walk of the path checks it anyway.)
        let end = known ?? PathSegmenter.pathEnd(bytes)
        guard end < bytes.count else { return .needsNormalising }
        spans = Parameters.InlineSpans()
        switch find(UnsafeBufferPointer(rebasing: bytes[..<end]), spans: &spans) {
        case .hit(let declaration): return .hitBeforeQuery(declaration)
        case .unsettled(.miss): return .miss
        // A validator must see the parsed query: the location is parsed first, then its path found.
        case .hitBeforeQuery, .unsettled(.needsCandidates), .unsettled(.needsNormalising): return .needsNormalising
        }
    }

    /// The best route for raw path bytes (anything after `?` or `#` ignored), without parameters or
    /// validators: `find`, and where it leaves the decision to candidates or a parsed location, the
    /// full search over the bytes' normalised segments (a validator is not asked).
    func firstMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var spans = Parameters.InlineSpans()
        switch find(bytes, spans: &spans) {
        case .hit(let declaration), .hitBeforeQuery(let declaration):
            return Int(declaration.takeUnretainedValue().routeIndex)
        case .unsettled(.miss):
            return nil
        case .unsettled(.needsCandidates), .unsettled(.needsNormalising):
            let node = PathSegmenter.withSegments(bytes, end: PathSegmenter.pathEnd(bytes)) { segments in
                var best = BestCandidate()
                trie.search(bytes, segments, into: &best)
                return best.node
            }
            return node < 0 ? nil : trie.firstRoute(at: node)
        }
    }

    /// The winner over split segments, by the full search, its spans (started over) in `spans`.
    /// Everything here is trivial (indices and byte offsets into the caller's path), so it leaves the
    /// search's closures without reference counting.
    private func searched(_ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<SegmentBounds>,
                          spans: inout Parameters.InlineSpans) -> RouteFind {
        return withUnsafeTemporaryAllocation(of: FrozenTrie.Capture.self, capacity: trie.maximumDepth + 1) { captures in
            var best = BestCandidate(capturesInto: captures)
            trie.search(bytes, segments, into: &best)
            guard best.node >= 0 else { return .miss }
            return winner(at: best.node, in: bytes, spans: &spans) { slot in span(of: slot, UnsafeBufferPointer(captures), segments) }
        }
    }

    /// The first route ending at `node`, with the span of each of its parameters written to `spans`
    /// from the start (whatever they held).
    @inline(__always)
    private func winner(at node: Int32, in bytes: UnsafeBufferPointer<UInt8>, spans: inout Parameters.InlineSpans,
                        span: (ParameterSlot) -> Parameters.WideSpan) -> RouteFind {
        let winner = trie.winner(at: node)
        let layout = layouts[Int(winner.layout)]
        guard let declaration = winner.declaration, !winner.hasValidator,
              layout.slotCount <= Parameters.InlineSpans.capacity else { return .needsCandidates }
        spans = Parameters.InlineSpans()
        for slot in slots(of: layout) {
            // A value past 16-bit offsets (a path of 32 KB or more): the candidates decide, as past eight.
            guard let short = Parameters.Span(fitting: span(slot)) else { return .needsCandidates }
            spans.append(short)
        }
        if winner.hasTypes { return typedHit(declaration, spans, in: bytes) }
        return .hit(declaration)
    }

    /// A hit on a route that declares typed parameters (issue 33), its values read in place from the
    /// spans in `bytes` before any info is made: one that does not fit (or whose `match` pattern raises)
    /// is left to the candidates, where `RouteTable.validated` refuses it, says why, and the next
    /// candidate in rank order is tried. The one place the lookup checks types: an untyped hit pays the
    /// test of one bit of the winner it has already read.
    ///
    /// `int` values among the first four parameters (`integerSlots`, from the walk's winner) are checked
    /// first, by the caller, in the spans themselves (`FrozenTrie.holdsIntegers`): reading the
    /// declaration's types and asking each one cost a lookup 316 instructions (issue 33). Out of line,
    /// so that an untyped lookup carries none of it: inline in `find`, github-rest `withMatch` went
    /// 639.3 → 664.6 (with the query cut). The hit's spans are the ones checked, left where they are.
    @inline(never)
    private func typedHit(_ declaration: Unmanaged<RouteDeclaration>, _ spans: Parameters.InlineSpans,
                          in bytes: UnsafeBufferPointer<UInt8>) -> RouteFind {
        guard let types = declaration.takeUnretainedValue().parameterTypes,
              (try? types.fit(bytes, spans)) == true else { return .needsCandidates }
        return .hit(declaration)
    }

    private func slots(of layout: ParameterLayout) -> ArraySlice<ParameterSlot> {
        slots[Int(layout.firstSlot)..<Int(layout.firstSlot + layout.slotCount)]
    }

    /// What the one search that stops at the best shape settles for a normalised plain path, with no
    /// validator asked (`settledCandidate`).
    enum SettledCandidate {
        case miss
        /// The winner has no validator: its parameters, however many.
        case winner(Candidate)
        /// The winner has a validator: every candidate in rank order (`all`) until one accepts.
        case needsEvery
    }

    /// The winner of a plain normalised path that `find` left to the candidates, by one search that
    /// stops as soon as nothing better can follow. Issue 37: a winner with more parameters than a match
    /// keeps inline went through `all`, which collects every matching shape (each with its own array of
    /// captures) and sorts them: about 20,000 instructions and 8 allocations for 6 parameters.
    func settledCandidate(_ path: String) -> SettledCandidate {
        var text = path
        return text.withUTF8 { bytes in
            PathSegmenter.withSegments(bytes, end: bytes.count) { segments in
                withUnsafeTemporaryAllocation(of: FrozenTrie.Capture.self, capacity: trie.maximumDepth + 1) { captures in
                    var best = BestCandidate(capturesInto: captures)
                    trie.search(bytes, segments, into: &best)
                    guard best.node >= 0 else { return .miss }
                    let winner = trie.winner(at: best.node)
                    // Typed parameters (issue 33) are checked where validators run: a value that does
                    // not fit sends the path on to the next candidate.
                    guard winner.declaration != nil, !winner.hasValidator, !winner.hasTypes else { return .needsEvery }
                    let route = trie.firstRoute(at: best.node)
                    return .winner(Candidate(route: route, params: parameters(of: route, layout: winner.layout,
                                                                             UnsafeBufferPointer(captures), segments,
                                                                             path: path)))
                }
            }
        }
    }

    /// What matching `location` against the candidate's route yields (before any validator runs).
    func info(_ candidate: Candidate, at location: Location) -> RouteInfo {
        RouteInfo(path: location.path, params: candidate.params, query: location.query, fragment: location.fragment)
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
                        let layout = trie.winner(at: node).layout
                        for route in trie.routes(at: node) {
                            found.append(Candidate(route: route, params: parameters(of: route, layout: layout, captures,
                                                                                    segments, path: path)))
                        }
                    }
                }
                return found.sorted { ranks[$0.route] < ranks[$1.route] }
            }
        }
    }

    /// A candidate's parameters (nothing is copied or decoded until someone reads a value).
    private func parameters(of route: Int, layout: Int32, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                            _ segments: UnsafeBufferPointer<SegmentBounds>, path: String) -> Parameters {
        let layout = layouts[Int(layout)]
        var params = Parameters(source: path, origin: declarations[route], escaped: true)
        for slot in slots(of: layout) { params.append(span(of: slot, captures, segments)) }
        return params
    }

    /// Where a parameter's capture sits in the path.
    @inline(__always)
    private func span(of slot: ParameterSlot, _ captures: UnsafeBufferPointer<FrozenTrie.Capture>,
                      _ segments: UnsafeBufferPointer<SegmentBounds>) -> Parameters.WideSpan {
        let capture = captures[Int(slot.segment)]
        if slot.optional && capture.first < 0 { return .absent }
        // The path is normalised, so a splat's segments are one contiguous run of bytes.
        if capture.first < capture.end {
            return Parameters.WideSpan(start: segments[capture.first].start, end: segments[capture.end &- 1].end)
        }
        return Parameters.WideSpan(start: 0, end: 0)
    }
}

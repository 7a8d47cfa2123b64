#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

// A dead end on the only way through the trie, told a miss right after the walk (issue 37, tenth
// session). At a node on the only way (`Node.isOnlyWay`: no parameter, splat or optional alternative
// on any node above it) with no parameter child, a segment that no static child takes leaves the
// depth-first search nothing else to try: the path is a miss unless the rest of the text changes the
// path before it (a dot segment, which normalising resolves, or a `?` or `#` in that segment, which
// ends the path before it). `settleStop` decides the same, after `settle`'s dispatch and its enum of
// answers (about 140 instructions a miss). Here the rest is only asked whether it holds a `.`, `?` or
// `#` at all; one that does is left to `settle`, which reads it exactly.
extension FrozenTrie {
    /// Whether the walk's dead end at `node` (`Walked.deadEnd`, `spans` the loop's) is a miss as
    /// `settleStop` finds it for a dead end on the only way. False leaves it to `RouteLookup.settle`,
    /// which asks again and decides (a chain's head, a node with a parameter child or off the only way,
    /// a node with no stop code, a dot segment or a `?` or `#` in the stop's segment).
    ///
    ///
    /// The node asked inline (`isOnlyWayDeadEnd`), the rest out of line, answering a flag: every other
    /// stop pays a load and a test on its way to `settle` (with the call for every dead end, splat
    /// `withMatch` 541.3 → 578.3, optional 659.7 → 688.2, query 845.8 → 875.2), and a hit nothing.
    @inline(__always)
    func missesOnOnlyWay(deadEnd node: Int32, _ bytes: UnsafeBufferPointer<UInt8>,
                         spans: inout Parameters.InlineSpans) -> Bool {
        isOnlyWayDeadEnd(node) && restKeepsTheMiss(deadEnd: node, bytes, spans: &spans)
    }

    /// Whether the walk's dead end at `node` is at a node on the only way with no parameter child and
    /// not at a chain's head (a negative index names no node).
    @inline(__always)
    private func isOnlyWayDeadEnd(_ node: Int32) -> Bool {
        guard node >= 0 else { return false }
        let stopped = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(node)
        return stopped.pointee.isOnlyWay && stopped.pointee.parameter < 0 && stopped.pointee.hashShift >= 0
    }

    /// `missesOnOnlyWay` past the node: whether the rest from the stop's segment leaves it a miss.
    @inline(never)
    private func restKeepsTheMiss(deadEnd node: Int32, _ bytes: UnsafeBufferPointer<UInt8>,
                                  spans: inout Parameters.InlineSpans) -> Bool {
        let code = stopCodes[Int(node)]
        guard code != FrozenTrie.unknownStopCode else { return false }
        // The walk's own guard, which its loop passed, holds the text to a base address, a leading `/`
        // and 16-bit offsets, and its loop wrote at most `capacity` spans.
        let base = bytes.baseAddress.unsafelyUnwrapped
        // Where the loop's cursor stood at the node, as `settleStop` finds it: past the last span it
        // wrote (or the root's `/`), then the node's run of static segments (`stopCodes`).
        let written = Int(spans.count)
        // (Read in place, masked to the eight, as `settleStop` reads it: a copy of the spans put the
        // stack protector on the frame.)
        let lastEnd = written > 0 ? _withUnprotectedUnsafePointer(to: &spans.spans) { tuple in
            UnsafeRawPointer(tuple).load(fromByteOffset: ((written &- 1) & (Parameters.InlineSpans.capacity &- 1))
                                                         &* MemoryLayout<Parameters.Span>.stride,
                                         as: Parameters.Span.self).end
        } : 0
        let after = Int(lastEnd) &+ 1 &+ Int(max(code, 0))
        guard after < bytes.count else { return false }
        return FrozenTrie.holdsNoDotOrQueryMark(from: base + after, end: base + bytes.count, text: base)
    }

    /// Whether the text from `start` to `end` (the rest after a dead end on the only way) holds no `.`,
    /// `?` or `#`, so that it cannot change the path before it: with none, `settleStop` finds the dead
    /// end a miss. Asking less than `pathEnd(afterStop:)` (a `.` inside a segment, a `?` past the stop's
    /// segment are left to `settle`, which finds them a miss too), it finds no slash and no segment
    /// start. The text starts at `text`.
    @inline(__always)
    static func holdsNoDotOrQueryMark(from start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>,
                                      text: UnsafePointer<UInt8>) -> Bool {
        #if arch(x86_64)
        // 16 bytes at a time (FrozenTrie+RestChunks.swift): whole chunks, then the text's last 16 bytes
        // with the bits of the bytes before `chunk` (the walk's, which may hold a `.`) shifted out.
        var chunk = start
        while end - chunk >= 16 {
            if queryOrDotMarks(UnsafeRawPointer(chunk).loadUnaligned(as: __m128i.self)) != 0 { return false }
            chunk += 16
        }
        let (last, bytes) = lastChunk(end: end, text: text)
        let own = UInt32.max &<< UInt32(truncatingIfNeeded: chunk - last)
        return queryOrDotMarks(bytes) & own == 0
        #else
        // A word at a time, as `pathEnd(afterOnlyWayStop:)` reads it (from the `/` before `start`).
        guard let (pathEnd, segmentEndsFirst) = pathEnd(afterOnlyWayStop: start - 1, end: end, text: text) else {
            return false
        }
        return pathEnd == end || segmentEndsFirst
        #endif
    }
}

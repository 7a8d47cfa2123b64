/// One entry of the timeline: the operation that produced a state, and that state.
///
///     navigator.history.map { "\($0.operation.rawValue) \($0.location)" }   // ["start /", "push /a"]
///
/// Held by value in the timeline's ring: recording moves the new state into a slot and the state
/// that falls off is destroyed in place, so an operation allocates no entry.
package struct TimelineEntry {
    public let operation: NavigationOperation
    /// Written only by `Timeline.commit`, on an entry that has fallen off (see there).
    public fileprivate(set) var state: NavigationState

    init(operation: NavigationOperation, state: NavigationState) {
        self.operation = operation
        self.state = state
    }

    public var location: String { state.screen.location }

    /// Puts `entry` in this one's place, keeping the top screen's object of this one in `spare` when
    /// nothing else holds it (`Timeline.commit`). In place: the entry that goes is not copied out.
    @inline(__always)
    fileprivate mutating func replace(with entry: __owned TimelineEntry, keepingLoneTopIn spare: inout Screen.Fields?) {
        if let node = state.top.current.detachLoneTop() { spare = node }
        self = entry
    }
}

/// Browser-style history of states: a cursor into a bounded list. Recording after going back drops
/// the forward entries; moves are clamped; the oldest entries fall off past `limit`.
/// The current state is always `entries[index]`.
///
/// Stored as a ring: once the timeline is full, recording overwrites the oldest slot and moves the
/// head, so a navigator that has filled its history records in constant time instead of shifting
/// every entry to the front.
struct Timeline {
    /// Entry `i` (0 = oldest) is `slots[(head + i) % slots.count]`. `head` is 0 unless the ring is
    /// full (`slots.count == limit`), so appending never needs to know about it.
    private var slots: [TimelineEntry]
    private var head: Int
    private(set) var index: Int
    private(set) var limit: Int

    /// What `record` changed, so a failed notification can put the timeline back exactly.
    struct Undo {
        fileprivate let index: Int
        fileprivate let droppedForward: [TimelineEntry]
        fileprivate let replaced: TimelineEntry?
        fileprivate let droppedOldest: TimelineEntry?
    }

    init(start: TimelineEntry, limit: Int) {
        self.init(entries: [start], index: 0, limit: max(1, limit))
    }

    init(entries: [TimelineEntry], index: Int, limit: Int) {
        slots = entries
        head = 0
        self.index = index
        self.limit = limit
    }

    /// Oldest first.
    var entries: [TimelineEntry] { head == 0 ? slots : Array(slots[head...] + slots[..<head]) }
    var count: Int { slots.count }
    var current: TimelineEntry { slots[slot(index)] }
    /// Read in place: an operation reads the current state several times, and a copy of it is a
    /// reference count per reference it holds.
    var state: NavigationState {
        _read { yield slots[slot(index)].state }
    }
    /// Where the current entry sits in the ring, for `subscript(stateInSlot:)`: an operation reads the
    /// current state four times around its body, which cannot move the timeline (the navigator
    /// refuses an operation inside another), and finding the slot each time cost a `nav.push` +
    /// `nav.pop` pair 20 instructions (3,871.8 against 3,851.8; callgrind, `switchyard-bench
    /// --counted-loop lua-push-pop parameter-heavy 1000`).
    var currentSlot: Int { slot(index) }
    /// The state in slot `slot` of the ring (a `currentSlot` read since the timeline last changed),
    /// read in place.
    subscript(stateInSlot slot: Int) -> NavigationState {
        _read { yield slots[slot].state }
    }
    var canBack: Bool { index > 0 }
    var canForward: Bool { index < count - 1 }

    private func slot(_ position: Int) -> Int {
        // Both are at most `limit`: no overflow to check for.
        let physical = head &+ position
        return physical < slots.count ? physical : physical - slots.count
    }

    /// Adds `entry` after the current one (or puts it in the current one's place when `replacing`):
    /// the entries ahead of the cursor go, and so does the oldest once the timeline is full.
    /// Inlined into the transaction (`push` and `pop` inline theirs), where `replacing` is known and
    /// its branch folds: a `nav.push` + `nav.pop` pair 3,541.6 → 3,509.6 instructions (callgrind,
    /// `switchyard-bench --counted-loop lua-push-pop parameter-heavy 1000`).
    ///
    /// The top screen of the entry that falls off a full timeline is kept in `spare` when nothing else
    /// holds it (`ScreenStack.detachLoneTop()`), for the next bare landing to refill: that screen was
    /// pushed 100 entries back, and freeing its object here and allocating one for the next push cost
    /// a `nav.push` + `nav.pop` pair about 200 instructions (callgrind, as above).
    @inline(__always)
    mutating func commit(_ entry: __owned TimelineEntry, replacing: Bool, keepingLoneTopIn spare: inout Screen.Fields?) {
        if canForward {
            unwind()
            slots.removeSubrange((index + 1)...)
        }
        if replacing {
            slots[slot(index)] = entry
        } else if slots.count < limit {
            slots.append(entry)
            index += 1
        } else {
            // Full and at the newest entry: the new one takes the oldest's slot; the cursor stays last.
            slots[head].replace(with: entry, keepingLoneTopIn: &spare)
            head = slot(1)
        }
    }

    /// `commit`, keeping what it drops so that `revert` can put it back.
    mutating func record(_ entry: __owned TimelineEntry, replacing: Bool) -> Undo {
        let undo = Undo(index: index,
                        droppedForward: canForward ? Array(entries[(index + 1)...]) : [],
                        replaced: replacing ? current : nil,
                        droppedOldest: !replacing && !canForward && slots.count == limit ? slots[head] : nil)
        // The undo holds the entry that falls off: no screen of it is kept for a landing.
        var unused: Screen.Fields?
        commit(entry, replacing: replacing, keepingLoneTopIn: &unused)
        return undo
    }

    mutating func revert(_ undo: Undo) {
        if let replaced = undo.replaced {
            slots[slot(index)] = replaced
        } else if let oldest = undo.droppedOldest {
            head = slot(slots.count - 1)
            slots[head] = oldest
        } else {
            slots.removeLast()
        }
        slots.append(contentsOf: undo.droppedForward)
        index = undo.index
    }

    /// Puts the oldest entry back at slot 0, so the ring can shrink or grow like an array.
    private mutating func unwind() {
        guard head != 0 else { return }
        slots = entries
        head = 0
    }

    /// Moves the cursor by `delta` (negative is back), clamped; returns the previous index, or nil
    /// when the cursor could not move.
    mutating func move(by delta: Int) -> Int? {
        let target = index(movedBy: delta)
        guard target != index else { return nil }
        defer { index = target }
        return index
    }

    mutating func moveBack(to previous: Int) { index = previous }

    /// The state `move(by: delta)` would make current, read without moving; nil when it could not move.
    func state(movedBy delta: Int) -> NavigationState? {
        let target = index(movedBy: delta)
        return target == index ? nil : slots[slot(target)].state
    }

    /// Where `move(by: delta)` puts the cursor: clamped to the entries.
    private func index(movedBy delta: Int) -> Int {
        let (sum, overflow) = index.addingReportingOverflow(delta)
        return overflow ? (delta > 0 ? count - 1 : 0) : min(max(sum, 0), count - 1)
    }

    /// Changes the bound, dropping the oldest entries first and never the current one.
    mutating func setLimit(_ newLimit: Int) {
        unwind()
        limit = max(1, newLimit)
        let excess = slots.count - limit
        guard excess > 0 else { return }
        let fromHead = min(excess, index)
        slots.removeFirst(fromHead)
        index -= fromHead
        slots.removeLast(excess - fromHead)
    }
}

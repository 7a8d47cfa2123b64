/// One entry of the timeline: the operation that produced a state, and that state.
///
///     navigator.history.map { "\($0.operation.rawValue) \($0.location)" }   // ["start /", "push /a"]
public struct TimelineEntry {
    public let operation: NavigationOperation
    public let state: NavigationState

    public var location: String { state.screen.location }
}

/// Browser-style history of states: a cursor into a bounded list. Recording after going back drops
/// the forward entries; moves are clamped; the oldest entries fall off past `limit`.
/// The current state is always `entries[index].state`.
struct Timeline {
    private(set) var entries: [TimelineEntry]
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
        entries = [start]
        index = 0
        self.limit = max(1, limit)
    }

    init(entries: [TimelineEntry], index: Int, limit: Int) {
        self.entries = entries
        self.index = index
        self.limit = limit
    }

    var current: TimelineEntry { entries[index] }
    var canBack: Bool { index > 0 }
    var canForward: Bool { index < entries.count - 1 }

    mutating func record(_ entry: TimelineEntry, replacing: Bool) -> Undo {
        let undoIndex = index
        let forward = Array(entries[(index + 1)...])
        entries.removeSubrange((index + 1)...)
        if replacing {
            let replaced = entries[index]
            entries[index] = entry
            return Undo(index: undoIndex, droppedForward: forward, replaced: replaced, droppedOldest: nil)
        }
        entries.append(entry)
        index += 1
        var oldest: TimelineEntry?
        if entries.count > limit {
            oldest = entries.removeFirst()
            index -= 1
        }
        return Undo(index: undoIndex, droppedForward: forward, replaced: nil, droppedOldest: oldest)
    }

    mutating func revert(_ undo: Undo) {
        if let replaced = undo.replaced {
            entries[index] = replaced
        } else {
            entries.removeLast()
            if let oldest = undo.droppedOldest { entries.insert(oldest, at: 0) }
        }
        entries.append(contentsOf: undo.droppedForward)
        index = undo.index
    }

    /// Moves the cursor by `delta` (negative is back), clamped; returns the previous index, or nil
    /// when the cursor could not move.
    mutating func move(by delta: Int) -> Int? {
        let (sum, overflow) = index.addingReportingOverflow(delta)
        let target = overflow ? (delta > 0 ? entries.count - 1 : 0) : min(max(sum, 0), entries.count - 1)
        guard target != index else { return nil }
        defer { index = target }
        return index
    }

    mutating func moveBack(to previous: Int) { index = previous }

    /// Shrinks to `newLimit`, dropping the oldest entries first and never the current one.
    mutating func setLimit(_ newLimit: Int) {
        limit = max(1, newLimit)
        let excess = entries.count - limit
        guard excess > 0 else { return }
        let fromHead = min(excess, index)
        entries.removeFirst(fromHead)
        index -= fromHead
        entries.removeLast(excess - fromHead)
    }
}

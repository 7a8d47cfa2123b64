extension Navigator {
    /// The built-in invariant "save and restore keep the state": the JSON `save()` writes, restored
    /// into a new navigator over the same routes, gives back the same timeline (each entry's
    /// operation and state, screen ids and all), the same position in it and the same pending
    /// navigation. Nil when it does; otherwise what came back different.
    func saveAndRestoreProblem() -> String? {
        let saved: String
        do { saved = try save() } catch { return "save() failed: \(error)" }
        let copy = unlandedCopy()
        do { try copy.restore(saved) } catch { return "restore() refused what save() wrote: \(error)" }
        let (mine, theirs) = (history, copy.history)
        guard mine.count == theirs.count, historyIndex == copy.historyIndex else {
            return "the timeline came back with \(theirs.count) entries at \(copy.historyIndex + 1), "
                + "not \(mine.count) at \(historyIndex + 1)"
        }
        for (index, (entry, restored)) in zip(mine, theirs).enumerated()
        where entry.operation != restored.operation || entry.state != restored.state {
            return "timeline entry \(index + 1) (\(entry.operation.rawValue) \(entry.location)) came back as "
                + "\(restored.operation.rawValue) \(restored.location)"
                + (entry.location == restored.location ? " with other screens" : "")
        }
        if pendingNavigation != copy.pendingNavigation {
            return "the pending navigation came back as \(copy.pendingNavigation.map { "\($0.path)" } ?? "none"), "
                + "not \(pendingNavigation.map { "\($0.path)" } ?? "none")"
        }
        return nil
    }
}

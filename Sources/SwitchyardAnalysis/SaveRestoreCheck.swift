#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Switchyard

extension Navigator {
    /// The built-in invariant "save and restore keep the state", whole: the document `save()`
    /// writes (as JSON text, or `viaJSON` false as the document before its text), restored into a
    /// new navigator over the same routes, gives back the same timeline (each entry's operation and
    /// state, screen ids and all), the same position in it and the same pending navigation. Nil
    /// when it does; otherwise what came back different.
    func saveAndRestoreProblem(viaJSON: Bool = true) -> String? {
        let copy = unlandedCopy()
        do {
            if viaJSON {
                let saved: String
                do { saved = try save() } catch { return "save() failed: \(error)" }
                try copy.restore(saved)
            } else {
                try copy.restoreDocument(of: self)
            }
        } catch {
            return "restore() refused what save() wrote: \(error)"
        }
        guard timelineCount == copy.timelineCount, historyIndex == copy.historyIndex else {
            return "the timeline came back with \(copy.timelineCount) entries at \(copy.historyIndex + 1), "
                + "not \(timelineCount) at \(historyIndex + 1)"
        }
        for (index, (entry, restored)) in zip(history, copy.history).enumerated()
        where entry.operation != restored.operation || entry.state != restored.state {
            return "timeline entry \(index + 1) (\(entry.operation.rawValue) \(entry.location)) came back as "
                + "\(restored.operation.rawValue) \(restored.location)"
                + (entry.location == restored.location ? " with other screens" : "")
        }
        // A leave guard's hold is not saved (see `HeldNavigation.resume`).
        if pendingNavigation?.kind == .guard ? pendingNavigation != copy.pendingNavigation : copy.pendingNavigation != nil {
            return "the pending navigation came back as \(copy.pendingNavigation.map { "\($0.path)" } ?? "none"), "
                + "not \(pendingNavigation.map { "\($0.path)" } ?? "none")"
        }
        return nil
    }

    /// `state` alone, saved as a one-entry document and restored without its JSON text (the
    /// screens' JSON is checked apart, see `SaveRestoreMemo`). Nil when it comes back the same.
    func saveAndRestoreProblem(of state: NavigationState) -> String? {
        let copy = unlandedCopy()
        do {
            try copy.restoreDocument(holding: state, after: self)
        } catch {
            return "restore() refused what save() wrote: \(error)"
        }
        guard copy.state != state else { return nil }
        return "the state at \(state.screen.location) came back as " + copy.state.screen.location
            + (copy.state.screen.location == state.screen.location ? " with other screens" : "")
    }
}

/// The built-in save-and-restore check made cheap enough for every step of a walk, by taking it
/// apart. A save is a document of screens (each as JSON) and states that refer to them by id, so:
/// - each distinct screen (all its fields but the id) goes through JSON and back, at the step that
///   shows it first;
/// - at the end of each run, the whole timeline goes through the document and back (no JSON text),
///   which checks every state it holds and the timeline around them;
/// - the distinct states (`contentHash`: their screens, which of them share an id, and everything
///   else they hold) a run made but its timeline no longer holds (dropped by going back and on
///   elsewhere) go through the document and back one by one.
/// A state found good once is not asked again: a walk revisits most states.
struct SaveRestoreMemo {
    private var states: Set<Int> = []
    private var screens: Set<Int> = []
    /// The states this run made that are not known good yet.
    private var unchecked: [Int: NavigationState] = [:]
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// After a step: the JSON of the screens not seen before; the state itself waits for the run's end.
    mutating func stepProblem(in state: NavigationState, key: Int) -> String? {
        guard !states.contains(key), unchecked[key] == nil else { return nil }
        var problem: String?
        state.forEachScreen { screen in if problem == nil { problem = self.problem(with: screen) } }
        if let problem { return problem }
        unchecked[key] = state
        return nil
    }

    /// At a run's end: the whole timeline, then the states it made that the timeline dropped.
    mutating func endOfRunProblem(in navigator: Navigator) -> String? {
        defer { unchecked = [:] }
        if let problem = navigator.saveAndRestoreProblem(viaJSON: false) { return problem }
        for entry in navigator.history {
            let key = entry.state.contentHash
            states.insert(key)
            unchecked[key] = nil
        }
        for (key, state) in unchecked.sorted(by: { $0.key < $1.key }) {
            if let problem = navigator.saveAndRestoreProblem(of: state) { return problem }
            states.insert(key)
        }
        return nil
    }

    /// A screen not seen before through JSON and back.
    private mutating func problem(with screen: Screen) -> String? {
        var hasher = Hasher()
        screen.hashContent(into: &hasher)
        let key = hasher.finalize()
        guard !screens.contains(key) else { return nil }
        do {
            let restored = try decoder.decode(Screen.self, from: try encoder.encode(screen))
            guard restored == screen else {
                return "the screen at \(screen.location) came back from JSON as \(restored.location)"
                    + (restored.location == screen.location ? " with other fields" : "")
            }
        } catch {
            return "the screen at \(screen.location) did not go through JSON and back: \(error)"
        }
        screens.insert(key)
        return nil
    }
}

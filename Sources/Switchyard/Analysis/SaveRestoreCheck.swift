#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
                try copy.restore(document: NavigationDocument(timeline: timeline, nextID: nextID, held: held))
            }
        } catch {
            return "restore() refused what save() wrote: \(error)"
        }
        guard timeline.count == copy.timeline.count, historyIndex == copy.historyIndex else {
            return "the timeline came back with \(copy.timeline.count) entries at \(copy.historyIndex + 1), "
                + "not \(timeline.count) at \(historyIndex + 1)"
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
        let single = Timeline(start: TimelineEntry(operation: .start, state: state), limit: 1)
        let copy = unlandedCopy()
        do {
            try copy.restore(document: NavigationDocument(timeline: single, nextID: nextID, held: nil))
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
        for environment in state.environments {
            for stack in environment.stacks {
                var problem: String?
                stack.forEachFromTop { screen in if problem == nil { problem = self.problem(with: screen) } }
                if let problem { return problem }
            }
        }
        for modal in state.modals { if let problem = problem(with: modal) { return problem } }
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

extension NavigationState {
    /// A hash of everything a save writes of this state but the ids' values: each environment's
    /// kind, tabs, detents and stacks, every field of every screen, which screens share an id (ids
    /// numbered by first appearance), the alert, the modals and the queued flow steps with their
    /// environments.
    var contentHash: Int {
        var hasher = Hasher()
        var numbering: [Int: Int] = [:]
        func combine(_ screen: Screen) {
            let number = numbering[screen.id] ?? numbering.count
            numbering[screen.id] = number
            hasher.combine(number)
            screen.hashContent(into: &hasher)
        }
        for environment in environments {
            hasher.combine(environment.kind)
            hasher.combine(environment.tabs)
            hasher.combine(environment.selectedTab)
            hasher.combine(environment.detents?.available)
            hasher.combine(environment.detents?.selected)
            for stack in environment.stacks {
                hasher.combine(stack.count)
                stack.forEachFromTop(combine)
            }
        }
        hasher.combine(alert?.title)
        hasher.combine(alert?.message)
        hasher.combine(alert?.labels)
        hasher.combine(alert?.style)
        hasher.combine(modals.count)
        for modal in modals { combine(modal) }
        for queued in queuedSteps {
            hasher.combine(queued.step.path)
            hasher.combine(queued.step.presentation)
            hasher.combine(queued.environment)
        }
        return hasher.finalize()
    }
}

extension ScreenStack {
    /// Calls `body` with each screen, top first, making no array (a walk hashes every state it reaches).
    func forEachFromTop(_ body: (Screen) -> Void) {
        var node: Node? = topNode
        while let current = node {
            body(current.screen)
            node = current.below
        }
    }
}

extension Screen {
    /// Every saved field but the id (see `NavigationState.contentHash`).
    func hashContent(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(pattern)
        hasher.combine(route)
        hasher.combine(params)
        hasher.combine(query)
        hasher.combine(fragment)
        hasher.combine(title)
        hasher.combine(view)
        hasher.combine(computedLinks)
        hasher.combine(passedParams)
        hasher.combine(transition)
        hasher.combine(background)
    }
}

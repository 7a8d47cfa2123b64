/// The few places `SwitchyardAnalysis` (the crawl, the walk and the save/restore check) reaches
/// into the navigator's insides. `package`, not `public`: an app never calls them.
extension Navigator {
    /// Restores this navigator from the document `source.save()` would write (its whole timeline,
    /// cursor, next id and held navigation), without going through the JSON text.
    ///
    ///     try navigator.unlandedCopy().restoreDocument(of: navigator)
    package func restoreDocument(of source: Navigator) throws {
        adoptCallbacks(of: source)
        try restore(document: NavigationDocument(timeline: source.timeline, nextID: source.nextID, held: source.held))
    }

    /// Restores this navigator from a one-entry document holding `state` alone, numbering new
    /// screens after `source`'s.
    ///
    ///     try navigator.unlandedCopy().restoreDocument(holding: state, after: navigator)
    package func restoreDocument(holding state: NavigationState, after source: Navigator) throws {
        let single = Timeline(start: TimelineEntry(operation: .start, state: state), limit: 1)
        adoptCallbacks(of: source)
        try restore(document: NavigationDocument(timeline: single, nextID: source.nextID, held: nil))
    }

    /// The screens restored from `source` without the JSON text keep their departure callbacks, as
    /// they did when the screens held them: the same objects, so a screen's callbacks still run once.
    private func adoptCallbacks(of source: Navigator) {
        screenCallbacks.adopt(source.screenCallbacks)
    }

    /// How many entries the timeline holds (`history.count`, without making the array).
    package var timelineCount: Int { timeline.count }
}

extension NavigationState {
    /// How many screens the top environment's current stack holds (what `pop` can go back through).
    package var currentStackDepth: Int { top.current.count }

    /// Whether a running flow has steps left to show (`queue` is not empty), without making the array.
    package var hasQueuedSteps: Bool { !queuedSteps.isEmpty && !offeredSteps.isEmpty }

    /// Calls `body` with every screen the state holds: each environment's stacks (top first), then
    /// the modals. Makes no array (a walk visits every state it reaches).
    package func forEachScreen(_ body: (Screen) -> Void) {
        for environment in environments {
            for stack in environment.stacks { stack.forEachFromTop(body) }
        }
        for modal in modals { body(modal) }
    }

    /// A hash of everything a save writes of this state but the ids' values: each environment's
    /// kind, tabs, detents and stacks, every field of every screen, which screens share an id (ids
    /// numbered by first appearance), the alert, the modals and the queued flow steps with their
    /// environments.
    package var contentHash: Int {
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
            hasher.combine(environment.detents?.showsDragIndicator)
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
            hasher.combine(queued.shownAs)
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
    package func hashContent(into hasher: inout Hasher) {
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
        hasher.combine(placement)
        hasher.combine(extra?.json)
    }
}

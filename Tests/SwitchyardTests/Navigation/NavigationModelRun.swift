@testable import Switchyard

/// SplitMix64: a tiny seeded generator, so a failing run can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Drives a `Navigator` and a `NavigationReferenceModel` with the same random operations and checks
/// after every step that they agree: outcome, returned flags, every timeline entry, cursor, next id.
struct NavigationModelRun {
    let seed: UInt64
    let tabs: [String]
    let limit: Int
    var generator: SeededGenerator
    /// How many times each kind of operation applied (changed something) on the navigator.
    var applied: [String: Int] = [:]
    var model: NavigationReferenceModel
    let navigator: Navigator
    /// The model's pending navigation: the operation a "/wait" landing held, and how to run it again.
    var held: (operation: String, replay: (inout NavigationReferenceModel) throws -> Bool?)?

    init(seed: UInt64, tabs: [String], limit: Int) throws {
        self.seed = seed
        self.tabs = tabs
        self.limit = limit
        generator = SeededGenerator(seed: seed)
        model = NavigationReferenceModel(tabs: tabs, limit: limit)
        navigator = Navigator(routes: try NavigationReferenceModel.routes(), timelineLimit: limit)
        navigator.notFound = RouteDefinition()
        if tabs.isEmpty { try navigator.relandStart() } else { try navigator.declareTabs(tabs) }
    }

    /// Runs `steps` operations; returns a description of the first disagreement, if any.
    mutating func run(steps: Int) -> String? {
        if let mismatch = compare() { return "seed \(seed), before step 1: \(mismatch)" }
        for step in 1...steps {
            let (description, real, reference) = randomOperation()
            let realOutcome = outcome(real)
            var stepped = model
            let settling = description.hasPrefix("settle")
            var stillHeld = held
            let modelOutcome = outcome {
                do {
                    let result = try reference(&stepped)
                    // Settled (or dropped), or cancelled by a change that applied.
                    if settling || stepped.changes != model.changes { stillHeld = nil }
                    return result
                } catch let hold as NavigationReferenceModel.Held {
                    if settling { return true }   // held again: the same call waits again
                    stillHeld = (hold.operation, reference)
                    return nil
                }
            }
            model = stepped
            held = stillHeld
            if realOutcome != "failed" { applied[String(description.prefix { $0 != "(" }), default: 0] += 1 }
            if realOutcome != modelOutcome {
                return "seed \(seed), step \(step), \(description): navigator \(realOutcome), model \(modelOutcome)"
            }
            if let mismatch = compare() { return "seed \(seed), step \(step), \(description): \(mismatch)" }
        }
        return nil
    }

    private func outcome(_ body: () throws -> Bool?) -> String {
        do { return try body().map { "returned \($0)" } ?? "applied" } catch { return "failed" }
    }

    private func compare() -> String? {
        let real = navigator.history.map { Self.project($0.state) }
        let expected = model.timeline.map(\.state)
        if real.count != expected.count { return "timeline length \(real.count) vs \(expected.count)" }
        for (position, (a, b)) in zip(real, expected).enumerated() where a != b {
            return "timeline[\(position)] differs:\n  navigator \(a)\n  model     \(b)"
        }
        if navigator.history.map(\.operation.rawValue) != model.timeline.map(\.operation) {
            return "operations \(navigator.history.map(\.operation.rawValue)) vs \(model.timeline.map(\.operation))"
        }
        if navigator.historyIndex != model.index { return "index \(navigator.historyIndex) vs \(model.index)" }
        if navigator.nextID != model.nextID { return "next id \(navigator.nextID) vs \(model.nextID)" }
        if navigator.canBack != model.canBack || navigator.canForward != model.canForward { return "can back/forward" }
        if navigator.pendingNavigation?.operation.rawValue != held?.operation {
            return "pending \(navigator.pendingNavigation.map { "\($0)" } ?? "none") vs \(held?.operation ?? "none")"
        }
        return nil
    }

    static func project(_ state: NavigationState) -> NavigationReferenceModel.State {
        func screens(_ list: [Screen]) -> [NavigationReferenceModel.Screen] {
            list.map { NavigationReferenceModel.Screen(id: $0.id, location: $0.location) }
        }
        return NavigationReferenceModel.State(
            environments: state.environments.map {
                .init(kind: $0.kind.rawValue, tabs: $0.tabs, stacks: $0.tabStacks.map(screens), selected: $0.selectedTab,
                      detents: $0.detents?.available ?? [], detent: $0.detents?.selected)
            },
            alert: state.alert?.labels, modals: screens(state.modals), queue: state.queuedSteps.map(\.step),
            queueEnvironments: state.queuedSteps.map(\.environment), queueShown: state.queuedSteps.map(\.shownAs))
    }

    private mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &generator)] }
    private mutating func path() -> String { pick(NavigationReferenceModel.paths) }
    private mutating func count() -> Int { Int.random(in: 0...3, using: &generator) }

    /// `settle("w", ...)` with a random answer: on the model, the held call run again with "/wait"'s
    /// guard answering that once (or an error when nothing is held, as for an unknown key).
    private mutating func settle() -> (String, () throws -> Bool?, (inout NavigationReferenceModel) throws -> Bool?) {
        let n = navigator, replay = held?.replay
        let decision = pick([GuardDecision.allow, .allow, .block, .redirect("/b"), .redirect("/locked")])
        return ("settle(\(decision))", { try n.settle("w", with: decision) }, { model in
            guard let replay else { throw NavigationReferenceModel.Failure() }
            guard decision != .block else { return false }
            try NavigationReferenceModel.$settling.withValue(.init(decision)) { _ = try replay(&model) }
            return true
        })
    }

    /// One random operation: its description, how to run it on each side (nil: nothing returned).
    private mutating func randomOperation()
        -> (String, () throws -> Bool?, (inout NavigationReferenceModel) throws -> Bool?) {
        let n = navigator
        let roll = Int.random(in: 0..<1000, using: &generator)
        if roll < 4 { return ("reset()", { try n.reset(); return nil }, { _ = try $0.reset(nil); return nil }) }
        if roll < 300, held != nil || roll < 20 { return settle() }
        switch Int.random(in: 0..<31, using: &generator) {
        case 0: let p = path(); return ("go(\(p))", { try n.go(p); return nil }, { _ = try $0.go(p, replace: false); return nil })
        case 1: let p = path(); return ("go(\(p), replace)", { try n.go(p, replace: true); return nil }, { _ = try $0.go(p, replace: true); return nil })
        case 2, 3: let p = path(); return ("push(\(p))", { try n.push(p); return nil }, { _ = try $0.push(p); return nil })
        case 4: let p = path(); return ("sheet(\(p))", { try n.sheet(p); return nil }, { _ = try $0.present(p, as: .sheet); return nil })
        case 5: let p = path(); return ("cover(\(p))", { try n.cover(p); return nil }, { _ = try $0.present(p, as: .cover); return nil })
        case 6: let c = count(); return ("pop(\(c))", { try n.pop(c) }, { try $0.pop(c) })
        case 7: let p = path(); return ("popTo(\(p))", { try n.popTo(p); return nil }, { _ = try $0.popTo(p); return nil })
        case 8: return ("popToRoot()", { try n.popToRoot() }, { try $0.popToRoot() })
        case 9: return ("dismiss()", { try n.dismiss(); return nil }, { _ = try $0.dismiss(); return nil })
        case 10: return ("dismissEnvironment()", { try n.dismissEnvironment(); return nil }, { _ = try $0.dismissEnvironment(); return nil })
        case 11: return ("dismissAll()", { try n.dismissAll() }, { try $0.dismissAll() })
        case 12: let c = count(); return ("back(\(c))", { try n.back(c) }, { try $0.travel(-c) })
        case 13: let c = count(); return ("forward(\(c))", { try n.forward(c) }, { try $0.travel(c) })
        case 14: let t = Int.random(in: 0...4, using: &generator); return ("tab(\(t))", { try n.tab(t); return nil }, { _ = try $0.tab(t); return nil })
        case 15:
            let steps = (0..<Int.random(in: 1...3, using: &generator)).map { _ in FlowStep(path(), as: pick(Presentation.allCases)) }
            return ("startFlow(\(steps))", { try n.startFlow(steps); return nil }, { _ = try $0.startFlow(steps); return nil })
        case 16: return ("next()", { try n.next(); return nil }, { _ = try $0.next(orDismiss: false); return nil })
        case 17: return ("nextOrDismiss()", { try n.nextOrDismiss(); return nil }, { _ = try $0.next(orDismiss: true); return nil })
        case 18: return ("cancelFlow()", { try n.cancelFlow() }, { try $0.cancelFlow() })
        case 19:
            let labels = pick([["OK"], ["Yes", "No"]])
            return ("alert(\(labels))", { try n.alert(Alert(title: "T", buttons: labels.map { AlertButton($0) })); return nil },
                    { _ = try $0.alert(labels); return nil })
        case 20: let l = pick(["OK", "Yes", "No"]); return ("choose(\(l))", { try n.choose(l); return nil }, { _ = try $0.choose(l); return nil })
        case 21: return ("dismissAlert()", { try n.dismissAlert(); return nil }, { _ = try $0.dismissAlert(); return nil })
        case 22: let p = path(); return ("modal(\(p))", { try n.modal(p); return nil }, { _ = try $0.modal(p); return nil })
        case 23: return ("dismissModal()", { try n.dismissModal(); return nil }, { _ = try $0.dismissModal(); return nil })
        case 24:
            let p = path()
            let location = p + pick(["", "", "?presentation=sheet", "?presentation=cover", "?presentation=push"])
            return ("open(app://\(location))", { try n.open("app://" + location); return nil }, { _ = try $0.open(location); return nil })
        case 26:
            let paths = (0..<Int.random(in: 0...3, using: &generator)).map { _ in path() }
            return ("pushStack(\(paths))", { try n.pushStack(paths); return nil }, { _ = try $0.pushStack(paths); return nil })
        case 27:
            let p = path(), detents = pick([["medium", "large"], ["large"]])
            return ("sheet(\(p), detents: \(detents))", { try n.sheet(p, detents: try SheetDetents(detents)); return nil },
                    { _ = try $0.sheet(p, detents: detents); return nil })
        case 28:
            let name = pick(["medium", "large", "small"])
            return ("setDetent(\(name))", { try n.setDetent(name); return nil }, { _ = try $0.setDetent(name); return nil })
        case 29:
            return ("browser()", { try n.browser("https://example.com/page"); return nil },
                    { _ = try $0.browser("https://example.com/page"); return nil })
        case 30: return ("up()", { try n.up(); return nil }, { _ = try $0.up(); return nil })
        default:
            if roll < 8 {
                let p = path()
                return ("reset(\(p))", { try n.reset(p); return nil }, { _ = try $0.reset(p); return nil })
            }
            return ("save+restore", { try n.restore(try n.save()); return nil }, { _ in nil })
        }
    }
}

@testable import Switchyard

/// One operation of the soak as a value, so a failing sequence can be replayed from a fresh start and
/// shrunk. Covers every navigator operation, including those that fail (blocked guards, unknown tabs and
/// flows, nothing to dismiss, corrupt documents) and the two callback hazards: an observer that throws
/// (the change must be undone) and one that navigates re-entrantly (refused, nothing corrupted).
indirect enum SoakOperation: CustomStringConvertible {
    case reset(String?)
    case go(String, replace: Bool)
    case push(String)
    case sheet(String)
    case cover(String)
    case pop(Int)
    case popTo(String)
    case popToRoot
    case dismiss
    case dismissEnvironment
    case dismissAll
    case back(Int)
    case forward(Int)
    case tab(Int)
    case tabNamed(String)
    case startFlow([FlowStep])
    case startNamedFlow(String)
    case next
    case nextOrDismiss
    case cancelFlow
    case alert([String])
    case choose(String)
    case dismissAlert
    case modal(String)
    case dismissModal
    case open(String)
    case saveAndRestore
    case restoreCorrupt(SoakCorruption)
    case withThrowingObserver(SoakOperation)
    case withReentrantObserver(SoakOperation)

    /// Named flows the soak declares on the navigator (the model is given their steps).
    static let flows: [String: [FlowStep]] = [
        "tour": [FlowStep("/a"), FlowStep("/s", as: .sheet), FlowStep("/c/2")],
        "blocked": [FlowStep("/locked")],
        "detour": [FlowStep("/c/1", as: .cover), FlowStep("/old"), FlowStep("/nowhere", as: .sheet)],
    ]

    var description: String {
        switch self {
        case .reset(let path): "reset(\(path.map { "\"\($0)\"" } ?? ""))"
        case let .go(path, replace): replace ? "go(\"\(path)\", replace: true)" : "go(\"\(path)\")"
        case .push(let path): "push(\"\(path)\")"
        case .sheet(let path): "sheet(\"\(path)\")"
        case .cover(let path): "cover(\"\(path)\")"
        case .pop(let count): "pop(\(count))"
        case .popTo(let path): "popTo(\"\(path)\")"
        case .popToRoot: "popToRoot()"
        case .dismiss: "dismiss()"
        case .dismissEnvironment: "dismissEnvironment()"
        case .dismissAll: "dismissAll()"
        case .back(let count): "back(\(count))"
        case .forward(let count): "forward(\(count))"
        case .tab(let index): "tab(\(index))"
        case .tabNamed(let name): "tab(\"\(name)\")"
        case .startFlow(let steps): "startFlow(\(steps.map { "\($0.path) as \($0.presentation.rawValue)" }))"
        case .startNamedFlow(let name): "startFlow(\"\(name)\")"
        case .next: "next()"
        case .nextOrDismiss: "nextOrDismiss()"
        case .cancelFlow: "cancelFlow()"
        case .alert(let labels): "alert(\(labels))"
        case .choose(let label): "choose(\"\(label)\")"
        case .dismissAlert: "dismissAlert()"
        case .modal(let path): "modal(\"\(path)\")"
        case .dismissModal: "dismissModal()"
        case .open(let url): "open(\"\(url)\")"
        case .saveAndRestore: "restore(save())"
        case .restoreCorrupt(let corruption): "restore(\(corruption))"
        case .withThrowingObserver(let operation): "\(operation) with an observer that throws"
        case .withReentrantObserver(let operation): "\(operation) with an observer that navigates"
        }
    }

    // MARK: Generating

    /// A random operation; depends only on the generator, so a seed replays the same sequence.
    static func random(using generator: inout SeededGenerator) -> SoakOperation {
        let roll = Int.random(in: 0..<1000, using: &generator)
        if roll < 20 { return .withThrowingObserver(plain(using: &generator)) }
        if roll < 35 { return .withReentrantObserver(plain(using: &generator)) }
        if roll < 40 { return .restoreCorrupt(SoakCorruption.allCases.randomElement(using: &generator)!) }
        return plain(using: &generator)
    }

    private static func plain(using generator: inout SeededGenerator) -> SoakOperation {
        func path() -> String { NavigationReferenceModel.settledPaths.randomElement(using: &generator)! }
        func count() -> Int { Int.random(in: 0...3, using: &generator) }
        switch Int.random(in: 0..<31, using: &generator) {
        case 0: return Bool.random(using: &generator) ? .reset(nil) : .reset(path())
        case 1: return .go(path(), replace: false)
        case 2: return .go(path(), replace: true)
        case 3, 4: return .push(path())
        case 5: return .sheet(path())
        case 6: return .cover(path())
        case 7: return .pop(count())
        case 8: return .popTo(path())
        case 9: return .popToRoot
        case 10: return .dismiss
        case 11: return .dismissEnvironment
        case 12: return .dismissAll
        case 13, 14: return .back(count())
        case 15: return .forward(count())
        case 16: return .tab(Int.random(in: 0...4, using: &generator))
        case 17: return .tabNamed(["a", "b", "zz", "/", "c", "nope"].randomElement(using: &generator)!)
        case 18:
            let steps = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                FlowStep(path(), as: Presentation.allCases.randomElement(using: &generator)!)
            }
            return .startFlow(steps)
        case 19: return .startNamedFlow(["tour", "blocked", "detour", "missing"].randomElement(using: &generator)!)
        case 20: return .next
        case 21: return .nextOrDismiss
        case 22: return .cancelFlow
        case 23: return .alert([["OK"], ["Yes", "No"]].randomElement(using: &generator)!)
        case 24: return .choose(["OK", "Yes", "No"].randomElement(using: &generator)!)
        case 25: return .dismissAlert
        case 26: return .modal(path())
        case 27: return .dismissModal
        case 28, 29:
            let presentation = ["", "", "?presentation=sheet", "?presentation=cover", "?presentation=push"]
            return .open(path() + presentation.randomElement(using: &generator)!)
        default: return .saveAndRestore
        }
    }

    // MARK: Applying

    /// Runs the operation on the navigator (a wrapped operation without its observer, which `SoakRun`
    /// installs). Returns what it returned (nil for operations returning nothing).
    func apply(to navigator: Navigator) throws -> Bool? {
        let n = navigator
        switch self {
        case .reset(let path): try n.reset(path); return nil
        case let .go(path, replace): try n.go(path, replace: replace); return nil
        case .push(let path): try n.push(path); return nil
        case .sheet(let path): try n.sheet(path); return nil
        case .cover(let path): try n.cover(path); return nil
        case .pop(let count): return try n.pop(count)
        case .popTo(let path): try n.popTo(path); return nil
        case .popToRoot: return try n.popToRoot()
        case .dismiss: try n.dismiss(); return nil
        case .dismissEnvironment: try n.dismissEnvironment(); return nil
        case .dismissAll: return try n.dismissAll()
        case .back(let count): return try n.back(count)
        case .forward(let count): return try n.forward(count)
        case .tab(let index): try n.tab(index); return nil
        case .tabNamed(let name): try n.tab(name); return nil
        case .startFlow(let steps): try n.startFlow(steps); return nil
        case .startNamedFlow(let name): try n.startFlow(name); return nil
        case .next: try n.next(); return nil
        case .nextOrDismiss: try n.nextOrDismiss(); return nil
        case .cancelFlow: return try n.cancelFlow()
        case .alert(let labels): try n.alert(Alert(title: "Soak", buttons: labels.map { AlertButton($0) })); return nil
        case .choose(let label): try n.choose(label); return nil
        case .dismissAlert: try n.dismissAlert(); return nil
        case .modal(let path): try n.modal(path); return nil
        case .dismissModal: try n.dismissModal(); return nil
        case .open(let location): try n.open("app://" + location); return nil
        case .saveAndRestore: try n.restore(try n.save()); return nil
        case .restoreCorrupt(let corruption): try n.restore(corruption.apply(to: try n.save())); return nil
        case .withThrowingObserver(let operation), .withReentrantObserver(let operation):
            return try operation.apply(to: n)   // `SoakRun` installs the observer around it
        }
    }

    /// Runs the operation on the reference model. Returns whether it changed anything (nil when the
    /// navigator's counterpart returns nothing); throws when it must fail.
    func apply(to model: inout NavigationReferenceModel) throws -> Bool? {
        switch self {
        case .reset(let path): _ = try model.reset(path); return nil
        case let .go(path, replace): _ = try model.go(path, replace: replace); return nil
        case .push(let path): _ = try model.push(path); return nil
        case .sheet(let path): _ = try model.present(path, as: .sheet); return nil
        case .cover(let path): _ = try model.present(path, as: .cover); return nil
        case .pop(let count): return try model.pop(count)
        case .popTo(let path): _ = try model.popTo(path); return nil
        case .popToRoot: return try model.popToRoot()
        case .dismiss: _ = try model.dismiss(); return nil
        case .dismissEnvironment: _ = try model.dismissEnvironment(); return nil
        case .dismissAll: return try model.dismissAll()
        case .back(let count): return try model.travel(-count)
        case .forward(let count): return try model.travel(count)
        case .tab(let index): _ = try model.tab(index); return nil
        case .tabNamed(let name):
            let names = model.tabPaths.map(NavigationReferenceModel.tabName)
            guard let index = names.firstIndex(of: name) else { throw NavigationReferenceModel.Failure() }
            _ = try model.tab(index + 1)
            return nil
        case .startFlow(let steps): _ = try model.startFlow(steps); return nil
        case .startNamedFlow(let name):
            guard let steps = Self.flows[name] else { throw NavigationReferenceModel.Failure() }
            _ = try model.startFlow(steps)
            return nil
        case .next: _ = try model.next(orDismiss: false); return nil
        case .nextOrDismiss: _ = try model.next(orDismiss: true); return nil
        case .cancelFlow: return try model.cancelFlow()
        case .alert(let labels): _ = try model.alert(labels); return nil
        case .choose(let label): _ = try model.choose(label); return nil
        case .dismissAlert: _ = try model.dismissAlert(); return nil
        case .modal(let path): _ = try model.modal(path); return nil
        case .dismissModal: _ = try model.dismissModal(); return nil
        case .open(let location): _ = try model.open(location); return nil
        case .saveAndRestore: return nil
        case .restoreCorrupt: throw NavigationReferenceModel.Failure()
        case .withThrowingObserver(let operation), .withReentrantObserver(let operation):
            return try operation.apply(to: &model)
        }
    }

    /// Whether the model's step changed anything (the navigator then notifies its observers).
    static func changes(_ before: NavigationReferenceModel, _ after: NavigationReferenceModel, _ operation: SoakOperation) -> Bool {
        switch operation {
        case .reset, .saveAndRestore: true   // both replace the timeline and always notify
        case .withThrowingObserver(let inner), .withReentrantObserver(let inner): changes(before, after, inner)
        default: before != after
        }
    }
}

/// How `restore(corrupt)` spoils a saved document; each must be refused with the state left alone.
enum SoakCorruption: CaseIterable, CustomStringConvertible {
    case truncated
    case notJSON
    case emptyObject
    case wrongVersion

    func apply(to document: String) -> String {
        switch self {
        case .truncated: String(document.prefix(document.count / 2))
        case .notJSON: "nav = {"
        case .emptyObject: "{}"
        case .wrongVersion: "{\"version\": 999}"
        }
    }

    var description: String {
        switch self {
        case .truncated: "save() cut in half"
        case .notJSON: "\"nav = {\""
        case .emptyObject: "\"{}\""
        case .wrongVersion: "{\"version\": 999}"
        }
    }
}

struct SoakObserverError: Error {}

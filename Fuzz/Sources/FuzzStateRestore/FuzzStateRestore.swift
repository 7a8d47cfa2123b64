import FuzzInvariants
@testable import Switchyard

/// `Navigator.restore` of arbitrary JSON (the whole state restores exactly; a bad document is a
/// clear error that changes nothing). Input: the document text.
/// Properties: a refused document leaves the saved state byte for byte as it was; an accepted one gives a
/// navigator that keeps every invariant, saves back to a document that restores to itself, and survives
/// every operation afterwards (each applies or throws, never traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateRestore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let json = input.rest()
    let navigator = RestoreFixture.navigator()
    let before = RestoreFixture.save(navigator)
    do {
        try navigator.restore(json)
    } catch {
        // A document is refused as invalid, or as passing one of the navigator's limits (a timeline
        // limit or a stack deeper than it allows): both change nothing.
        let isRefusal = switch (error as? NavigationError)?.reason {
        case .invalidDocument?, .limitReached?: true
        default: false
        }
        invariant(isRefusal, "restore threw something other than invalidDocument or limitReached: \(error)")
        invariant(RestoreFixture.save(navigator) == before, "a refused document changed the state: \(PathInvariants.debug(json))")
        return 0
    }
    NavigatorInvariants.check(navigator, context: "after restoring \(PathInvariants.debug(json))")
    let saved = RestoreFixture.save(navigator)
    do {
        try navigator.restore(saved)
    } catch {
        invariant(false, "a saved document is refused: \(error)\n\(saved.prefix(500))")
    }
    invariant(RestoreFixture.save(navigator) == saved, "save → restore → save changed the document")
    RestoreFixture.exercise(navigator, context: PathInvariants.debug(json))
    return 0
}

/// The navigator each input is restored into, and the operations run on what was restored.
enum RestoreFixture {
    nonisolated(unsafe) static let routes: RouteTable<RouteDefinition> = {
        let routes = RouteTable<RouteDefinition>()
        do {
            for path in ["/", "/a", "/b", "/c/:id", "/home", "/search"] { try routes.add(path, payload: RouteDefinition(title: "t")) }
            try routes.add("/s", payload: RouteDefinition(presentation: .sheet))
            try routes.add("/old", payload: RouteDefinition(redirect: "/a"))
            try routes.add("/locked", payload: RouteDefinition(guard: { _ in .block }))
        } catch {
            fatalError("fixture routes: \(error)")
        }
        return routes
    }()

    static func navigator() -> Navigator {
        let navigator = Navigator(routes: routes, timelineLimit: 20)
        navigator.notFound = RouteDefinition(title: "Not found")
        do {
            try navigator.declareFlow("tour", steps: [FlowStep("/a"), FlowStep("/s", as: .sheet)])
            try navigator.reset()
            try navigator.push("/a")
            try navigator.sheet("/c/1")
        } catch {
            fatalError("fixture navigator: \(error)")
        }
        return navigator
    }

    static func save(_ navigator: Navigator) -> String {
        do { return try navigator.save() } catch { fatalError("save failed: \(error)") }
    }

    /// Every kind of operation on the restored state; none may trap or leave the invariants broken.
    static func exercise(_ navigator: Navigator, context: String) {
        let firstID = navigator.state.environments[0].stack[0].id
        let operations: [(String, () throws -> Void)] = [
            ("push", { try navigator.push("/b") }),
            ("sheet", { try navigator.sheet("/c/2") }),
            ("back", { _ = try navigator.back(2) }),
            ("forward", { _ = try navigator.forward(1) }),
            ("pop", { _ = try navigator.pop(1) }),
            ("popTo", { try navigator.popTo(id: firstID) }),
            ("tab", { try navigator.tab(1) }),
            ("next", { try navigator.nextOrDismiss() }),
            ("choose", { try navigator.dismissAlert() }),
            ("modal", { try navigator.modal("/a") }),
            ("dismiss", { try navigator.dismiss() }),
            ("go", { try navigator.go("../search") }),
            ("open", { try navigator.open("app://c/9?presentation=sheet") }),
            ("dismissAll", { _ = try navigator.dismissAll() }),
            ("startFlow", { try navigator.startFlow("tour") }),
            ("reset", { try navigator.reset() }),
        ]
        for (name, operation) in operations {
            do { try operation() } catch {
                invariant(!NavigatorInvariants.isLeftInFlight(error), "\(name) after restoring \(context): \(error)")
            }
            NavigatorInvariants.check(navigator, context: "\(name) after restoring \(context)")
        }
    }
}

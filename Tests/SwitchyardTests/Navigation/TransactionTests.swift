import Testing
@testable import Switchyard

@Suite("Navigator: one entry per operation, nothing on failure, on every kind of environment")
struct TransactionTests {
    /// Puts a fresh navigator into the named setup: "root", "tabs", "sheet" or "cover".
    private func navigator(_ setup: String) throws -> Navigator {
        let navigator = try NavigationFixture.navigator(tabs: setup == "tabs" ? ["/home", "/search"] : [])
        if setup == "sheet" { try navigator.sheet("/news") }
        if setup == "cover" { try navigator.cover("/news") }
        try navigator.push("/a")
        try navigator.push("/b")
        return navigator
    }

    static let setups = ["root", "tabs", "sheet", "cover"]

    @Test(arguments: setups)
    func everySuccessfulOperationRecordsExactlyOneEntry(setup: String) throws {
        let operations: [(NavigationOperation, (Navigator) throws -> Void)] = [
            (.go, { try $0.go("/c/1") }), (.push, { try $0.push("/c/1") }), (.sheet, { try $0.sheet("/c/1") }),
            (.cover, { try $0.cover("/c/1") }), (.open, { try $0.open("app://c/1") }), (.pop, { _ = try $0.pop() }),
            (.popTo, { try $0.popTo("/a") }), (.popToRoot, { _ = try $0.popToRoot() }), (.dismiss, { try $0.dismiss() }),
            (.startFlow, { try $0.startFlow([FlowStep("/c/1"), FlowStep("/c/2")]) }),
            (.alert, { try $0.alert(Alert(title: "T")) }), (.modal, { try $0.modal("/c/1") }),
        ]
        for (operation, run) in operations {
            let navigator = try navigator(setup)
            let count = navigator.history.count
            try run(navigator)
            #expect(navigator.history.count == count + 1, "\(operation) on \(setup)")
            #expect(navigator.history.last?.operation == operation, "\(operation) on \(setup)")
        }
    }

    @Test(arguments: setups)
    func failingOperationsChangeNothing(setup: String) throws {
        let navigator = try navigator(setup)
        let failures: [(Navigator) throws -> Void] = [
            { try $0.push("/locked") }, { try $0.go("/loop1") }, { try $0.sheet("/locked") }, { try $0.cover("/loop2") },
            { try $0.modal("/locked") }, { try $0.open("app://locked") }, { try $0.popTo("/zzz") }, { try $0.next() },
            { try $0.choose("OK") }, { try $0.dismissAlert() }, { try $0.dismissModal() }, { try $0.startFlow("none") },
            { _ = try $0.pop(-1) }, { try $0.open("app://a?presentation=side") }, { try $0.restore("{}") },
            { try $0.reset("/locked") }, { try $0.tab("nope") },
        ]
        for failure in failures { try expectUnchanged(navigator) { try failure(navigator) } }
    }

    @Test(arguments: setups)
    func failingCallbacksChangeNothingEither(setup: String) throws {
        struct Boom: Error {}
        let navigator = try navigator(setup)
        try navigator.routes.add("/boom/:x", payload: RouteDefinition(title: .computed { _ in throw Boom() }))
        for attempt: (Navigator) throws -> Void in [{ try $0.push("/boom/1") }, { try $0.sheet("/boom/2") },
                                                    { try $0.startFlow([FlowStep("/boom/3", as: .cover)]) }] {
            try expectUnchanged(navigator) { try attempt(navigator) }
        }
    }
}

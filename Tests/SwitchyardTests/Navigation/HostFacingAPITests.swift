import Testing
@testable import Switchyard

/// What an app that embeds the router reads instead of the tools' detailed vocabularies (issue 32
/// item 2): an error's `code` and `path` beside its message, the kinds of the environments shown, and
/// an event's operation by name.
@Suite("The host's view: error codes, environment kinds, event names")
struct HostFacingAPITests {
    @Test func aNavigationErrorHasACodeAndThePathItRefused() throws {
        let navigator = try NavigationFixture.navigator(notFound: false)
        func failure(_ body: () throws -> Void) -> NavigationError? {
            do { try body() } catch let error as NavigationError { return error } catch {}
            return nil
        }
        let unknown = try #require(failure { try navigator.push("/nowhere") })
        #expect(unknown.code == "unknown_path" && unknown.path == "/nowhere")
        #expect(unknown.description.hasPrefix("no route matches \"/nowhere\""))
        let blocked = try #require(failure { try navigator.push("/locked") })
        #expect(blocked.code == "blocked" && blocked.path == "/locked")
        let loop = try #require(failure { try navigator.push("/loop1") })
        #expect(loop.code == "redirect_loop" && loop.path == "/loop1")
        let empty = try #require(failure { try navigator.next() })
        #expect(empty.code == "empty_queue" && empty.path == nil)
        #expect(empty.description == "next: the flow queue is empty; start a flow first (nav.start_flow)")
        #expect(navigator.stack.map(\.path) == ["/"])   // each failure changed nothing
    }

    @Test func everyNavigationFailureHasItsOwnCodeInTheLuaSpelling() {
        let failures: [NavigationFailure] = [
            .reentrant(attempted: .push, inFlight: .go), .busy("x", inFlight: .push), .unknownPath("/x", suggestions: []),
            .blocked(path: "/x", pattern: "/x"), .leaveBlocked(path: "/x", pattern: "/x"), .redirectLoop(["/x"]),
            .tooManyRedirects(["/x"], limit: 1), .nothingToDismiss(operation: .dismiss, reason: "r"),
            .screenNotFound("/x", stack: []), .invalidCount(-1, operation: .pop), .invalidArgument(operation: .push, reason: "r"),
            .noTabs, .unknownTab("t", available: []), .invalidTabs("r"), .unknownFlow("f", available: []), .emptyFlow("f"),
            .emptyQueue(operation: .next), .alertActive(title: "t"), .noAlert(operation: .choose),
            .unknownButton("b", available: []), .duplicateButton("b"), .invalidPresentation("p"),
            .unknownEvent("e", available: []), .invalidDocument("r"), .limitReached("l", operation: .push, setting: "s"),
            .unknownPendingKey("k", pending: nil),
        ]
        let codes = failures.map { NavigationError($0).code }
        #expect(Set(codes).count == failures.count)
        #expect(codes.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "_" } })
        #expect(codes.contains("leave_blocked") && codes.contains("unknown_pending_key") && codes.contains("no_tabs"))
    }

    @Test func aRoutingErrorHasACode() throws {
        let table = RouteTable<String>()
        try table.add("/album/:id", name: "album", payload: "album")
        let duplicate = #expect(throws: RoutingError.self) { try table.add("/album/:slug", payload: "again") }
        #expect(duplicate == RoutingError(.duplicatePattern(pattern: "/album/:slug", firstPattern: "/album/:id", firstSite: nil)))
        #expect(duplicate?.code == "duplicate_pattern")
        let unnamed = #expect(throws: RoutingError.self) { try table.url(name: "albun", params: [:]) }
        #expect(unnamed?.code == "unknown_route_name" && unnamed?.description.contains("did you mean \"album\"?") == true)
        // A malformed pattern, given to Pattern or to add, is a RoutingError whose message points at the column.
        let malformed = #expect(throws: RoutingError.self) { try Pattern("/user/:user-id") }
        #expect(malformed?.code == "invalid_pattern" && malformed?.description.contains("(column 8)") == true)
        #expect(throws: RoutingError.self) { try table.add("/user/:user-id", payload: "user") }
    }

    @Test func environmentsSayWhatIsShownRootFirst() throws {
        let navigator = try NavigationFixture.navigator()
        #expect(navigator.environments == [.root])
        try navigator.sheet("/b")
        try navigator.cover("/a")
        #expect(navigator.environments == [.root, .sheet, .cover])
        #expect(navigator.environments == navigator.kinds)
        try navigator.dismiss()
        #expect(navigator.environments == [.root, .sheet])
    }

    @Test func anEventNamesItsOperationAsLuaDoes() throws {
        let navigator = try NavigationFixture.navigator()
        var names: [String] = []
        let token = navigator.observe { names.append($0.name) }
        try navigator.push("/a")
        try navigator.push("/b")
        try navigator.popTo("/")
        try navigator.sheet("/s")
        try navigator.dismissEnvironment()
        #expect(names == ["push", "push", "pop_to", "sheet", "dismiss_environment"])
        token.cancel()
    }
}

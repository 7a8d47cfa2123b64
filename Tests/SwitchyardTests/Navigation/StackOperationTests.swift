import Testing
@testable import Switchyard

@Suite("Navigator: location and push stack")
struct StackOperationTests {
    @Test func freshNavigatorShowsSlashEvenWithoutRoutes() {
        let navigator = Navigator()
        #expect(navigator.path == "/")
        #expect(navigator.stack.count == 1)
        #expect(navigator.history.count == 1)
        #expect(!navigator.canBack && !navigator.canForward)
    }

    @Test func resetLandsTheStartScreenOnItsRoute() throws {
        let navigator = try NavigationFixture.navigator()
        #expect(navigator.screen.title == "Home")
        #expect(navigator.screen.view == "Welcome")
        #expect(navigator.screen.pattern == "/")
    }

    @Test func pushAddsScreensWithUniqueIncreasingIDs() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.push("/c/7?x=1#top")
        #expect(navigator.stackPaths == ["/", "/a", "/c/7"])
        #expect(navigator.params == ["id": "7"])
        #expect(navigator.query == ["x": "1"])
        #expect(navigator.screen.fragment == "top")
        #expect(navigator.screen.title == "C 7")
        let ids = navigator.stack.map(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == 3)
        #expect(navigator.history.map(\.operation) == [.reset, .push, .push])
    }

    @Test func aScreenKeepsItsParametersAsMatchedAndDecodesThemWhenRead() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/c/caf%C3%A9%20au%20lait")
        #expect(navigator.screen.parameters["id"] == "café au lait")
        #expect(navigator.params == ["id": "café au lait"])
        #expect(navigator.info.params == ["id": "café au lait"])
        #expect(navigator.screen.title == "C café au lait")
        // Saved as decoded text, restored from a dictionary: the same screen either way.
        let landed = navigator.screen
        try navigator.restore(try navigator.save())
        #expect(navigator.screen == landed)
        #expect(navigator.screen.parameters["id"] == "café au lait")
    }

    @Test func goReplacesTheTopScreenAndResolvesRelativePaths() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/news")
        try navigator.go("latest")
        #expect(navigator.stackPaths == ["/", "/news/latest"])
        try navigator.go("../a")
        #expect(navigator.stackPaths == ["/", "/news/a"])
        try navigator.go("../../../../b")
        #expect(navigator.path == "/b")
        try navigator.go("./latest")
        #expect(navigator.path == "/b/latest")   // not found, but shown: the not-found route exists
        #expect(navigator.screen.title == "Not found")
        #expect(navigator.screen.pattern == nil)
    }

    @Test func goingWhereYouAreRecordsNothing() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a?x=1")
        let count = navigator.history.count
        var events = 0
        _ = navigator.observe { _ in events += 1 }
        try navigator.go("/a?x=1")
        try navigator.push("/a?x=1")
        try navigator.go("/old")          // redirects to /a, but /a?x=1 is not /a: this one moves
        #expect(navigator.history.count == count + 1)
        try navigator.go("/old")          // now /old → /a is where we are
        try navigator.push("/a")
        #expect(navigator.history.count == count + 1)
        #expect(events == 1)
    }

    @Test func goWithReplaceOverwritesTheCurrentEntry() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.go("/b", replace: true)
        #expect(navigator.historyLocations == ["/", "/b"])
        try navigator.back()
        #expect(navigator.path == "/")
        try navigator.go("/c/1", replace: true)
        #expect(navigator.historyLocations == ["/c/1"])
        #expect(!navigator.canForward)
    }

    @Test func popIsClampedAndReturnsFalseAtTheRoot() throws {
        let navigator = try NavigationFixture.navigator()
        #expect(try navigator.pop() == false)
        #expect(navigator.history.count == 1)
        try navigator.push("/a"); try navigator.push("/b"); try navigator.push("/c/1")
        #expect(try navigator.pop(2) == true)
        #expect(navigator.stackPaths == ["/", "/a"])
        #expect(try navigator.pop(99) == true)
        #expect(navigator.stackPaths == ["/"])
        #expect(try navigator.pop(0) == false)
        try expectUnchanged(navigator) { _ = try navigator.pop(-1) }
    }

    @Test func popToFindsTheNearestScreenByPathOrID() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        let firstA = navigator.screen.id
        try navigator.push("/b"); try navigator.push("/a"); try navigator.push("/c/1")
        try navigator.popTo("/a")
        #expect(navigator.stackPaths == ["/", "/a", "/b", "/a"])
        try navigator.popTo(id: firstA)
        #expect(navigator.stackPaths == ["/", "/a"])
        #expect(navigator.screen.id == firstA)
        let count = navigator.history.count
        try navigator.popTo("/a")          // already there
        try navigator.popTo(id: firstA)
        #expect(navigator.history.count == count)
        try expectUnchanged(navigator) { try navigator.popTo("/zzz") }
        try expectUnchanged(navigator) { try navigator.popTo(id: 12345) }
    }

    @Test func popToErrorListsTheStack() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        #expect(throws: NavigationError(.screenNotFound("/b", stack: ["/", "/a"]))) { try navigator.popTo("/b") }
        let message = "\(NavigationError(.screenNotFound("/b", stack: ["/", "/a"])))"
        #expect(message.contains("/b") && message.contains("stack: /, /a"))
    }

    @Test func popToReachesIntoLowerEnvironments() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.sheet("/b")
        try navigator.push("/c/1")
        try navigator.cover("/news")
        try navigator.popTo("/b")
        #expect(navigator.kinds == [.root, .sheet])
        #expect(navigator.stackPaths == ["/b"])
        try navigator.popTo("/")
        #expect(navigator.kinds == [.root])
        #expect(navigator.stackPaths == ["/"])
    }

    @Test func popToRootPopsTheTopEnvironmentOnly() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.sheet("/b")
        try navigator.push("/c/1"); try navigator.push("/c/2")
        #expect(try navigator.popToRoot() == true)
        #expect(navigator.stackPaths == ["/b"])
        #expect(navigator.kinds == [.root, .sheet])
        #expect(try navigator.popToRoot() == false)
    }

    @Test func unknownPathWithoutNotFoundSuggestsNearestPatterns() throws {
        let navigator = try NavigationFixture.navigator(notFound: false)
        #expect(throws: NavigationError.self) { try navigator.push("/nws/latest") }
        do {
            try navigator.push("/search/x/y")
        } catch let error as NavigationError {
            guard case let .unknownPath(path, suggestions) = error.reason else { Issue.record("\(error)"); return }
            #expect(path == "/search/x/y" && error.path == path && error.code == "unknown_path")
            #expect(!suggestions.isEmpty)
            #expect("\(error)".contains("nearest"))
        }
        try expectUnchanged(navigator) { try navigator.go("/nope") }
    }

    @Test func operationsWorkOnEachKindOfEnvironment() throws {
        for setup in ["root", "tabs", "sheet", "cover"] {
            let navigator = try NavigationFixture.navigator(tabs: setup == "tabs" ? ["/home", "/search"] : [])
            if setup == "sheet" { try navigator.sheet("/a") }
            if setup == "cover" { try navigator.cover("/a") }
            let base = navigator.stackPaths
            try navigator.push("/c/1")
            try navigator.push("/c/2")
            #expect(navigator.stackPaths == base + ["/c/1", "/c/2"], "\(setup)")
            try navigator.go("/c/3")
            #expect(navigator.stackPaths == base + ["/c/1", "/c/3"], "\(setup)")
            try navigator.popTo("/c/1")
            #expect(navigator.stackPaths == base + ["/c/1"], "\(setup)")
            try navigator.push("/b")
            #expect(try navigator.pop() == true, "\(setup)")
            #expect(try navigator.popToRoot() == true, "\(setup)")
            #expect(navigator.stackPaths == base, "\(setup)")
            #expect(try navigator.pop() == false, "\(setup)")
        }
    }
}

@Suite("Navigator: fresh copies")
struct FreshNavigatorTests {
    @Test func aFreshNavigatorKeepsConfigurationButNotState() throws {
        let navigator = try NavigationFixture.navigator(tabs: ["/home", "/search"], timelineLimit: 7)
        try navigator.declareFlow("tour", steps: [FlowStep("/a"), FlowStep("/b")])
        try navigator.tab("search")
        try navigator.push("/nowhere")
        var heard = 0
        _ = navigator.observe { _ in heard += 1 }
        let copy = try navigator.fresh()
        #expect(copy.path == "/home" && copy.tabs == ["home", "search"])
        #expect(copy.history.count == 1 && copy.timelineLimit == 7)
        try copy.startFlow("tour")
        try copy.push("/nowhere")
        #expect(copy.screen.title == "Not found")
        #expect(heard == 0)
        #expect(navigator.path == "/nowhere" && navigator.stackPaths == ["/search", "/nowhere"])
    }

    @Test func aScreenAlreadyInAStackKeepsItsPlaceWhenAnotherStackTakesIt() {
        // A screen's object is its node in the first stack it joins; any other place gets a copy.
        let home = Screen.bare(id: 1, path: "/")
        let album = Screen.bare(id: 2, path: "/album")
        var first = ScreenStack(root: home)
        first.push(album)
        var second = ScreenStack(root: album)
        second.push(home)
        second.push(album)
        #expect(first.screens.map(\.id) == [1, 2] && first.count == 2)
        #expect(second.screens.map(\.id) == [2, 1, 2] && second.count == 3)
        #expect(second.root == album && second.top == album && first.top == album)
        first.truncate(to: 1)
        #expect(first.top == home && second.screens.map(\.path) == ["/album", "/", "/album"])
    }
}

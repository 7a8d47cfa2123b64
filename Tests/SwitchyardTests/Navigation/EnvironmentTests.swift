import Testing
@testable import Switchyard

@Suite("Navigator: sheets, covers, dismissal and tabs")
struct EnvironmentTests {
    @Test func sheetsAndCoversOpenEnvironmentsWithTheirOwnStacks() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.sheet("/b")
        try navigator.push("/c/1")
        try navigator.cover("/news")
        #expect(navigator.kinds == [.root, .sheet, .cover])
        #expect(navigator.stackPaths == ["/news"])
        #expect(navigator.state.environments.map { $0.stack.map(\.path) } == [["/", "/a"], ["/b", "/c/1"], ["/news"]])
        try navigator.sheet("latest")   // relative to the current location
        #expect(navigator.path == "/news/latest")
    }

    @Test func dismissPopsThenDismissesTheEnvironmentThenThrows() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try navigator.sheet("/b")
        try navigator.push("/c/1")
        try navigator.dismiss()
        #expect(navigator.kinds == [.root, .sheet] && navigator.path == "/b")
        try navigator.dismiss()
        #expect(navigator.kinds == [.root] && navigator.path == "/a")
        try navigator.dismiss()
        #expect(navigator.path == "/")
        try expectUnchanged(navigator) { try navigator.dismiss() }
        #expect(throws: NavigationError(.nothingToDismiss(operation: .dismiss, reason: "already at the root screen"))) {
            try navigator.dismiss()
        }
    }

    @Test func dismissEnvironmentDropsTheWholeSheetStack() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.cover("/a")
        try navigator.push("/b"); try navigator.push("/c/1")
        try navigator.dismissEnvironment()
        #expect(navigator.kinds == [.root] && navigator.path == "/")
        try expectUnchanged(navigator) { try navigator.dismissEnvironment() }
    }

    @Test func dismissAllKeepsTheRootStack() throws {
        let navigator = try NavigationFixture.navigator()
        #expect(try navigator.dismissAll() == false)
        try navigator.push("/a")
        try navigator.sheet("/b"); try navigator.cover("/c/1"); try navigator.sheet("/news")
        let count = navigator.history.count
        #expect(try navigator.dismissAll() == true)
        #expect(navigator.kinds == [.root] && navigator.stackPaths == ["/", "/a"])
        #expect(navigator.history.count == count + 1)   // one entry for the whole operation
    }

    @Test func tabsAreNamedByFirstSegmentAndKeepTheirOwnStacks() throws {
        let navigator = try NavigationFixture.navigator(tabs: ["/home", "/search", "/settings"])
        #expect(navigator.tabs == ["home", "search", "settings"])
        #expect(navigator.path == "/home")
        #expect(navigator.screen.title == "Home tab")
        try navigator.push("/a")
        try navigator.tab("search")
        #expect(navigator.path == "/search")
        try navigator.push("/search/swift")
        try navigator.tab(1)
        #expect(navigator.stackPaths == ["/home", "/a"])
        try navigator.tab(2)
        #expect(navigator.stackPaths == ["/search", "/search/swift"])
        #expect(navigator.state.environments[0].tabStacks.map { $0.map(\.path) }
                == [["/home", "/a"], ["/search", "/search/swift"], ["/settings"]])
        let count = navigator.history.count
        try navigator.tab("search")   // already there
        #expect(navigator.history.count == count)
    }

    @Test func tabSwitchDismissesPresentedEnvironments() throws {
        let navigator = try NavigationFixture.navigator(tabs: ["/home", "/search"])
        try navigator.sheet("/a")
        try navigator.tab("home")   // same tab, but the sheet goes
        #expect(navigator.kinds == [.root] && navigator.path == "/home")
        try navigator.sheet("/a")
        try navigator.tab("search")
        #expect(navigator.kinds == [.root] && navigator.path == "/search")
    }

    @Test func unknownTabsAndMissingTabsAreClearErrors() throws {
        let navigator = try NavigationFixture.navigator(tabs: ["/home", "/search"])
        try expectUnchanged(navigator) { try navigator.tab("profile") }
        try expectUnchanged(navigator) { try navigator.tab(3) }
        try expectUnchanged(navigator) { try navigator.tab(0) }
        #expect(throws: NavigationError(.unknownTab("profile", available: ["home", "search"]))) { try navigator.tab("profile") }
        #expect("\(NavigationError(.unknownTab("profile", available: ["home", "search"])))".contains("home, search"))
        let plain = try NavigationFixture.navigator()
        #expect(throws: NavigationError(.noTabs)) { try plain.tab("home") }
    }

    @Test func declaringTabsRejectsDuplicateNamesAndLeavesThingsAlone() throws {
        let navigator = try NavigationFixture.navigator()
        try navigator.push("/a")
        try expectUnchanged(navigator) { try navigator.declareTabs(["/search", "/search/x"]) }
        #expect(navigator.tabPaths.isEmpty)
    }

    @Test func freshTabsShowTheFirstTabEvenWithoutARoute() throws {
        let navigator = Navigator()
        try navigator.declareTabs(["/inbox", "/outbox"])
        #expect(navigator.path == "/inbox" && navigator.screen.pattern == nil)
    }
}
